#pragma once

#include "core/box_projection.hpp"
#include "splitting/local_block_solver.hpp"
#include "splitting/row_blocks.hpp"

#include <mlcp/core/friction_bounds.hpp>
#include <mlcp/core/mixed_lcp.hpp>

#include <Eigen/Core>

#include <algorithm>
#include <cmath>
#include <vector>

namespace mlcp::detail {

/// The new x_i of a one-row update: clamp(x_i - omega w_i / A_ii, l_i, u_i) with the row's
/// effective bounds from the current x, or, for a row whose A_ii is 0 (diagonal == 0), its exact
/// one-row answer (oneRowAnswer). PGS's row step; the blocks of one row of the block methods.
inline double rowUpdate(const ProblemView& problem,
                        const Eigen::VectorXd& x,
                        int i,
                        double w,
                        double diagonal,
                        double omega) {
  double l = 0.0;
  double u = 0.0;
  rowBounds(problem, x, i, l, u);
  if (diagonal == 0.0) return oneRowAnswer(x[i], w, l, u);
  return std::clamp(x[i] - omega * w / diagonal, l, u);
}

/// Fills the local problem of block b of `blocks` at x: its rows' bounds, the local normal of
/// each friction row, x_B, q = A_BB x_B - w_B with w_i = wOf(i) = (A x - b)_i, and the index
/// sets of the block's last answer from `sets` (per row; -1 before the block's first answer).
template <class WOf>
void fillLocalBlock(const ProblemView& problem,
                    const RowBlocks& blocks,
                    int b,
                    const Eigen::VectorXd& x,
                    WOf&& wOf,
                    const std::vector<signed char>& sets,
                    LocalBlockSolver::Block& block) {
  const int m = blocks.size(b);
  const int* rows = blocks.rows(b);
  const double* M = blocks.matrix(b);
  const bool contact = blocks.isContact(b);
  block.m = m;
  block.M = M;
  block.warm = true;
  for (int a = 0; a < m; ++a) {
    const int i = rows[a];
    block.sets[a] = sets[static_cast<size_t>(i)];
    block.warm = block.warm && block.sets[a] >= 0;
    block.x[a] = x[i];
    block.lo[a] = problem.lo[i];
    block.hi[a] = problem.hi[i];
    block.normal[a] = contact && a > 0 ? 0 : -1;
  }
  for (int a = 0; a < m; ++a) {
    double q = -wOf(rows[a]);
    for (int j = 0; j < m; ++j) q += M[a + j * m] * block.x[j];
    block.q[a] = q;
  }
}

/// Keeps the index sets of block b's answer (block.sets) in `sets` (per row).
inline void keepSets(const RowBlocks& blocks,
                     int b,
                     const LocalBlockSolver::Block& block,
                     std::vector<signed char>& sets) {
  for (int a = 0; a < block.m; ++a) sets[static_cast<size_t>(blocks.rows(b)[a])] = block.sets[a];
}

/// Relaxes block.x (the local answer) towards the incoming x_B: x_B + omega (answer - x_B),
/// projected back onto the block's bounds (normals first) when omega > 1 leaves them.
inline void relaxBlock(const ProblemView& problem,
                       const RowBlocks& blocks,
                       int b,
                       const Eigen::VectorXd& x,
                       double omega,
                       LocalBlockSolver::Block& block) {
  if (omega == 1.0) return;
  const int* rows = blocks.rows(b);
  for (int a = 0; a < block.m; ++a) block.x[a] = x[rows[a]] + omega * (block.x[a] - x[rows[a]]);
  for (int a = 0; a < block.m; ++a) {
    double l = 0.0;
    double u = 0.0;
    rowEffectiveBounds(block.normal[a], problem.lo[rows[a]], problem.hi[rows[a]], block.x, l, u);
    block.x[a] = std::clamp(block.x[a], l, u);
  }
}

}  // namespace mlcp::detail
