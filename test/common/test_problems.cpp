#include "test_problems.hpp"

#include <mlcp/generators/random_problem.hpp>

#include <utility>

namespace mlcp::test {

Problem smallProblem(const Eigen::MatrixXd& A,
                     const Eigen::VectorXd& b,
                     const Eigen::VectorXd& lo,
                     const Eigen::VectorXd& hi,
                     Eigen::VectorXi findex) {
  Problem p;
  p.A = A;
  p.b = b;
  p.lo = lo;
  p.hi = hi;
  p.findex = findex.size() ? std::move(findex) : Eigen::VectorXi::Constant(b.size(), -1);
  return p;
}

Problem randomProblem(int n, std::uint64_t seed) {
  RandomProblemOptions options;
  options.n = n;
  options.seed = seed;
  return mlcp::randomProblem(options);
}

}  // namespace mlcp::test
