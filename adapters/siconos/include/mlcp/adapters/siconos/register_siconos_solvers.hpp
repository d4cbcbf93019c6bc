#pragma once

namespace mlcp::adapters {

/// Registers Siconos' solvers with mlcp::registerSolver() as "siconos-lemke", "siconos-pgs",
/// "siconos-enum", "siconos-mlcp-pgs", "siconos-mlcp-enum" and "siconos-mlcp-lemke"
/// (SiconosSolver), so makeSolver() and `mlcp compare --solvers all` find them. They refuse
/// boxed and friction problems with Status::Unsupported. Their options tables
/// (SiconosOptions::table(SiconosMethod)) hold max_iterations, relative_tolerance and
/// siconos_tolerance, and max_enumeration_size for the enumerations. Safe to call more than
/// once.
void registerSiconosSolvers();

}  // namespace mlcp::adapters
