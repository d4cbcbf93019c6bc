#pragma once

// Generated problems with a known solution x* (b = A x* - w*, w* chosen to fit x*'s place in its
// bounds), the acceptance fixtures of issues 13 and 16 after DART's LcpProblemFactory: shared by
// test/mlcp/known_solution_test.cpp and whatever else wants problems whose answer is known.

#include <mlcp/core/problem.hpp>

#include <Eigen/Core>

#include <string>
#include <vector>

namespace mlcp::test {

/// One problem with its solution.
struct KnownSolutionCase {
  std::string name;       ///< "<family>" or "<family>, <scaling>"
  std::string family;     ///< the base problem it derives from
  std::string scaling;    ///< "" or how it was scaled ("problem x 1e-6", "rows x 1e8", ...)
  Problem problem;        ///< A dense (n x n), b = A x* - w*, lo, hi, findex, nub
  Eigen::VectorXd xStar;  ///< (n) the solution (unique: A is positive definite and the friction
                          ///< coefficients small enough for these sizes)
};

/// The base problems, each with its x*:
///  - "standard": an LCP (lo = 0, hi = inf), half of the rows at 0 with w > 0, half positive;
///  - "boxed": nub free rows, then rows at their lower bound (w > 0), at their upper bound
///    (w < 0), inside (w = 0), one-sided and two-sided boxes;
///  - "friction": contacts of a normal and two friction rows: sticking (|x_f| < mu x_n,
///    w_f = 0), sliding (x_f = +-mu x_n, w_f of the opposite sign), and a contact with zero
///    normal force (x_n = 0, w_n > 0, friction 0);
///  - "mass ratio 1:1000": a column of three spheres, the top one 1000 times heavier, one contact
///    per touching pair (libdynamics' columns scene), every contact sticking;
///  - "ill-conditioned": an LCP whose A has eigenvalues from 1e-3 to 1 in a random basis;
///  - "near-singular": DART's near-singular case, a row and column of a well-conditioned A
///    scaled by 1e-3 (smallest eigenvalue ~1e-6), with its row inside its bounds.
std::vector<KnownSolutionCase> knownSolutionBaseCases();

/// Every base case, and each again scaled: the whole problem (A and b) times 1e-6 and 1e6, and
/// rows of A and b times 1e4 and 1e8 (x* unchanged in all of them). The scaled rows are every
/// other row, and on the friction problems the friction rows of a contact whose normal is
/// active (x_n > 0) and that normal.
std::vector<KnownSolutionCase> knownSolutionCases();

/// ||x - x*||_inf / ||x*||_inf (||x - x*||_inf when x* = 0).
double relativeError(const Eigen::VectorXd& x, const Eigen::VectorXd& xStar);

}  // namespace mlcp::test
