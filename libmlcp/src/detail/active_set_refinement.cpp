#include "active_set_refinement.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace mlcp::detail {

void ActiveSetRefinement::resize(int n) {
  if (m_G.rows() == n) return;
  m_G.resize(n, n);
  for (Eigen::VectorXd* v : {&m_rhs, &m_w, &m_coupling, &m_sign}) v->resize(n);
  for (Eigen::VectorXi* v : {&m_unknown, &m_column}) v->resize(n);
}

// LU with partial pivoting of G(0..m-1, 0..m-1) in place, then solves G y = rhs in m_rhs.
bool ActiveSetRefinement::factorAndSolve(int m) {
  auto G = m_G.topLeftCorner(m, m);
  const double scale = std::max(G.cwiseAbs().maxCoeff(), std::numeric_limits<double>::min());
  for (int k = 0; k < m; ++k) {
    Eigen::Index p = 0;
    const double largest = G.col(k).tail(m - k).cwiseAbs().maxCoeff(&p);
    if (!(largest > 1e-13 * scale)) return false;
    p += k;
    if (p != k) {
      G.row(k).swap(G.row(p));
      std::swap(m_rhs[k], m_rhs[p]);
    }
    const int rest = m - k - 1;
    if (rest == 0) continue;
    G.col(k).tail(rest) /= G(k, k);
    G.bottomRightCorner(rest, rest).noalias() -= G.col(k).tail(rest) * G.row(k).tail(rest);
  }
  auto rhs = m_rhs.head(m);
  G.triangularView<Eigen::UnitLower>().solveInPlace(rhs);
  G.triangularView<Eigen::Upper>().solveInPlace(rhs);
  return rhs.allFinite();
}

bool ActiveSetRefinement::solve(const Eigen::MatrixXd& A,
                                const Eigen::VectorXd& b,
                                const Eigen::VectorXd& lo,
                                const Eigen::VectorXd& hi,
                                const Eigen::VectorXi& findex,
                                bool coupleFriction,
                                Eigen::Matrix<signed char, Eigen::Dynamic, 1>& sets,
                                int maxRounds,
                                double tolerance,
                                Eigen::VectorXd& x) {
  const int n = static_cast<int>(b.size());
  auto friction = [&](int i) { return coupleFriction && findex[i] >= 0; };
  // Signs of the normals the coupling x_i = +-|mu| x_k is linearised around.
  for (int i = 0; i < n; ++i) m_sign[i] = x[i] > 0.0 ? 1.0 : (x[i] < 0.0 ? -1.0 : 0.0);

  for (int round = 0; round < maxRounds; ++round) {
    // 1. Unknowns (clamped rows) and fixed rows. A clamped row with an empty box sits at lo.
    int m = 0;
    for (int i = 0; i < n; ++i) {
      const bool emptyBox = friction(i) ? m_sign[findex[i]] == 0.0 : lo[i] == hi[i];
      if (sets[i] == 0 && emptyBox) sets[i] = 1;
      m_column[i] = -1;
      if (sets[i] == 0) {
        m_column[i] = m;
        m_unknown[m++] = i;
      }
    }
    // 2. Values of the fixed rows; coupling factors of friction rows at a bound.
    for (int i = 0; i < n; ++i) {
      m_coupling[i] = 0.0;
      if (sets[i] == 0) {
        x[i] = 0.0;
      } else if (friction(i)) {
        const int k = findex[i];
        m_coupling[i] = (sets[i] == 2 ? 1.0 : -1.0) * std::abs(hi[i]) * m_sign[k];
        x[i] = 0.0;  // filled below from its normal
      } else {
        x[i] = sets[i] == 1 ? lo[i] : hi[i];
        if (!std::isfinite(x[i])) return false;  // a guess at an infinite bound is useless
      }
    }
    for (int i = 0; i < n; ++i)
      if (friction(i) && sets[i] != 0 && m_column[findex[i]] < 0)
        x[i] = m_coupling[i] * x[findex[i]];
    // 3. G y = rhs with G = A(C,C) + sum over coupled rows i of A(C,i) c_i e_k^T.
    for (int q = 0; q < m; ++q) {
      const int col = m_unknown[q];
      for (int p = 0; p < m; ++p) m_G(p, q) = A(m_unknown[p], col);
    }
    for (int i = 0; i < n; ++i) {
      if (!friction(i) || sets[i] == 0) continue;
      const int q = m_column[findex[i]];
      if (q < 0 || m_coupling[i] == 0.0) continue;
      for (int p = 0; p < m; ++p) m_G(p, q) += A(m_unknown[p], i) * m_coupling[i];
    }
    for (int p = 0; p < m; ++p) m_rhs[p] = b[m_unknown[p]] - A.row(m_unknown[p]).dot(x);
    if (m > 0 && !factorAndSolve(m)) return false;
    for (int p = 0; p < m; ++p) x[m_unknown[p]] = m_rhs[p];
    for (int i = 0; i < n; ++i)
      if (friction(i) && sets[i] != 0 && m_column[findex[i]] >= 0)
        x[i] = m_coupling[i] * x[findex[i]];

    // 4. Check every row by its natural-map residual with the bounds of the new x; move the
    //    violators, and re-linearise the coupling where a normal changed sign.
    m_w.noalias() = A * x;
    m_w -= b;
    bool valid = true;
    for (int i = 0; i < n; ++i) {
      double l = lo[i];
      double u = hi[i];
      if (friction(i)) {
        const int k = findex[i];
        const double sign = x[k] > tolerance ? 1.0 : (x[k] < -tolerance ? -1.0 : 0.0);
        if (sign != m_sign[k]) {
          m_sign[k] = sign;
          valid = false;
        }
        u = std::abs(hi[i] * x[k]);
        l = -u;
      }
      const double r = x[i] - std::clamp(x[i] - m_w[i], l, u);
      if (std::abs(r) <= tolerance) continue;
      valid = false;
      if (x[i] < l - tolerance)
        sets[i] = 1;
      else if (x[i] > u + tolerance)
        sets[i] = 2;
      else if (l < u)
        sets[i] = 0;
    }
    if (valid) return true;
  }
  return false;
}

}  // namespace mlcp::detail
