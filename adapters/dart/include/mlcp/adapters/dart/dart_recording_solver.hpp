#pragma once

#include <mlcp/adapters/common/host_policy.hpp>
#include <mlcp/adapters/common/problem_recorder.hpp>

#include <dart/constraint/BoxedLcpSolver.hpp>

#include <memory>
#include <string>

namespace mlcp::adapters {

/// A dart::constraint::BoxedLcpSolver that writes every problem DART's BoxedLcpConstraintSolver
/// assembles (as the recorder selects) to a BLCP file, then hands the call unchanged to another
/// BoxedLcpSolver (DART's DantzigBoxedLcpSolver, or a DartBoxedLcpSolver running one of ours).
///
/// The file holds what DART passed with the row padding removed: the lower triangle of A
/// mirrored, b, lo, hi (|value| >= HostPolicy::infiniteBound written as inf), findex (-1 for
/// findex[i] == i), nub = the leading unbounded rows; its `name` line is "<label> call <k>".
/// Writing never throws into DART: a failure stops the recording (ProblemRecorder::error()).
class DartRecordingSolver final : public dart::constraint::BoxedLcpSolver {
 public:
  /// Records into `recorder` (which must outlive this object) and delegates to `next`.
  DartRecordingSolver(std::shared_ptr<dart::constraint::BoxedLcpSolver> next,
                      ProblemRecorder& recorder,
                      std::string label,
                      const HostPolicy& policy = {});

  /// "mlcp::adapters::DartRecordingSolver".
  const std::string& getType() const override;
  /// "mlcp::adapters::DartRecordingSolver", without an object.
  static const std::string& getStaticType();

  /// DART's entry point: offers the problem to the recorder, then returns what `next` returns for
  /// the same arguments (x as `next` leaves it).
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

  /// Problems offered (n > 0).
  int problems() const { return m_problems; }
  /// Of those, how many the delegate reported as failed.
  int failures() const { return m_failures; }

 private:
  std::shared_ptr<dart::constraint::BoxedLcpSolver> m_next;
  ProblemRecorder& m_recorder;
  std::string m_label;
  HostPolicy m_policy;
  int m_problems = 0;
  int m_failures = 0;
};

}  // namespace mlcp::adapters
