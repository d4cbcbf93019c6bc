#include "test_problems.hpp"

#include <mlcp/dynamics/scene_stepper.hpp>
#include <mlcp/generators/random_problem.hpp>

#include <algorithm>
#include <limits>
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

Problem lcp(const Eigen::MatrixXd& A, const Eigen::VectorXd& b) {
  return smallProblem(A, b, Eigen::VectorXd::Zero(b.size()),
                      Eigen::VectorXd::Constant(b.size(), std::numeric_limits<double>::infinity()));
}

Problem randomProblem(int n, std::uint64_t seed) {
  RandomProblemOptions options;
  options.n = n;
  options.seed = seed;
  return mlcp::randomProblem(options);
}

std::shared_ptr<const Factors> sceneFactors(const std::string& name,
                                            std::vector<std::string> parameters,
                                            double h) {
  const bool setsCfm = std::any_of(parameters.begin(), parameters.end(),
                                   [](const std::string& p) { return p.rfind("cfm=", 0) == 0; });
  if (!setsCfm) parameters.emplace_back("cfm=1e-8");
  return std::make_shared<const Factors>(
      dynamics::sceneStepProblem(name, parameters, 0, h).problem);
}

Problem sceneProblem(const std::string& name,
                     const std::vector<std::string>& parameters,
                     double h) {
  return toProblem(sceneFactors(name, parameters, h));
}

double relativeMaxDifference(const Eigen::VectorXd& x, const Eigen::VectorXd& reference) {
  return (x - reference).cwiseAbs().maxCoeff() / reference.cwiseAbs().maxCoeff();
}

}  // namespace mlcp::test
