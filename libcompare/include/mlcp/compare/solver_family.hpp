#pragma once

#include <string>
#include <string_view>

namespace mlcp::compare {

/// Where a registered solver comes from, as the report groups them: one of our families (the
/// folders of libmlcp: pivoting, splitting, gradient, newton, composite) or a peer library
/// (siconos, bullet, dart: the adapters' solvers).
struct SolverFamily {
  std::string name;   ///< "pivoting", ..., or the peer library ("siconos"); "other" if unknown
  bool peer = false;  ///< a peer library's solver (adapters/), not ours
};

/// The family of the solver registered as `solver` ("islands:NAME" is NAME's family). Our
/// solvers by name; a peer by its name's prefix before the first '-' ("bullet-pgs": bullet).
SolverFamily solverFamily(std::string_view solver);

/// The peer library whose solves must run one at a time in one process, or "" for ours (which
/// share no global state: MixedLCP's thread-safety note). The peers' libraries make no promise
/// for threads (Siconos' numerics, Bullet's and DART's copies of ODE's LCP code), so `mlcp
/// compare -j N` runs them in processes of their own (with a budget) or at most one solve of
/// each peer library at a time (without), while ours run in parallel.
std::string serializedLibrary(std::string_view solver);

/// The family of a problem, as the report's sections group them: the label's folder ("lcp" for
/// "lcp/lcp_ortiz.dat", "captured/bullet" for "captured/bullet/stack.blcp"), or "built-in" for
/// a generated problem (a label without '/', or "scene:...").
std::string problemFamily(std::string_view label);

}  // namespace mlcp::compare
