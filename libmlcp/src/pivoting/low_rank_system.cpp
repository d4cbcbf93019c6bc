#include "pivoting/low_rank_system.hpp"

#include <mlcp/core/friction_bounds.hpp>

#include <cmath>

namespace mlcp::detail {

void LowRankSystem::setup(const LowRankForm& form, double proximal) {
  m_form = &form;
  const Eigen::Index n = form.G.rows();
  const Eigen::Index r = form.G.cols();
  m_V.resize(n, r);
  m_scaledG.resize(n, r);
  m_K.resize(r, r);
  m_llt.emplace(r);
  m_lu.emplace(r);
  m_y.resize(n);
  m_t.resize(r);
  m_u.resize(r);
  setupRows(form.C, proximal);
}

double LowRankSystem::lowRankDiagonal(Eigen::Index i) const {
  return m_form->G.row(i).squaredNorm();
}

void LowRankSystem::multiplyLowRank(const Eigen::VectorXd& x, Eigen::VectorXd& out) {
  m_t.noalias() = m_form->G.transpose() * x;
  out.noalias() = m_form->G * m_t;
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

bool LowRankSystem::factor(const ProblemView& problem, const std::vector<RowState>& state) {
  buildReduced(problem, state);
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

}  // namespace mlcp::detail
