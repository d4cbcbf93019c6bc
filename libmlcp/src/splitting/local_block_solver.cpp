#include "splitting/local_block_solver.hpp"

#include <mlcp/core/friction_bounds.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

namespace mlcp::detail {

namespace {

/// Relative tolerance of the feasibility tests (bounds and signs of w), per row scale.
constexpr double kTolerance = 1e-10;
/// A pivot of the equilibrated system (rows scaled to a largest entry of 1) below this is zero.
constexpr double kSingular = 1e-13;

}  // namespace

void LocalBlockSolver::bounds(const Block& block, int i, double& l, double& u) const {
  rowEffectiveBounds(block.normal[i], block.lo[i], block.hi[i], m_candidate, l, u);
}

void LocalBlockSolver::setsFromX(const Block& block) {
  for (int i = 0; i < block.m; ++i) {
    double l = 0.0;
    double u = 0.0;
    rowEffectiveBounds(block.normal[i], block.lo[i], block.hi[i], block.x, l, u);
    const double x = block.x[i];
    m_sets[i] = std::isfinite(l) && x <= l ? kLower : (std::isfinite(u) && x >= u ? kUpper : kFree);
  }
}

bool LocalBlockSolver::solveSets(const Block& block) {
  const int m = block.m;
  double* S = m_system.data();  // row-major m x m
  for (int i = 0; i < m; ++i) {
    double* row = S + i * m;
    const int k = block.normal[i];
    if (m_sets[i] == kFree) {
      for (int j = 0; j < m; ++j) row[j] = block.M[i + j * m];
      m_rhs[i] = block.q[i];
      continue;
    }
    std::fill(row, row + m, 0.0);
    row[i] = 1.0;
    if (k < 0) {
      m_rhs[i] = m_sets[i] == kLower ? block.lo[i] : block.hi[i];
    } else {
      // x_i = -+ mu |x_k|, linear in x_k with the sign x_k has on entry (normals are >= 0).
      const double sign = block.x[k] < 0.0 ? -1.0 : 1.0;
      const double mu = frictionCoefficient(block.hi[i]);
      row[k] = (m_sets[i] == kLower ? 1.0 : -1.0) * mu * sign;
      m_rhs[i] = 0.0;
    }
  }
  // Row equilibration, then Gaussian elimination with partial pivoting.
  for (int i = 0; i < m; ++i) {
    double* row = S + i * m;
    double largest = 0.0;
    for (int j = 0; j < m; ++j) largest = std::max(largest, std::abs(row[j]));
    if (!(largest > 0.0) || !std::isfinite(largest)) return false;
    for (int j = 0; j < m; ++j) row[j] /= largest;
    m_rhs[i] /= largest;
  }
  std::array<int, kMaxRows> order{};
  for (int i = 0; i < m; ++i) order[i] = i;
  for (int c = 0; c < m; ++c) {
    int pivot = c;
    for (int r = c + 1; r < m; ++r)
      if (std::abs(S[order[r] * m + c]) > std::abs(S[order[pivot] * m + c])) pivot = r;
    std::swap(order[c], order[pivot]);
    const double* pivotRow = S + order[c] * m;
    const double p = pivotRow[c];
    if (!(std::abs(p) > kSingular)) return false;
    for (int r = c + 1; r < m; ++r) {
      double* row = S + order[r] * m;
      const double factor = row[c] / p;
      if (factor == 0.0) continue;
      for (int j = c; j < m; ++j) row[j] -= factor * pivotRow[j];
      m_rhs[order[r]] -= factor * m_rhs[order[c]];
    }
  }
  for (int c = m - 1; c >= 0; --c) {
    const double* row = S + order[c] * m;
    double value = m_rhs[order[c]];
    for (int j = c + 1; j < m; ++j) value -= row[j] * m_candidate[j];
    m_candidate[c] = value / row[c];
    if (!std::isfinite(m_candidate[c])) return false;
  }
  for (int i = 0; i < m; ++i) {
    double w = -block.q[i];
    for (int j = 0; j < m; ++j) w += block.M[i + j * m] * m_candidate[j];
    m_w[i] = w;
  }
  return true;
}

int LocalBlockSolver::infeasibility(const Block& block) {
  const int m = block.m;
  double size = 0.0;  // scale of the answer, as the spec's X
  for (int i = 0; i < m; ++i) {
    size = std::max(size, std::abs(m_candidate[i]));
    const double d = std::abs(block.M[i + i * m]);
    if (d > 0.0) size = std::max(size, std::abs(block.q[i]) / d);
  }
  const double xTolerance = kTolerance * size;
  int count = 0;
  for (int i = 0; i < m; ++i) {
    double l = 0.0;
    double u = 0.0;
    bounds(block, i, l, u);
    const double x = m_candidate[i];
    bool bad = false;
    if (m_sets[i] == kFree) {
      bad = x < l - xTolerance || x > u + xTolerance;
    } else if (l < u) {  // a row fixed at l = u takes any w
      double scale = std::abs(block.q[i]);
      for (int j = 0; j < m; ++j) scale += std::abs(block.M[i + j * m] * m_candidate[j]);
      const double wTolerance = kTolerance * scale;
      const double bound = m_sets[i] == kLower ? l : u;
      bad = std::abs(x - bound) > xTolerance ||  // a friction bound taken with the wrong sign
            (m_sets[i] == kLower ? m_w[i] < -wTolerance : m_w[i] > wTolerance);
    }
    m_infeasible[i] = bad;
    count += bad ? 1 : 0;
  }
  return count;
}

void LocalBlockSolver::accept(Block& block) const {
  for (int i = 0; i < block.m; ++i) {
    block.x[i] = m_candidate[i];
    block.sets[i] = static_cast<signed char>(m_sets[i]);
  }
  // Clamp the rounding off the bounds: normals first, then the friction rows from them.
  for (int pass = 0; pass < 2; ++pass) {
    for (int i = 0; i < block.m; ++i) {
      const int k = block.normal[i];
      if ((k >= 0) != (pass == 1)) continue;
      double l = 0.0;
      double u = 0.0;
      rowEffectiveBounds(k, block.lo[i], block.hi[i], block.x, l, u);
      block.x[i] = std::clamp(block.x[i], l, u);
    }
  }
}

bool LocalBlockSolver::enumerate(Block& block) {
  const int m = block.m;
  if (m > kMaxEnumerated) return false;
  int combinations = 1;
  for (int i = 0; i < m; ++i) combinations *= 3;
  for (int code = 0; code < combinations; ++code) {
    bool possible = true;
    int rest = code;
    for (int i = 0; i < m; ++i) {
      m_sets[i] = static_cast<Set>(rest % 3);
      rest /= 3;
      if (block.normal[i] < 0 && ((m_sets[i] == kLower && !std::isfinite(block.lo[i])) ||
                                  (m_sets[i] == kUpper && !std::isfinite(block.hi[i]))))
        possible = false;
    }
    if (!possible || !solveSets(block)) continue;
    if (infeasibility(block) == 0) {
      accept(block);
      return true;
    }
  }
  return false;
}

bool LocalBlockSolver::solve(Block& block) {
  const int m = block.m;
  if (block.warm) {
    for (int i = 0; i < m; ++i) m_sets[i] = static_cast<Set>(block.sets[i]);
  } else {
    setsFromX(block);
  }
  int best = std::numeric_limits<int>::max();
  const int limit = 2 * m + 8;
  for (int step = 0; step < limit; ++step) {
    if (!solveSets(block)) break;
    const int count = infeasibility(block);
    if (count == 0) {
      accept(block);
      return true;
    }
    const bool all = count < best;  // block principal pivoting while it makes progress
    best = std::min(best, count);
    for (int i = m - 1; i >= 0; --i) {
      if (!m_infeasible[i]) continue;
      if (m_sets[i] != kFree) {
        m_sets[i] = kFree;
      } else {
        double l = 0.0;
        double u = 0.0;
        bounds(block, i, l, u);
        m_sets[i] = m_candidate[i] < l ? kLower : kUpper;
      }
      if (!all) break;  // Murty: the last infeasible row only
    }
  }
  return enumerate(block);
}

}  // namespace mlcp::detail
