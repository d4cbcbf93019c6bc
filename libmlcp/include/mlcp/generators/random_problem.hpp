#pragma once

#include <mlcp/core/problem.hpp>

#include <cstdint>

namespace mlcp {

/// Recipe of a random problem in the manner of ODE's dTestSolveLCP (ode/src/lcp.cpp).
struct RandomProblemOptions {
  int n = 100;             ///< rows
  int nub = -1;            ///< leading unbounded rows; -1 means n / 4
  int contacts = -1;       ///< contacts (a normal row and two friction rows each); -1: n / 6
  double mu = 0.5;         ///< friction coefficient of the friction rows
  std::uint64_t seed = 1;  ///< seed of the generator (std::mt19937_64)
};

/// Random boxed LCP: A = R R^T + 1e-3 I with R uniform in (-1, 1) (n x n, SPD), a random x*,
/// b = A x* + U(-0.1, 0.1); rows 0 .. nub-1 unbounded; then boxed rows with
/// lo = -(U(0,1) + 0.01), hi = U(0,1) + 0.01; then `contacts` triples (normal: lo = 0,
/// hi = inf; two friction rows: findex = normal, hi = mu). Deterministic for a seed.
/// @throws std::invalid_argument when nub + 3 contacts > n or n < 0.
Problem randomProblem(const RandomProblemOptions& options);

}  // namespace mlcp
