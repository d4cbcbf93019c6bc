#pragma once

#include "core/column_runs.hpp"
#include "core/dense_rows.hpp"
#include "core/factor_operator.hpp"
#include "core/operator_forms.hpp"
#include "core/sparse_rows.hpp"

#include <mlcp/core/mixed_lcp.hpp>

#include <Eigen/Core>

#include <cstdint>

namespace mlcp::detail {

/// The row back end of the Gauss-Seidel-type sweeps for the form A is held in: DenseRows (with
/// the nonzero runs of A's columns, found once per matrix), SparseRows, or the bound factor
/// operator (FactorOperator). Each offers diagonal(i), begin(x), rowProduct(i, x),
/// update(i, delta) and state() (what it keeps of A x: the product, or fc = M^-1 J^T x), so one
/// sweep template serves the three forms (as PgsSolver does).
/// Memory: O(n) for the product and the column runs, allocated in resize(); visit() allocates
/// nothing once the form's data exists.
class RowAccess {
 public:
  /// Sizes the workspace for n rows and forgets the analysed matrix.
  void resize(int n) {
    m_product.resize(n);
    m_columns.resize(n);
    m_analysedVersion = kNotAnalysed;
  }

  /// Calls visitor(rows) with the back end of problem.A's form.
  /// @param[in] version MixedLCP::matrixVersion() of problem.A: the dense column runs are found
  ///   again only when it changes (O(n^2))
  template <class Visitor>
  void visit(const ProblemView& problem, std::uint64_t version, Visitor&& visitor) {
    switch (problem.A.form()) {
      case MatrixForm::Dense: {
        if (m_analysedVersion != version) {
          m_columns.analyse(problem.A.dense());
          m_analysedVersion = version;
        }
        DenseRows rows(problem.A.dense(), m_columns, m_product);
        visitor(rows);
        return;
      }
      case MatrixForm::Sparse: {
        SparseRows rows(problem.A.sparse(), problem.diagonalA(), m_product);
        visitor(rows);
        return;
      }
      case MatrixForm::Factors:
        visitor(problem.forms.factorOperator());
        return;
    }
  }

 private:
  static constexpr std::uint64_t kNotAnalysed = ~std::uint64_t{0};

  Eigen::VectorXd m_product;  // (n) A x for the dense and sparse back ends
  ColumnRuns m_columns;       // nonzero runs of A's columns (dense form)
  std::uint64_t m_analysedVersion = kNotAnalysed;
};

}  // namespace mlcp::detail
