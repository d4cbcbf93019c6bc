#include "core/box_projection.hpp"
#include "core/iteration_monitor.hpp"
#include "core/iterative_capabilities.hpp"
#include "newton/interior_point.hpp"
#include "newton/newton_map.hpp"
#include "newton/newton_system.hpp"

#include <mlcp/core/option_check.hpp>
#include <mlcp/newton/newton_solver.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <utility>
#include <vector>

namespace mlcp {

namespace detail {

/// NewtonSolver's vectors (n each), sized in doSetup().
struct NewtonWorkspace {
  Eigen::VectorXd x, w;                           ///< the iterate and w = A x - b
  Eigen::VectorXd phi;                            ///< Phi(x)
  Eigen::VectorXd d;                              ///< the spec's row scales d_i > 0
  Eigen::VectorXd dx, q;                          ///< the Newton step and A dx
  Eigen::VectorXd xTrial, wTrial, phiTrial;       ///< a line-search trial point
  Eigen::VectorXd best;                           ///< the iterate with the least scaled residual
  double bestScaled = 0.0;                        ///< its scaled residual
  Eigen::VectorXd xSaved, wSaved;                 ///< the iterate a crossover started from
  Eigen::VectorXd xCenter, wProximal, dProximal;  ///< the proximal problem's center, w, d
  double rho = 0.0;                               ///< the proximal weight (0: the problem itself)
  JacobianRows rows;                              ///< the generalized Jacobian at x
  std::vector<double> thetas;  ///< the last `memory` accepted theta (non-monotone rule)
  std::vector<NaturalMap> crossoverResiduals;  ///< the residuals of a crossover's steps
  MapValue map;  ///< theta = 1/2 ||Phi(x)||^2 and the map's scaled residual

  void resize(int n) {
    for (Eigen::VectorXd* v : {&x, &w, &phi, &d, &dx, &q, &xTrial, &wTrial, &phiTrial, &best,
                               &xSaved, &wSaved, &xCenter, &wProximal, &dProximal})
      v->resize(n);
    rows.resize(n);
  }
  /// The largest of the remembered theta values (the non-monotone reference).
  double referenceTheta() const { return *std::max_element(thetas.begin(), thetas.end()); }
  /// Remembers an accepted theta, forgetting the oldest.
  void remember(double value) {
    std::rotate(thetas.begin(), thetas.begin() + 1, thetas.end());
    thetas.back() = value;
  }
};

}  // namespace detail

namespace {

/// Scaled residual above which the steps start on a proximal problem.
constexpr double kProximalAbove = 1e-3;
/// Steps on one proximal problem before its center moves anyway (and rho grows).
constexpr int kInnerSteps = 12;
/// A proximal problem solved in at most this many steps lets rho fall tenfold.
constexpr int kEasySteps = 3;
/// rho below this falls to 0; a stuck step raises it to at least kSmallestRaisedWeight.
constexpr double kSmallestWeight = 1e-5;
constexpr double kSmallestRaisedWeight = 1e-2;

/// A fall of the residual (stallFigure) below this times the least before it restarts the count
/// of NewtonOptions::stallSteps.
constexpr double kStallFactor = 0.1;

/// What a stall is measured on: the larger of the scaled and the relative residual (the scaled
/// one alone falls while x grows without bound, on a problem without solution).
double stallFigure(const detail::NaturalMap& residual) {
  return std::max(residual.scaled, residual.relative);
}

/// The regularization mu of a step at the given scaled residual [Fan & Yuan 2005: mu ~ ||F||].
double regularizationFor(const NewtonOptions& options, double scaledResidual) {
  return std::clamp(options.regularization * scaledResidual, options.minimumRegularization, 1.0);
}

}  // namespace

std::string_view toString(Reformulation reformulation) {
  return reformulation == Reformulation::MinMap ? "min-map" : "fischer-burmeister";
}

std::string_view toString(NewtonGlobalisation globalisation) {
  return globalisation == NewtonGlobalisation::InteriorPoint ? "interior-point" : "line-search";
}

bool NewtonOptions::isValid(std::string* why) const {
  if (!SolverOptions::isValid(why)) return false;
  OptionCheck check("NewtonOptions", why);
  check.require(denseRows >= 0, "denseRows", denseRows, "denseRows >= 0");
  check.require(regularization >= 0.0 && std::isfinite(regularization), "regularization",
                regularization, "regularization >= 0");
  check.require(proximalWeight >= 0.0 && std::isfinite(proximalWeight), "proximalWeight",
                proximalWeight, "proximalWeight >= 0");
  check.require(minimumRegularization > 0.0 && minimumRegularization <= 1.0,
                "minimumRegularization", minimumRegularization, "0 < minimumRegularization <= 1");
  check.require(armijo > 0.0 && armijo < 0.5, "armijo", armijo, "0 < armijo < 0.5");
  check.require(memory >= 1, "memory", memory, "memory >= 1");
  check.require(crossoverBelow > 0.0 && std::isfinite(crossoverBelow), "crossoverBelow",
                crossoverBelow, "crossoverBelow > 0");
  check.require(crossoverSteps >= 1, "crossoverSteps", crossoverSteps, "crossoverSteps >= 1");
  check.require(maxBacktracks >= 1, "maxBacktracks", maxBacktracks, "maxBacktracks >= 1");
  check.require(stallSteps >= 0, "stallSteps", stallSteps, "stallSteps >= 0");
  return check.ok();
}

NewtonSolver::NewtonSolver(const NewtonOptions& options)
    : SolverWithOptions(options),
      m_workspace(std::make_unique<detail::NewtonWorkspace>()),
      m_system(std::make_unique<detail::NewtonSystem>()),
      m_interiorPoint(std::make_unique<detail::InteriorPoint>()) {
  onOptionsChanged(m_options);
}

NewtonSolver::~NewtonSolver() = default;

void NewtonSolver::onOptionsChanged(const NewtonOptions&) {
  m_workspace->thetas.assign(static_cast<size_t>(m_options.memory), 0.0);
  m_workspace->crossoverResiduals.resize(static_cast<size_t>(m_options.crossoverSteps));
}

std::string_view NewtonSolver::name() const {
  return m_options.reformulation == Reformulation::MinMap ? "newton" : "newton-fb";
}

Capabilities NewtonSolver::capabilities() const {
  // stops on a tolerance; its residual history is worth plotting
  return detail::iterativeCapabilities();
}

void NewtonSolver::doSetup(int n) {
  m_workspace->resize(n);
  m_system->resize(n);
  m_interiorPoint->resize(n);
  m_systemVersion = kNoMatrix;
}

bool NewtonSolver::direction(const ProblemView& problem, double& mu) {
  detail::NewtonWorkspace& ws = *m_workspace;
  for (;;) {
    if (m_system->factor(problem, ws.rows, ws.d, mu, m_options, m_statistics) &&
        m_system->solve(problem, ws.rows, ws.phi, ws.dx))
      return true;
    if (mu >= 1.0) return false;
    mu = std::min(1.0, 100.0 * mu);
    ++m_statistics.regularizationRaises;
  }
}

detail::MapValue NewtonSolver::proximalMap(const ProblemView& problem,
                                           const Eigen::VectorXd& x,
                                           const Eigen::VectorXd& w,
                                           Eigen::VectorXd& phi,
                                           detail::JacobianRows* rows) {
  detail::NewtonWorkspace& ws = *m_workspace;
  if (ws.rho == 0.0)
    return detail::evaluateMap(m_options.reformulation, problem, x, w, ws.d, phi, rows);
  // w' = w + rho D (x - xc), d' = (1 + rho) d; dv' = ((A dx)_i + rho d_i dx_i) / d'_i.
  ws.wProximal = w + ws.rho * ws.d.cwiseProduct(x - ws.xCenter);
  ws.dProximal = (1.0 + ws.rho) * ws.d;
  const detail::MapValue value = detail::evaluateMap(m_options.reformulation, problem, x,
                                                     ws.wProximal, ws.dProximal, phi, rows);
  if (rows != nullptr) {
    rows->alpha += rows->beta * (ws.rho / (1.0 + ws.rho));
    rows->beta /= 1.0 + ws.rho;
  }
  return value;
}

bool NewtonSolver::lineSearch(const ProblemView& problem) {
  detail::NewtonWorkspace& ws = *m_workspace;
  problem.multiplyA(ws.dx, ws.q);
  const double reference = ws.referenceTheta();
  double t = 1.0;
  for (int k = 0; k < m_options.maxBacktracks; ++k, t *= 0.5) {
    ws.xTrial = ws.x + t * ws.dx;
    ws.wTrial = ws.w + t * ws.q;
    const detail::MapValue trial = proximalMap(problem, ws.xTrial, ws.wTrial, ws.phiTrial, nullptr);
    if (trial.theta <= reference - 2.0 * m_options.armijo * t * ws.map.theta) {
      ws.x.swap(ws.xTrial);
      return true;
    }
    ++m_statistics.backtracks;
  }
  return false;
}

NewtonSolver::StepOutcome NewtonSolver::step(const ProblemView& problem) {
  detail::NewtonWorkspace& ws = *m_workspace;
  double mu = regularizationFor(m_options, ws.map.scaled);
  for (;;) {
    if (!direction(problem, mu)) return StepOutcome::NoFactorization;
    if (lineSearch(problem)) break;
    if (mu >= 1.0) return StepOutcome::NoDecrease;
    mu = std::min(1.0, 100.0 * mu);
    ++m_statistics.regularizationRaises;
  }
  m_statistics.regularization = mu;
  return StepOutcome::Stepped;
}

detail::NaturalMap NewtonSolver::evaluate(const ProblemView& problem) {
  detail::NewtonWorkspace& ws = *m_workspace;
  problem.multiplyA(ws.x, ws.w);
  ws.w -= problem.b;
  ws.map = proximalMap(problem, ws.x, ws.w, ws.phi, &ws.rows);
  return detail::naturalMapResidual(problem, ws.x, [&](int i) { return ws.w[i] + problem.b[i]; });
}

detail::NaturalMap NewtonSolver::residualOf(const ProblemView& problem) {
  detail::NewtonWorkspace& ws = *m_workspace;
  problem.multiplyA(ws.x, ws.w);
  ws.w -= problem.b;
  return detail::naturalMapResidual(problem, ws.x, [&](int i) { return ws.w[i] + problem.b[i]; });
}

void NewtonSolver::keepBest(const detail::NaturalMap& residual) {
  detail::NewtonWorkspace& ws = *m_workspace;
  if (residual.scaled <= ws.bestScaled) {
    ws.bestScaled = residual.scaled;
    ws.best = ws.x;
  }
}

void NewtonSolver::finish(Status status, Eigen::VectorXd& x, SolveReport& report) {
  report.status = status;
  x = status == Status::Converged ? m_workspace->x : m_workspace->best;
}

bool NewtonSolver::crossover(const ProblemView& problem,
                             detail::IterationMonitor& monitor,
                             int steps,
                             int& iteration) {
  detail::NewtonWorkspace& ws = *m_workspace;
  ++m_statistics.crossovers;
  ws.xSaved = ws.x;
  ws.wSaved = ws.w;
  ws.rho = 0.0;
  detail::NaturalMap residual = evaluate(problem);
  double least = residual.scaled;
  int taken = 0;
  bool met = false;
  while (taken < steps && iteration < m_options.maxIterations) {
    if (!m_system->factor(problem, ws.rows, ws.d, m_options.minimumRegularization, m_options,
                          m_statistics) ||
        !m_system->solve(problem, ws.rows, ws.phi, ws.dx))
      break;
    ws.x += ws.dx;
    ++iteration;
    ++m_statistics.newtonSteps;
    residual = evaluate(problem);
    ws.crossoverResiduals[static_cast<size_t>(taken++)] = residual;
    if (monitor.meets(residual)) {
      met = true;
      break;
    }
    // A Newton step from a point where the wrong pieces are active may go far before it comes
    // back: only a residual grown 1e4-fold (or not finite) ends the crossover early.
    if (!(residual.scaled <= 1e4 * least)) break;
    least = std::min(least, residual.scaled);
  }
  if (!met) {
    ws.x = ws.xSaved;
    ws.w = ws.wSaved;
    return false;
  }
  for (int k = 0; k < taken; ++k) monitor.record(ws.crossoverResiduals[static_cast<size_t>(k)]);
  return true;
}

void NewtonSolver::solveInteriorPoint(const ProblemView& problem,
                                      detail::IterationMonitor& monitor,
                                      SolveReport& report) {
  detail::NewtonWorkspace& ws = *m_workspace;
  int iteration = 0;
  // A given start (a simulation's previous answer), or x = 0 when it nearly solves the problem
  // already (below 10 crossoverBelow: articulated chains at rest), is tried first: near a
  // solution the Newton steps converge at once.
  if ((ws.x.cwiseAbs().maxCoeff() > 0.0 || ws.bestScaled < 10.0 * m_options.crossoverBelow) &&
      crossover(problem, monitor, m_options.crossoverSteps, iteration)) {
    report.iterations = iteration;
    report.status = Status::Converged;
    return;
  }
  m_interiorPoint->start(problem, ws.d, ws.x);
  detail::NaturalMap residual = residualOf(problem);
  monitor.record(residual);
  // One Newton step from the interior start: on stacks and chains it lands on the answer (the
  // start is central, its pieces are the solution's).
  if (crossover(problem, monitor, 1, iteration)) {
    report.iterations = iteration;
    report.status = Status::Converged;
    return;
  }
  double attempted = residual.scaled;             // the residual of the last crossover's start
  double stallReference = stallFigure(residual);  // the last figure that fell by kStallFactor
  int stallSteps = 0;
  while (iteration < m_options.maxIterations) {
    keepBest(residual);
    if (monitor.meets(residual)) break;
    if (monitor.timeIsUp()) {
      report.iterations = iteration;
      report.status = Status::TimeLimit;
      return;
    }
    // Crossovers below crossoverBelow, each from a residual a tenth of the last one's: a failed
    // one costs up to crossoverSteps factorizations (measured on the captured set, docs/newton.md).
    if (residual.scaled < m_options.crossoverBelow && residual.scaled < 0.1 * attempted) {
      attempted = residual.scaled;
      if (crossover(problem, monitor, m_options.crossoverSteps, iteration)) {
        report.iterations = iteration;
        report.status = Status::Converged;
        return;
      }
    }
    if (iteration >= m_options.maxIterations) break;
    // The Levenberg-Marquardt term keeps singular A (redundant contacts, nub rows of a loop)
    // solvable; it vanishes with the residual [Fan & Yuan 2005].
    double mu = regularizationFor(m_options, std::min(residual.scaled, 1.0));
    while (
        !m_interiorPoint->step(problem, ws.d, ws.w, mu, m_options, *m_system, ws.x, m_statistics)) {
      if (mu >= 1.0) {
        report.iterations = iteration;
        report.status = Status::NumericalFailure;
        return;
      }
      mu = std::min(1.0, 100.0 * mu);
      ++m_statistics.regularizationRaises;
    }
    m_statistics.regularization = mu;
    ++iteration;
    residual = residualOf(problem);
    monitor.record(residual);
    if (stallFigure(residual) < kStallFactor * stallReference) {
      stallReference = stallFigure(residual);
      stallSteps = 0;
    } else if (m_options.stallSteps > 0 && ++stallSteps >= m_options.stallSteps &&
               !monitor.meets(residual)) {
      keepBest(residual);
      m_statistics.stalled = true;
      break;
    }
  }
  report.iterations = iteration;
  report.status = monitor.meets(residual) ? Status::Converged : Status::MaxIterations;
}

void NewtonSolver::solveLineSearch(const ProblemView& problem,
                                   detail::IterationMonitor& monitor,
                                   SolveReport& report) {
  detail::NewtonWorkspace& ws = *m_workspace;
  // Far from a solution, steps on the proximal problem (A + rho D, b + rho D xc); rho falls as
  // the proximal problems get easy, down to 0 (the problem itself: quadratic convergence).
  ws.xCenter = ws.x;
  ws.rho = ws.bestScaled > kProximalAbove ? m_options.proximalWeight : 0.0;
  int innerSteps = 0;
  evaluate(problem);
  std::fill(ws.thetas.begin(), ws.thetas.end(), ws.map.theta);
  report.status = Status::MaxIterations;
  for (int iteration = 1; iteration <= m_options.maxIterations; ++iteration) {
    const StepOutcome outcome = step(problem);
    if (outcome == StepOutcome::NoFactorization) {
      report.status = Status::NumericalFailure;
      return;
    }
    ++innerSteps;
    ++m_statistics.newtonSteps;
    report.iterations = iteration;
    const detail::NaturalMap residual = evaluate(problem);
    monitor.record(residual);
    keepBest(residual);
    if (monitor.meets(residual)) {
      report.status = Status::Converged;
      return;
    }
    if (monitor.timeIsUp()) {
      report.status = Status::TimeLimit;
      return;
    }
    // The proximal problem is solved (or stuck): a new center, rho from the effort it took.
    const bool solved = ws.rho > 0.0 && ws.map.scaled <= 0.1 * residual.scaled;
    const bool stuck = outcome == StepOutcome::NoDecrease || innerSteps >= kInnerSteps;
    if (solved || stuck) {
      if (stuck)
        ws.rho = std::max(10.0 * ws.rho, kSmallestRaisedWeight);
      else if (innerSteps <= kEasySteps)
        ws.rho = ws.rho < kSmallestWeight ? 0.0 : 0.1 * ws.rho;
      ws.xCenter = ws.x;
      innerSteps = 0;
      ++m_statistics.proximalCenters;
      evaluate(problem);
      std::fill(ws.thetas.begin(), ws.thetas.end(), ws.map.theta);
    } else {
      ws.remember(ws.map.theta);
    }
  }
}

void NewtonSolver::doSolve(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) {
  const int n = problem.size();
  m_statistics = {};
  detail::IterationMonitor monitor(m_options, report);
  detail::NewtonWorkspace& ws = *m_workspace;
  if (m_systemVersion != matrixVersion()) {
    m_system->setMatrix(problem, matrixVersion());
    m_systemVersion = matrixVersion();
  }
  const Eigen::VectorXd& scalesOfA = problem.rowScalesA();
  for (int i = 0; i < n; ++i) ws.d[i] = rowScale(scalesOfA[i], problem.b[i]);

  ws.x = x;
  detail::projectOntoBounds(problem, ws.x);
  ws.rho = 0.0;
  const detail::NaturalMap start = evaluate(problem);
  ws.best = ws.x;
  ws.bestScaled = start.scaled;
  monitor.record(start);
  if (monitor.meets(start)) {
    finish(Status::Converged, x, report);
    detail::setMessage(
        report, FMT_COMPILE("converged: the start meets the tolerance (scaled residual {:.3g})"),
        start.scaled);
    return;
  }
  const bool interiorPoint = m_options.globalisation == NewtonGlobalisation::InteriorPoint &&
                             m_interiorPoint->setUp(problem);
  if (interiorPoint)
    solveInteriorPoint(problem, monitor, report);
  else
    solveLineSearch(problem, monitor, report);
  finish(report.status, x, report);
  switch (report.status) {
    case Status::Converged:
      detail::setMessage(report,
                         FMT_COMPILE("converged after {} steps ({} interior-point, {} Newton in {} "
                                     "crossovers, {} factorizations, {})"),
                         report.iterations, m_statistics.interiorPointSteps,
                         m_statistics.newtonSteps, m_statistics.crossovers,
                         m_statistics.factorizations, m_statistics.linearAlgebra);
      break;
    case Status::NumericalFailure:
      detail::setMessage(
          report,
          FMT_COMPILE("the Newton system of step {} did not factor even with regularization "
                      "1 (best scaled residual {:.3g})"),
          report.iterations + 1, ws.bestScaled);
      break;
    case Status::TimeLimit:
      detail::setMessage(
          report,
          FMT_COMPILE("time limit of {} s reached after {} steps (best scaled residual {:.3g})"),
          m_options.maxSeconds, report.iterations, ws.bestScaled);
      break;
    default:
      if (m_statistics.stalled)
        detail::setMessage(
            report,
            FMT_COMPILE("stalled after {} steps: {} interior-point steps in a row without a "
                        "residual below {} times the least before them (best scaled residual "
                        "{:.3g} > {:.3g}): the problem may have no solution"),
            report.iterations, m_options.stallSteps, kStallFactor, ws.bestScaled,
            m_options.relativeTolerance);
      else
        detail::setMessage(
            report, FMT_COMPILE("step limit {} reached with best scaled residual {:.3g} > {:.3g}"),
            m_options.maxIterations, ws.bestScaled, m_options.relativeTolerance);
  }
}

const OptionTable<NewtonOptions>& NewtonOptions::table() {
  static const OptionTable<NewtonOptions> table(commonOptionFields<NewtonOptions>(
      {choice<NewtonOptions>("reformulation", &NewtonOptions::reformulation,
                             {{"min-map", Reformulation::MinMap},
                              {"fischer-burmeister", Reformulation::FischerBurmeister}},
                             "The equation solved"),
       choice<NewtonOptions>("globalisation", &NewtonOptions::globalisation,
                             {{"interior-point", NewtonGlobalisation::InteriorPoint},
                              {"line-search", NewtonGlobalisation::LineSearch}},
                             "How the steps reach a solution"),
       option<NewtonOptions>("crossover_below", &NewtonOptions::crossoverBelow, "> 0",
                             "Interior point: scaled residual below which crossovers are tried"),
       option<NewtonOptions>("crossover_steps", &NewtonOptions::crossoverSteps, ">= 1",
                             "Interior point: Newton steps per crossover"),
       choice<NewtonOptions>("linear_solver", &NewtonOptions::linearSolver,
                             {{"automatic", NewtonLinearSolver::Automatic},
                              {"dense", NewtonLinearSolver::Dense},
                              {"sparse", NewtonLinearSolver::Sparse}},
                             "Linear algebra of the Newton systems"),
       option<NewtonOptions>("dense_system_rows", &NewtonOptions::denseRows, ">= 0",
                             "Automatic: dense Newton systems up to this many rows"),
       option<NewtonOptions>("regularization", &NewtonOptions::regularization, ">= 0",
                             "Levenberg-Marquardt term relative to the residual"),
       option<NewtonOptions>("proximal_weight", &NewtonOptions::proximalWeight, ">= 0",
                             "Line search: initial proximal weight"),
       option<NewtonOptions>("minimum_regularization", &NewtonOptions::minimumRegularization,
                             "0 < minimum_regularization <= 1",
                             "Smallest Levenberg-Marquardt term"),
       option<NewtonOptions>("armijo", &NewtonOptions::armijo, "0 < armijo < 0.5",
                             "Line search: sufficient-decrease constant"),
       option<NewtonOptions>("memory", &NewtonOptions::memory, ">= 1",
                             "Line search: non-monotone memory (1: monotone)"),
       option<NewtonOptions>("max_backtracks", &NewtonOptions::maxBacktracks, ">= 1",
                             "Line search: step halvings per search"),
       option<NewtonOptions>("stall_steps", &NewtonOptions::stallSteps, ">= 0",
                             "Interior point: steps without a tenfold fall that end the solve as "
                             "stalled (0: off)")}));
  return table;
}

}  // namespace mlcp
