#pragma once

#include <mlcp/adapters/common/host_policy.hpp>

#include <Eigen/Core>

namespace mlcp::adapters::detail {

/// Copies DART's arrays into ours (resizing only when n changes): A from its lower triangle with
/// row stride odePaddedStride(n), mirrored; b; lo and hi mapped with hostBound(); findex with
/// findex[i] == i read as -1. Returns nub: the leading unbounded rows when
/// policy.detectUnbounded, else 0. findex may be null (all rows -1).
int readDartArrays(int n,
                   const double* A,
                   const double* b,
                   const double* lo,
                   const double* hi,
                   const int* findex,
                   const HostPolicy& policy,
                   Eigen::MatrixXd& outA,
                   Eigen::VectorXd& outB,
                   Eigen::VectorXd& outLo,
                   Eigen::VectorXd& outHi,
                   Eigen::VectorXi& outFindex);

/// DART's debug-build canSolve() check for the adapters: the lower triangle of A (row stride
/// odePaddedStride(n)) is finite and its diagonal non-negative.
bool dartMatrixUsable(int n, const double* A);

}  // namespace mlcp::adapters::detail
