#include "core/operator_forms.hpp"

#include <mlcp/core/mixed_lcp.hpp>

#include <fmt/format.h>

#include <chrono>
#include <cmath>

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
  m_report.message.reserve(1024);
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
  if (problem.x && problem.x->size() == problem.size())
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

bool MixedLCP::validate(SolveReport& report) const {
  auto invalid = [&report](std::string message) {
    report.status = Status::InvalidProblem;
    report.message = std::move(message);
    return false;
  };
  const int n = m_n;
  if (std::string why = m_A.check(); !why.empty()) return invalid(std::move(why));
  if (m_b.size() != n)
    return invalid(fmt::format("b has {} entries but A is {} x {}", m_b.size(), n, n));
  if (m_lo.size() != n)
    return invalid(fmt::format("lo has {} entries but A is {} x {}", m_lo.size(), n, n));
  if (m_hi.size() != n)
    return invalid(fmt::format("hi has {} entries but A is {} x {}", m_hi.size(), n, n));
  if (m_findex.size() != n)
    return invalid(fmt::format("findex has {} entries but A is {} x {}", m_findex.size(), n, n));
  if (m_nub < 0 || m_nub > n)
    return invalid(fmt::format("nub = {} is outside 0 .. n = {}", m_nub, n));
  for (int i = 0; i < n; ++i) {
    if (!std::isfinite(m_b[i])) return invalid(fmt::format("b[{}] = {} is not finite", i, m_b[i]));
    const int k = m_findex[i];
    if (k < -1 || k >= n)
      return invalid(fmt::format("findex[{}] = {} is out of range -1 .. {}", i, k, n - 1));
    if (k == i) return invalid(fmt::format("findex[{}] = {} points at the row itself", i, k));
    if (k >= 0) {
      if (m_findex[k] >= 0)
        return invalid(
            fmt::format("findex[{}] = {} points at row {}, itself a friction row "
                        "(findex[{}] = {})",
                        i, k, k, k, m_findex[k]));
      if (!std::isfinite(m_hi[i]))
        return invalid(
            fmt::format("hi[{}] = {} on friction row {}: the friction coefficient mu "
                        "must be finite",
                        i, m_hi[i], i));
      if (i < m_nub)
        return invalid(
            fmt::format("row {} < nub = {} is a friction row (findex = {})", i, m_nub, k));
      continue;
    }
    if (std::isnan(m_lo[i])) return invalid(fmt::format("lo[{}] is NaN", i));
    if (std::isnan(m_hi[i])) return invalid(fmt::format("hi[{}] is NaN", i));
    if (m_lo[i] > m_hi[i])
      return invalid(fmt::format("lo[{}] = {} > hi[{}] = {}", i, m_lo[i], i, m_hi[i]));
    if (m_lo[i] == std::numeric_limits<double>::infinity() ||
        m_hi[i] == -std::numeric_limits<double>::infinity())
      return invalid(fmt::format("row {} has an empty box [{}, {}]", i, m_lo[i], m_hi[i]));
    if (i < m_nub && (std::isfinite(m_lo[i]) || std::isfinite(m_hi[i])))
      return invalid(
          fmt::format("row {} < nub = {} has finite bounds [{}, {}]: the first nub "
                      "rows must be unbounded",
                      i, m_nub, m_lo[i], m_hi[i]));
  }
  return true;
}

bool MixedLCP::denseCopyFits(SolveReport& report) const {
  const double bytes = 8.0 * m_n * static_cast<double>(m_n);
  if (!capabilities().denseA || m_A.form() == MatrixForm::Dense || bytes <= kMaxDenseBytes)
    return true;
  report.status = Status::Unsupported;
  report.message = fmt::format(
      "{} works on a dense copy of A: {} rows would take {:.1f} GB, above the {:.0f} GB limit "
      "(MixedLCP::kMaxDenseBytes); A is held {}: choose a solver that works on that form",
      name(), m_n, bytes * 1e-9, kMaxDenseBytes * 1e-9, toString(m_A.form()));
  return false;
}

const SolveReport& MixedLCP::solve() {
  const auto start = std::chrono::steady_clock::now();
  SolveReport& report = m_report;
  report.status = Status::NotSolved;
  report.message.clear();
  report.iterations = 0;
  report.pivots = 0;
  report.frictionRounds = 0;
  report.absoluteResidual = report.relativeResidual = SolveReport::kUnset;
  report.maxBoundViolation = report.maxComplementarityViolation = SolveReport::kUnset;
  report.worstRow = -1;
  report.residualHistory.clear();

  auto stopClock = [&] {
    report.solveSeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };

  if (!validate(report) || !denseCopyFits(report)) {
    m_x.setZero(m_n);
    m_w.setZero(m_n);
    stopClock();
    return report;
  }

  if (m_hasInitialGuess && m_x0.size() == m_n && m_x0.allFinite())
    m_x = m_x0;
  else
    m_x.setZero();

  if (m_n > 0) {
    const ProblemView view{m_A, m_b, m_lo, m_hi, m_findex, m_nub, *m_forms};
    doSolve(view, m_x, report);
  } else {
    report.status = Status::Converged;
  }

  if (!m_x.allFinite()) {
    report.status = Status::NumericalFailure;
    report.message = "the method produced NaN or Inf in x; x was reset to zero";
    m_x.setZero();
  }
  m_forms->multiply(m_x, m_w);
  m_w -= m_b;
  if (!m_w.allFinite()) {
    report.status = Status::NumericalFailure;
    report.message = "w = A x - b is not finite; x was reset to zero";
    m_x.setZero();
    m_w = -m_b;
  }

  const Residuals r = computeResiduals(m_x, m_w, m_b, m_lo, m_hi, m_findex, m_forms->rowScales());
  report.absoluteResidual = r.absolute;
  report.relativeResidual = r.relative;
  report.scaledResidual = r.scaled;
  report.maxBoundViolation = r.maxBoundViolation;
  report.maxComplementarityViolation = r.maxComplementarityViolation;
  report.worstRow = r.worstRow;
  holdConvergedToTheTolerance(r, report);
  if (report.message.empty() && report.status == Status::Converged) report.message = "solved";
  stopClock();
  return report;
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
