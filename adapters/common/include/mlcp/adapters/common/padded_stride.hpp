#pragma once

namespace mlcp::adapters {

/// ODE's dPAD(n) (include/ode/common.h; DART's external/odelcpsolver/common.h): the row stride of
/// the matrix A in ODE's dSolveLCP and DART's BoxedLcpSolver::solve, n rounded up to a multiple
/// of 4 when n > 1. Element (i, j) of A is A[i * odePaddedStride(n) + j].
constexpr int odePaddedStride(int n) { return n > 1 ? ((n + 3) & ~3) : n; }

}  // namespace mlcp::adapters
