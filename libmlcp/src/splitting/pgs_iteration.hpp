#pragma once

#include <mlcp/core/mixed_lcp.hpp>
#include <mlcp/splitting/pgs_options.hpp>

#include <Eigen/Core>

#include <cstdint>
#include <random>
#include <vector>

namespace mlcp::detail {

/// What a sweep needs of one row, packed in sweep order (one cache line instead of six arrays).
struct SweepRow {
  int row = 0;        ///< i
  int normal = -1;    ///< findex_i
  double step = 0.0;  ///< omega / A_ii; 0 for a row that cannot move (A_ii ~ 0)
  double b = 0.0;     ///< b_i
  double lo = 0.0;    ///< lo_i (findex_i < 0)
  double hi = 0.0;    ///< hi_i, mu on friction rows
};

/// Workspace of the PGS sweeps, sized once per n (PgsSolver::doSetup).
struct PgsWorkspace {
  std::vector<SweepRow> plan;       ///< (n) sweep order: rows with findex < 0, then friction rows
  Eigen::VectorXd inverseDiagonal;  ///< (n) 1 / A_ii; 0 for rows that cannot move (A_ii ~ 0)
  Eigen::VectorXd rowMax;           ///< (n) scratch of detail::inverseDiagonal()
  Eigen::VectorXd product;          ///< (n) A x, for the dense back end (DenseRows)
  /// Rows with A_ii ~ 0 (their x_i does not move w_i), set to their one-row answer after each
  /// sweep; capacity n.
  std::vector<int> degenerate;
  int normalRows = 0;   ///< rows with findex < 0 (the first part of the plan)
  std::mt19937_64 rng;  ///< row shuffling; reseeded from PgsOptions::seed per solve

  void resize(int n);
};

/// Fills workspace's sweep plan for the problem (PgsSolver's algorithm, steps 1 and the row
/// steps omega / A_ii), with the rows detail::inverseDiagonal() finds unable to move listed as
/// degenerate.
/// Returns false, with report.status Unsupported and x zero, when some A_ii < 0.
/// Allocates nothing (the workspace is sized for n).
template <class Rows>
bool preparePgs(Rows& rows,
                const ProblemView& problem,
                double relaxation,
                PgsWorkspace& workspace,
                Eigen::VectorXd& x,
                SolveReport& report);

/// One projected SOR sweep over workspace's plan (in its current order), then the degenerate
/// rows' one-row answers: PgsSolver's algorithm, step 3. Rows must be consistent with x
/// (Rows::begin) on entry and are kept so. Returns max_i |change of x_i| over the sweep.
template <class Rows>
double pgsSweep(Rows& rows,
                const ProblemView& problem,
                const PgsWorkspace& workspace,
                Eigen::VectorXd& x);

/// Projected SOR Gauss-Seidel on the boxed LCP with friction index, the algorithm of
/// PgsSolver (see its class comment), on a row back end Rows: DenseRows (assembled A) or
/// FactorOperator (J, M^-1, cfm). Rows provides diagonal(i), begin(x), rowProduct(i, x)
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
