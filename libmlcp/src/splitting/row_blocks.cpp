#include "splitting/row_blocks.hpp"

#include "splitting/local_block_solver.hpp"

#include <mlcp/core/factors.hpp>

#include <algorithm>
#include <cmath>

namespace mlcp::detail {

namespace {

/// True when rows i and j couple with the same rows (the same two bodies: the rows of one joint):
/// the same nonzero pattern of their columns of A, or the same body pair on the factor form.
bool samePattern(const ProblemView& problem, int i, int j) {
  switch (problem.A.form()) {
    case MatrixForm::Dense: {
      const Eigen::MatrixXd& A = problem.A.dense();
      return ((A.col(i).array() != 0.0) == (A.col(j).array() != 0.0)).all();
    }
    case MatrixForm::Sparse: {
      const Operator::SparseMatrix& A = problem.A.sparse();
      const auto* outer = A.outerIndexPtr();
      const auto* inner = A.innerIndexPtr();
      const auto count = outer[i + 1] - outer[i];
      return count == outer[j + 1] - outer[j] &&
             std::equal(inner + outer[i], inner + outer[i + 1], inner + outer[j]);
    }
    case MatrixForm::Factors: {
      const auto& bodies = problem.A.factors().bodies;
      return std::minmax(bodies(i, 0), bodies(i, 1)) == std::minmax(bodies(j, 0), bodies(j, 1));
    }
  }
  return false;
}

bool unbounded(const ProblemView& problem, int i) {
  return problem.findex[i] < 0 && std::isinf(problem.lo[i]) && problem.lo[i] < 0.0 &&
         std::isinf(problem.hi[i]) && problem.hi[i] > 0.0;
}

}  // namespace

void RowBlocks::resize(int n) {
  const auto rows = static_cast<size_t>(n);
  m_rows.reserve(rows);
  m_start.reserve(rows + 1);
  m_matrixStart.reserve(rows);
  m_matrices.reserve(rows * LocalBlockSolver::kMaxRows);
  m_contact.reserve(rows);
  m_frictionStart.resize(rows + 1);
  m_frictionRows.resize(rows);
  m_placed.resize(rows);
  m_unbounded.resize(rows);
  m_findex.resize(n);
  m_version = ~std::uint64_t{0};
}

bool RowBlocks::builtFor(const ProblemView& problem, std::uint64_t version) const {
  if (version != m_version || m_findex.size() != problem.size()) return false;
  const int n = problem.size();
  for (int i = 0; i < n; ++i)
    if (m_findex[i] != problem.findex[i] || (m_unbounded[i] != 0) != unbounded(problem, i))
      return false;
  return true;
}

bool RowBlocks::isBilateral(const ProblemView& problem, int i) const {
  return unbounded(problem, i) && m_frictionStart[i + 1] == m_frictionStart[i];
}

void RowBlocks::addBlock(const ProblemView& problem, bool contact) {
  const int first = m_start.back();
  const int m = static_cast<int>(m_rows.size()) - first;
  m_start.push_back(static_cast<int>(m_rows.size()));
  m_contact.push_back(contact ? 1 : 0);
  m_matrixStart.push_back(static_cast<int>(m_matrices.size()));
  for (int c = 0; c < m; ++c)
    for (int r = 0; r < m; ++r)
      m_matrices.push_back(problem.A.coeff(m_rows[first + r], m_rows[first + c]));
  m_multiRow += m > 1 ? 1 : 0;
  m_largest = std::max(m_largest, m);
}

void RowBlocks::build(const ProblemView& problem, std::uint64_t version) {
  const int n = problem.size();
  m_rows.clear();
  m_start.assign(1, 0);
  m_matrixStart.clear();
  m_matrices.clear();
  m_contact.clear();
  m_multiRow = 0;
  m_largest = 0;
  // Friction rows bucketed by their normal, ascending within a bucket.
  std::fill(m_frictionStart.begin(), m_frictionStart.end(), 0);
  for (int i = 0; i < n; ++i)
    if (problem.findex[i] >= 0) ++m_frictionStart[problem.findex[i] + 1];
  for (int i = 0; i < n; ++i) m_frictionStart[i + 1] += m_frictionStart[i];
  std::fill(m_placed.begin(), m_placed.end(), 0);
  for (int i = 0; i < n; ++i) {  // m_placed counts the bucket's fill for now
    const int k = problem.findex[i];
    if (k >= 0) m_frictionRows[m_frictionStart[k] + m_placed[k]++] = i;
  }
  std::fill(m_placed.begin(), m_placed.end(), 0);

  for (int i = 0; i < n; ++i) {
    if (m_placed[i] != 0 || problem.findex[i] >= 0) continue;
    const int frictionCount = m_frictionStart[i + 1] - m_frictionStart[i];
    if (frictionCount > 0) {  // a contact: the normal, then its friction rows
      m_rows.push_back(i);
      m_placed[i] = 1;
      const int taken = std::min(frictionCount, LocalBlockSolver::kMaxRows - 1);
      for (int f = 0; f < taken; ++f) {
        const int row = m_frictionRows[m_frictionStart[i] + f];
        m_rows.push_back(row);
        m_placed[row] = 1;
      }
      addBlock(problem, true);
      for (int f = taken; f < frictionCount; ++f) {
        const int row = m_frictionRows[m_frictionStart[i] + f];
        m_rows.push_back(row);
        m_placed[row] = 1;
        addBlock(problem, false);
      }
      continue;
    }
    m_rows.push_back(i);
    m_placed[i] = 1;
    if (isBilateral(problem, i)) {
      int last = i;
      while (last + 1 < n && static_cast<int>(m_rows.size()) - m_start.back() < kMaxBilateral &&
             isBilateral(problem, last + 1) && samePattern(problem, last + 1, last)) {
        ++last;
        m_rows.push_back(last);
        m_placed[last] = 1;
      }
    }
    addBlock(problem, false);
  }

  m_version = version;
  for (int i = 0; i < n; ++i) {
    m_findex[i] = problem.findex[i];
    m_unbounded[i] = unbounded(problem, i) ? 1 : 0;
  }
}

}  // namespace mlcp::detail
