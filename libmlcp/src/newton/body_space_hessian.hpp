#pragma once

#include "linalg/cholmod_factor.hpp"
#include "linalg/sparse_pattern.hpp"

#include <mlcp/core/low_rank_form.hpp>

#include <Eigen/Cholesky>
#include <Eigen/Core>

#include <vector>

namespace mlcp::detail {

/// The generalized Hessian H = I + G^T diag(D) G (r x r, D >= 0, n entries) of the primal Newton
/// method (docs/newton.md, "Primal Newton", eq. P4) and its Cholesky factor.
///
/// Dense G: H formed from the rows with D_i > 0 (a rank update) and factored by Eigen's LL^T.
/// Sparse G: H's pattern is that of I + G^T G over all n rows (constant while G's pattern is:
/// rows at a bound only put zeros in it); it is built, and analysed by CHOLMOD, when G's pattern
/// differs from the last one's, and each factorization only adds D_i g_i^T g_i into the places
/// of row i's pairs of columns. Nothing allocates after setup() at a given pattern (simplicial;
/// the supernodal factorization allocates CHOLMOD's workspace per factorization).
class BodySpaceHessian {
 public:
  /// Takes the dense G (n x r; kept by reference: it must outlive this object's use).
  void setup(const LowRankForm::Matrix& G);
  /// Takes the sparse G (n x r; kept by reference), building and analysing H's pattern when G's
  /// (or the kind of factorization) differs from the last one set; supernodal: CHOLMOD's
  /// supernodal factorization (CholmodFactor::setSupernodal), else simplicial.
  /// @throws std::runtime_error when CHOLMOD runs out of memory
  void setup(const SparseLowRankForm::Matrix& G, bool supernodal);
  /// True when the last setup() kept the pattern (and CHOLMOD's analysis) of the one before.
  bool patternKept() const { return m_patternKept; }
  /// Forms and factors H for D (n). False when H is not positive definite in rounding.
  bool factor(const Eigen::VectorXd& D);
  /// out = H^-1 rhs (r each).
  void solve(const Eigen::VectorXd& rhs, Eigen::VectorXd& out);

 private:
  void buildPattern();

  const LowRankForm::Matrix* m_dense = nullptr;
  const SparseLowRankForm::Matrix* m_sparse = nullptr;
  // Dense: the rows sqrt(D_i) G_i with D_i > 0, H and its factor.
  LowRankForm::Matrix m_W;
  Eigen::MatrixXd m_H;
  Eigen::LLT<Eigen::MatrixXd> m_llt;
  // Sparse: G's pattern it was built for, H's upper triangle, the places of the pairs.
  std::vector<int> m_rowStart, m_column;
  SparsePattern m_upper;
  std::vector<int> m_diagonal;   // per column: the place of H_jj
  std::vector<int> m_pairStart;  // per row i (n + 1): where its pairs' places start
  std::vector<int> m_pairPlace;  // row i's pairs (p <= q of its stored columns), in order
  CholmodFactor m_cholesky;
  bool m_patternKept = false;
  bool m_supernodal = false;  // of the pattern analysed
};

}  // namespace mlcp::detail
