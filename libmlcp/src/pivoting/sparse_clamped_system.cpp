#include "pivoting/sparse_clamped_system.hpp"

#include "linalg/symmetric_sparse_matrix.hpp"

namespace mlcp::detail {

void SparseClampedSystem::setMatrix(const SymmetricSparseMatrix& S, bool patternChanged) {
  m_S = &S;
  if (patternChanged)
    m_factor.analyze(S);
  else
    m_factor.reset(S);
}

void SparseClampedSystem::resize(int n) {
  if (m_rhs.size() == n) return;
  m_rhs.setZero(n);
  m_y.setZero(n);
  m_t.setZero(n);
}

void SparseClampedSystem::load(const Eigen::VectorXi& rowOf, const Eigen::VectorXi& positionOf) {
  m_rowOf = &rowOf;
  m_positionOf = &positionOf;
  m_factor.clear();
}

double SparseClampedSystem::diagonal(int i) const { return m_S->diagonal()[(*m_rowOf)[i]]; }

double SparseClampedSystem::rowTimes(int i, const Eigen::VectorXd& x, int count) const {
  const int r = (*m_rowOf)[i];
  const int* start = m_S->columnStart();
  const int* rows = m_S->rowIndex();
  const double* values = m_S->value();
  double sum = 0.0;
  for (int p = start[r]; p < start[r + 1]; ++p) {
    const int q = (*m_positionOf)[rows[p]];
    if (q < count) sum += values[p] * x[q];
  }
  return sum;
}

long double SparseClampedSystem::rowTimesExtended(int i, const Eigen::VectorXd& x) const {
  const int r = (*m_rowOf)[i];
  const int* start = m_S->columnStart();
  const int* rows = m_S->rowIndex();
  const double* values = m_S->value();
  long double sum = 0.0L;
  for (int p = start[r]; p < start[r + 1]; ++p)
    sum += static_cast<long double>(values[p]) * x[(*m_positionOf)[rows[p]]];
  return sum;
}

void SparseClampedSystem::solveClamped(int nC, const Eigen::VectorXd& rhs, Eigen::VectorXd& out) {
  if (nC == 0) return;
  for (int q = 0; q < nC; ++q) m_rhs[(*m_rowOf)[q]] = rhs[q];
  m_factor.solve(m_rhs, m_y);
  for (int q = 0; q < nC; ++q) {
    out[q] = m_y[(*m_rowOf)[q]];
    m_rhs[(*m_rowOf)[q]] = 0.0;
  }
}

void SparseClampedSystem::clampedDirection(int i, double dir, int nC, Eigen::VectorXd& deltaX) {
  if (nC == 0) return;
  const int r = (*m_rowOf)[i];
  const int* start = m_S->columnStart();
  const int* rows = m_S->rowIndex();
  const double* values = m_S->value();
  for (int p = start[r]; p < start[r + 1]; ++p)
    if (m_factor.contains(rows[p])) m_rhs[rows[p]] = values[p];
  m_factor.solve(m_rhs, m_y);
  for (int p = start[r]; p < start[r + 1]; ++p) m_rhs[rows[p]] = 0.0;
  for (int q = 0; q < nC; ++q) deltaX[q] = -dir * m_y[(*m_rowOf)[q]];
}

double SparseClampedSystem::directionOfW(
    int i, double dir, int nC, int nN, const Eigen::VectorXd& deltaX, Eigen::VectorXd& deltaW) {
  // t = A(:,C) deltaX(C) + dir A(:,i), scattered by column; then read on N and i.
  const int* start = m_S->columnStart();
  const int* rows = m_S->rowIndex();
  const double* values = m_S->value();
  auto scatter = [&](int column, double factor) {
    if (factor == 0.0) return;
    for (int p = start[column]; p < start[column + 1]; ++p) m_t[rows[p]] += values[p] * factor;
  };
  for (int q = 0; q < nC; ++q) scatter((*m_rowOf)[q], deltaX[q]);
  scatter((*m_rowOf)[i], dir);
  for (int q = nC; q < nC + nN; ++q) deltaW[q] = m_t[(*m_rowOf)[q]];
  const double deltaWi = m_t[(*m_rowOf)[i]];
  m_t.setZero();
  return deltaWi;
}

bool SparseClampedSystem::addToFactor(int p, int /*nC*/, double pivotTolerance) {
  return m_factor.add((*m_rowOf)[p], pivotTolerance);
}

void SparseClampedSystem::removeFromFactor(int p, int /*nC*/) { m_factor.remove((*m_rowOf)[p]); }

}  // namespace mlcp::detail
