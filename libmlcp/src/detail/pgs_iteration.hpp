#pragma once

#include <cstdint>
#include <random>

#include <Eigen/Core>

#include <mlcp/mixed_lcp.hpp>
#include <mlcp/pgs_solver.hpp>

namespace mlcp::detail {

/// Workspace of the PGS sweeps, sized once per n (PgsSolver::doSetup).
struct PgsWorkspace {
  Eigen::VectorXi order;            ///< (n) sweep order: rows with findex < 0, then friction rows
  Eigen::VectorXd inverseDiagonal;  ///< (n) 1 / A_ii; 0 for rows that cannot move (A_ii ~ 0)
  Eigen::VectorXd product;          ///< (n) A x, for the dense back end (DenseRows)
  std::mt19937_64 rng;              ///< row shuffling; reseeded from PgsOptions::seed per solve

  void resize(int n);
};

/// Projected SOR Gauss-Seidel on the boxed LCP with friction index, the algorithm of
/// PgsSolver (see its class comment), on a row back end Rows: DenseRows (assembled A) or
/// MatrixFreeOperator (J, M^-1, cfm). Rows provides diagonal(i), begin(x), rowProduct(i, x)
/// = (A x)_i and update(i, delta).
/// @param[in,out] x (n) the start (projected onto the bounds first) on entry, the answer on exit
/// Sets report.status, iterations, message and the history. Allocates nothing (see
/// IterationMonitor for the history's first reservation).
template <class Rows>
void runPgs(Rows& rows,
            const ProblemView& problem,
            const PgsOptions& options,
            PgsWorkspace& workspace,
            Eigen::VectorXd& x,
            SolveReport& report);

}  // namespace mlcp::detail
