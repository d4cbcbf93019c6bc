#include "pivoting/low_rank_system.hpp"

#include <mlcp/core/friction_bounds.hpp>

#include <algorithm>
#include <cmath>

namespace mlcp::detail {

namespace {

/// C_i at least this fraction of A_ii regularizes row i by itself (DART's CFM is 1e-5).
constexpr double kRegularized = 1e-8;

}  // namespace

void LowRankSystem::setup(const LowRankForm& form, double proximal) {
  m_form = &form;
  const Eigen::Index n = form.G.rows();
  const Eigen::Index r = form.G.cols();
  m_D.resize(n);
  m_proximal = -1.0;
  setProximal(proximal);
  m_free.reserve(n);
  m_position.assign(n, -1);
  m_sliding.reserve(n);
  m_V.resize(n, r);
  m_scaledG.resize(n, r);
  m_K.resize(r, r);
  m_llt.emplace(r);
  m_lu.emplace(r);
  for (Eigen::VectorXd* v : {&m_rhs, &m_xF, &m_y, &m_q}) v->resize(n);
  m_t.resize(r);
  m_u.resize(r);
}

void LowRankSystem::setProximal(double proximal) {
  if (proximal == m_proximal) return;
  m_proximal = proximal;
  const LowRankForm& form = *m_form;
  for (Eigen::Index i = 0; i < form.G.rows(); ++i) {
    const double diagonal = form.G.row(i).squaredNorm() + form.C[i];
    // A row whose C already regularizes it (C_i >= kRegularized A_ii) keeps D_i = C_i.
    const bool regularized = form.C[i] >= kRegularized * diagonal;
    m_D[i] = regularized ? form.C[i] : std::max(form.C[i], proximal * diagonal);
    if (!(m_D[i] > 0.0)) m_D[i] = 1.0;  // a zero row of A: its x_i is free, any D works
  }
  m_delta = m_D - form.C;
  m_proximalActive = (m_delta.array() > 0.0).any();
}

void LowRankSystem::knownValues(const ProblemView& problem,
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

void LowRankSystem::buildReduced(const ProblemView& problem, const std::vector<RowState>& state) {
  const LowRankForm::Matrix& G = m_form->G;
  const Eigen::Index nF = static_cast<Eigen::Index>(m_free.size());
  for (Eigen::Index a = 0; a < nF; ++a) {
    const int i = m_free[a];
    m_V.row(a) = G.row(i);
    m_scaledG.row(a) = G.row(i) / m_D[i];
  }
  for (const int i : m_sliding) {
    const double s = state[i] == RowState::Lower ? -1.0 : 1.0;
    const int a = m_position[problem.findex[i]];
    m_V.row(a) += (s * frictionCoefficient(problem.hi[i])) * G.row(i);
  }
}

void LowRankSystem::buildRightSide(const Eigen::VectorXd& b) {
  const LowRankForm::Matrix& G = m_form->G;
  m_t.noalias() = G.transpose() * m_q;
  for (Eigen::Index a = 0; a < static_cast<Eigen::Index>(m_free.size()); ++a) {
    const int i = m_free[a];
    m_rhs[a] = b[i] - G.row(i).dot(m_t);
  }
}

bool LowRankSystem::factor() {
  const Eigen::Index nF = static_cast<Eigen::Index>(m_free.size());
  m_K.noalias() = m_V.topRows(nF).transpose() * m_scaledG.topRows(nF);
  m_K.diagonal().array() += 1.0;
  m_usedLu = !m_sliding.empty();
  if (!m_usedLu) {
    m_llt->compute(m_K);
    if (m_llt->info() == Eigen::Success) return true;
    m_usedLu = true;
  }
  m_lu->compute(m_K);
  const double pivot = m_lu->matrixLU().diagonal().cwiseAbs().minCoeff();
  return std::isfinite(pivot) && pivot > 0.0;
}

void LowRankSystem::applyInverse(const Eigen::VectorXd& in, Eigen::VectorXd& out) {
  const Eigen::Index nF = static_cast<Eigen::Index>(m_free.size());
  for (Eigen::Index a = 0; a < nF; ++a) m_y[a] = in[a] / m_D[m_free[a]];
  m_u.noalias() = m_V.topRows(nF).transpose() * m_y.head(nF);
  if (m_usedLu)
    m_t = m_lu->solve(m_u);
  else
    m_t = m_llt->solve(m_u);
  out.head(nF) = m_y.head(nF);
  out.head(nF).noalias() -= m_scaledG.topRows(nF) * m_t;
}

bool LowRankSystem::solve(const ProblemView& problem,
                          const std::vector<RowState>& state,
                          const Eigen::VectorXd& b,
                          const Eigen::VectorXd* normals,
                          bool refactor,
                          Eigen::VectorXd& x) {
  knownValues(problem, state, normals, x);
  if (refactor) buildReduced(problem, state);
  buildRightSide(b);
  const Eigen::Index nF = static_cast<Eigen::Index>(m_free.size());
  if (nF > 0) {
    if (refactor && !factor()) return false;
    applyInverse(m_rhs, m_xF);
  }
  for (Eigen::Index a = 0; a < nF; ++a) x[m_free[a]] = m_xF[a];
  for (const int i : m_sliding) {
    const double s = state[i] == RowState::Lower ? -1.0 : 1.0;
    x[i] = s * frictionCoefficient(problem.hi[i]) * x[problem.findex[i]];
  }
  return x.allFinite();
}

void LowRankSystem::residual(const Eigen::VectorXd& x,
                             const Eigen::VectorXd& b,
                             Eigen::VectorXd& w) {
  m_t.noalias() = m_form->G.transpose() * x;
  w.noalias() = m_form->G * m_t;
  w += m_form->C.cwiseProduct(x) - b;
}

}  // namespace mlcp::detail
