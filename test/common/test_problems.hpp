#pragma once

#include <mlcp/core/factors.hpp>
#include <mlcp/core/problem.hpp>

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace mlcp::test {

/// A problem of the given data (n = b.size()): A (n x n), b, lo, hi (n), findex (n; empty: all
/// -1), nub 0.
Problem smallProblem(const Eigen::MatrixXd& A,
                     const Eigen::VectorXd& b,
                     const Eigen::VectorXd& lo,
                     const Eigen::VectorXd& hi,
                     Eigen::VectorXi findex = {});

/// The standard LCP 0 <= x perp A x - b >= 0: smallProblem() with lo = 0, hi = +inf (n =
/// b.size(), A n x n).
Problem lcp(const Eigen::MatrixXd& A, const Eigen::VectorXd& b);

/// mlcp::randomProblem() with size n and seed, the other options at their defaults (ODE's
/// dTestSolveLCP recipe with friction rows).
Problem randomProblem(int n, std::uint64_t seed);

/// The factor form (J, M^-1, CFM / h) of the MLCP the libdynamics scene `name` with "key=value"
/// parameters assembles from its initial state (docs/scenes.md), e.g.
/// sceneFactors("columns", {"nx=3", "layers=2"}). Solver tests take h = 0.01 s and, unless the
/// parameters set cfm, CFM = 1e-8 s/kg, so that A's diagonal gets CFM / h = 1e-6: box contacts
/// with four coplanar points per face then make A nearly singular, the hard case for solvers.
std::shared_ptr<const Factors> sceneFactors(const std::string& name,
                                            std::vector<std::string> parameters,
                                            double h = 0.01);

/// toProblem(sceneFactors(name, parameters, h)): A in factor form.
Problem sceneProblem(const std::string& name,
                     const std::vector<std::string>& parameters,
                     double h = 0.01);

/// max_i |x_i - reference_i| / max_i |reference_i| (x and reference of the same size, reference
/// not zero): how far an answer is from a reference one, relative to its size.
double relativeMaxDifference(const Eigen::VectorXd& x, const Eigen::VectorXd& reference);

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
