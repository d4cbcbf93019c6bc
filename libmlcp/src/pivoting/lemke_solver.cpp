#include "core/clock.hpp"
#include "core/report_message.hpp"
#include "pivoting/free_row_elimination.hpp"
#include "pivoting/lcp_transform.hpp"
#include "pivoting/lemke_pivoting.hpp"

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
  c.usesInitialGuess = false;
  c.iterative = false;
  c.denseA = true;
  return c;
}

void LemkeSolver::doSetup(int n) {
  m_capacity = n <= m_options.maxRows ? n : 0;
  m_elimination->reserve(m_capacity);
  m_transform->reserve(m_capacity);
  m_pivoting->reserve(2 * m_capacity);
  m_y.resize(2 * m_capacity);
  m_xReduced.resize(m_capacity);
  m_w.resize(n);
}

void LemkeSolver::doSolve(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) {
  const int n = problem.size();
  if (n > m_capacity) {
    report.status = Status::Unsupported;
    detail::setMessage(report.message,
                       "n = {} exceeds LemkeOptions::maxRows = {}: lemke's dense "
                       "tableau (up to 2n x 2n) is not built for it",
                       n, m_options.maxRows);
    return;
  }
  const double start = detail::nowSeconds();
  const int freeNormal = m_elimination->eliminate(problem, m_options.eliminationTolerance);
  if (freeNormal >= 0) {
    report.status = Status::Unsupported;
    detail::setMessage(report.message,
                       "friction row {} refers to normal row {}, which is free (lo = -inf, "
                       "hi = inf): its box |x| <= mu |x_k| is not linear",
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
    detail::setMessage(report.message,
                       "friction row {} refers to normal row {} whose x can be negative "
                       "(bounds [{}, {}]); lemke needs lo >= 0 on normal rows",
                       i, k, problem.lo[k], problem.hi[k]);
    return;
  }
  const int N = m_transform->size();
  const int maxPivots = m_options.maxPivots > 0 ? m_options.maxPivots : 20 * N + 1000;
  const int refactorInterval =
      m_options.refactorInterval > 0 ? m_options.refactorInterval : std::max(N, 1);
  const double deadline = m_options.maxSeconds > 0.0 ? start + m_options.maxSeconds : 0.0;
  auto y = m_y.head(N);
  const detail::LemkeOutcome outcome =
      m_pivoting->solve(m_transform->M(), m_transform->q(), maxPivots, m_options.pivotTolerance,
                        refactorInterval, deadline, y);
  m_transform->recover(y, m_xReduced);
  m_elimination->recover(m_xReduced, x);
  report.pivots = m_pivoting->pivots();
  report.iterations = 0;

  // Whatever the ending, x is judged by the spec residual: at a secondary ray with z0 ~ 0 the
  // basic point already solves the problem.
  problem.multiplyA(x, m_w);
  m_w -= problem.b;
  const Residuals r = computeResiduals(x, m_w, problem.b, problem.lo, problem.hi, problem.findex,
                                       problem.rowScalesA());
  const bool accurate = m_options.accepts(r.absolute, r.relative, r.scaled);
  const std::string_view singular =
      m_elimination->eliminated() < m_elimination->freeRows()
          ? "; the free block A(F,F) is singular, so free rows were split x = y+ - y-"
          : "";
  switch (outcome) {
    case detail::LemkeOutcome::SecondaryRay:
      if (accurate) {
        report.status = Status::Converged;
        detail::setMessage(report.message,
                           "secondary ray after {} pivots, where the basic point "
                           "already solves the problem (z0 ~ 0)",
                           report.pivots);
        return;
      }
      report.status = Status::Unbounded;
      detail::setMessage(report.message,
                         "secondary ray after {} pivots: Lemke found no solution (the "
                         "problem may have none, or A is not copositive-plus on it{})",
                         report.pivots, singular);
      return;
    case detail::LemkeOutcome::PivotLimit:
      report.status = Status::MaxIterations;
      detail::setMessage(report.message, "pivot limit {} reached (LCP size {})", maxPivots, N);
      return;
    case detail::LemkeOutcome::TimeLimit:
      report.status = Status::TimeLimit;
      detail::setMessage(report.message, "time limit of {} s reached after {} pivots",
                         m_options.maxSeconds, report.pivots);
      return;
    case detail::LemkeOutcome::Solved:
      break;
  }
  if (accurate) {
    report.status = Status::Converged;
    detail::setMessage(report.message,
                       "solved in {} pivots (LCP size {}, {} free unknowns eliminated)",
                       report.pivots, N, m_elimination->eliminated());
  } else {
    report.status = Status::Inaccurate;
    detail::setMessage(report.message,
                       "Lemke terminated after {} pivots with scaled residual "
                       "{:.3g} > {:.3g} (ill-conditioned basis?)",
                       report.pivots, r.scaled, m_options.relativeTolerance);
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
                            "Largest LCP size accepted")}));
  return table;
}

}  // namespace mlcp
