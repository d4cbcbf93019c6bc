// Steps a Bullet world (a stack of three boxes) with our Dantzig solver through the installed
// mlcp::adapter_bullet; exit code 0 when every step's problem was ours and the stack stood.
#include <mlcp/adapters/bullet/bullet_mlcp_interface.hpp>
#include <mlcp/adapters/bullet/bullet_scene.hpp>
#include <mlcp/mlcp.hpp>

#include <cstdio>

int main() {
  namespace ma = mlcp::adapters;
  const int steps = 60;  // 1 s at Bullet's 60 Hz
  ma::BulletMlcpInterface solver(mlcp::makeSolver("dantzig"));
  ma::BulletScene scene(mlcp::dynamics::describeScene("box-stack", {"count=3"}), solver);
  const int top = scene.bodyCount() - 1;
  const Eigen::Vector3d start = scene.position(top);
  for (int k = 0; k < steps; ++k) scene.step();
  const double moved = (scene.position(top) - start).norm();  // (unit: m)
  const ma::AdapterStatistics& statistics = solver.statistics();
  std::printf("bullet, 3-box stack, %d steps: top box moved %.3g m, Bullet fallbacks %d; %s\n",
              steps, moved, scene.fallbacks(), statistics.summary().c_str());
  const bool allOurs = statistics.solves == steps && statistics.rejected == 0;
  return allOurs && scene.fallbacks() == 0 && moved <= 0.01 ? 0 : 1;
}
