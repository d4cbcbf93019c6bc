#include "known_solution_problems.hpp"

#include "test_problems.hpp"

#include <mlcp/core/factors.hpp>

#include <Eigen/QR>

#include <cmath>
#include <limits>
#include <random>
#include <utility>

namespace mlcp::test {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

/// Symmetric positive definite n x n: B B^T / n + shift I with B uniform in [-1, 1].
Eigen::MatrixXd randomSpd(int n, double shift, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  Eigen::MatrixXd B(n, n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) B(i, j) = uniform(rng);
  return B * B.transpose() / n + shift * Eigen::MatrixXd::Identity(n, n);
}

/// Q diag(eigenvalues) Q^T with Q a random orthogonal basis.
Eigen::MatrixXd withEigenvalues(const Eigen::VectorXd& eigenvalues, std::uint32_t seed) {
  const auto n = eigenvalues.size();
  std::mt19937 rng(seed);
  std::normal_distribution<double> normal(0.0, 1.0);
  Eigen::MatrixXd M(n, n);
  for (Eigen::Index i = 0; i < n; ++i)
    for (Eigen::Index j = 0; j < n; ++j) M(i, j) = normal(rng);
  const Eigen::HouseholderQR<Eigen::MatrixXd> qr(M);
  const Eigen::MatrixXd Q = qr.householderQ() * Eigen::MatrixXd::Identity(n, n);
  return Q * eigenvalues.asDiagonal() * Q.transpose();
}

/// The case of A, bounds and x*, w*: b = A x* - w*.
KnownSolutionCase make(std::string family,
                       const Eigen::MatrixXd& A,
                       Eigen::VectorXd lo,
                       Eigen::VectorXd hi,
                       Eigen::VectorXi findex,
                       int nub,
                       const Eigen::VectorXd& xStar,
                       const Eigen::VectorXd& wStar) {
  KnownSolutionCase c;
  c.name = family;
  c.family = std::move(family);
  c.problem.name = c.name;
  c.problem.A = A;
  c.problem.b = A * xStar - wStar;
  c.problem.lo = std::move(lo);
  c.problem.hi = std::move(hi);
  c.problem.findex = std::move(findex);
  c.problem.nub = nub;
  c.xStar = xStar;
  return c;
}

/// An LCP (lo = 0, hi = inf) whose first half of rows is positive (w = 0), the rest at 0 (w > 0).
KnownSolutionCase standardCase(std::string family, const Eigen::MatrixXd& A, std::uint32_t seed) {
  const auto n = static_cast<int>(A.rows());
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> value(0.2, 1.0);
  Eigen::VectorXd x = Eigen::VectorXd::Zero(n);
  Eigen::VectorXd w = Eigen::VectorXd::Zero(n);
  for (int i = 0; i < n; ++i) (i < n / 2 ? x[i] : w[i]) = value(rng);
  return make(std::move(family), A, Eigen::VectorXd::Zero(n), Eigen::VectorXd::Constant(n, kInf),
              Eigen::VectorXi::Constant(n, -1), 0, x, w);
}

KnownSolutionCase boxedCase() {
  // row:        free  free  lower upper inside one-sided upper(-inf) lo>0   box<0  fixed
  Eigen::VectorXd lo(10), hi(10), x(10), w(10);
  lo << -kInf, -kInf, -1.0, -0.5, -1.0, 0.0, -kInf, 0.5, -2.0, 0.4;
  hi << kInf, kInf, 1.0, 0.8, 1.0, kInf, 2.0, 3.0, -0.5, 0.4;
  x << 0.7, -0.4, -1.0, 0.8, 0.3, 0.0, 2.0, 1.2, -0.5, 0.4;
  w << 0.0, 0.0, 0.5, -0.4, 0.0, 0.7, -0.2, 0.0, -0.3, 0.25;
  return make("boxed", randomSpd(10, 0.5, 11), lo, hi, Eigen::VectorXi::Constant(10, -1), 2, x, w);
}

KnownSolutionCase frictionCase() {
  // Four contacts (normal, friction, friction): sticking; sliding on both rows; zero normal
  // force; sliding on one row and sticking on the other.
  const int n = 12;
  Eigen::MatrixXd A = 3.0 * Eigen::MatrixXd::Identity(n, n);
  std::mt19937 rng(12);
  std::uniform_real_distribution<double> coupling(-0.15, 0.15);
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) A(i, j) = A(j, i) = coupling(rng);
  Eigen::VectorXd lo(n), hi(n), x(n), w(n);
  Eigen::VectorXi findex(n);
  const double mu[4] = {0.5, 0.4, 0.6, 0.5};
  for (int c = 0; c < 4; ++c) {
    lo[3 * c] = 0.0;
    hi[3 * c] = kInf;
    findex[3 * c] = -1;
    for (int f = 1; f <= 2; ++f) {
      lo[3 * c + f] = -mu[c];
      hi[3 * c + f] = mu[c];
      findex[3 * c + f] = 3 * c;
    }
  }
  x << 1.0, 0.1, -0.15,  // sticking
      0.8, 0.32, -0.32,  // sliding: at +mu x_n and at -mu x_n
      0.0, 0.0, 0.0,     // no normal force: friction bounds 0
      0.6, 0.3, 0.05;    // sliding on the first row, sticking on the second
  w << 0.0, 0.0, 0.0,    //
      0.0, -0.2, 0.15,   // w <= 0 at the upper bound, >= 0 at the lower
      0.5, 0.1, -0.3,    // separating; friction rows fixed at 0 take any w
      0.0, -0.1, 0.0;
  return make("friction", A, lo, hi, findex, 0, x, w);
}

KnownSolutionCase massRatioCase() {
  const Factors stack = *mlcp::test::sceneFactors(
      "columns", {"nx=1", "ny=1", "layers=3", "shape=sphere", "ratio=1000"});
  Eigen::MatrixXd A;
  stack.assembleDense(A);
  const int n = stack.size();
  Eigen::VectorXd x = Eigen::VectorXd::Zero(n);
  int contact = 0;
  for (int i = 0; i < n; ++i)  // every contact pressed ...
    if (stack.findex[i] < 0) x[i] = 1.0 + 0.5 * contact++;
  for (int i = 0; i < n; ++i)  // ... and sticking
    if (stack.findex[i] >= 0)
      x[i] = (i % 2 == 0 ? 0.3 : -0.2) * std::abs(stack.hi[i]) * x[stack.findex[i]];
  return make("mass ratio 1:1000", A, stack.lo, stack.hi, stack.findex, stack.nub, x,
              Eigen::VectorXd::Zero(n));
}

KnownSolutionCase illConditionedCase() {
  Eigen::VectorXd eigenvalues(8);
  for (int i = 0; i < 8; ++i) eigenvalues[i] = std::pow(10.0, -3.0 + 3.0 * i / 7.0);
  return standardCase("ill-conditioned", withEigenvalues(eigenvalues, 13), 14);
}

KnownSolutionCase nearSingularCase() {
  Eigen::MatrixXd A = randomSpd(6, 0.5, 15);
  const double small = 1e-3;  // row and column 0 scaled: smallest eigenvalue ~ 1e-6 A_11
  A.row(0) *= small;
  A.col(0) *= small;
  KnownSolutionCase c = standardCase("near-singular", A, 16);
  return c;
}

/// c with rows `rows` of A and b times factor (x* unchanged).
KnownSolutionCase scaleRows(const KnownSolutionCase& base,
                            const std::vector<int>& rows,
                            double factor,
                            const std::string& label) {
  KnownSolutionCase c = base;
  Eigen::MatrixXd A = base.problem.A.dense();
  for (const int i : rows) {
    A.row(i) *= factor;
    c.problem.b[i] *= factor;
  }
  c.problem.A = A;
  c.scaling = label;
  c.name = base.family + ", " + label;
  c.problem.name = c.name;
  return c;
}

/// The rows the row scalings touch: a pressed contact's normal and friction rows and another
/// contact's friction rows on the friction problems, every other row elsewhere.
std::vector<int> rowsToScale(const KnownSolutionCase& c) {
  std::vector<int> rows;
  if (c.family == "friction") return {1, 2, 3, 4, 5};
  for (int i = 1; i < c.problem.size(); i += 2) rows.push_back(i);
  return rows;
}

}  // namespace

std::vector<KnownSolutionCase> knownSolutionBaseCases() {
  return {standardCase("standard", randomSpd(8, 0.3, 10), 17),
          boxedCase(),
          frictionCase(),
          massRatioCase(),
          illConditionedCase(),
          nearSingularCase()};
}

std::vector<KnownSolutionCase> knownSolutionCases() {
  std::vector<KnownSolutionCase> cases;
  for (const KnownSolutionCase& base : knownSolutionBaseCases()) {
    cases.push_back(base);
    for (const double factor : {1e-6, 1e6}) {
      KnownSolutionCase c = base;
      c.problem.A = factor * base.problem.A.dense();
      c.problem.b *= factor;
      c.scaling = factor < 1.0 ? "problem x 1e-6" : "problem x 1e6";
      c.name = base.family + ", " + c.scaling;
      c.problem.name = c.name;
      cases.push_back(std::move(c));
    }
    for (const double factor : {1e4, 1e8})
      cases.push_back(
          scaleRows(base, rowsToScale(base), factor, factor < 1e5 ? "rows x 1e4" : "rows x 1e8"));
  }
  return cases;
}

double relativeError(const Eigen::VectorXd& x, const Eigen::VectorXd& xStar) {
  const double error = (x - xStar).cwiseAbs().maxCoeff();
  const double size = xStar.cwiseAbs().maxCoeff();
  return size > 0.0 ? error / size : error;
}

}  // namespace mlcp::test
