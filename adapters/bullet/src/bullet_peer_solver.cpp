#include <mlcp/adapters/bullet/bullet_peer_solver.hpp>
#include <mlcp/adapters/common/peer_verdict.hpp>
#include <mlcp/core/option_check.hpp>

#include <fmt/format.h>

#include <BulletDynamics/MLCPSolvers/btDantzigSolver.h>
#include <BulletDynamics/MLCPSolvers/btLemkeSolver.h>
#include <BulletDynamics/MLCPSolvers/btSolveProjectedGaussSeidel.h>
#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace mlcp::adapters {

bool BulletPeerOptions::isValid(std::string* why) const {
  if (!SolverOptions::isValid(why)) return false;
  OptionCheck check("BulletPeerOptions", why);
  check.require(lemkeBound > 0.0 && std::isfinite(lemkeBound), "lemkeBound", lemkeBound,
                "0 < lemkeBound < inf");
  return check.ok();
}

BulletPeerSolver::BulletPeerSolver(BulletMethod method, const BulletPeerOptions& options)
    : SolverWithOptions(options), m_method(method) {
  switch (method) {
    case BulletMethod::Dantzig:
      m_peer = std::make_unique<btDantzigSolver>();
      break;
    case BulletMethod::ProjectedGaussSeidel:
      m_peer = std::make_unique<btSolveProjectedGaussSeidel>();
      break;
    case BulletMethod::Lemke:
      m_peer = std::make_unique<btLemkeSolver>();
      break;
  }
  onOptionsChanged(m_options);
}

BulletPeerSolver::~BulletPeerSolver() = default;

void BulletPeerSolver::onOptionsChanged(const BulletPeerOptions&) {
  if (m_method == BulletMethod::Lemke)
    static_cast<btLemkeSolver&>(*m_peer).m_maxLoops = m_options.maxIterations;
}

std::string_view BulletPeerSolver::name() const {
  switch (m_method) {
    case BulletMethod::Dantzig:
      return "bullet-dantzig";
    case BulletMethod::ProjectedGaussSeidel:
      return "bullet-pgs";
    case BulletMethod::Lemke:
      return "bullet-lemke";
  }
  return "bullet";
}

Capabilities BulletPeerSolver::capabilities() const {
  Capabilities c;
  c.requiresSymmetricA = m_method == BulletMethod::Dantzig;
  c.usesInitialGuess = m_method == BulletMethod::ProjectedGaussSeidel;
  c.iterative = m_method == BulletMethod::ProjectedGaussSeidel;
  c.denseA = true;
  return c;
}

void BulletPeerSolver::doSetup(int n) {
  m_A.resize(n, n);
  m_b.resize(n);
  m_x.resize(n);
  m_lo.resize(n);
  m_hi.resize(n);
  m_findex.resize(n);
  m_w.resize(n);
}

void BulletPeerSolver::doSolve(const ProblemView& problem,
                               Eigen::VectorXd& x,
                               SolveReport& report) {
  const int n = problem.size();
  if (m_method == BulletMethod::Dantzig) {
    for (int i = problem.nub; i < n; ++i) {
      if (problem.findex[i] < 0 && (problem.lo[i] > 0.0 || problem.hi[i] < 0.0)) {
        report.status = Status::Unsupported;
        report.message = fmt::format("btDantzigSolver needs lo <= 0 <= hi; row {} has [{}, {}]", i,
                                     problem.lo[i], problem.hi[i]);
        return;
      }
    }
  }
  constexpr double kInf = std::numeric_limits<double>::infinity();
  const bool lemke = m_method == BulletMethod::Lemke;
  const double bound = m_options.lemkeBound;
  double* A = m_A.getBufferPointerWritable();
  const Eigen::MatrixXd& denseA = problem.denseA();
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) A[i * n + j] = denseA(i, j);
  for (int i = 0; i < n; ++i) {
    const bool unbounded = i < problem.nub;
    double lo = unbounded ? -kInf : problem.lo[i];
    double hi = unbounded ? kInf : problem.hi[i];
    if (lemke) {
      lo = std::max(lo, -bound);
      hi = std::min(hi, bound);
    }
    m_b[i] = problem.b[i];
    m_x[i] = x[i];
    m_lo[i] = lo;
    m_hi[i] = hi;
    m_findex[i] = problem.findex[i];
  }

  const bool ok =
      m_peer->solveMLCP(m_A, m_b, m_x, m_lo, m_hi, m_findex, m_options.maxIterations, true);
  for (int i = 0; i < n; ++i) x[i] = m_x[i];
  // Sweeps for PGS (it always runs them all); one pass for Dantzig; Lemke does not say (0).
  report.iterations = m_method == BulletMethod::ProjectedGaussSeidel ? m_options.maxIterations
                      : m_method == BulletMethod::Dantzig            ? 1
                                                                     : 0;

  PeerVerdict verdict;
  verdict.peerSucceeded = ok;
  switch (m_method) {
    case BulletMethod::Dantzig:
      verdict.peer = "btDantzigSolver";
      verdict.failureStatus = Status::SingularPivot;
      verdict.failureReason =
          "s <= 0 in btSolveDantzigLCP (A(C,C) singular or the problem "
          "degenerate; add CFM), or NaN in x";
      verdict.caveat = "it fixes friction bounds once from the friction-free normal forces";
      break;
    case BulletMethod::ProjectedGaussSeidel:
      verdict.peer = "btSolveProjectedGaussSeidel";
      verdict.iterative = true;
      break;
    case BulletMethod::Lemke:
      verdict.peer = "btLemkeSolver";
      verdict.failureStatus = Status::Unbounded;
      verdict.failureReason = "ray termination, loop limit or |x| > 1e5 (Bullet then zeroes x)";
      verdict.caveat = (problem.findex.array() >= 0).any()
                           ? "btLemkeSolver ignores findex: friction rows were solved with the "
                             "fixed box [-mu, mu]"
                           : "";
      break;
  }
  setPeerStatus(problem, x, m_w, m_options, verdict, report);
}

}  // namespace mlcp::adapters
