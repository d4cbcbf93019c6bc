// Steps ODE's own world (a stack of three boxes, ODE's dWorldStep) built from a libdynamics scene
// description through the installed mlcp::adapter_ode_world; exit code 0 when the stack stood.
#include <mlcp/adapters/ode_world/ode_world.hpp>
#include <mlcp/mlcp.hpp>

#include <cstdio>

int main() {
  namespace ma = mlcp::adapters;
  const int steps = 60;  // 1 s at the scene's 60 Hz
  ma::OdeWorld world(mlcp::dynamics::describeScene("box-stack", {"count=3"}));
  const int top = world.bodyCount() - 1;
  const Eigen::Vector3d start = world.body(top).p_WB;
  for (int k = 0; k < steps; ++k) world.step();
  const double moved = (world.body(top).p_WB - start).norm();  // (unit: m)
  std::printf("ode_world, 3-box stack, %d steps with %s: top box moved %.3g m, %d contacts\n",
              steps, world.stepperName().c_str(), moved, world.lastContactCount());
  return world.stepCount() == steps && world.lastContactCount() > 0 && moved <= 0.01 ? 0 : 1;
}
