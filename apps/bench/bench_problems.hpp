#pragma once

#include <mlcp/core/problem.hpp>

#include <filesystem>
#include <string>
#include <vector>

namespace mlcp::bench {

/// One problem of the side-by-side benchmark, solved cold (its `x` section, a warm start for
/// MixedLCP::setProblem, is dropped when loaded).
struct BenchProblem {
  std::string label;  ///< short name shown in the tables ("random n=600", "dart/stack_fcl_step30")
  std::string set;    ///< "random", "random-lcp", "captured", "contact"
  Problem problem;
};

/// ODE-style random problems (mlcp::randomProblem, seed 1: nub = n / 4, boxed rows, n / 6
/// contacts with two friction rows each) of the given sizes.
std::vector<BenchProblem> randomSet(const std::vector<int>& sizes);

/// The same A and b as randomSet() as pure LCPs (nub = 0, lo = 0, hi = +inf, no friction), the
/// only kind siconos-lemke accepts.
std::vector<BenchProblem> randomLcpSet(const std::vector<int>& sizes);

/// Every *.blcp file under dataDir / "captured" (Bullet and DART scenes), sorted by name; empty
/// when the folder is absent. @throws mlcp::ParseError for a file that cannot be read.
std::vector<BenchProblem> capturedSet(const std::filesystem::path& dataDir);

/// The Siconos LCP and relay (boxed LCP) test problems under dataDir / "siconos" / {lcp, relay}
/// (n = 1 .. 40), read with mlcp::readSiconos(); a file that cannot be read is left out and
/// named in `skipped` ("file: reason").
std::vector<BenchProblem> siconosSet(const std::filesystem::path& dataDir,
                                     std::vector<std::string>& skipped);

/// Synthetic contact problems (libdynamics' columns scene: columns of 2 cubes, 4 contacts per face,
/// mu 0.5) of about the given row counts, carrying both the assembled A and the factors J, M^-1,
/// cfm, so dense peers and matrix-free solvers run on the same problem.
std::vector<BenchProblem> contactSet(const std::vector<int>& rows);

/// Box stacks of about `targetRows` rows as factors (J, M^-1, cfm; set "stacks"): libdynamics'
/// columns scene, columns of 4 cubes with 4 contacts per face (48 rows a column, mu 0.5, random
/// sliding), every column an island, the world's CFM `cfm` (unit: s/kg; 0: CFM-free, A
/// singular where contacts are redundant). Label "C columns of 4, cfm X".
BenchProblem columnStacks(int targetRows, double cfm);

/// The MLCP of libdynamics' pile scene (`count` spheres dropped into a bin) after `steps` steps
/// of 1/60 s with real-time PGS (20 sweeps; only the state matters), as factors (set "pile").
/// Label "N spheres, step K".
BenchProblem settledPile(int count, int steps);

/// The shared data folder: $MLCP_SHARED_DATA_DIR when set, else the configured default
/// (../shared/data next to the checkout).
std::filesystem::path defaultDataDir();

}  // namespace mlcp::bench
