#pragma once

#include <Eigen/Core>
#include <Eigen/SparseCore>

#include <memory>
#include <string>
#include <string_view>
#include <variant>

namespace mlcp {

struct Factors;

/// How an Operator holds A.
enum class MatrixForm {
  Dense,    ///< Eigen::MatrixXd, n x n
  Sparse,   ///< Eigen::SparseMatrix<double> (compressed sparse columns), n x n
  Factors,  ///< J, M^-1 blocks and cfm of A = J M^-1 J^T + diag(cfm) (mlcp::Factors)
};

/// "dense", "sparse" or "factors", as the tools print it.
std::string_view toString(MatrixForm form);

/// The matrix A (n x n) of a boxed LCP, w = A x - b, in the form its producer has it: dense,
/// sparse, or as the factors of A = J M^-1 J^T + diag(cfm) that a rigid-body stepper assembles
/// (docs/design.md, "The operator"). A problem carries one Operator; each solver asks it for what
/// its method needs (a product A x, the diagonal, a dense or sparse copy, the factors) instead of
/// the caller converting for it, so a 100,000-row contact problem never becomes a dense matrix
/// unless a dense method is chosen.
///
/// Used terms: n rows; J (n x 12), M^-1 (6 x 6 per body), cfm (n) as in mlcp::Factors.
/// Units: as A (m/(N s^2) in ODE's force form, 1/kg in the impulse form).
/// A value type: copies of a dense or sparse operator copy the matrix, copies of the factor form
/// share the (never modified) factors. Every const member is safe to call from several threads.
class Operator {
 public:
  /// Compressed sparse column storage (Eigen's default).
  using SparseMatrix = Eigen::SparseMatrix<double>;

  /// An empty (0 x 0) dense operator.
  Operator() = default;
  /// Dense A (n x n; a non-square matrix is kept, and rejected by check()).
  Operator(Eigen::MatrixXd A);  // NOLINT(google-explicit-constructor): A = matrix reads naturally
  /// Dense A from any Eigen expression (evaluated once).
  template <typename Derived>
  Operator(const Eigen::MatrixBase<Derived>& A)  // NOLINT(google-explicit-constructor)
      : Operator(Eigen::MatrixXd(A)) {}
  /// Sparse A (n x n), compressed sparse columns; duplicates must already be summed.
  Operator(SparseMatrix A);  // NOLINT(google-explicit-constructor)
  /// Sparse A given by rows (CSR); stored as compressed sparse columns.
  Operator(const Eigen::SparseMatrix<double, Eigen::RowMajor>& A);  // NOLINT
  /// Factor form: A = J M^-1 J^T + diag(cfm) from factors->J, inverseMass, bodies and cfm (its b,
  /// lo, hi, findex are not read here). The factors are shared, never copied or modified.
  /// @throws std::invalid_argument when factors is null
  explicit Operator(std::shared_ptr<const Factors> factors);

  /// Makes the operator the dense A, copying into the storage it has when it already holds a
  /// dense matrix of that size (no allocation then).
  void assignDense(const Eigen::Ref<const Eigen::MatrixXd>& A);

  /// The form A is held in.
  MatrixForm form() const { return static_cast<MatrixForm>(m_storage.index()); }
  /// Rows of A (n).
  Eigen::Index rows() const;
  /// Columns of A (n for a valid operator).
  Eigen::Index cols() const;
  /// n, the number of rows.
  int size() const { return static_cast<int>(rows()); }

  /// The dense matrix. @throws std::logic_error when form() is not Dense
  const Eigen::MatrixXd& dense() const;
  /// The sparse matrix. @throws std::logic_error when form() is not Sparse
  const SparseMatrix& sparse() const;
  /// The factors. @throws std::logic_error when form() is not Factors
  const Factors& factors() const;
  /// The factors' shared pointer. @throws std::logic_error when form() is not Factors
  const std::shared_ptr<const Factors>& sharedFactors() const;

  /// A as a dense n x n matrix, whatever the form: O(n^2) memory.
  /// @throws std::invalid_argument for factors that fail Factors::factorError()
  Eigen::MatrixXd toDense() const;
  /// A as a sparse matrix, whatever the form (exact zeros of a dense A are dropped).
  /// @throws std::invalid_argument as toDense()
  SparseMatrix toSparse() const;

  /// A_ij: O(1) dense, O(log nonzeros of column j) sparse, O(12) factors.
  /// @pre 0 <= i, j < n; factors valid
  double coeff(Eigen::Index i, Eigen::Index j) const;
  /// Entries that are not zero: counted for dense, stored ones for sparse, of the assembled
  /// pattern for factors (O(rows sharing a body, squared)).
  Eigen::Index nonZeros() const;
  /// diag(A) (n).
  Eigen::VectorXd diagonal() const;
  /// out = A x (n each). Dense and sparse allocate nothing; the factor form allocates 6 numbers
  /// per body (solvers use an allocation-free bound form, see MixedLCP).
  /// @pre x.size() == out.size() == n; factors valid
  void multiply(const Eigen::Ref<const Eigen::VectorXd>& x, Eigen::Ref<Eigen::VectorXd> out) const;
  /// A x (n), allocating the result (a member, so that a dense matrix times a vector stays
  /// Eigen's product). @pre x.size() == n
  Eigen::VectorXd operator*(const Eigen::VectorXd& x) const;

  /// Empty when A is square with finite entries (and, for factors, consistent sizes and body
  /// indices: Factors::factorError()); otherwise a message naming the entry or field.
  std::string check() const;

 private:
  std::variant<Eigen::MatrixXd, SparseMatrix, std::shared_ptr<const Factors>> m_storage;
};

}  // namespace mlcp
