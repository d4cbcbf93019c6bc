#include "linalg/dense_kernels.hpp"

#include <mlcp/core/factors.hpp>
#include <mlcp/core/operator.hpp>

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>
#include <utility>

namespace mlcp {

namespace {

[[noreturn]] void wrongForm(MatrixForm asked, MatrixForm held) {
  throw std::logic_error(fmt::format("Operator: asked for the {} form but A is held {}",
                                     toString(asked), toString(held)));
}

/// A_ij of the factor form: J_i M_k^-1 J_j^T over the bodies k rows i and j share, plus cfm_i
/// when i = j.
double factorCoefficient(const Factors& f, Eigen::Index i, Eigen::Index j) {
  double value = i == j ? f.cfm[i] : 0.0;
  for (int a = 0; a < 2; ++a) {
    const int body = f.bodies(i, a);
    if (body < 0) continue;
    for (int c = 0; c < 2; ++c)
      if (f.bodies(j, c) == body)
        value += f.J.row(i).segment<6>(6 * a).dot(
            (f.inverseMass[body] * f.J.row(j).segment<6>(6 * c).transpose()).transpose());
  }
  return value;
}

std::string denseError(const Eigen::MatrixXd& A) {
  if (A.rows() != A.cols())
    return fmt::format("A is {} x {}: it must be square (n x n)", A.rows(), A.cols());
  if (A.allFinite()) return {};
  for (Eigen::Index j = 0; j < A.cols(); ++j)
    for (Eigen::Index i = 0; i < A.rows(); ++i)
      if (!std::isfinite(A(i, j)))
        return fmt::format("A({}, {}) = {} is not finite", i, j, A(i, j));
  return {};
}

std::string sparseError(const Operator::SparseMatrix& A) {
  if (A.rows() != A.cols())
    return fmt::format("A is {} x {}: it must be square (n x n)", A.rows(), A.cols());
  for (Eigen::Index j = 0; j < A.outerSize(); ++j)
    for (Operator::SparseMatrix::InnerIterator it(A, j); it; ++it)
      if (!std::isfinite(it.value()))
        return fmt::format("A({}, {}) = {} is not finite", it.row(), it.col(), it.value());
  return {};
}

}  // namespace

std::string_view toString(MatrixForm form) {
  switch (form) {
    case MatrixForm::Dense:
      return "dense";
    case MatrixForm::Sparse:
      return "sparse";
    case MatrixForm::Factors:
      return "factors";
  }
  return "unknown";
}

Operator::Operator(Eigen::MatrixXd A) : m_storage(std::move(A)) {}

Operator::Operator(SparseMatrix A) : m_storage(std::move(A)) {
  std::get<SparseMatrix>(m_storage).makeCompressed();
}

Operator::Operator(const Eigen::SparseMatrix<double, Eigen::RowMajor>& A)
    : Operator(SparseMatrix(A)) {}

Operator::Operator(std::shared_ptr<const Factors> factors) : m_storage(std::move(factors)) {
  if (!std::get<std::shared_ptr<const Factors>>(m_storage))
    throw std::invalid_argument("Operator: the factors are null");
}

void Operator::assignDense(const Eigen::Ref<const Eigen::MatrixXd>& A) {
  if (auto* dense = std::get_if<Eigen::MatrixXd>(&m_storage))
    *dense = A;
  else
    m_storage = Eigen::MatrixXd(A);
}

Eigen::Index Operator::rows() const {
  switch (form()) {
    case MatrixForm::Dense:
      return dense().rows();
    case MatrixForm::Sparse:
      return sparse().rows();
    case MatrixForm::Factors:
      return factors().size();
  }
  return 0;
}

Eigen::Index Operator::cols() const {
  switch (form()) {
    case MatrixForm::Dense:
      return dense().cols();
    case MatrixForm::Sparse:
      return sparse().cols();
    case MatrixForm::Factors:
      return factors().size();
  }
  return 0;
}

const Eigen::MatrixXd& Operator::dense() const {
  if (form() != MatrixForm::Dense) wrongForm(MatrixForm::Dense, form());
  return std::get<Eigen::MatrixXd>(m_storage);
}

const Operator::SparseMatrix& Operator::sparse() const {
  if (form() != MatrixForm::Sparse) wrongForm(MatrixForm::Sparse, form());
  return std::get<SparseMatrix>(m_storage);
}

const Factors& Operator::factors() const { return *sharedFactors(); }

const std::shared_ptr<const Factors>& Operator::sharedFactors() const {
  if (form() != MatrixForm::Factors) wrongForm(MatrixForm::Factors, form());
  return std::get<std::shared_ptr<const Factors>>(m_storage);
}

Eigen::MatrixXd Operator::toDense() const {
  switch (form()) {
    case MatrixForm::Dense:
      return dense();
    case MatrixForm::Sparse:
      return Eigen::MatrixXd(sparse());
    case MatrixForm::Factors:
      break;
  }
  if (std::string why = factors().factorError(); !why.empty()) throw std::invalid_argument(why);
  Eigen::MatrixXd A;
  factors().assembleDense(A);
  return A;
}

Operator::SparseMatrix Operator::toSparse() const {
  switch (form()) {
    case MatrixForm::Dense:
      return dense().sparseView();
    case MatrixForm::Sparse:
      return sparse();
    case MatrixForm::Factors:
      break;
  }
  if (std::string why = factors().factorError(); !why.empty()) throw std::invalid_argument(why);
  return factors().assembleSparse();
}

double Operator::coeff(Eigen::Index i, Eigen::Index j) const {
  switch (form()) {
    case MatrixForm::Dense:
      return dense()(i, j);
    case MatrixForm::Sparse:
      return sparse().coeff(i, j);
    case MatrixForm::Factors:
      return factorCoefficient(factors(), i, j);
  }
  return 0.0;
}

Eigen::Index Operator::nonZeros() const {
  switch (form()) {
    case MatrixForm::Dense:
      return (dense().array() != 0.0).count();
    case MatrixForm::Sparse:
      return sparse().nonZeros();
    case MatrixForm::Factors:
      return toSparse().nonZeros();
  }
  return 0;
}

Eigen::VectorXd Operator::diagonal() const {
  switch (form()) {
    case MatrixForm::Dense:
      return dense().diagonal();
    case MatrixForm::Sparse:
      return sparse().diagonal();
    case MatrixForm::Factors:
      break;
  }
  Eigen::VectorXd d(size());
  for (int i = 0; i < size(); ++i) d[i] = factorCoefficient(factors(), i, i);
  return d;
}

void Operator::multiply(const Eigen::Ref<const Eigen::VectorXd>& x,
                        Eigen::Ref<Eigen::VectorXd> out) const {
  switch (form()) {
    case MatrixForm::Dense: {
      // The processor's gemv (detail::multiply); x and out are contiguous (Ref's inner stride).
      const Eigen::MatrixXd& A = dense();
      const int n = static_cast<int>(A.rows());
      detail::multiply(n, static_cast<int>(A.cols()), A.data(), n, x.data(), out.data());
      return;
    }
    case MatrixForm::Sparse:
      out.noalias() = sparse() * x;
      return;
    case MatrixForm::Factors:
      factors().multiply(x, out);
      return;
  }
}

std::string Operator::check() const {
  switch (form()) {
    case MatrixForm::Dense:
      return denseError(dense());
    case MatrixForm::Sparse:
      return sparseError(sparse());
    case MatrixForm::Factors:
      break;
  }
  std::string why = factors().factorError();
  return why.empty() ? why : "factors of A: " + why;
}

Eigen::VectorXd Operator::operator*(const Eigen::VectorXd& x) const {
  Eigen::VectorXd out(rows());
  multiply(x, out);
  return out;
}

}  // namespace mlcp
