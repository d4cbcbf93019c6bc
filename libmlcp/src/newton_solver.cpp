#include "detail/box_projection.hpp"
#include "detail/iteration_monitor.hpp"
#include "detail/newton_map.hpp"
#include "detail/newton_system.hpp"

#include <mlcp/newton_solver.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <stdexcept>
#include <utility>
#include <vector>

namespace mlcp {

namespace detail {

/// NewtonSolver's vectors (n each), sized in doSetup().
struct NewtonWorkspace {
  Eigen::VectorXd x, w;                      ///< the iterate and w = A x - b
  Eigen::VectorXd phi;                       ///< Phi(x)
  Eigen::VectorXd d;                         ///< the spec's row scales d_i > 0
  Eigen::VectorXd dx, q;                     ///< the Newton step and A dx
  Eigen::VectorXd xTrial, wTrial, phiTrial;  ///< a line-search trial point
  Eigen::VectorXd best;                      ///< the iterate with the least scaled residual
  Eigen::VectorXd xBounds;     ///< the x whose normals bound the friction rows of a round
  JacobianRows rows;           ///< the generalized Jacobian at x
  std::vector<double> thetas;  ///< the last `memory` accepted theta (non-monotone rule)
  MapValue map;                ///< theta = 1/2 ||Phi(x)||^2 and the map's scaled residual

  void resize(int n) {
    for (Eigen::VectorXd* v :
         {&x, &w, &phi, &d, &dx, &q, &xTrial, &wTrial, &phiTrial, &best, &xBounds})
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

/// A friction round ends when its frozen problem's scaled residual is this fraction of the
/// problem's own: solving it further would not move the answer more than new bounds will.
constexpr double kRoundTolerance = 1e-2;
/// Below this scaled residual the steps take the friction bounds' derivative (the coupled
/// equation, quadratic convergence) instead of freezing them per round.
constexpr double kCoupledBelow = 1e-2;

/// Times a projected Newton step may grow its binding set and recompute its direction.
constexpr int kBindingPasses = 3;

/// The regularization mu of a step at the given scaled residual [Fan & Yuan 2005: mu ~ ||F||].
double regularizationFor(const NewtonOptions& options, double scaledResidual) {
  return std::clamp(options.regularization * scaledResidual, options.minimumRegularization, 1.0);
}

}  // namespace

std::string_view toString(Reformulation reformulation) {
  return reformulation == Reformulation::MinMap ? "min-map" : "fischer-burmeister";
}

bool NewtonOptions::isValid(std::string* why) const {
  if (!SolverOptions::isValid(why)) return false;
  auto fail = [why](std::string message) {
    if (why != nullptr) *why = std::move(message);
    return false;
  };
  if (denseRows < 0)
    return fail(fmt::format("NewtonOptions::denseRows = {}. Violated constraint: denseRows >= 0",
                            denseRows));
  if (!(regularization >= 0.0 && std::isfinite(regularization)))
    return fail(
        fmt::format("NewtonOptions::regularization = {}. Violated constraint: regularization >= 0",
                    regularization));
  if (!(minimumRegularization > 0.0 && minimumRegularization <= 1.0))
    return fail(
        fmt::format("NewtonOptions::minimumRegularization = {}. Violated constraint: 0 "
                    "< minimumRegularization <= 1",
                    minimumRegularization));
  if (!(armijo > 0.0 && armijo < 0.5))
    return fail(
        fmt::format("NewtonOptions::armijo = {}. Violated constraint: 0 < armijo < 0.5", armijo));
  if (memory < 1)
    return fail(
        fmt::format("NewtonOptions::memory = {}. Violated constraint: memory >= 1", memory));
  if (maxBacktracks < 1)
    return fail(
        fmt::format("NewtonOptions::maxBacktracks = {}. Violated constraint: maxBacktracks >= 1",
                    maxBacktracks));
  return true;
}

NewtonSolver::NewtonSolver(const NewtonOptions& options)
    : m_workspace(std::make_unique<detail::NewtonWorkspace>()),
      m_system(std::make_unique<detail::NewtonSystem>()) {
  setOptions(options);
}

NewtonSolver::~NewtonSolver() = default;

void NewtonSolver::setOptions(const NewtonOptions& options) {
  std::string why;
  if (!options.isValid(&why)) throw std::invalid_argument(why);
  m_options = options;
  m_workspace->thetas.assign(static_cast<size_t>(m_options.memory), 0.0);
}

std::string_view NewtonSolver::name() const {
  return m_options.reformulation == Reformulation::MinMap ? "newton" : "newton-fb";
}

Capabilities NewtonSolver::capabilities() const {
  Capabilities c;
  c.usesInitialGuess = true;
  c.iterative = true;  // stops on a tolerance; its residual history is worth plotting
  return c;
}

void NewtonSolver::doSetup(int n) {
  m_workspace->resize(n);
  m_system->resize(n);
  m_systemVersion = kNoMatrix;
}

bool NewtonSolver::direction(const ProblemView& problem, double& mu, bool decoupled) {
  detail::NewtonWorkspace& ws = *m_workspace;
  for (;;) {
    if (m_system->solve(problem, ws.rows, ws.phi, ws.d, mu, decoupled, m_options, ws.dx,
                        m_statistics))
      return true;
    if (mu >= 1.0) return false;
    mu = std::min(1.0, 100.0 * mu);
    ++m_statistics.regularizationRaises;
  }
}

bool NewtonSolver::lineSearch(const ProblemView& problem, bool frozen) {
  detail::NewtonWorkspace& ws = *m_workspace;
  problem.multiplyA(ws.dx, ws.q);
  const double reference = ws.referenceTheta();
  double t = 1.0;
  for (int k = 0; k < m_options.maxBacktracks; ++k, t *= 0.5) {
    ws.xTrial = ws.x + t * ws.dx;
    ws.wTrial = ws.w + t * ws.q;
    const detail::MapValue trial =
        detail::evaluateMap(m_options.reformulation, problem, ws.xTrial, ws.wTrial, ws.d,
                            frozen ? ws.xBounds : ws.xTrial, ws.phiTrial, nullptr);
    if (trial.theta <= reference - 2.0 * m_options.armijo * t * ws.map.theta) {
      ws.x.swap(ws.xTrial);
      return true;
    }
    ++m_statistics.backtracks;
  }
  return false;
}

NewtonSolver::StepOutcome NewtonSolver::step(const ProblemView& problem, bool frozen) {
  detail::NewtonWorkspace& ws = *m_workspace;
  double mu = regularizationFor(m_options, ws.map.scaled);
  for (;;) {
    if (!direction(problem, mu, false)) return StepOutcome::NoFactorization;
    if (lineSearch(problem, frozen)) break;
    if (mu >= 1.0) return StepOutcome::NoDecrease;
    mu = std::min(1.0, 100.0 * mu);
    ++m_statistics.regularizationRaises;
  }
  m_statistics.regularization = mu;
  return StepOutcome::Stepped;
}

NewtonSolver::StepOutcome NewtonSolver::boxStep(const ProblemView& problem) {
  detail::NewtonWorkspace& ws = *m_workspace;
  const int n = problem.size();
  // Binding rows [Bertsekas 1982, eq. (12)]: within epsilon = ||s||_inf of a bound that the
  // gradient w pushes against; they keep their x, the others take the regularised Newton step
  // on f(x) = 1/2 x^T A x - b^T x.
  const double epsilon = ws.map.scaled * ws.map.size;
  auto bind = [&](int i, bool binding) {
    ws.rows.alpha[i] = binding ? 1.0 : 0.0;
    ws.rows.beta[i] = binding ? 0.0 : 1.0;
    ws.rows.gamma[i] = 0.0;
    ws.phi[i] = ws.w[i] / ws.d[i];  // binding rows: the scaled gradient step -w_i / d_i
  };
  for (int i = 0; i < n; ++i) {
    double l = 0.0;
    double u = 0.0;
    detail::rowBounds(problem, ws.xBounds, i, l, u);
    const double v = ws.w[i] / ws.d[i];
    bind(i, u - l <= epsilon || (ws.x[i] - l <= epsilon && v > 0.0) ||
                (u - ws.x[i] <= epsilon && v < 0.0));
  }
  double mu = regularizationFor(m_options, ws.map.scaled);
  // A free row within epsilon of a bound whose step leaves the box would be cut back by the
  // projection, spoiling the step of the rows coupled to it: it joins the binding rows and the
  // step is recomputed (a few times at most).
  for (int pass = 0;; ++pass) {
    if (!direction(problem, mu, true)) return StepOutcome::NoFactorization;
    if (pass == kBindingPasses) break;
    bool grown = false;
    for (int i = 0; i < n; ++i) {
      if (ws.rows.beta[i] == 0.0) continue;
      double l = 0.0;
      double u = 0.0;
      detail::rowBounds(problem, ws.xBounds, i, l, u);
      if ((ws.x[i] - l <= epsilon && ws.dx[i] < 0.0) ||
          (u - ws.x[i] <= epsilon && ws.dx[i] > 0.0)) {
        bind(i, true);
        grown = true;
      }
    }
    if (!grown) break;
  }
  m_statistics.regularization = mu;
  // Armijo along the projection arc x(t) = P(x + t dx): f(x(t)) - f(x) = g^T D + 1/2 D^T A D
  // with D = x(t) - x, g = w, A D = w(t) - w.
  double t = 1.0;
  for (int k = 0; k < m_options.maxBacktracks; ++k, t *= 0.5) {
    ws.xTrial = ws.x + t * ws.dx;
    for (int i = 0; i < n; ++i) {
      double l = 0.0;
      double u = 0.0;
      detail::rowBounds(problem, ws.xBounds, i, l, u);
      ws.xTrial[i] = std::clamp(ws.xTrial[i], l, u);
    }
    ws.q = ws.xTrial - ws.x;
    const double slope = ws.w.dot(ws.q);
    if (slope < 0.0) {
      problem.multiplyA(ws.xTrial, ws.wTrial);
      ws.wTrial -= problem.b;
      const double change = slope + 0.5 * ws.q.dot(ws.wTrial - ws.w);
      if (change <= m_options.armijo * slope) {
        ws.x.swap(ws.xTrial);
        return StepOutcome::Stepped;
      }
    }
    ++m_statistics.backtracks;
  }
  return StepOutcome::NoDecrease;
}

void NewtonSolver::startRound(const ProblemView& problem) {
  detail::NewtonWorkspace& ws = *m_workspace;
  ws.xBounds = ws.x;
  detail::projectOntoBounds(problem, ws.x);
  ++m_statistics.frictionRounds;
}

detail::NaturalMap NewtonSolver::evaluate(const ProblemView& problem, bool frozen) {
  detail::NewtonWorkspace& ws = *m_workspace;
  problem.multiplyA(ws.x, ws.w);
  ws.w -= problem.b;
  ws.map = detail::evaluateMap(m_options.reformulation, problem, ws.x, ws.w, ws.d,
                               frozen ? ws.xBounds : ws.x, ws.phi, &ws.rows);
  return detail::naturalMapResidual(problem, ws.x, [&](int i) { return ws.w[i] + problem.b[i]; });
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
  const bool hasFriction = (problem.findex.array() >= 0).any();
  // Symmetric A: friction rounds, each a convex box QP solved by projected Newton, then the
  // coupled equation once the answer is close; otherwise the coupled equation throughout
  // (docs/newton.md, "Globalisation").
  const bool rounds = m_system->symmetricA() && m_options.reformulation == Reformulation::MinMap;
  double coupledBelow = kCoupledBelow;

  // Converged returns the iterate that met the test; the other statuses the best one seen.
  auto finish = [&](Status status) {
    report.status = status;
    x = status == Status::Converged ? ws.x : ws.best;
  };

  ws.x = x;
  detail::projectOntoBounds(problem, ws.x);
  bool frozen = rounds;
  ws.xBounds = ws.x;
  detail::NaturalMap residual = evaluate(problem, frozen);
  detail::NaturalMap best = residual;
  ws.best = ws.x;
  monitor.record(residual);
  std::fill(ws.thetas.begin(), ws.thetas.end(), ws.map.theta);
  if (monitor.meets(residual)) {
    finish(Status::Converged);
    detail::setMessage(report, "converged: the start meets the tolerance (scaled residual {:.3g})",
                       residual.scaled);
    return;
  }
  for (int iteration = 1; iteration <= m_options.maxIterations; ++iteration) {
    const StepOutcome outcome = frozen ? boxStep(problem) : step(problem, false);
    if (outcome == StepOutcome::NoFactorization) {
      finish(Status::NumericalFailure);
      detail::setMessage(report,
                         "the Newton system of step {} did not factor even with regularization "
                         "1 (best scaled residual {:.3g})",
                         iteration, best.scaled);
      return;
    }
    if (outcome == StepOutcome::NoDecrease && (!rounds || (frozen && !hasFriction))) {
      finish(Status::Inaccurate);
      detail::setMessage(report,
                         "step {}: the line search found no decrease even with regularization 1 "
                         "(a stationary point that is no solution?); best scaled residual {:.3g}",
                         iteration, best.scaled);
      return;
    }
    report.iterations = iteration;
    residual = evaluate(problem, frozen);
    monitor.record(residual);
    if (residual.scaled <= best.scaled) {
      best = residual;
      ws.best = ws.x;
    }
    if (monitor.meets(residual)) {
      finish(Status::Converged);
      detail::setMessage(report,
                         "converged: scaled residual {:.3g} after {} Newton steps ({} friction "
                         "rounds, {} factorizations, {})",
                         residual.scaled, iteration, m_statistics.frictionRounds,
                         m_statistics.factorizations, m_statistics.linearAlgebra);
      return;
    }
    if (monitor.timeIsUp()) {
      finish(Status::TimeLimit);
      detail::setMessage(report,
                         "time limit of {} s reached after {} Newton steps (best scaled "
                         "residual {:.3g})",
                         m_options.maxSeconds, iteration, best.scaled);
      return;
    }
    const bool roundDone =
        frozen && hasFriction &&
        (ws.map.scaled <= kRoundTolerance * residual.scaled || outcome == StepOutcome::NoDecrease);
    if (!frozen && outcome == StepOutcome::NoDecrease) coupledBelow = 0.1 * residual.scaled;
    if (roundDone || (!frozen && outcome == StepOutcome::NoDecrease)) {
      // New friction bounds from the normals, or the coupled equation once the answer is close.
      frozen = residual.scaled > coupledBelow;
      if (frozen) startRound(problem);
      evaluate(problem, frozen);
      std::fill(ws.thetas.begin(), ws.thetas.end(), ws.map.theta);  // a new merit function
    } else {
      ws.remember(ws.map.theta);
    }
    if (std::getenv("MLCP_NEWTON_DEBUG")) {
      std::fprintf(
          stderr,
          "it %d frozen %d theta %.3e map %.3e scaled %.3e rel %.3e mu %.1e bt %d rounds %d %s\n",
          iteration, frozen, ws.map.theta, ws.map.scaled, residual.scaled, residual.relative,
          m_statistics.regularization, m_statistics.backtracks, m_statistics.frictionRounds,
          std::string(m_statistics.linearAlgebra).c_str());
    }
  }
  finish(Status::MaxIterations);
  detail::setMessage(report, "step limit {} reached with best scaled residual {:.3g} > {:.3g}",
                     m_options.maxIterations, best.scaled, m_options.relativeTolerance);
}

}  // namespace mlcp
