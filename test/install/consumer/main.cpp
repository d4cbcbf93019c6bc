// Solves one small contact problem with the installed library; exit code 0 on success.
#include <mlcp/mlcp.hpp>

#include <cstdio>
#include <limits>

int main() {
  const double inf = std::numeric_limits<double>::infinity();
  Eigen::Matrix2d A;
  A << 2, 0.5, 0.5, 1;
  auto solver = mlcp::makeSolver("dantzig");
  solver->setMatrix(A);
  solver->setRightSide(Eigen::Vector2d(1, 3));
  solver->setLow(Eigen::Vector2d(0, -0.2));
  solver->setHigh(Eigen::Vector2d(inf, 0.2));
  solver->setFrictionIndex(Eigen::Vector2i(-1, 0));
  const mlcp::SolveReport& report = solver->solve();
  std::printf("%s residual %.3g x = (%g, %g)\n", report.message.c_str(), report.relativeResidual,
              solver->getLambda()[0], solver->getLambda()[1]);
  return report.succeeded() && solver->validSolution(1e-12) ? 0 : 1;
}
