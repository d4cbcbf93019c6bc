#pragma once

namespace mlcp::adapters {

/// Registers Bullet's solvers with mlcp::registerSolver() as "bullet-dantzig", "bullet-pgs" and
/// "bullet-lemke" (BulletPeerSolver), so makeSolver() and `mlcp compare --solvers all` find them.
/// Their options tables (BulletPeerOptions::table(BulletMethod)) hold max_iterations and
/// relative_tolerance, and lemke_bound for "bullet-lemke". Safe to call more than once.
void registerBulletSolvers();

}  // namespace mlcp::adapters
