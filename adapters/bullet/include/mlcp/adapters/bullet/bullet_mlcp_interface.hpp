#pragma once

#include <mlcp/adapters/common/adapter_statistics.hpp>
#include <mlcp/adapters/common/host_policy.hpp>
#include <mlcp/core/mixed_lcp.hpp>

#include <Eigen/Core>

#include <BulletDynamics/MLCPSolvers/btMLCPSolverInterface.h>
#include <memory>
#include <string>

namespace mlcp::adapters {

namespace detail {
struct BulletArrays;
}  // namespace detail

/// A btMLCPSolverInterface that solves with any MixedLCP, so that Bullet's btMLCPSolver steps a
/// world with our Dantzig, PGS or APGD (bulletphysics/bullet3
/// src/BulletDynamics/MLCPSolvers/btMLCPSolverInterface.h, Bullet 3.24 built with
/// BT_USE_DOUBLE_PRECISION):
///
///     auto solver = mlcp::makeSolver("dantzig");
///     mlcp::adapters::BulletMlcpInterface mlcpInterface(std::move(solver));
///     btMLCPSolver constraintSolver(&mlcpInterface);   // pass to btDiscreteDynamicsWorld
///
/// Used terms: Bullet's problem is ODE's, w = A x - b with l <= x <= u, A (n x n) = J M^-1 J^T +
/// CFM/h (full, symmetric, row-major), b (n) the velocity error (unit: m/s), x (n) impulses
/// (unit: N s), limitDependency (n) = findex (friction rows: u = |hi x_k|, hi = mu).
///
/// What happens per call: bounds with |value| >= HostPolicy::infiniteBound become infinite,
/// leading unbounded rows (Bullet puts joint rows first) become nub, Bullet's x (its warm start,
/// the previous impulses times the warm-starting factor) becomes the initial guess of solvers
/// that use one; then MixedLCP::solve(). The Status maps to Bullet's bool with
/// acceptedByHost(): true writes x back; false leaves x untouched, and btMLCPSolver then counts a
/// fallback (btMLCPSolver::getNumFallbacks()) and runs its sequential-impulse iterations instead.
/// numIterations and useSparsity are Bullet's settings for its own solvers and are not used: the
/// MixedLCP's options govern. No exception leaves solveMLCP() (Bullet is not prepared for one):
/// one is reported as a failure and kept in lastError().
///
/// Memory: the workspace grows to the largest n seen; a call at a known n allocates only what
/// the solver itself allocates (nothing for libmlcp's solvers).
class BulletMlcpInterface final : public btMLCPSolverInterface {
 public:
  /// @throws std::invalid_argument when solver is null or the policy is invalid.
  explicit BulletMlcpInterface(std::unique_ptr<MixedLCP> solver, const HostPolicy& policy = {});
  ~BulletMlcpInterface() override;

  /// Bullet's entry point (see class comment). Returns true when Bullet should use x.
  bool solveMLCP(const btMatrixXu& A,
                 const btVectorXu& b,
                 btVectorXu& x,
                 const btVectorXu& lo,
                 const btVectorXu& hi,
                 const btAlignedObjectArray<int>& limitDependency,
                 int numIterations,
                 bool useSparsity = true) override;

  /// The solver this adapter runs (its report() holds the last solve's status and message).
  MixedLCP& solver() { return *m_solver; }
  /// The solver this adapter runs, read-only.
  const MixedLCP& solver() const { return *m_solver; }
  /// How host arrays are read and statuses mapped to the host's bool.
  const HostPolicy& policy() const { return m_policy; }
  /// Totals over every call with n > 0.
  const AdapterStatistics& statistics() const { return m_statistics; }
  /// Empty, or the message of the last exception caught inside solveMLCP().
  const std::string& lastError() const { return m_lastError; }

 private:
  std::unique_ptr<MixedLCP> m_solver;
  HostPolicy m_policy;
  AdapterStatistics m_statistics;
  std::string m_lastError;
  std::unique_ptr<detail::BulletArrays> m_arrays;
  Eigen::VectorXd m_x0;
};

}  // namespace mlcp::adapters
