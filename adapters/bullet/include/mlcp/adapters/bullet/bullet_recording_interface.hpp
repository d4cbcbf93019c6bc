#pragma once

#include <mlcp/adapters/common/host_policy.hpp>
#include <mlcp/adapters/common/problem_recorder.hpp>

#include <BulletDynamics/MLCPSolvers/btMLCPSolverInterface.h>
#include <string>

namespace mlcp::adapters {

/// A btMLCPSolverInterface that writes every problem btMLCPSolver assembles (as the recorder
/// selects) to a BLCP file, then hands the call unchanged to another btMLCPSolverInterface
/// (Bullet's btDantzigSolver, or a BulletMlcpInterface running one of ours).
///
/// The file holds exactly what Bullet passed: A, b, lo, hi, findex = limitDependency, with bounds
/// of magnitude >= HostPolicy::infiniteBound written as inf and the leading unbounded rows as nub
/// (HostPolicy::detectUnbounded); its `name` line is "<label> call <k>". Writing never throws
/// into Bullet: a failure stops the recording (ProblemRecorder::error()).
class BulletRecordingInterface final : public btMLCPSolverInterface {
 public:
  /// Records into `recorder` and delegates to `next`; both must outlive this object.
  BulletRecordingInterface(btMLCPSolverInterface& next,
                           ProblemRecorder& recorder,
                           std::string label,
                           const HostPolicy& policy = {});

  /// Bullet's entry point: offers the problem to the recorder, then returns what `next` returns
  /// for the same arguments (x as `next` leaves it).
  bool solveMLCP(const btMatrixXu& A,
                 const btVectorXu& b,
                 btVectorXu& x,
                 const btVectorXu& lo,
                 const btVectorXu& hi,
                 const btAlignedObjectArray<int>& limitDependency,
                 int numIterations,
                 bool useSparsity = true) override;

 private:
  btMLCPSolverInterface& m_next;
  ProblemRecorder& m_recorder;
  std::string m_label;
  HostPolicy m_policy;
};

}  // namespace mlcp::adapters
