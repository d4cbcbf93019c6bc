#include <mlcp/adapters/bullet/bullet_peer_solver.hpp>
#include <mlcp/adapters/bullet/register_bullet_solvers.hpp>
#include <mlcp/core/solver_factory.hpp>

namespace mlcp::adapters {

namespace {

SolverEntry bulletEntry(std::string name, std::string description, BulletMethod method) {
  return solverEntry<BulletPeerSolver, BulletPeerOptions>(
      std::move(name), std::move(description), {},
      [method](const BulletPeerOptions& options) {
        return std::make_unique<BulletPeerSolver>(method, options);
      },
      BulletPeerOptions::table(method));
}

}  // namespace

void registerBulletSolvers() {
  registerSolver(bulletEntry("bullet-dantzig",
                             "Bullet 3.24 btDantzigSolver (ODE's Dantzig, friction bounds fixed "
                             "once)",
                             BulletMethod::Dantzig));
  registerSolver(bulletEntry("bullet-pgs",
                             "Bullet 3.24 btSolveProjectedGaussSeidel (max-iterations sweeps)",
                             BulletMethod::ProjectedGaussSeidel));
  registerSolver(bulletEntry("bullet-lemke",
                             "Bullet 3.24 btLemkeSolver (ignores findex: friction box [-mu, mu])",
                             BulletMethod::Lemke));
}

const OptionTable<BulletPeerOptions>& BulletPeerOptions::table(BulletMethod method) {
  static const OptionTable<BulletPeerOptions> lemke(
      peerOptionFields<BulletPeerOptions>({option<BulletPeerOptions>(
          "lemke_bound", &BulletPeerOptions::lemkeBound, "0 < lemke_bound < inf",
          "Infinite bounds passed to btLemkeSolver as +-this (unit: N s)")}));
  static const OptionTable<BulletPeerOptions> others(peerOptionFields<BulletPeerOptions>({}));
  return method == BulletMethod::Lemke ? lemke : others;
}

}  // namespace mlcp::adapters
