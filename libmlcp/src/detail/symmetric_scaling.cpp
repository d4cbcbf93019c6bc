#include "symmetric_scaling.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace mlcp::detail {

namespace {

/// Entries at most this fraction of their row's scale count as zero.
constexpr double kNegligible = 1e-12;
/// Relative mismatch allowed between W_i A_ij and W_j A_ji.
constexpr double kMismatch = 1e-6;

}  // namespace

void SymmetricScaling::resize(int n) {
  m_weights.resize(n);
  m_queue.reserve(static_cast<size_t>(n));
  m_seen.resize(static_cast<size_t>(n));
  m_version = ~std::uint64_t{0};
}

template <class Neighbours>
bool SymmetricScaling::walk(const ProblemView& problem, Neighbours&& neighbours) {
  const int n = problem.size();
  const Eigen::VectorXd& scales = problem.rowScalesA();
  std::fill(m_seen.begin(), m_seen.end(), 0);
  m_identity = true;
  for (int root = 0; root < n; ++root) {
    if (m_seen[root] != 0) continue;
    m_weights[root] = 1.0;
    m_seen[root] = 1;
    m_queue.clear();
    m_queue.push_back(root);
    for (size_t head = 0; head < m_queue.size(); ++head) {
      const int i = m_queue[head];
      bool ok = true;
      neighbours(i, [&](int j, double aij, double aji) {
        if (!ok || j == i) return;
        const bool zeroIJ = std::abs(aij) <= kNegligible * scales[i];
        const bool zeroJI = std::abs(aji) <= kNegligible * scales[j];
        if (zeroIJ && zeroJI) return;
        if (zeroIJ != zeroJI || (aij > 0.0) != (aji > 0.0)) {
          m_why = fmt::format("A({}, {}) = {} against A({}, {}) = {}", i, j, aij, j, i, aji);
          ok = false;
          return;
        }
        if (m_seen[j] == 0) {
          m_seen[j] = 1;
          m_weights[j] = m_weights[i] * aij / aji;
          m_identity = m_identity && m_weights[j] == 1.0;
          m_queue.push_back(j);
          return;
        }
        const double left = m_weights[i] * aij;
        const double right = m_weights[j] * aji;
        if (std::abs(left - right) > kMismatch * std::max(std::abs(left), std::abs(right))) {
          m_why =
              fmt::format("A({}, {}) = {} against A({}, {}) = {}: no row scaling makes A symmetric",
                          i, j, aij, j, i, aji);
          ok = false;
        }
      });
      if (!ok) return false;
    }
  }
  return true;
}

bool SymmetricScaling::update(const ProblemView& problem, std::uint64_t version) {
  if (version == m_version) return m_valid;
  m_version = version;
  m_why.clear();
  const int n = problem.size();
  switch (problem.A.form()) {
    case MatrixForm::Factors:  // J M^-1 J^T + diag(cfm): symmetric by construction
      m_weights.setOnes(n);
      m_identity = true;
      m_valid = true;
      break;
    case MatrixForm::Dense: {
      const Eigen::MatrixXd& A = problem.A.dense();
      m_valid = walk(problem, [&](int i, auto&& visit) {
        for (int j = 0; j < n; ++j) visit(j, A(i, j), A(j, i));
      });
      break;
    }
    case MatrixForm::Sparse: {
      const Operator::SparseMatrix& A = problem.A.sparse();
      m_valid = walk(problem, [&](int i, auto&& visit) {
        // Column i holds A_ji; A_ij by a search in column j.
        for (Operator::SparseMatrix::InnerIterator it(A, i); it; ++it)
          visit(static_cast<int>(it.row()), A.coeff(i, it.row()), it.value());
      });
      break;
    }
  }
  return m_valid;
}

}  // namespace mlcp::detail
