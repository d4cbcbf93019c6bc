#include "core/low_rank_entries.hpp"

#include <mlcp/core/factors.hpp>
#include <mlcp/core/low_rank_form.hpp>

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>
#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mlcp {

namespace {

/// L with L L^T = block: Cholesky, or Q sqrt(max(Lambda, 0)) when the block is only
/// semi-definite (a body with locked directions).
Factors::Block6 squareRoot(const Factors::Block6& block) {
  Eigen::LLT<Factors::Block6> llt(block);
  if (llt.info() == Eigen::Success) return llt.matrixL();
  Eigen::SelfAdjointEigenSolver<Factors::Block6> eigen(block);
  const Eigen::Matrix<double, 6, 1> roots = eigen.eigenvalues().cwiseMax(0.0).cwiseSqrt();
  return eigen.eigenvectors() * roots.asDiagonal();
}

/// Columns of G per body: 6 for each body a row references, in body order (so that G's
/// pattern, and K's in body space, depend only on which bodies share rows, not on the order of
/// the rows); -1 for the others. Returns r.
int bodyColumns(const Factors& factors, std::vector<int>& column) {
  column.assign(static_cast<size_t>(factors.bodyCount()), -1);
  for (int i = 0; i < factors.size(); ++i)
    for (int side = 0; side < 2; ++side)
      if (const int body = factors.bodies(i, side); body >= 0) column[body] = 0;
  int r = 0;
  for (int& c : column)
    if (c == 0) {
      c = r;
      r += 6;
    }
  return r;
}

SparseLowRankForm sparseFromFactors(const Factors& factors) {
  const int n = factors.size();
  std::vector<int> column;
  const int r = bodyColumns(factors, column);
  std::vector<Factors::Block6> roots(factors.bodyCount());
  for (int body = 0; body < factors.bodyCount(); ++body)
    if (column[body] >= 0) roots[body] = squareRoot(factors.inverseMass[body]);
  // Row i: 6 entries per distinct body it references, written compressed in place.
  SparseLowRankForm form;
  form.G.resize(n, r);
  int entries = 0;
  for (int i = 0; i < n; ++i) {
    const int a = factors.bodies(i, 0);
    const int b = factors.bodies(i, 1);
    entries += 6 * ((a >= 0) + (b >= 0 && b != a));
  }
  form.G.resizeNonZeros(entries);
  int* start = form.G.outerIndexPtr();
  int* index = form.G.innerIndexPtr();
  double* value = form.G.valuePtr();
  using Block = std::pair<int, Eigen::Matrix<double, 1, 6>>;  // first column, 1 x 6 of G
  int p = 0;
  for (int i = 0; i < n; ++i) {
    start[i] = p;
    Block blocks[2] = {{0, Eigen::Matrix<double, 1, 6>::Zero()},
                       {0, Eigen::Matrix<double, 1, 6>::Zero()}};
    int count = 0;
    for (int side = 0; side < 2; ++side) {
      const int body = factors.bodies(i, side);
      if (body < 0) continue;
      const Eigen::Matrix<double, 1, 6> block = factors.J.row(i).segment<6>(6 * side) * roots[body];
      if (count == 1 && blocks[0].first == column[body])
        blocks[0].second += block;  // both sides on one body
      else
        blocks[count++] = {column[body], block};
    }
    if (count == 2 && blocks[1].first < blocks[0].first) std::swap(blocks[0], blocks[1]);
    for (int c = 0; c < count; ++c)
      for (int k = 0; k < 6; ++k, ++p) {
        index[p] = blocks[c].first + k;
        value[p] = blocks[c].second[k];
      }
  }
  start[n] = p;
  form.C = factors.cfm;
  return form;
}

std::optional<LowRankForm> fromFactors(const Factors& factors, const LowRankLimits& limits) {
  SparseLowRankForm sparse = sparseFromFactors(factors);
  if (sparse.rank() > detail::rankLimit(factors.size(), limits)) return std::nullopt;
  return toDenseForm(sparse);
}

}  // namespace

int detail::rankLimit(int n, const LowRankLimits& limits) {
  return std::min(limits.maxRank, static_cast<int>(limits.maxRankFraction * n));
}

std::string_view toString(LowRankSource source) {
  return source == LowRankSource::Factors ? "factors" : "pivoted-cholesky";
}

std::string LowRankForm::describe() const {
  return fmt::format("r = {} of n = {}, {}, C = {}, error <= {:.1e}", rank(), G.rows(),
                     toString(source), diagonal, relativeError);
}

std::optional<LowRankForm> findLowRankForm(const Operator& A, const LowRankLimits& limits) {
  if (!A.check().empty()) return std::nullopt;
  if (A.form() == MatrixForm::Factors) return fromFactors(A.factors(), limits);
  return detail::lowRankFormFromEntries(A, limits);
}

LowRankForm toDenseForm(const SparseLowRankForm& form) {
  LowRankForm dense;
  dense.G = form.G;
  dense.C = form.C;
  dense.source = LowRankSource::Factors;
  dense.diagonal = "cfm of the factors";
  return dense;
}

ChosenLowRankForm chooseLowRankForm(const Operator& A,
                                    const LowRankLimits& limits,
                                    int sparseAboveRank) {
  ChosenLowRankForm chosen;
  chosen.sparse = findSparseLowRankForm(A);
  if (chosen.sparse && chosen.sparse->rank() > sparseAboveRank) return chosen;
  if (chosen.sparse)
    chosen.dense = toDenseForm(*chosen.sparse);
  else
    chosen.dense = findLowRankForm(A, limits);
  chosen.sparse.reset();
  return chosen;
}

std::optional<SparseLowRankForm> findSparseLowRankForm(const Operator& A) {
  if (A.form() != MatrixForm::Factors || !A.check().empty()) return std::nullopt;
  return sparseFromFactors(A.factors());
}

void LowRankLimits::require(OptionCheck& check) const {
  check.require(maxRank >= 0, "lowRank.maxRank", maxRank, "lowRank.maxRank >= 0");
  check.require(maxRankFraction > 0.0 && maxRankFraction <= 1.0, "lowRank.maxRankFraction",
                maxRankFraction, "0 < lowRank.maxRankFraction <= 1");
  check.require(tolerance > 0.0, "lowRank.tolerance", tolerance, "lowRank.tolerance > 0");
  check.require(maxDenseRows >= 0, "lowRank.maxDenseRows", maxDenseRows,
                "lowRank.maxDenseRows >= 0");
}

}  // namespace mlcp
