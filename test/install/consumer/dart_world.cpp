// Steps a DART world (a stack of three boxes) with our Dantzig solver as DART's only boxed LCP
// solver through the installed mlcp::adapter_dart; exit code 0 when every step's problem was
// solved by it and the stack stood.
#include <mlcp/adapters/dart/dart_boxed_lcp_solver.hpp>
#include <mlcp/adapters/dart/dart_scene.hpp>
#include <mlcp/mlcp.hpp>

#include <cstdio>
#include <memory>

int main() {
  namespace ma = mlcp::adapters;
  const int steps = 100;  // 0.1 s at DART's 1 ms
  auto solver = std::make_shared<ma::DartBoxedLcpSolver>(mlcp::makeSolver("dantzig"));
  mlcp::dynamics::SceneDescription stack = mlcp::dynamics::describeScene("box-stack", {"count=3"});
  stack.timeStep = 0.001;
  ma::DartScene scene(stack, solver, nullptr);
  const int top = scene.bodyCount() - 1;
  const Eigen::Vector3d start = scene.position(top);
  for (int k = 0; k < steps; ++k) scene.step();
  const double moved = (scene.position(top) - start).norm();  // (unit: m)
  const ma::AdapterStatistics& statistics = solver->statistics();
  std::printf("dart, 3-box stack, %d steps: top box moved %.3g m; %s\n", steps, moved,
              statistics.summary().c_str());
  return statistics.solves == steps && statistics.rejected == 0 && moved <= 0.01 ? 0 : 1;
}
