#pragma once

#include <mlcp/core/option_table.hpp>
#include <mlcp/core/options.hpp>

#include <string>
#include <string_view>

namespace mlcp {

/// The equation Phi(x) = 0 whose root NewtonSolver seeks (docs/newton.md, "Reformulations").
enum class Reformulation {
  /// Phi_i = x_i - mid(l_i, x_i - w_i / d_i, u_i): the spec's scaled natural map itself, so
  /// Phi = 0 is the solution and ||Phi||_inf / X is the scaled residual.
  MinMap,
  /// The Fischer-Burmeister function for boxes [Billups 1995, eq. (4)]: its merit function
  /// 1/2 ||Phi||^2 is continuously differentiable, which suits the line search; slower near
  /// degenerate rows.
  FischerBurmeister,
};

/// "min-map" or "fischer-burmeister".
std::string_view toString(Reformulation reformulation);

/// How NewtonSolver solves its linear systems.
enum class NewtonLinearSolver {
  /// Dense for small or dense problems, sparse otherwise (NewtonOptions::denseRows).
  Automatic,
  /// Eigen's dense LL^T (symmetric systems) or partial-pivoting LU.
  Dense,
  /// SuiteSparse: CHOLMOD's LL^T / LDL^T (symmetric systems), KLU's LU (the others).
  Sparse,
};

/// How NewtonSolver reaches the neighbourhood where its semismooth Newton steps converge
/// (docs/newton.md, "Globalisation").
enum class NewtonGlobalisation {
  /// A primal-dual interior-point phase on the constraints (Mehrotra's predictor-corrector),
  /// with semismooth Newton steps tried from its iterates once the scaled residual is below
  /// NewtonOptions::crossoverBelow (the crossover). The default ("newton").
  InteriorPoint,
  /// Semismooth Newton steps from the start, with a (non-monotone) Armijo line search on
  /// theta = 1/2 ||Phi||^2, Levenberg-Marquardt term and proximal centers ("newton-fb").
  LineSearch,
};

/// "interior-point" or "line-search".
std::string_view toString(NewtonGlobalisation globalisation);

/// Options of NewtonSolver. SolverOptions::maxIterations counts interior-point and Newton steps.
struct NewtonOptions : SolverOptions {
  NewtonOptions() {
    maxIterations = 100;
    relativeTolerance = 1e-10;
  }
  /// The equation solved (MinMap is the default, "newton"; "newton-fb" is FischerBurmeister).
  Reformulation reformulation = Reformulation::MinMap;
  /// How the steps get near a solution (InteriorPoint for "newton", LineSearch for
  /// "newton-fb").
  NewtonGlobalisation globalisation = NewtonGlobalisation::InteriorPoint;
  /// InteriorPoint: scaled residual (> 0) below which every interior-point iterate is tried as the
  /// start of semismooth Newton steps.
  double crossoverBelow = 1e-3;
  /// InteriorPoint: semismooth Newton steps (>= 1) a crossover may take to meet the tolerance; it
  /// is abandoned earlier when the residual grows 1e4-fold, and the interior-point phase goes on.
  int crossoverSteps = 5;
  /// Linear algebra of the Newton systems.
  NewtonLinearSolver linearSolver = NewtonLinearSolver::Automatic;
  /// Automatic uses the dense path up to this many rows (>= 0).
  int denseRows = 64;
  /// Levenberg-Marquardt (proximal) term mu added to the Jacobi-scaled free rows: mu = clamp(
  /// regularization * scaled residual, minimumRegularization, 1) [Fan & Yuan 2005] on the
  /// interior-point and line-search steps (a crossover's steps take minimumRegularization). It
  /// keeps the systems of a singular A (CFM 0, redundant contacts, closed loops) solvable and
  /// vanishes as the residual does, so convergence stays fast.
  double regularization = 1e-2;
  /// LineSearch: initial weight rho (>= 0) of the proximal term of the first problems, relative
  /// to the row scales: far from a solution the steps solve (A + rho D) x - (b + rho D xc)
  /// instead, xc the last center [Rockafellar 1976]; rho falls as those problems get easy
  /// (docs/newton.md).
  double proximalWeight = 1.0;
  /// Smallest mu (> 0): the systems stay positive definite in rounding.
  double minimumRegularization = 1e-12;
  /// LineSearch: Armijo's sufficient-decrease constant sigma of the line search on theta =
  /// 1/2 ||Phi||^2 (0 < sigma < 1/2).
  double armijo = 1e-4;
  /// LineSearch: non-monotone line search [Grippo et al. 1986]: theta is compared
  /// with the largest of the last `memory` accepted values (>= 1; 1 is the monotone Armijo rule).
  int memory = 1;
  /// LineSearch: step halvings per line search (>= 1); when they run out, mu grows a hundredfold
  /// and the direction is recomputed.
  int maxBacktracks = 30;
  /// InteriorPoint: steps in a row (>= 0) without the larger of the scaled and the relative
  /// residual falling below a tenth of the least before them, after which the phase stops as
  /// stalled (NewtonStatistics::stalled, status MaxIterations, a message saying the problem may
  /// have no solution); 0: only maxIterations ends it. Off by default: the 300-sphere pile goes
  /// 40 steps without such a fall and converges after them. `auto` sets 40 on its newton stage
  /// (docs/solver-selection.md, "When there is no answer").
  int stallSteps = 0;

  /// True when usable; otherwise *why names the violated constraint (Ceres style).
  bool isValid(std::string* why) const;
  /// The options table (docs/design.md, "Adding a solver"): name, kind, default, range and
  /// doc of each option, as the CLI flags and Python keywords take them.
  static const OptionTable<NewtonOptions>& table();
};

/// What the last NewtonSolver::solve() did beyond the common report.
struct NewtonStatistics {
  int factorizations = 0;        ///< numeric factorizations (the dominant cost)
  int symbolicAnalyses = 0;      ///< fill-reducing orderings computed (once per pattern)
  int backtracks = 0;            ///< step halvings in the line searches
  int regularizationRaises = 0;  ///< directions recomputed with a larger mu
  int unsymmetricSteps = 0;      ///< steps that needed the LU (sliding friction, non-symmetric A)
  int interiorPointSteps = 0;    ///< predictor-corrector steps of the interior-point phase
  int newtonSteps = 0;           ///< semismooth Newton steps (crossovers and line searches)
  int crossovers = 0;            ///< crossovers tried (the last one of a converged solve met it)
  int proximalCenters = 0;       ///< proximal problems (centers) the steps went through
  double regularization = 0.0;   ///< mu of the last step
  /// The interior-point phase stopped on a stall: NewtonOptions::stallSteps steps in a row
  /// without a residual below a tenth of the least before them (docs/solver-selection.md,
  /// "When there is no answer"); the status is then MaxIterations.
  bool stalled = false;
  std::string_view linearAlgebra = "none";  ///< "dense", "cholmod", "klu" of the last step
};

}  // namespace mlcp
