#include "core/operator_forms.hpp"
#include "core/report_message.hpp"

#include <mlcp/core/mixed_lcp.hpp>
#include <mlcp/core/problem_check.hpp>

#include <fmt/format.h>

#include <chrono>
#include <cmath>
#include <utility>

namespace mlcp {

const Eigen::MatrixXd& ProblemView::denseA() const { return forms.dense(); }
const Operator::SparseMatrix& ProblemView::sparseA() const { return forms.sparse(); }
const Eigen::VectorXd& ProblemView::diagonalA() const { return forms.diagonal(); }
const Eigen::VectorXd& ProblemView::rowScalesA() const { return forms.rowScales(); }
void ProblemView::multiplyA(const Eigen::VectorXd& x, Eigen::VectorXd& out) const {
  forms.multiply(x, out);
}

MixedLCP::MixedLCP() : m_forms(std::make_unique<detail::OperatorForms>()) {
  m_forms->reset(m_A, m_findex);
}

MixedLCP::~MixedLCP() = default;

void MixedLCP::resizeVectors(int n) {
  if (m_n == n && m_x.size() == n) return;
  m_n = n;
  m_x.setZero(n);
  m_w.setZero(n);
  if (!m_findexSet) m_findex.setConstant(n, -1);
  m_report.message.reserve(detail::kMessageCapacity);
  doSetup(n);
}

void MixedLCP::setMatrix(const Operator& A) {
  if (A.form() == MatrixForm::Dense) {
    setDenseMatrix(A.dense());
    return;
  }
  m_A = A;
  matrixChanged();
}

void MixedLCP::setMatrix(Operator&& A) {
  m_A = std::move(A);
  matrixChanged();
}

void MixedLCP::setDenseMatrix(const Eigen::Ref<const Eigen::MatrixXd>& A) {
  m_A.assignDense(A);
  matrixChanged();
}

void MixedLCP::matrixChanged() {
  ++m_matrixVersion;
  m_forms->reset(m_A, m_findex);
  resizeVectors(static_cast<int>(m_A.rows()));
}

void MixedLCP::setRightSide(const Eigen::Ref<const Eigen::VectorXd>& b) { m_b = b; }
void MixedLCP::setLow(const Eigen::Ref<const Eigen::VectorXd>& lo) { m_lo = lo; }
void MixedLCP::setHigh(const Eigen::Ref<const Eigen::VectorXd>& hi) { m_hi = hi; }

void MixedLCP::setFrictionIndex(const Eigen::Ref<const Eigen::VectorXi>& findex) {
  m_findex = findex;
  m_findexSet = true;
}

void MixedLCP::setNumberUnbounded(int nub) { m_nub = nub; }

void MixedLCP::setProblem(const Problem& problem) {
  setMatrix(problem.A);
  setRightSide(problem.b);
  setLow(problem.lo);
  setHigh(problem.hi);
  setFrictionIndex(problem.findex);
  setNumberUnbounded(problem.nub);
  if (problem.x)
    setInitialGuess(*problem.x);
  else
    clearInitialGuess();
}

void MixedLCP::setInitialGuess(const Eigen::Ref<const Eigen::VectorXd>& x0) {
  m_x0 = x0;
  m_hasInitialGuess = true;
}

void MixedLCP::clearInitialGuess() { m_hasInitialGuess = false; }

Problem MixedLCP::problem() const {
  Problem p;
  p.A = m_A;
  p.b = m_b;
  p.lo = m_lo;
  p.hi = m_hi;
  p.findex = m_findex;
  p.nub = m_nub;
  return p;
}

// A dense or sparse A (O(n^2), O(nonzeros)) is checked once per matrix version: m_A holds its
// own copy, which changes only through the setters, and they start a new version. Factors are
// shared with the caller, who may change them in place: checked on every solve, as b, lo, hi
// and findex are.
bool MixedLCP::validate(SolveReport& report) const {
  std::string why;
  if (m_checkedVersion != m_matrixVersion) {
    why = m_A.check();
    if (why.empty() && m_A.form() != MatrixForm::Factors) m_checkedVersion = m_matrixVersion;
  }
  if (why.empty()) why = dataError(static_cast<int>(m_A.rows()), m_b, m_lo, m_hi, m_findex, m_nub);
  if (why.empty() && m_hasInitialGuess) {
    why = initialGuessError(m_x0, m_n, "initial guess x0");
    if (!why.empty()) why += ": give n finite values or call clearInitialGuess()";
  }
  if (why.empty()) return true;
  report.status = Status::InvalidProblem;
  report.message = std::move(why);
  return false;
}

bool MixedLCP::denseCopyFits(MatrixForm form, SolveReport& report) const {
  const double bytes = 8.0 * m_n * static_cast<double>(m_n);
  if (!capabilities().denseA || form == MatrixForm::Dense || bytes <= kMaxDenseBytes) return true;
  report.status = Status::Unsupported;
  report.message = fmt::format(
      "{} works on a dense copy of A: {} rows would take {:.1f} GB, above the {:.0f} GB limit "
      "(MixedLCP::kMaxDenseBytes); A is held {}: choose a solver that works on that form",
      name(), m_n, bytes * 1e-9, kMaxDenseBytes * 1e-9, toString(form));
  return false;
}

namespace {

/// Clears what a solve fills in `report`.
void clearReport(SolveReport& report) {
  report.status = Status::NotSolved;
  report.message.clear();
  report.iterations = 0;
  report.pivots = 0;
  report.frictionRounds = 0;
  report.absoluteResidual = report.relativeResidual = SolveReport::kUnset;
  report.maxBoundViolation = report.maxComplementarityViolation = SolveReport::kUnset;
  report.worstRow = -1;
  report.residualHistory.clear();
}

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

const SolveReport& MixedLCP::solve() {
  const auto start = std::chrono::steady_clock::now();
  SolveReport& report = m_report;
  clearReport(report);
  if (!validate(report) || !denseCopyFits(m_A.form(), report)) {
    m_x.setZero(m_n);
    m_w.setZero(m_n);
    report.solveSeconds = secondsSince(start);
    return report;
  }
  if (m_hasInitialGuess)
    m_x = m_x0;  // validated above
  else
    m_x.setZero();
  runMethod(ProblemView{m_A, m_b, m_lo, m_hi, m_findex, m_nub, *m_forms}, report);
  report.solveSeconds = secondsSince(start);
  return report;
}

void MixedLCP::viewMatrixChanged(int n) {
  ++m_matrixVersion;
  resizeVectors(n);
}

const SolveReport& MixedLCP::solveView(const ProblemView& problem, const Eigen::VectorXd& x0) {
  const auto start = std::chrono::steady_clock::now();
  SolveReport& report = m_report;
  clearReport(report);
  if (problem.size() != m_n || x0.size() != m_n) {
    report.status = Status::InvalidProblem;
    report.message = fmt::format(
        "{}: solveView() of a problem of {} rows with an initial guess of {} after "
        "viewMatrixChanged({})",
        name(), problem.size(), x0.size(), m_n);
  } else if (denseCopyFits(problem.A.form(), report)) {
    m_x = x0;
    runMethod(problem, report);
  }
  report.solveSeconds = secondsSince(start);
  return report;
}

Residuals MixedLCP::residualsOfX(const ProblemView& problem, SolveReport& report) {
  const MixedLCP* stage = std::exchange(m_residualsOf, nullptr);
  if (stage != nullptr && stage->m_x == m_x) {
    // The stage computed them on the same view for this x (and found w finite).
    const SolveReport& s = stage->m_report;
    m_w = stage->m_w;
    return Residuals{s.absoluteResidual,
                     s.relativeResidual,
                     s.scaledResidual,
                     s.maxBoundViolation,
                     s.maxComplementarityViolation,
                     s.worstRow};
  }
  problem.multiplyA(m_x, m_w);
  m_w -= problem.b;
  if (!m_w.allFinite()) {
    report.status = Status::NumericalFailure;
    report.message = "w = A x - b is not finite; x was reset to zero";
    m_x.setZero();
    m_w = -problem.b;
  }
  return computeResiduals(m_x, m_w, problem.b, problem.lo, problem.hi, problem.findex,
                          problem.rowScalesA());
}

void MixedLCP::runMethod(const ProblemView& problem, SolveReport& report) {
  m_residualsOf = nullptr;
  if (m_n > 0)
    doSolve(problem, m_x, report);
  else
    report.status = Status::Converged;

  if (!m_x.allFinite()) {
    report.status = Status::NumericalFailure;
    report.message = "the method produced NaN or Inf in x; x was reset to zero";
    m_x.setZero();
  }
  const Residuals r = residualsOfX(problem, report);
  report.absoluteResidual = r.absolute;
  report.relativeResidual = r.relative;
  report.scaledResidual = r.scaled;
  report.maxBoundViolation = r.maxBoundViolation;
  report.maxComplementarityViolation = r.maxComplementarityViolation;
  report.worstRow = r.worstRow;
  holdConvergedToTheTolerance(r, report);
  if (report.message.empty() && report.status == Status::Converged) report.message = "solved";
}

void MixedLCP::holdConvergedToTheTolerance(const Residuals& r, SolveReport& report) const {
  if (report.status != Status::Converged ||
      commonOptions().accepts(r.absolute, r.relative, r.scaled))
    return;
  report.status = Status::Inaccurate;
  report.message = fmt::format(
      "{} stopped as converged, but the scaled residual of its x is {:.3g} > {:.3g} "
      "(relativeTolerance; worst row {}): {}",
      name(), r.scaled, commonOptions().relativeTolerance, r.worstRow, report.message);
}

bool MixedLCP::validSolution(double tolerance) const {
  if (m_report.status == Status::NotSolved || m_report.status == Status::InvalidProblem ||
      m_report.status == Status::Unsupported || m_report.status == Status::NumericalFailure)
    return false;
  const Residuals r = computeResiduals(m_x, m_w, m_b, m_lo, m_hi, m_findex, m_forms->rowScales());
  return r.scaled <= tolerance;  // a bound violation shows in s_i too
}

}  // namespace mlcp
