#include "core/box_projection.hpp"
#include "core/clock.hpp"
#include "core/report_message.hpp"
#include "newton/body_space_hessian.hpp"
#include "newton/primal_line_search.hpp"

#include <mlcp/core/option_check.hpp>
#include <mlcp/newton/primal_newton_solver.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>

namespace mlcp {

namespace {

/// A Newton step of at most this times |v|_inf is rounding (unit roundoff 1.1e-16, times the
/// condition of H).
constexpr double kNegligibleStep = 1e-13;
/// A round that changes x by at most this times the tolerance times |x| has stalled.
constexpr double kStalledRound = 1e-3;

/// The piece of psi_i a row's z_i = s_i / C_i lies on: below its box (x_i = l_i; also a box of
/// one point), inside, above (x_i = u_i). x(v) on one piece is linear in v, so steps that keep
/// every row's piece keep f quadratic (eq. P4).
constexpr std::uint8_t kBelow = 0;
constexpr std::uint8_t kInside = 1;
constexpr std::uint8_t kAbove = 2;

std::uint8_t pieceOf(double z, double l, double u) {
  if (z > l && z < u) return kInside;
  return z <= l || l == u ? kBelow : kAbove;
}

/// The proximal delta_i of a row (eq. P6): proximal A_ii, or proximal max_j A_jj on a zero row
/// (A_ii = 0), or proximal on a zero A.
double proximalDelta(double proximal, double diagonal, double largestDiagonal) {
  if (diagonal > 0.0) return proximal * diagonal;
  return proximal * (largestDiagonal > 0.0 ? largestDiagonal : 1.0);
}

}  // namespace

bool PrimalNewtonOptions::isValid(std::string* why) const {
  if (!SolverOptions::isValid(why)) return false;
  OptionCheck check("PrimalNewtonOptions", why);
  check.require(proximal > 0.0 && proximal < 1.0, "proximal", proximal, "0 < proximal < 1");
  check.require(maxRounds >= 1, "maxRounds", maxRounds, "maxRounds >= 1");
  check.require(frictionDamping > 0.0 && frictionDamping <= 1.0, "frictionDamping", frictionDamping,
                "0 < frictionDamping <= 1");
  check.require(sparseAboveRank >= 0, "sparseAboveRank", sparseAboveRank, "sparseAboveRank >= 0");
  lowRank.require(check);
  return check.ok();
}

PrimalNewtonSolver::PrimalNewtonSolver(const PrimalNewtonOptions& options)
    : SolverWithOptions(options), m_hessian(std::make_unique<detail::BodySpaceHessian>()) {}

PrimalNewtonSolver::~PrimalNewtonSolver() = default;

void PrimalNewtonSolver::onOptionsChanged(const PrimalNewtonOptions& previous) {
  const bool sameForm = previous.lowRank == m_options.lowRank &&
                        previous.sparseAboveRank == m_options.sparseAboveRank &&
                        previous.supernodal == m_options.supernodal;
  if (sameForm) return;
  m_form.reset();
  m_sparseForm.reset();
  m_formSearched = false;
}

Capabilities PrimalNewtonSolver::capabilities() const {
  Capabilities capabilities;
  capabilities.usesInitialGuess = true;
  capabilities.iterative = true;
  capabilities.requiresLowRankForm = true;
  return capabilities;
}

void PrimalNewtonSolver::doSetup(int n) {
  for (Eigen::VectorXd* vector :
       {&m_C, &m_extra, &m_l, &m_u, &m_shiftedB, &m_s, &m_Gd, &m_Ax, &m_D, &m_previous, &m_normals})
    vector->resize(n);
  m_pieces.assign(static_cast<size_t>(n), 0);
  m_factoredPieces.assign(static_cast<size_t>(n), 0);
  m_events.reserve(2 * static_cast<size_t>(n));
}

void PrimalNewtonSolver::searchForm(const ProblemView& problem) {
  ChosenLowRankForm chosen =
      chooseLowRankForm(problem.A, m_options.lowRank, m_options.sparseAboveRank);
  m_form = std::move(chosen.dense);
  m_sparseForm = std::move(chosen.sparse);
  if (m_sparseForm)
    m_hessian->setup(m_sparseForm->G, m_options.supernodal);
  else if (m_form)
    m_hessian->setup(m_form->G);
}

bool PrimalNewtonSolver::prepareForm(const ProblemView& problem, SolveReport& report) {
  if (!m_formSearched || m_formVersion != matrixVersion()) {
    searchForm(problem);
    m_formVersion = matrixVersion();
    m_formSearched = true;
  } else {
    m_statistics.formReused = true;
  }
  const Eigen::Index r = m_sparseForm ? m_sparseForm->G.cols() : (m_form ? m_form->G.cols() : 0);
  if (m_sparseForm || m_form) {
    m_statistics.rank = static_cast<int>(r);
    m_statistics.sparse = m_sparseForm.has_value();
    for (Eigen::VectorXd* vector : {&m_v, &m_gradient, &m_direction, &m_r}) vector->resize(r);
    return true;
  }
  report.status = Status::Unsupported;
  detail::setMessage(
      report.message,
      FMT_COMPILE("A has no low-rank form G G^T + diag(C) with r <= {} and r <= {} n (not "
                  "symmetric, or of full rank): use newton or dantzig"),
      m_options.lowRank.maxRank, m_options.lowRank.maxRankFraction);
  return false;
}

void PrimalNewtonSolver::setupDiagonal() {
  const Eigen::VectorXd& C = m_sparseForm ? m_sparseForm->C : m_form->C;
  const Eigen::Index n = C.size();
  for (Eigen::Index i = 0; i < n; ++i)
    m_Ax[i] = C[i] + (m_sparseForm ? m_sparseForm->G.row(i).squaredNorm()
                                   : m_form->G.row(i).squaredNorm());  // A_ii
  const double largest = n > 0 ? m_Ax.maxCoeff() : 0.0;
  for (Eigen::Index i = 0; i < n; ++i) {
    m_C[i] = std::max(C[i], proximalDelta(m_options.proximal, m_Ax[i], largest));
    m_extra[i] = m_C[i] - C[i];
  }
}

void PrimalNewtonSolver::multiplyGt(const Eigen::VectorXd& x, Eigen::VectorXd& out) const {
  if (m_sparseForm)
    out.noalias() = m_sparseForm->G.transpose() * x;
  else
    out.noalias() = m_form->G.transpose() * x;
}

void PrimalNewtonSolver::multiplyG(const Eigen::VectorXd& v, Eigen::VectorXd& out) const {
  if (m_sparseForm)
    out.noalias() = m_sparseForm->G * v;
  else
    out.noalias() = m_form->G * v;
}

void PrimalNewtonSolver::fixBounds(const ProblemView& problem, const Eigen::VectorXd& normals) {
  for (int i = 0; i < problem.size(); ++i) detail::rowBounds(problem, normals, i, m_l[i], m_u[i]);
}

double PrimalNewtonSolver::evaluate(Eigen::VectorXd& x) {
  multiplyG(m_v, m_s);
  m_s = m_shiftedB - m_s;
  for (Eigen::Index i = 0; i < x.size(); ++i) {
    const double z = m_s[i] / m_C[i];
    x[i] = std::clamp(z, m_l[i], m_u[i]);
    m_pieces[static_cast<size_t>(i)] = pieceOf(z, m_l[i], m_u[i]);
  }
  multiplyGt(x, m_r);
  m_gradient = m_v - m_r;
  return m_gradient.lpNorm<Eigen::Infinity>();
}

double PrimalNewtonSolver::lineSearch(double slope) {
  const double before = detail::nowSeconds();
  detail::LineSearchTerms terms;
  terms.slope = slope;
  terms.dd = m_direction.squaredNorm();
  terms.s = &m_s;
  terms.g = &m_Gd;
  terms.C = &m_C;
  terms.l = &m_l;
  terms.u = &m_u;
  const double t = detail::exactLineSearch(terms, m_events);
  m_statistics.lineSearchSeconds += detail::nowSeconds() - before;
  return t;
}

bool PrimalNewtonSolver::factorHessian(int size, SolveReport& report) {
  const double before = detail::nowSeconds();
  for (Eigen::Index i = 0; i < size; ++i)
    m_D[i] = m_pieces[static_cast<size_t>(i)] == kInside ? 1.0 / m_C[i] : 0.0;
  m_haveFactor = m_hessian->factor(m_D);
  m_factoredPieces = m_pieces;
  ++m_statistics.factorizations;
  m_statistics.factorSeconds += detail::nowSeconds() - before;
  if (m_haveFactor) return true;
  report.status = Status::SingularPivot;
  detail::setMessage(report.message,
                     FMT_COMPILE("H = I + G^T D G (r = {}) did not factor in step {}"),
                     m_statistics.rank, m_statistics.newtonIterations + 1);
  return false;
}

bool PrimalNewtonSolver::newtonRound(Eigen::VectorXd& x, SolveReport& report) {
  const bool oneStep = m_options.frictionUpdate == FrictionUpdate::Iteration;
  double gradient = evaluate(x);
  for (int step = 0; m_statistics.newtonIterations < m_options.maxIterations; ++step) {
    if (!(gradient > 0.0) || (oneStep && step == 1) || outOfTime()) return true;
    if (!m_haveFactor || m_pieces != m_factoredPieces) {
      if (!factorHessian(static_cast<int>(x.size()), report)) return false;
    } else {
      ++m_statistics.reusedFactors;
    }
    m_gradient = -m_gradient;
    m_hessian->solve(m_gradient, m_direction);
    const double slope = -m_direction.dot(m_gradient);  // phi'(0) = d^T grad f(v)
    ++m_statistics.newtonIterations;
    // The full step first: where every row stays on its piece (those of the factor), grad f(v +
    // d) = grad f(v) + H d = 0, and v + d is the minimum (the round's answer).
    m_v += m_direction;
    gradient = evaluate(x);
    if (m_pieces == m_factoredPieces) return true;
    m_v -= m_direction;
    multiplyG(m_direction, m_Gd);
    m_s += m_Gd;  // back to b' - G v
    const double t = lineSearch(slope);
    if (!(t > 0.0)) return true;  // d is no descent direction in rounding: the round ends
    m_v += t * m_direction;
    gradient = evaluate(x);
    // A step within rounding of v: the free rows flip on noise, the round's minimum is reached.
    if (t * m_direction.lpNorm<Eigen::Infinity>() <=
        kNegligibleStep * m_v.lpNorm<Eigen::Infinity>())
      return true;
  }
  return true;
}

detail::NaturalMap PrimalNewtonSolver::residualOf(const ProblemView& problem,
                                                  const Eigen::VectorXd& x) {
  const Eigen::VectorXd& C = m_sparseForm ? m_sparseForm->C : m_form->C;
  multiplyGt(x, m_r);
  multiplyG(m_r, m_Ax);
  m_Ax += C.cwiseProduct(x);
  return detail::naturalMapResidual(problem, x, [&](int i) { return m_Ax[i]; });
}

bool PrimalNewtonSolver::outOfTime() const {
  return m_options.maxSeconds > 0.0 && detail::nowSeconds() - m_start > m_options.maxSeconds;
}

void PrimalNewtonSolver::doSolve(const ProblemView& problem,
                                 Eigen::VectorXd& x,
                                 SolveReport& report) {
  m_statistics = {};
  m_start = detail::nowSeconds();
  if (!prepareForm(problem, report)) return;
  setupDiagonal();
  m_statistics.warmStarted = !x.isZero(0.0);
  detail::projectOntoBounds(problem, x);
  multiplyGt(x, m_v);  // v0 = G^T x0
  m_haveFactor = false;
  report.status = Status::MaxIterations;
  // A warm start that is the answer already (the same problem again) costs one residual.
  detail::NaturalMap map = residualOf(problem, x);
  if (m_options.accepts(map.absolute, map.relative, map.scaled)) report.status = Status::Converged;
  while (report.status != Status::Converged && m_statistics.rounds < m_options.maxRounds) {
    ++m_statistics.rounds;
    // Tresca: the friction bounds from normals moved frictionDamping of the way to x (eq. P7).
    if (m_statistics.rounds == 1)
      m_normals = x;
    else
      m_normals += m_options.frictionDamping * (x - m_normals);
    fixBounds(problem, m_normals);
    m_shiftedB = problem.b + m_extra.cwiseProduct(x);  // the proximal anchor x_prox = x
    m_previous = x;
    if (!newtonRound(x, report)) break;
    if (!m_v.allFinite()) {
      report.status = Status::NumericalFailure;
      break;
    }
    map = residualOf(problem, x);
    if (m_options.accepts(map.absolute, map.relative, map.scaled)) {
      report.status = Status::Converged;
      break;
    }
    if (outOfTime()) {
      report.status = Status::TimeLimit;
      break;
    }
    const double size = std::max(1.0, x.lpNorm<Eigen::Infinity>());
    if ((x - m_previous).lpNorm<Eigen::Infinity>() <=
        kStalledRound * m_options.relativeTolerance * size) {
      report.status = Status::Inaccurate;
      break;
    }
    if (m_statistics.newtonIterations >= m_options.maxIterations) break;
  }
  report.iterations = m_statistics.newtonIterations;
  if (report.status != Status::Converged) detail::projectOntoBounds(problem, x);
  if (report.status == Status::SingularPivot) return;
  if (report.status == Status::NumericalFailure) x = m_previous;  // the last finite x
  detail::setMessage(
      report.message,
      FMT_COMPILE("{}: {} Newton steps, {} rounds, {} factorizations of H (r = {}, {}, {:.3g} "
                  "ms); scaled residual {:.3g}, relative {:.3g}"),
      report.status == Status::Converged ? "converged" : "not converged",
      m_statistics.newtonIterations, m_statistics.rounds, m_statistics.factorizations,
      m_statistics.rank, m_statistics.sparse ? "sparse" : "dense", 1e3 * m_statistics.factorSeconds,
      map.scaled, map.relative);
}

const OptionTable<PrimalNewtonOptions>& PrimalNewtonOptions::table() {
  static const OptionTable<PrimalNewtonOptions> table(commonOptionFields<
                                                      PrimalNewtonOptions>(withLowRankOptions(
      &PrimalNewtonOptions::lowRank,
      {option<PrimalNewtonOptions>("proximal", &PrimalNewtonOptions::proximal, "0 < proximal < 1",
                                   "Proximal C_i relative to A_ii on rows with smaller CFM"),
       option<PrimalNewtonOptions>("max_rounds", &PrimalNewtonOptions::maxRounds, ">= 1",
                                   "Rounds (friction bounds and proximal anchor fixed in each)"),
       choice<PrimalNewtonOptions>(
           "friction_update", &PrimalNewtonOptions::frictionUpdate,
           {{"round", FrictionUpdate::Round}, {"iteration", FrictionUpdate::Iteration}},
           "Friction bounds from the normals after each round or each Newton step"),
       option<PrimalNewtonOptions>(
           "friction_damping", &PrimalNewtonOptions::frictionDamping, "0 < friction_damping <= 1",
           "Share of the way the normals of the friction bounds move a round"),
       option<PrimalNewtonOptions>("sparse_above_rank", &PrimalNewtonOptions::sparseAboveRank,
                                   ">= 0", "Sparse G and H (CHOLMOD) above this rank"),
       option<PrimalNewtonOptions>("supernodal", &PrimalNewtonOptions::supernodal, "",
                                   "Supernodal CHOLMOD factorization of the sparse H")})));
  return table;
}

}  // namespace mlcp
