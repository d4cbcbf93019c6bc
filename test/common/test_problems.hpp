#pragma once

#include <mlcp/core/problem.hpp>

#include <cstdint>
#include <stdexcept>
#include <string>

namespace mlcp::test {

/// A problem of the given data (n = b.size()): A (n x n), b, lo, hi (n), findex (n; empty: all
/// -1), nub 0.
Problem smallProblem(const Eigen::MatrixXd& A,
                     const Eigen::VectorXd& b,
                     const Eigen::VectorXd& lo,
                     const Eigen::VectorXd& hi,
                     Eigen::VectorXi findex = {});

/// mlcp::randomProblem() with size n and seed, the other options at their defaults (ODE's
/// dTestSolveLCP recipe with friction rows).
Problem randomProblem(int n, std::uint64_t seed);

/// The message of the std::invalid_argument that constructing Solver(options) throws, or
/// "accepted" when it does not throw.
template <typename Solver, typename Options>
std::string invalidWhy(const Options& options) {
  try {
    Solver solver(options);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "accepted";
}

}  // namespace mlcp::test
