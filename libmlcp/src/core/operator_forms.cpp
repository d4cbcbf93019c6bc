#include "core/operator_forms.hpp"

#include "core/factor_operator.hpp"
#include "linalg/dense_kernels.hpp"

#include <mlcp/core/factors.hpp>

#include <algorithm>
#include <cmath>

namespace mlcp::detail {

OperatorForms::OperatorForms() : m_factorOperator(std::make_unique<FactorOperator>()) {}

OperatorForms::~OperatorForms() = default;

void OperatorForms::reset(const Operator& A, const Eigen::VectorXi& findex) {
  m_A = &A;
  m_findex = &findex;
  m_haveDense = m_haveSparse = m_haveDiagonal = m_haveFactorOperator = m_haveRowScales = false;
  // Sized with the matrix, so that the first solve that reads them computes them in place.
  m_diagonal.resize(A.rows());
  m_rowScales.resize(A.rows());
}

const Eigen::MatrixXd& OperatorForms::dense() {
  if (m_A->form() == MatrixForm::Dense) return m_A->dense();
  if (!m_haveDense) {
    if (m_A->form() == MatrixForm::Sparse)
      m_dense = m_A->sparse();
    else
      m_A->factors().assembleDense(m_dense);
    m_haveDense = true;
  }
  return m_dense;
}

const Operator::SparseMatrix& OperatorForms::sparse() {
  if (m_A->form() == MatrixForm::Sparse) return m_A->sparse();
  if (!m_haveSparse) {
    m_sparse = m_A->toSparse();
    m_haveSparse = true;
  }
  return m_sparse;
}

const Eigen::VectorXd& OperatorForms::diagonal() {
  if (m_haveDiagonal) return m_diagonal;
  const int n = m_A->size();
  m_diagonal.resize(n);
  switch (m_A->form()) {
    case MatrixForm::Dense:
      m_diagonal = m_A->dense().diagonal();
      break;
    case MatrixForm::Sparse:
      m_diagonal = m_A->sparse().diagonal();
      break;
    case MatrixForm::Factors:
      for (int i = 0; i < n; ++i) m_diagonal[i] = factorOperator().diagonal(i);
      break;
  }
  m_haveDiagonal = true;
  return m_diagonal;
}

const Eigen::VectorXd& OperatorForms::rowScales() {
  if (m_haveRowScales) return m_rowScales;
  m_rowScales = diagonal();
  if (!(m_rowScales.array() > 0.0).all()) {  // rows with A_ii <= 0: max_j |A_ij|
    Eigen::VectorXd rowMax = Eigen::VectorXd::Zero(m_rowScales.size());
    const Operator::SparseMatrix& A = sparse();
    for (Eigen::Index j = 0; j < A.outerSize(); ++j)
      for (Operator::SparseMatrix::InnerIterator it(A, j); it; ++it)
        rowMax[it.row()] = std::max(rowMax[it.row()], std::abs(it.value()));
    m_rowScales = (m_rowScales.array() > 0.0).select(m_rowScales, rowMax);
  }
  m_haveRowScales = true;
  return m_rowScales;
}

FactorOperator& OperatorForms::factorOperator() {
  if (!m_haveFactorOperator) {
    m_factorOperator->bind(m_A->factors(), *m_findex);
    m_haveFactorOperator = true;
  }
  return *m_factorOperator;
}

void OperatorForms::multiply(const Eigen::VectorXd& x, Eigen::VectorXd& out) {
  switch (m_A->form()) {
    case MatrixForm::Dense: {
      const Eigen::MatrixXd& A = m_A->dense();
      detail::multiply(static_cast<int>(A.rows()), static_cast<int>(A.cols()), A.data(),
                       static_cast<int>(A.rows()), x.data(), out.data());
      return;
    }
    case MatrixForm::Sparse:
      out.noalias() = m_A->sparse() * x;
      return;
    case MatrixForm::Factors:
      factorOperator().multiply(x, out);
      return;
  }
}

}  // namespace mlcp::detail
