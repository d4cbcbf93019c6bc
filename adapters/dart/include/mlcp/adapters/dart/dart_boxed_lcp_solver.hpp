#pragma once

#include <mlcp/adapters/common/adapter_statistics.hpp>
#include <mlcp/adapters/common/host_policy.hpp>
#include <mlcp/core/mixed_lcp.hpp>

#include <Eigen/Core>
#include <dart/constraint/BoxedLcpSolver.hpp>

#include <memory>
#include <string>

namespace mlcp::adapters {

/// A dart::constraint::BoxedLcpSolver that solves with any MixedLCP, to be set on DART's
/// BoxedLcpConstraintSolver as the primary or the secondary solver (DART 6.12,
/// dart/constraint/BoxedLcpSolver.hpp):
///
///     auto lcp =
///     std::make_shared<mlcp::adapters::DartBoxedLcpSolver>(mlcp::makeSolver("dantzig"));
///     world->setConstraintSolver(
///         std::make_unique<dart::constraint::BoxedLcpConstraintSolver>(lcp, nullptr));
///
/// Used terms: DART's problem is ODE's, A x = b + w, i.e. w = A x - b with l <= x <= u; A is
/// n x n, stored row-major with the padded row stride nSkip = dPAD(n) (odePaddedStride), of
/// which only the lower triangle is read (it must be symmetric; ODE's rule); b (n) velocity
/// targets (unit: m/s), x (n) impulses (unit: N s); findex (n): -1 or the normal row of a
/// friction row (hi = mu); findex[i] == i, which DART's doc comment allows for normal rows, is
/// read as -1.
///
/// Per call: bounds with |value| >= HostPolicy::infiniteBound become infinite, the leading
/// unbounded rows become nub (DART passes nub = 0), DART's x becomes the initial guess of solvers
/// that use one; then MixedLCP::solve(). The result is written to x whenever it is usable by
/// the solver's contract (finite and within its bounds: every status but InvalidProblem and
/// NumericalFailure, where x is left as it was), and the return value is acceptedByHost(): DART
/// then runs its secondary solver on its backups when the primary returns false (it passes
/// earlyTermination = true exactly when it has one). A, b, lo, hi and findex are not modified.
/// No exception leaves solve(): one is reported as false and kept in lastError().
class DartBoxedLcpSolver final : public dart::constraint::BoxedLcpSolver {
 public:
  /// @throws std::invalid_argument when solver is null or the policy is invalid.
  explicit DartBoxedLcpSolver(std::unique_ptr<MixedLCP> solver, const HostPolicy& policy = {});
  ~DartBoxedLcpSolver() override;

  /// "mlcp::adapters::DartBoxedLcpSolver".
  const std::string& getType() const override;
  /// "mlcp::adapters::DartBoxedLcpSolver", without an object.
  static const std::string& getStaticType();

  /// DART's entry point (see class comment). Returns true when DART should use x.
  bool solve(int n,
             double* A,
             double* x,
             double* b,
             int nub,
             double* lo,
             double* hi,
             int* findex,
             bool earlyTermination = false) override;

#ifndef NDEBUG
  /// DART's debug-build check: A's lower triangle is finite with a non-negative diagonal.
  bool canSolve(int n, const double* A) override;
#endif

  /// The solver this adapter runs (its report() holds the last solve's status and message).
  MixedLCP& solver() { return *m_solver; }
  /// The solver this adapter runs, read-only.
  const MixedLCP& solver() const { return *m_solver; }
  /// Totals over every call with n > 0.
  const AdapterStatistics& statistics() const { return m_statistics; }
  /// Empty, or the message of the last exception caught inside solve().
  const std::string& lastError() const { return m_lastError; }

 private:
  std::unique_ptr<MixedLCP> m_solver;
  HostPolicy m_policy;
  AdapterStatistics m_statistics;
  std::string m_lastError;
  Eigen::MatrixXd m_A;
  Eigen::VectorXd m_b, m_lo, m_hi, m_x0;
  Eigen::VectorXi m_findex;
};

}  // namespace mlcp::adapters
