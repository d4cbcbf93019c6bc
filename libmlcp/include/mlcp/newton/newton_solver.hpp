#pragma once

#include <mlcp/core/solver_with_options.hpp>
#include <mlcp/newton/newton_options.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace mlcp {

namespace detail {
class InteriorPoint;
class IterationMonitor;
struct NaturalMap;
class NewtonSystem;
struct NewtonWorkspace;
struct MapValue;
struct JacobianRows;
}  // namespace detail

/// Semismooth Newton method for the boxed LCP with friction index (docs/newton.md): finds a
/// root of Phi(x) = 0, a reformulation of the complementarity conditions (min/mid map, or
/// Fischer-Burmeister for boxes) in which the friction bounds +-mu x_k are part of the equation
/// and of its generalized Jacobian [Qi & Sun 1993; De Luca, Facchinei & Kanzow 1996; Billups
/// 1995].
///
/// Globalisation (NewtonOptions::globalisation): InteriorPoint ("newton") runs a primal-dual
/// interior-point phase on the rows' constraints, the friction ones written x_i + mu_i x_k >= 0,
/// mu_i x_k - x_i >= 0 with multipliers that do not enter the normal's row (Coulomb friction is
/// not associated: the KKT system of a quasi-variational inequality), with Mehrotra's
/// predictor-corrector [Mehrotra 1992; Wright 1997, ch. 10], and tries full semismooth Newton
/// steps on the min-map from its iterates (the crossover: on the answer's pieces one step lands
/// on it). LineSearch ("newton-fb") takes Newton steps from the start with a non-monotone Armijo
/// line search on theta = 1/2 ||Phi||^2, a Levenberg-Marquardt term and proximal centers.
///
/// Used terms (docs/conventions.md): A (n x n), b, lo, hi, findex (n), nub; w = A x - b;
/// effective bounds l_i, u_i (u_i = |hi_i x_k| on friction rows); d_i the spec's row scale;
/// S = D^-1/2 A D^-1/2 the Jacobi-scaled A.
///
/// Linear algebra: each step factors S plus diagonal terms, with the friction couplings
/// (i, findex_i); unit rows of the min-map are eliminated. Symmetric systems (symmetric A, no
/// coupling left) by LL^T (CHOLMOD, dense Eigen up to denseRows), the others by LU (KLU with
/// static pivoting and iterative refinement, dense Eigen). Symbolic analyses are kept while
/// the pattern of A and findex is the same, across iterations and across the steps of a
/// simulation.
///
/// Status: Converged when SolverOptions::accepts holds (default tolerance 1e-10);
/// MaxIterations; NumericalFailure when a Newton system does not factor even with
/// regularization 1; TimeLimit. Uses the initial guess (a crossover from it is tried first).
/// Any A: the interior-point phase needs the normals of friction rows to have lo_k >= 0 (else
/// the line search runs); non-symmetric A (circuits) goes through the LU. Problems far from
/// monotone (Siconos' deltasigma, lcp_tobenna) and about one settling-pile step in nine do not
/// converge (Lemke solves them).
/// Cost per step: one numeric factorization (O(nonzeros of the factor) memory), two solves, one
/// product A x. Memory: O(nonzeros of A and of the factors), set up per pattern. solve()
/// allocates nothing after the first solve at a given pattern, except when KLU meets a zero
/// pivot with the pivot order it kept and pivots anew.
class NewtonSolver final : public SolverWithOptions<NewtonOptions> {
 public:
  /// @throws std::invalid_argument when options are not valid (NewtonOptions::isValid).
  explicit NewtonSolver(const NewtonOptions& options = {});
  ~NewtonSolver() override;

  /// What the last solve did.
  const NewtonStatistics& statistics() const { return m_statistics; }

  /// "newton" (min-map) or "newton-fb" (Fischer-Burmeister).
  std::string_view name() const override;
  Capabilities capabilities() const override;

 protected:
  void doSetup(int n) override;
  void doSolve(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) override;

 private:
  /// Sizes the step history (memory) and the crossover window (crossoverSteps).
  void onOptionsChanged(const NewtonOptions& previous) override;
  enum class StepOutcome { Stepped, NoDecrease, NoFactorization };

  /// The interior-point globalisation from the workspace's x: tries semismooth Newton steps
  /// from it when it is an initial guess, then runs the interior-point phase with crossovers.
  void solveInteriorPoint(const ProblemView& problem,
                          detail::IterationMonitor& monitor,
                          SolveReport& report);
  /// The line-search globalisation from the workspace's x.
  void solveLineSearch(const ProblemView& problem,
                       detail::IterationMonitor& monitor,
                       SolveReport& report);
  /// Full semismooth Newton steps (mu = minimumRegularization) from the workspace's x, at most
  /// `steps` and within the iteration limit: true when they met the tolerance (x is then the
  /// answer and their residuals are recorded); otherwise x and w are restored. `iteration`
  /// counts the steps taken.
  bool crossover(const ProblemView& problem,
                 detail::IterationMonitor& monitor,
                 int steps,
                 int& iteration);
  /// Sets the status and x: the iterate that met the test when Converged, else the best one.
  void finish(Status status, Eigen::VectorXd& x, SolveReport& report);
  /// w = A x - b of the workspace's x and the problem's spec residuals of x.
  detail::NaturalMap residualOf(const ProblemView& problem);
  /// Remembers x as the best iterate when its residual is the least so far.
  void keepBest(const detail::NaturalMap& residual);

  /// x's w, Phi and the Jacobian rows (of the proximal problem when rho > 0), and the
  /// problem's own spec residuals of x.
  detail::NaturalMap evaluate(const ProblemView& problem);
  /// Phi (n) and theta at (x, w) of the proximal problem (A + rho D, b + rho D xc): the
  /// problem itself when rho = 0; the Jacobian rows when rows is given.
  detail::MapValue proximalMap(const ProblemView& problem,
                               const Eigen::VectorXd& x,
                               const Eigen::VectorXd& w,
                               Eigen::VectorXd& phi,
                               detail::JacobianRows* rows);
  /// One Newton step with line search, raising mu until the system factors and the step
  /// decreases theta.
  StepOutcome step(const ProblemView& problem);
  /// Direction of the Newton step at the workspace's x, regularised by mu (raised until the
  /// system factors); false when no mu up to 1 gives one.
  bool direction(const ProblemView& problem, double& mu);
  /// Backtracks from x along the direction; true when a step met the (non-monotone) Armijo
  /// rule.
  bool lineSearch(const ProblemView& problem);

  static constexpr std::uint64_t kNoMatrix = ~std::uint64_t{0};

  NewtonStatistics m_statistics;
  std::uint64_t m_systemVersion = kNoMatrix;  // matrixVersion() m_system was set up for
  std::unique_ptr<detail::NewtonWorkspace> m_workspace;
  std::unique_ptr<detail::NewtonSystem> m_system;
  std::unique_ptr<detail::InteriorPoint> m_interiorPoint;
};

}  // namespace mlcp
