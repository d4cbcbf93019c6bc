#include <mlcp/adapters/common/padded_stride.hpp>
#include <mlcp/adapters/common/peer_verdict.hpp>
#include <mlcp/adapters/dart/dart_peer_solver.hpp>
#include <mlcp/core/option_check.hpp>

#include <dart/constraint/DantzigBoxedLcpSolver.hpp>
#include <dart/constraint/PgsBoxedLcpSolver.hpp>
#include <fmt/format.h>

#include <stdexcept>

namespace mlcp::adapters {

DartPeerSolver::DartPeerSolver(DartMethod method, const DartPeerOptions& options)
    : SolverWithOptions(options), m_method(method) {
  if (method == DartMethod::Dantzig)
    m_peer = std::make_shared<dart::constraint::DantzigBoxedLcpSolver>();
  else
    m_peer = std::make_shared<dart::constraint::PgsBoxedLcpSolver>();
  onOptionsChanged(m_options);
}

DartPeerSolver::~DartPeerSolver() = default;

void DartPeerSolver::onOptionsChanged(const DartPeerOptions&) {
  if (m_method == DartMethod::Pgs) {
    auto& pgs = static_cast<dart::constraint::PgsBoxedLcpSolver&>(*m_peer);
    dart::constraint::PgsBoxedLcpSolver::Option option;  // DART's defaults
    option.mMaxIteration = m_options.maxIterations;
    if (m_options.fixedSweeps) {
      // Both tests compare a change with "> threshold": -1 never lets a sweep pass them.
      option.mDeltaXThreshold = -1.0;
      option.mRelativeDeltaXTolerance = -1.0;
    }
    pgs.setOption(option);
  }
}

std::string_view DartPeerSolver::name() const {
  return m_method == DartMethod::Dantzig ? "dart-dantzig" : "dart-pgs";
}

Capabilities DartPeerSolver::capabilities() const {
  Capabilities c;
  c.requiresSymmetricA = m_method == DartMethod::Dantzig;
  c.usesInitialGuess = m_method == DartMethod::Pgs;
  c.iterative = m_method == DartMethod::Pgs;
  c.denseA = true;
  return c;
}

void DartPeerSolver::doSetup(int n) {
  m_A.setZero(n, odePaddedStride(n));
  for (Eigen::VectorXd* v : {&m_b, &m_x, &m_lo, &m_hi, &m_w}) v->resize(n);
  m_findex.resize(n);
}

void DartPeerSolver::doSolve(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) {
  const int n = problem.size();
  const bool dantzig = m_method == DartMethod::Dantzig;
  if (dantzig) {
    for (int i = problem.nub; i < n; ++i) {
      if (problem.findex[i] < 0 && (problem.lo[i] > 0.0 || problem.hi[i] < 0.0)) {
        report.status = Status::Unsupported;
        report.message = fmt::format(
            "DantzigBoxedLcpSolver needs lo <= 0 <= hi; row {} has "
            "[{}, {}]",
            i, problem.lo[i], problem.hi[i]);
        return;
      }
    }
  }
  m_A.leftCols(n) =
      problem.denseA();  // both peers overwrite A, b, lo and hi: fresh copies every call
  m_b = problem.b;
  m_lo = problem.lo;
  m_hi = problem.hi;
  m_findex = problem.findex;
  m_x = x;
  const bool ok = m_peer->solve(n, m_A.data(), m_x.data(), m_b.data(), problem.nub, m_lo.data(),
                                m_hi.data(), m_findex.data(), m_options.earlyTermination);
  x = m_x;
  report.iterations = m_method == DartMethod::Dantzig ? 1 : 0;  // DART's PGS does not say

  PeerVerdict verdict;
  verdict.peerSucceeded = ok;
  if (dantzig) {
    verdict.peer = "DantzigBoxedLcpSolver";
    verdict.failureStatus = Status::SingularPivot;
    verdict.failureReason =
        "s <= 0 in DART's dSolveLCP (A(C,C) singular or the problem "
        "degenerate; add CFM)";
    verdict.caveat = "it fixes friction bounds once from the friction-free normal forces";
  } else {
    verdict.peer = "PgsBoxedLcpSolver";
    verdict.iterative = true;
    verdict.failureStatus = Status::MaxIterations;
    verdict.failureReason =
        "its relative-change test (|dx_i / x_i| <= 1e-3) did not pass within "
        "maxIterations sweeps";
  }
  setPeerStatus(problem, x, m_w, m_options, verdict, report);
}

}  // namespace mlcp::adapters
