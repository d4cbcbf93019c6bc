#pragma once

#include <mlcp/adapters/common/host_policy.hpp>

#include <Eigen/Core>

#include <BulletDynamics/MLCPSolvers/btMLCPSolverInterface.h>
#include <string>

namespace mlcp::adapters::detail {

/// Our copy of one problem btMLCPSolver passed to a btMLCPSolverInterface.
struct BulletArrays {
  Eigen::MatrixXd A;          ///< (n x n)
  Eigen::VectorXd b, lo, hi;  ///< (n) each; bounds mapped with hostBound()
  Eigen::VectorXi findex;     ///< (n) limitDependency
  int nub = 0;                ///< leading unbounded rows when policy.detectUnbounded, else 0
};

/// Copies Bullet's arrays (A row-major n x n, b, lo, hi, limitDependency of n = b.rows()) into
/// `out`, resizing it only when n changes. Returns false and sets *why when the sizes disagree.
bool readBulletArrays(const btMatrixXu& A,
                      const btVectorXu& b,
                      const btVectorXu& lo,
                      const btVectorXu& hi,
                      const btAlignedObjectArray<int>& limitDependency,
                      const HostPolicy& policy,
                      BulletArrays& out,
                      std::string* why);

}  // namespace mlcp::adapters::detail
