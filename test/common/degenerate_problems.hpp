#pragma once

// The degenerate-problem set of issue 8, shared by test/mlcp/degenerate_test.cpp (our solvers)
// and test/adapters/adapter_degenerate_test.cpp (the peers' solvers behind the adapters).

#include <mlcp/core/mixed_lcp.hpp>
#include <mlcp/core/problem.hpp>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mlcp::test {

/// One degenerate problem and what a solver must make of it.
struct DegenerateCase {
  std::string name;      ///< for messages ("closed 4-bar loop, CFM = 0")
  Problem problem;       ///< A (dense, or factors for the cases built from bodies), b, lo, ...
  bool wellPosed;        ///< a unique, well-conditioned solution: our Dantzig must converge
  bool invalid = false;  ///< non-finite data: every solver must report InvalidProblem
  /// A problem class some solvers do not take (non-symmetric A, negative diagonal): they may
  /// refuse it with Unsupported and a message naming the entry.
  bool refusable = false;
  /// Singular-degenerate: rows of A that are zero (w_i = -b_i whatever x), each forcing x_i to
  /// a finite bound, so the solution is still unique (`solution`): PGS and APGD must find it. With
  /// `noFiniteSolution`, a zero row instead pushes x_`zeroRow` toward an infinite bound: no solver
  /// may claim Converged, and PGS and APGD name the row.
  bool zeroRows = false;
  bool noFiniteSolution = false;
  int zeroRow = -1;  ///< the row without a finite answer (noFiniteSolution)
  /// The unique solution when known: a solver that reports Converged must return it.
  std::optional<Eigen::VectorXd> solution;
};

/// The set: mu = 0 and mu = 1e6; scales 1e-9 .. 1e9; n = 1; all rows at bounds; redundant
/// contacts (rank-deficient A, with and without friction); redundant bilateral rows; a closed
/// 4-bar loop of hinges (rank-deficient bilateral rows, with CFM = 0 and with CFM, and resting on
/// a support: nub bilateral rows then one contact); a body of mass 1e-9 kg among 1 kg bodies; a
/// zero-mass body (1 / m = inf in A: invalid); the singular-degenerate family (zero rows of A
/// whose fixed w forces x to a bound: a boxed row at each bound, a friction row at mu x_k, a
/// contact on a kinematic body with M^-1 = 0 held as factors, and a zero row pushing x toward an
/// infinite bound, which has no finite solution); and, when ../shared/data is present, the Siconos
/// LCP and MLCP test problems known to be hard (non-symmetric, rank-deficient, secondary rays).
/// The cases built from bodies hold A as its factors (J, M^-1, cfm), the others dense.
std::vector<DegenerateCase> degenerateCases();

/// The problem with A in every form it can take: as it holds A, dense, and sparse (the factor
/// form only when the problem holds it; only the problem's own form when A fails check()), each
/// with the form's name, for tests that run every solver on every form.
std::vector<std::pair<std::string, Problem>> everyForm(const Problem& problem);

/// Checks what every solver owes on every case after solver.solve() returned report: a status
/// (never NotSolved), InvalidProblem exactly when the case is invalid, Unsupported only with a
/// message when `mayRefuse` (a solver refusing a problem class it cannot take), a finite x and w,
/// a finite residual after a solve, and a residual <= 1e-5 when it claims Converged.
void checkDegenerateResult(const DegenerateCase& degenerate,
                           const std::string& solverName,
                           const MixedLCP& solver,
                           const SolveReport& report,
                           bool mayRefuse);

}  // namespace mlcp::test
