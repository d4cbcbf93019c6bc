#pragma once

namespace mlcp::adapters {

/// Registers Siconos' solvers with mlcp::registerSolver() as "siconos-lemke", "siconos-pgs",
/// "siconos-enum", "siconos-mlcp-pgs", "siconos-mlcp-enum" and "siconos-mlcp-lemke"
/// (SiconosSolver), so makeSolver() and `mlcp compare --solvers all` find them. They refuse
/// boxed and friction problems with Status::Unsupported. Their options table
/// (SiconosOptions::table()) holds max_iterations and relative_tolerance. Safe to call more
/// than once.
void registerSiconosSolvers();

}  // namespace mlcp::adapters
