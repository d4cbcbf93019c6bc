#include "composite/problem_structure.hpp"

#include "core/low_rank_entries.hpp"

#include <mlcp/core/factors.hpp>
#include <mlcp/core/low_rank_form.hpp>

#include <algorithm>
#include <cmath>
#include <utility>

namespace mlcp::detail {

namespace {

/// C_i >= this A_ii regularizes a row by itself (DART's relative CFM is 1e-5).
constexpr double kRegularizedDiagonal = 1e-8;

/// nonzeros / n^2 of a dense or sparse A, 0 for the factor form (not assembled here) and n = 0.
double density(const Operator& A) {
  const double n = A.size();
  if (n == 0.0) return 0.0;
  switch (A.form()) {
    case MatrixForm::Dense:
      return static_cast<double>((A.dense().array() != 0.0).count()) / (n * n);
    case MatrixForm::Sparse:
      return static_cast<double>(A.sparse().nonZeros()) / (n * n);
    case MatrixForm::Factors:
      break;
  }
  return 0.0;
}

}  // namespace

void StructureProbe::measureLowRank(const ProblemView& problem, int maxRows) {
  ProblemStructure& s = m_structure;
  s.lowRank = 0;
  s.lowRankRegularized = false;
  m_lowRankForm.reset();
  if (!s.symmetric || s.n > maxRows) return;
  const Eigen::VectorXd& diagonal = problem.diagonalA();
  if (problem.A.form() == MatrixForm::Factors) {
    // The form is the factors themselves (bpp takes it from them): r <= 6 per body.
    const Factors& factors = problem.A.factors();
    s.lowRank = std::min(s.n, 6 * factors.bodyCount());
    s.lowRankRegularized = (factors.cfm.array() >= kRegularizedDiagonal * diagonal.array()).all();
    return;
  }
  if (s.n < kLowRankMinRows || s.density >= kDenseDensity) return;
  LowRankLimits limits;  // what auto plans bpp for (maxFoundRank()); C = 0 tells a singular A
  limits.maxRank = maxFoundRank(s.n);
  // The problem is validated; G of a C = 0 form is not kept, so not factored twice.
  std::optional<LowRankForm> form = detail::lowRankFormFromEntries(problem.A, limits, false);
  if (!form) return;
  s.lowRank = form->rank();
  s.lowRankRegularized = (form->C.array() >= kRegularizedDiagonal * diagonal.array()).all();
  if (s.lowRankRegularized) m_lowRankForm = std::move(form);
}

int StructureProbe::maxFoundRank(int n) { return std::max(n / 3, std::min(n / 2, kSmallRank)); }

void StructureProbe::reserve(int n) {
  if (m_reserved != n) m_scaling.reserve(n);
  m_reserved = n;
}

const ProblemStructure& StructureProbe::measure(const ProblemView& problem,
                                                std::uint64_t version,
                                                int islandRows) {
  ProblemStructure& s = m_structure;
  const int n = problem.size();
  s.n = n;
  s.nub = problem.nub;
  s.form = problem.A.form();
  s.frictionRows = 0;
  s.boxRows = 0;
  for (int i = 0; i < n; ++i) {
    if (problem.findex[i] >= 0) {
      ++s.frictionRows;
    } else if (i >= problem.nub && !(problem.lo[i] == 0.0 && std::isinf(problem.hi[i]))) {
      ++s.boxRows;
    }
  }
  if (version != m_version) {
    m_version = version;
    reserve(n);
    const bool scalable = m_scaling.update(problem, version);
    s.symmetric = scalable && !m_scaling.isScaled();
    s.rowScaledSymmetric = scalable && m_scaling.isScaled();
    s.asymmetry = scalable ? std::string() : m_scaling.why();
    const Eigen::VectorXd& diagonal = problem.diagonalA();
    s.positiveDiagonal = n == 0 || diagonal.minCoeff() > 0.0;
    m_density = density(problem.A);
    s.density = m_density;
    measureLowRank(problem, islandRows);
  }
  s.islands = n > 0 ? 1 : 0;
  s.largestIsland = n;
  s.density = m_density;
  if (s.form == MatrixForm::Factors && n <= islandRows) {
    // A factor form's islands are its bodies' (O(n), nothing assembled).
    const Factors& f = problem.A.factors();
    m_islands.find(f.bodies, f.bodyCount(), problem.findex);
    countIslands(s);
  } else if (n > islandRows) {
    // The sparse form the islands need anyway (a factor form assembles it here only, and only
    // then is its density known; a dense or sparse A's was measured with the matrix).
    const Operator::SparseMatrix& A = problem.sparseA();
    if (s.form == MatrixForm::Factors)
      s.density = static_cast<double>(A.nonZeros()) / (static_cast<double>(n) * n);
    m_islands.find(A, problem.findex);
    countIslands(s);
  }
  return s;
}

void StructureProbe::countIslands(ProblemStructure& s) const {
  s.islands = m_islands.count();
  s.largestIsland = 0;
  for (const std::vector<int>& rows : m_islands.rows)
    s.largestIsland = std::max(s.largestIsland, static_cast<int>(rows.size()));
}

}  // namespace mlcp::detail
