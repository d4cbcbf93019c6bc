#include "pivoting/free_system.hpp"

#include <mlcp/core/friction_bounds.hpp>

#include <algorithm>

namespace mlcp::detail {

namespace {

/// C_i at least this fraction of A_ii regularizes row i by itself (DART's CFM is 1e-5).
constexpr double kRegularized = 1e-8;

}  // namespace

void FreeSystem::setupRows(const Eigen::VectorXd& C, double proximal) {
  m_C = &C;
  const Eigen::Index n = C.size();
  m_D.resize(n);
  m_proximal = -1.0;
  setProximal(proximal);
  m_free.reserve(n);
  m_position.assign(n, -1);
  m_sliding.reserve(n);
  for (Eigen::VectorXd* v : {&m_rhs, &m_xF, &m_q, &m_lowRankQ}) v->resize(n);
}

void FreeSystem::setProximal(double proximal) {
  if (proximal == m_proximal) return;
  m_proximal = proximal;
  const Eigen::VectorXd& C = *m_C;
  for (Eigen::Index i = 0; i < C.size(); ++i) {
    const double diagonal = lowRankDiagonal(i) + C[i];
    // A row whose C already regularizes it (C_i >= kRegularized A_ii) keeps D_i = C_i.
    const bool regularized = C[i] >= kRegularized * diagonal;
    m_D[i] = regularized ? C[i] : std::max(C[i], proximal * diagonal);
    if (!(m_D[i] > 0.0)) m_D[i] = 1.0;  // a zero row of A: its x_i is free, any D works
  }
  m_delta = m_D - C;
  ++m_diagonalVersion;
  m_proximalActive = (m_delta.array() > 0.0).any();
}

void FreeSystem::knownValues(const ProblemView& problem,
                             const std::vector<RowState>& state,
                             const Eigen::VectorXd* normals,
                             Eigen::VectorXd& x) {
  const int n = problem.size();
  m_free.clear();
  m_sliding.clear();
  m_q.setZero();
  for (int i = 0; i < n; ++i) {
    m_position[i] = -1;
    if (state[i] == RowState::Free) {
      m_position[i] = static_cast<int>(m_free.size());
      m_free.push_back(i);
    } else if (problem.findex[i] < 0) {
      x[i] = state[i] == RowState::Lower ? problem.lo[i] : problem.hi[i];
      m_q[i] = x[i];
    }
  }
  for (int i = 0; i < n; ++i) {
    const int k = problem.findex[i];
    if (k < 0 || state[i] == RowState::Free) continue;
    if (normals == nullptr && state[k] == RowState::Free) {
      m_sliding.push_back(i);
      continue;
    }
    const double u = frictionBound(problem.hi[i], normals ? (*normals)[k] : x[k]);
    x[i] = state[i] == RowState::Lower ? -u : u;
    m_q[i] = x[i];
  }
}

bool FreeSystem::solve(const ProblemView& problem,
                       const std::vector<RowState>& state,
                       const Eigen::VectorXd& b,
                       const Eigen::VectorXd* normals,
                       bool refactor,
                       Eigen::VectorXd& x) {
  knownValues(problem, state, normals, x);
  multiplyLowRank(m_q, m_lowRankQ);
  const Eigen::Index nF = static_cast<Eigen::Index>(m_free.size());
  for (Eigen::Index a = 0; a < nF; ++a) {
    const int i = m_free[a];
    m_rhs[a] = b[i] - m_lowRankQ[i];
  }
  if (nF > 0) {
    if (refactor && !factor(problem, state)) return false;
    applyInverse(m_rhs, m_xF);
  }
  for (Eigen::Index a = 0; a < nF; ++a) x[m_free[a]] = m_xF[a];
  setSliding(problem, state, x);
  return x.allFinite();
}

bool FreeSystem::correct(const ProblemView& problem,
                         const std::vector<RowState>& state,
                         const Eigen::VectorXd& w,
                         Eigen::VectorXd& x) {
  const Eigen::Index nF = static_cast<Eigen::Index>(m_free.size());
  if (nF == 0) return true;
  for (Eigen::Index a = 0; a < nF; ++a) m_rhs[a] = w[m_free[a]];
  applyInverse(m_rhs, m_xF);
  for (Eigen::Index a = 0; a < nF; ++a) x[m_free[a]] -= m_xF[a];
  setSliding(problem, state, x);
  return x.allFinite();
}

double FreeSystem::slope(const ProblemView& problem, const std::vector<RowState>& state, int i) {
  return (state[i] == RowState::Lower ? -1.0 : 1.0) * frictionCoefficient(problem.hi[i]);
}

void FreeSystem::setSliding(const ProblemView& problem,
                            const std::vector<RowState>& state,
                            Eigen::VectorXd& x) const {
  for (const int i : m_sliding) x[i] = slope(problem, state, i) * x[problem.findex[i]];
}

void FreeSystem::residual(const Eigen::VectorXd& x, const Eigen::VectorXd& b, Eigen::VectorXd& w) {
  multiplyLowRank(x, w);
  w += m_C->cwiseProduct(x) - b;
}

}  // namespace mlcp::detail
