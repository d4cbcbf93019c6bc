#include "active_set_refinement.hpp"

#include <algorithm>
#include <cmath>

#include <Eigen/Cholesky>

namespace mlcp::detail {

void ActiveSetRefinement::resize(int n) {
  if (m_M.rows() == n) return;
  m_M.resize(n, n);
  m_rhs.resize(n);
  m_w.resize(n);
  m_clamped.resize(n);
}

bool ActiveSetRefinement::solve(const Eigen::MatrixXd& A,
                                const Eigen::VectorXd& b,
                                const Eigen::VectorXd& l,
                                const Eigen::VectorXd& u,
                                Eigen::Matrix<signed char, Eigen::Dynamic, 1>& sets,
                                int maxRounds,
                                double tolerance,
                                Eigen::VectorXd& x) {
  const int n = static_cast<int>(b.size());
  for (int round = 0; round < maxRounds; ++round) {
    // x_N at its bound; a clamped row with an empty box (l = u) sits at l.
    int nC = 0;
    for (int i = 0; i < n; ++i) {
      if (sets[i] == 0 && l[i] == u[i]) sets[i] = 1;
      if (sets[i] == 0) {
        m_clamped[nC++] = i;
        x[i] = 0.0;
      } else {
        x[i] = sets[i] == 1 ? l[i] : u[i];
        if (!std::isfinite(x[i])) return false;  // a guess at an infinite bound is useless
      }
    }
    if (nC > 0) {
      auto M = m_M.topLeftCorner(nC, nC);
      for (int q = 0; q < nC; ++q) {
        for (int p = q; p < nC; ++p) M(p, q) = A(m_clamped[p], m_clamped[q]);
        // rhs = b_C - A(C,N) x_N  (x_C is zero here)
        m_rhs[q] = b[m_clamped[q]] - A.row(m_clamped[q]).dot(x);
      }
      Eigen::LLT<Eigen::Ref<Eigen::MatrixXd>> llt(M);
      if (llt.info() != Eigen::Success) return false;
      llt.solveInPlace(m_rhs.head(nC));
      for (int q = 0; q < nC; ++q) x[m_clamped[q]] = m_rhs[q];
    }
    m_w.noalias() = A * x;
    m_w -= b;
    bool valid = true;
    for (int i = 0; i < n; ++i) {
      if (sets[i] == 0) {
        if (x[i] < l[i] - tolerance) {
          sets[i] = 1;
          valid = false;
        } else if (x[i] > u[i] + tolerance) {
          sets[i] = 2;
          valid = false;
        }
      } else if ((sets[i] == 1 && m_w[i] < -tolerance) || (sets[i] == 2 && m_w[i] > tolerance)) {
        if (l[i] < u[i]) {
          sets[i] = 0;
          valid = false;
        }
      }
    }
    if (valid) {
      for (int i = 0; i < n; ++i) x[i] = std::clamp(x[i], l[i], u[i]);
      return true;
    }
  }
  return false;
}

}  // namespace mlcp::detail
