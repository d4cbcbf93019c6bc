// The validation rule of a problem (problem_check.hpp), shared by MixedLCP::solve() and the Python
// package's mlcp.Problem.

#include "core/infinity.hpp"

#include <mlcp/core/problem_check.hpp>

#include <fmt/format.h>

#include <cmath>

namespace mlcp {

namespace {

/// '' when row i (a friction row, findex_i = k >= 0) is valid, else the message.
std::string frictionRowError(const Eigen::VectorXd& hi,
                             const Eigen::VectorXi& findex,
                             int nub,
                             int i) {
  const int k = findex[i];
  if (findex[k] >= 0)
    return fmt::format("findex[{}] = {} points at row {}, itself a friction row (findex[{}] = {})",
                       i, k, k, k, findex[k]);
  if (!std::isfinite(hi[i]))
    return fmt::format("hi[{}] = {} on friction row {}: the friction coefficient mu must be finite",
                       i, hi[i], i);
  if (i < nub) return fmt::format("row {} < nub = {} is a friction row (findex = {})", i, nub, k);
  return {};
}

/// '' when row i (findex_i = -1) has a usable box, else the message.
std::string boxError(const Eigen::VectorXd& lo, const Eigen::VectorXd& hi, int nub, int i) {
  if (std::isnan(lo[i])) return fmt::format("lo[{}] is NaN", i);
  if (std::isnan(hi[i])) return fmt::format("hi[{}] is NaN", i);
  if (lo[i] > hi[i]) return fmt::format("lo[{}] = {} > hi[{}] = {}", i, lo[i], i, hi[i]);
  if (lo[i] == kInf || hi[i] == -kInf)
    return fmt::format("row {} has an empty box [{}, {}]", i, lo[i], hi[i]);
  if (i < nub && (std::isfinite(lo[i]) || std::isfinite(hi[i])))
    return fmt::format(
        "row {} < nub = {} has finite bounds [{}, {}]: the first nub rows must be unbounded", i,
        nub, lo[i], hi[i]);
  return {};
}

/// '' when `entries` = n, else "NAME has ENTRIES entries but A is n x n".
std::string sizeError(std::string_view name, Eigen::Index entries, int n) {
  if (entries == n) return {};
  return fmt::format("{} has {} entries but A is {} x {}", name, entries, n, n);
}

}  // namespace

std::string problemError(const Operator& A,
                         const Eigen::VectorXd& b,
                         const Eigen::VectorXd& lo,
                         const Eigen::VectorXd& hi,
                         const Eigen::VectorXi& findex,
                         int nub) {
  if (std::string why = A.check(); !why.empty()) return why;
  return dataError(static_cast<int>(A.rows()), b, lo, hi, findex, nub);
}

std::string dataError(int n,
                      const Eigen::VectorXd& b,
                      const Eigen::VectorXd& lo,
                      const Eigen::VectorXd& hi,
                      const Eigen::VectorXi& findex,
                      int nub) {
  for (std::string why : {sizeError("b", b.size(), n), sizeError("lo", lo.size(), n),
                          sizeError("hi", hi.size(), n), sizeError("findex", findex.size(), n)})
    if (!why.empty()) return why;
  if (nub < 0 || nub > n) return fmt::format("nub = {} is outside 0 .. n = {}", nub, n);
  for (int i = 0; i < n; ++i) {
    if (!std::isfinite(b[i])) return fmt::format("b[{}] = {} is not finite", i, b[i]);
    const int k = findex[i];
    if (k < -1 || k >= n)
      return fmt::format("findex[{}] = {} is out of range -1 .. {}", i, k, n - 1);
    if (k == i) return fmt::format("findex[{}] = {} points at the row itself", i, k);
    std::string why = k >= 0 ? frictionRowError(hi, findex, nub, i) : boxError(lo, hi, nub, i);
    if (!why.empty()) return why;
  }
  return {};
}

std::string initialGuessError(const Eigen::VectorXd& x0, int n, std::string_view name) {
  if (std::string why = sizeError(name, x0.size(), n); !why.empty()) return why;
  for (Eigen::Index i = 0; i < x0.size(); ++i)
    if (!std::isfinite(x0[i])) return fmt::format("{}[{}] = {} is not finite", name, i, x0[i]);
  return {};
}

std::string problemError(const Problem& problem) {
  const Problem& p = problem;
  if (std::string why = problemError(p.A, p.b, p.lo, p.hi, p.findex, p.nub); !why.empty())
    return why;
  if (p.x) return initialGuessError(*p.x, static_cast<int>(p.A.rows()), "x");
  return {};
}

}  // namespace mlcp
