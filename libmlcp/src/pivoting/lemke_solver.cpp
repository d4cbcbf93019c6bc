#include "core/clock.hpp"
#include "core/report_message.hpp"
#include "pivoting/free_row_elimination.hpp"
#include "pivoting/lcp_transform.hpp"
#include "pivoting/lemke_pivoting.hpp"
#include "pivoting/principal_pivot.hpp"

#include <mlcp/core/option_check.hpp>
#include <mlcp/pivoting/lemke_solver.hpp>

#include <fmt/format.h>

#include <stdexcept>

namespace mlcp {

bool LemkeOptions::isValid(std::string* why) const {
  if (!SolverOptions::isValid(why)) return false;
  OptionCheck check("LemkeOptions", why);
  check.require(maxPivots >= 0, "maxPivots", maxPivots, "maxPivots >= 0 (0 = automatic)");
  check.require(pivotTolerance >= 0.0 && pivotTolerance < 1.0, "pivotTolerance", pivotTolerance,
                "0 <= pivotTolerance < 1");
  check.require(refactorInterval >= 0, "refactorInterval", refactorInterval,
                "refactorInterval >= 0 (0 = N)");
  check.require(eliminationTolerance >= 0.0 && eliminationTolerance < 1.0, "eliminationTolerance",
                eliminationTolerance, "0 <= eliminationTolerance < 1");
  check.require(maxRows >= 0, "maxRows", maxRows, "maxRows >= 0");
  return check.ok();
}

LemkeSolver::LemkeSolver(const LemkeOptions& options)
    : SolverWithOptions(options),
      m_elimination(std::make_unique<detail::FreeRowElimination>()),
      m_transform(std::make_unique<detail::LcpTransform>()),
      m_pivoting(std::make_unique<detail::LemkePivoting>()) {}

LemkeSolver::~LemkeSolver() = default;

void LemkeSolver::onOptionsChanged(const LemkeOptions&) {
  if (size() > 0) doSetup(size());  // maxRows may have changed
}

Capabilities LemkeSolver::capabilities() const {
  Capabilities c;
  c.requiresSymmetricA = false;
  c.usesInitialGuess = m_options.warmBasis;
  c.iterative = false;
  c.denseA = true;
  return c;
}

void LemkeSolver::doSetup(int n) {
  m_capacity = n <= m_options.maxRows ? n : 0;
  m_elimination->reserve(m_capacity);
  m_transform->reserve(m_capacity);
  m_pivoting->reserve(2 * m_capacity);
  m_pivot.reset();  // sized at the first warm start
  m_y.resize(2 * m_capacity);
  m_yPrime.resize(2 * m_capacity);
  m_cover.resize(2 * m_capacity);
  m_basic.resize(2 * m_capacity);
  m_xReduced.resize(m_capacity);
  m_wReduced.resize(m_capacity);
  m_w.resize(n);
}

bool LemkeSolver::prepareWarmStart(const Eigen::VectorXd& x) {
  if (!m_options.warmBasis || !(x.array() != 0.0).any()) return false;
  const int m = m_elimination->size();
  auto xr = m_xReduced.head(m);
  auto wr = m_wReduced.head(m);
  m_elimination->reduce(x, xr);
  wr.noalias() = m_elimination->A() * xr;
  wr -= m_elimination->b();
  auto basic = m_basic.head(m_transform->size());
  m_exchanged = m_transform->basicAt(xr, wr, m_elimination->lo(), m_elimination->hi(),
                                     m_elimination->findex(), basic);
  if (m_exchanged == 0) return false;
  if (!m_pivot) {
    m_pivot = std::make_unique<detail::PrincipalPivot>();
    m_pivot->reserve(2 * m_capacity);
  }
  return m_pivot->build(m_transform->M(), m_transform->q(), basic);
}

detail::LemkeOutcome LemkeSolver::pivot(bool warm, double deadline, Eigen::VectorXd& x) {
  const int N = m_transform->size();
  const int refactorInterval =
      m_options.refactorInterval > 0 ? m_options.refactorInterval : std::max(N, 1);
  auto y = m_y.head(N);
  auto yPrime = m_yPrime.head(N);
  if (warm) {
    // Only the rows infeasible at the guessed partition move: z0 from 1 to 0 takes
    // q' + d z0 (>= delta > 0, solved by the guessed basis) to q'.
    const auto q = m_pivot->q();
    const double delta = 1e-6 * std::max(1.0, q.cwiseAbs().maxCoeff());
    m_cover.head(N) = (delta - q.array()).max(0.0);
  } else {
    m_cover.head(N).setOnes();
  }
  const detail::LemkeOutcome outcome =
      warm ? m_pivoting->solve(m_pivot->M(), m_pivot->q(), m_cover.head(N), maxPivots(),
                               m_options.pivotTolerance, refactorInterval, deadline, yPrime)
           : m_pivoting->solve(m_transform->M(), m_transform->q(), m_cover.head(N), maxPivots(),
                               m_options.pivotTolerance, refactorInterval, deadline, y);
  if (warm) m_pivot->recover(yPrime, y);
  m_transform->recover(y, m_xReduced);
  m_elimination->recover(m_xReduced, x);
  return outcome;
}

int LemkeSolver::maxPivots() const {
  return m_options.maxPivots > 0 ? m_options.maxPivots : 20 * m_transform->size() + 1000;
}

Residuals LemkeSolver::residualsOf(const ProblemView& problem, const Eigen::VectorXd& x) {
  problem.multiplyA(x, m_w);
  m_w -= problem.b;
  return computeResiduals(x, m_w, problem.b, problem.lo, problem.hi, problem.findex,
                          problem.rowScalesA());
}

void LemkeSolver::doSolve(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) {
  const int n = problem.size();
  if (n > m_capacity) {
    report.status = Status::Unsupported;
    detail::setMessage(report.message,
                       FMT_COMPILE("n = {} exceeds LemkeOptions::maxRows = {}: lemke's dense "
                                   "tableau (up to 2n x 2n) is not built for it"),
                       n, m_options.maxRows);
    return;
  }
  const double start = detail::nowSeconds();
  const int freeNormal = m_elimination->eliminate(problem, m_options.eliminationTolerance);
  if (freeNormal >= 0) {
    report.status = Status::Unsupported;
    detail::setMessage(
        report.message,
        FMT_COMPILE("friction row {} refers to normal row {}, which is free (lo = -inf, "
                    "hi = inf): its box |x| <= mu |x_k| is not linear"),
        freeNormal, problem.findex[freeNormal]);
    return;
  }
  const int refused =
      m_transform->build(m_elimination->A(), m_elimination->b(), m_elimination->lo(),
                         m_elimination->hi(), m_elimination->findex());
  if (refused >= 0) {
    const int i = m_elimination->originalRow(refused);
    const int k = problem.findex[i];
    report.status = Status::Unsupported;
    detail::setMessage(
        report.message,
        FMT_COMPILE("friction row {} refers to normal row {} whose x can be negative "
                    "(bounds [{}, {}]); lemke needs lo >= 0 on normal rows"),
        i, k, problem.lo[k], problem.hi[k]);
    return;
  }
  const double deadline = m_options.maxSeconds > 0.0 ? start + m_options.maxSeconds : 0.0;
  const bool warm = prepareWarmStart(x);
  detail::LemkeOutcome outcome = pivot(warm, deadline, x);
  report.pivots = m_pivoting->pivots();
  // Whatever the ending, x is judged by the spec residual: at a secondary ray with z0 ~ 0 the
  // basic point already solves the problem.
  Residuals r = residualsOf(problem, x);
  bool accurate = m_options.accepts(r.absolute, r.relative, r.scaled);
  std::string startNote;
  if (warm && !accurate && outcome != detail::LemkeOutcome::TimeLimit) {
    // The path from the guessed partition ended elsewhere: Lemke's own start.
    outcome = pivot(false, deadline, x);
    report.pivots += m_pivoting->pivots();
    r = residualsOf(problem, x);
    accurate = m_options.accepts(r.absolute, r.relative, r.scaled);
    startNote = "; from scratch after the warm start's path failed";
  } else if (warm) {
    startNote = fmt::format(
        "; warm-started at the initial guess's partition ({} of {} LCP "
        "variables exchanged)",
        m_exchanged, m_transform->size());
  }
  report.iterations = 0;
  describe(outcome, accurate, r, startNote, report);
}

void LemkeSolver::describe(detail::LemkeOutcome outcome,
                           bool accurate,
                           const Residuals& r,
                           std::string_view startNote,
                           SolveReport& report) const {
  const int N = m_transform->size();
  const std::string_view singular =
      m_elimination->eliminated() < m_elimination->freeRows()
          ? "; the free block A(F,F) is singular, so free rows were split x = y+ - y-"
          : "";
  switch (outcome) {
    case detail::LemkeOutcome::SecondaryRay:
      if (accurate) {
        report.status = Status::Converged;
        detail::setMessage(report.message,
                           FMT_COMPILE("secondary ray after {} pivots, where the basic point "
                                       "already solves the problem (z0 ~ 0){}"),
                           report.pivots, startNote);
        return;
      }
      report.status = Status::Unbounded;
      detail::setMessage(
          report.message,
          FMT_COMPILE("secondary ray after {} pivots: Lemke found no solution (the "
                      "problem may have none, or A is not copositive-plus on it{}){}"),
          report.pivots, singular, startNote);
      return;
    case detail::LemkeOutcome::PivotLimit:
      report.status = Status::MaxIterations;
      detail::setMessage(report.message, FMT_COMPILE("pivot limit {} reached (LCP size {}){}"),
                         maxPivots(), N, startNote);
      return;
    case detail::LemkeOutcome::TimeLimit:
      report.status = Status::TimeLimit;
      detail::setMessage(report.message,
                         FMT_COMPILE("time limit of {} s reached after {} pivots{}"),
                         m_options.maxSeconds, report.pivots, startNote);
      return;
    case detail::LemkeOutcome::Solved:
      break;
  }
  if (accurate) {
    report.status = Status::Converged;
    detail::setMessage(
        report.message,
        FMT_COMPILE("solved in {} pivots (LCP size {}, {} free unknowns eliminated){}"),
        report.pivots, N, m_elimination->eliminated(), startNote);
  } else {
    report.status = Status::Inaccurate;
    detail::setMessage(report.message,
                       FMT_COMPILE("Lemke terminated after {} pivots with scaled residual "
                                   "{:.3g} > {:.3g} (ill-conditioned basis?){}"),
                       report.pivots, r.scaled, m_options.relativeTolerance, startNote);
  }
}

const OptionTable<LemkeOptions>& LemkeOptions::table() {
  static const OptionTable<LemkeOptions> table(commonOptionFields<LemkeOptions>(
      {option<LemkeOptions>("max_pivots", &LemkeOptions::maxPivots, ">= 0 (0: automatic)",
                            "Pivots per solve"),
       option<LemkeOptions>("pivot_tolerance", &LemkeOptions::pivotTolerance,
                            "0 <= pivot_tolerance < 1", "Smallest pivot, relative"),
       option<LemkeOptions>("refactor_interval", &LemkeOptions::refactorInterval, ">= 0 (0: N)",
                            "Refactor the basis every this many pivots"),
       option<LemkeOptions>("elimination_tolerance", &LemkeOptions::eliminationTolerance,
                            "0 <= elimination_tolerance < 1",
                            "Drop tolerance of the basis updates"),
       option<LemkeOptions>("max_rows", &LemkeOptions::maxRows, ">= 0",
                            "Largest LCP size accepted"),
       option<LemkeOptions>("warm_basis", &LemkeOptions::warmBasis, "",
                            "Start at the initial guess's partition, then from scratch")}));
  return table;
}

}  // namespace mlcp
