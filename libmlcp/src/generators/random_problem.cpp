#include <mlcp/generators/random_problem.hpp>

#include <fmt/format.h>

#include <limits>
#include <random>
#include <stdexcept>
#include <utility>

namespace mlcp {

Problem randomProblem(const RandomProblemOptions& options) {
  const int n = options.n;
  const int nub = options.nub >= 0 ? options.nub : n / 4;
  const int contacts = options.contacts >= 0 ? options.contacts : n / 6;
  if (n < 0 || nub < 0 || nub + 3 * contacts > n)
    throw std::invalid_argument(
        fmt::format("randomProblem: n = {}, nub = {} and {} contacts do "
                    "not fit (need nub + 3 contacts <= n)",
                    n, nub, contacts));
  std::mt19937_64 rng(options.seed);
  // Uniform in [0, 1) from the raw 53 high bits: the same numbers with every standard library.
  auto uniform = [&rng] { return static_cast<double>(rng() >> 11) * 0x1.0p-53; };
  const double inf = std::numeric_limits<double>::infinity();

  Problem p;
  p.name = fmt::format("random n={} nub={} contacts={} mu={} seed={}", n, nub, contacts, options.mu,
                       options.seed);
  Eigen::MatrixXd R(n, n);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) R(i, j) = 2.0 * uniform() - 1.0;
  Eigen::MatrixXd A = R * R.transpose();
  A.diagonal().array() += 1e-3;
  Eigen::VectorXd xStar(n);
  for (int i = 0; i < n; ++i) xStar[i] = 2.0 * uniform() - 1.0;
  p.b = A * xStar;
  p.A = std::move(A);
  for (int i = 0; i < n; ++i) p.b[i] += 0.2 * uniform() - 0.1;

  p.nub = nub;
  p.lo.resize(n);
  p.hi.resize(n);
  p.findex.setConstant(n, -1);
  const int firstContact = n - 3 * contacts;
  for (int i = 0; i < n; ++i) {
    if (i < nub) {
      p.lo[i] = -inf;
      p.hi[i] = inf;
    } else if (i < firstContact) {
      p.lo[i] = -(uniform() + 0.01);
      p.hi[i] = uniform() + 0.01;
    } else if ((i - firstContact) % 3 == 0) {
      p.lo[i] = 0.0;
      p.hi[i] = inf;
    } else {
      const int normal = firstContact + 3 * ((i - firstContact) / 3);
      p.findex[i] = normal;
      p.lo[i] = -options.mu;
      p.hi[i] = options.mu;
    }
  }
  return p;
}

}  // namespace mlcp
