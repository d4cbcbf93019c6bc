#pragma once

#include <mlcp/core/operator.hpp>

#include <Eigen/Core>
#include <Eigen/SparseCore>

#include <memory>

namespace mlcp::detail {

class FactorOperator;

/// The forms of a solver's A that its method asks for (a dense or sparse copy, the diagonal, the
/// bound factor operator, allocation-free products), each derived from the Operator once per
/// matrix and kept until A changes. Owned by MixedLCP, reached through ProblemView.
///
/// Used terms: A (n x n) the solver's Operator; "bound factor operator" the FactorOperator
/// of the factor form (J, iMJ = M^-1 J^T, cfm in sweep order).
/// Memory: each form costs what it holds (the dense copy n^2 numbers) and is allocated when
/// first asked for; asking again for the same matrix, or for a new matrix of the same n and
/// pattern, allocates nothing.
class OperatorForms {
 public:
  OperatorForms();
  ~OperatorForms();
  OperatorForms(const OperatorForms&) = delete;
  OperatorForms& operator=(const OperatorForms&) = delete;

  /// Takes a new A and the problem's findex (both kept by reference; they must outlive their use
  /// here; findex only orders the bound factor operator's memory) and forgets the forms derived
  /// from the previous A (their storage is kept for reuse; diag(A) and the row scales are sized
  /// for the new n here, so that computing them in a solve allocates nothing).
  void reset(const Operator& A, const Eigen::VectorXi& findex);

  /// A as a dense matrix: A.dense() itself, or a copy assembled on the first call.
  const Eigen::MatrixXd& dense();
  /// A as a sparse matrix: A.sparse() itself, or a copy made on the first call.
  const Operator::SparseMatrix& sparse();
  /// diag(A) (n).
  const Eigen::VectorXd& diagonal();
  /// The row scales of the scaled residual that A decides (mlcp::rowScalesOf, n): A_ii when
  /// positive, else max_j |A_ij| (from the sparse form), 0 for a zero row.
  const Eigen::VectorXd& rowScales();
  /// The bound factor operator. @pre A.form() == MatrixForm::Factors and A.check() is empty
  FactorOperator& factorOperator();
  /// out = A x (n each) in the form A is held; allocates nothing once the forms it uses exist.
  void multiply(const Eigen::VectorXd& x, Eigen::VectorXd& out);

 private:
  const Operator* m_A = nullptr;
  const Eigen::VectorXi* m_findex = nullptr;
  bool m_haveDense = false;
  bool m_haveSparse = false;
  bool m_haveDiagonal = false;
  bool m_haveFactorOperator = false;
  bool m_haveRowScales = false;
  Eigen::MatrixXd m_dense;
  Operator::SparseMatrix m_sparse;
  Eigen::VectorXd m_diagonal;
  Eigen::VectorXd m_rowScales;
  std::unique_ptr<FactorOperator> m_factorOperator;
};

}  // namespace mlcp::detail
