#include "linalg/symmetric_row_scaling.hpp"

#include "linalg/lower_tiles.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace mlcp::detail {

namespace {

/// Entries at most this fraction of their row's scale count as zero in the walk for T.
constexpr double kNegligible = 1e-12;

}  // namespace

void SymmetricRowScaling::reserve(int n) {
  m_factor.setOnes(n);
  m_root.resize(n);
  m_queue.resize(n);
  m_cursor.resize(n);
  m_version = ~std::uint64_t{0};
}

bool SymmetricRowScaling::update(const ProblemView& problem, std::uint64_t version) {
  if (version == m_version) return m_valid;
  m_version = version;
  m_why.clear();
  if (problem.A.form() == MatrixForm::Factors) {  // symmetric by construction
    m_scaled = false;
    m_factor.setOnes(problem.size());
    m_valid = true;
    return true;
  }
  m_valid = examine(problem, kTolerance, problem.A.form() == MatrixForm::Sparse);
  if (!m_valid) {
    m_why = fmt::format("A({}, {}) = {} against A({}, {}) = {}: no row scaling makes A symmetric",
                        m_row, m_column, problem.A.coeff(m_row, m_column), m_column, m_row,
                        problem.A.coeff(m_column, m_row));
  }
  return m_valid;
}

bool SymmetricRowScaling::symmetric(const ProblemView& problem, double tolerance, bool sparse) {
  m_row = m_column = -1;
  m_factor.setOnes(problem.size());
  return sparse ? symmetricSparse(problem, tolerance) : symmetricDense(problem, tolerance);
}

bool SymmetricRowScaling::examine(const ProblemView& problem, double tolerance, bool sparse) {
  m_scaled = m_haveDense = m_haveSparse = false;
  if (symmetric(problem, tolerance, sparse)) return true;
  const int row = m_row;
  const int column = m_column;
  if (findFactors(problem, sparse) &&
      (sparse ? symmetricSparse(problem, tolerance) : symmetricDense(problem, tolerance))) {
    m_scaled = true;
    return true;
  }
  m_factor.setOnes();
  m_row = row;
  m_column = column;
  return false;
}

// A against A^T tile by tile (forEachLowerTile()), with the factors t.
bool SymmetricRowScaling::symmetricDense(const ProblemView& problem, double tolerance) {
  const Eigen::MatrixXd& A = problem.denseA();
  const Eigen::VectorXd& t = m_factor;
  m_root = t.cwiseProduct(problem.rowScalesA()).cwiseSqrt();  // sqrt(t_i s_i), once per row
  const Eigen::VectorXd& root = m_root;
  return forEachLowerTile(problem.size(), [&](int i0, int i1, int j0, int j1) {
    for (int j = j0; j < j1; ++j) {
      const double bound = tolerance * root[j];
      for (int i = std::max(i0, j + 1); i < i1; ++i) {
        if (std::abs(t[i] * A(i, j) - t[j] * A(j, i)) > bound * root[i]) {
          m_row = i;
          m_column = j;
          return false;
        }
      }
    }
    return true;
  });
}

// Every stored entry against its transpose in one merge, O(nonzeros): columns j in order, and in
// each column i > j a cursor m_cursor[i] that meets the rows j of its upper part in the same
// order. An upper entry the cursor passes without its lower partner (and a lower entry without
// an upper one) is compared with 0.
bool SymmetricRowScaling::symmetricSparse(const ProblemView& problem, double tolerance) {
  const Operator::SparseMatrix& A = problem.sparseA();  // compressed (Operator)
  const Eigen::VectorXd& t = m_factor;
  m_root = t.cwiseProduct(problem.rowScalesA()).cwiseSqrt();  // sqrt(t_i s_i), once per row
  const int n = static_cast<int>(A.outerSize());
  const int* start = A.outerIndexPtr();
  const int* rows = A.innerIndexPtr();
  const double* values = A.valuePtr();
  // False (the pair set) when t_i A_ij and t_j A_ji differ beyond the tolerance.
  const auto agree = [&](int i, int j, double aij, double aji) {
    if (std::abs(t[i] * aij - t[j] * aji) <= tolerance * m_root[i] * m_root[j]) return true;
    m_row = std::max(i, j);
    m_column = std::min(i, j);
    return false;
  };
  if (m_cursor.size() != n) m_cursor.resize(n);  // sized by reserve(); callers without it
  for (int i = 0; i < n; ++i) m_cursor[i] = start[i];
  for (int j = 0; j < n; ++j) {
    for (int p = start[j]; p < start[j + 1]; ++p) {
      const int i = rows[p];
      if (i <= j) continue;
      int& q = m_cursor[i];
      for (; q < start[i + 1] && rows[q] < j; ++q)  // A(r, i), r < j: no A(i, r) was stored
        if (!agree(i, rows[q], 0.0, values[q])) return false;
      const double aji = q < start[i + 1] && rows[q] == j ? values[q++] : 0.0;
      if (!agree(i, j, values[p], aji)) return false;
    }
  }
  for (int i = 0; i < n; ++i)  // upper entries after the last lower partner of column i
    for (int q = m_cursor[i]; q < start[i + 1] && rows[q] < i; ++q)
      if (!agree(i, rows[q], 0.0, values[q])) return false;
  return true;
}

// t along the graph of A, breadth first; false when an edge has entries of opposite signs or
// only one of them (no positive row scaling makes such a pair symmetric).
bool SymmetricRowScaling::findFactors(const ProblemView& problem, bool sparse) {
  const Eigen::VectorXd& scales = problem.rowScalesA();
  if (sparse) {
    const Operator::SparseMatrix& A = problem.sparseA();
    return walkFactors(scales, [&A](int i, auto&& visit) {
      for (Operator::SparseMatrix::InnerIterator it(A, i); it; ++it)
        visit(static_cast<int>(it.row()), it.value(), A.coeff(i, static_cast<int>(it.row())));
    });
  }
  // A dense A is walked as it is held: a sparse copy of it would cost more than the walk.
  const Eigen::MatrixXd& A = problem.denseA();
  return walkFactors(scales, [&A](int i, auto&& visit) {
    for (int j = 0; j < A.rows(); ++j)
      if (A(j, i) != 0.0 || A(i, j) != 0.0) visit(j, A(j, i), A(i, j));
  });
}

// The breadth-first walk of findFactors(); column(i, visit) calls visit(j, A_ji, A_ij) for the
// rows j of the entries of column i.
template <typename Column>
bool SymmetricRowScaling::walkFactors(const Eigen::VectorXd& scales, Column&& column) {
  const int n = static_cast<int>(scales.size());
  m_factor.setZero();
  bool consistent = true;
  for (int root = 0; root < n && consistent; ++root) {
    if (m_factor[root] != 0.0) continue;
    m_factor[root] = 1.0;
    int head = 0, tail = 0;
    m_queue[tail++] = root;
    while (head < tail && consistent) {
      const int i = m_queue[head++];
      column(i, [&](int j, double aji, double aij) {
        if (!consistent || j == i ||
            (std::abs(aji) <= kNegligible * scales[j] && std::abs(aij) <= kNegligible * scales[i]))
          return;
        if (!(aij * aji > 0.0)) {
          consistent = false;
          return;
        }
        if (m_factor[j] != 0.0) return;         // checked on every pair afterwards
        m_factor[j] = m_factor[i] * aij / aji;  // t_i A_ij = t_j A_ji
        m_queue[tail++] = j;
      });
    }
  }
  return consistent && m_factor.allFinite() && (m_factor.array() > 0.0).all();
}

const Eigen::MatrixXd& SymmetricRowScaling::scaledDense(const ProblemView& problem) {
  if (!m_haveDense) m_dense.noalias() = m_factor.asDiagonal() * problem.denseA();
  m_haveDense = true;
  return m_dense;
}

const Operator::SparseMatrix& SymmetricRowScaling::scaledSparse(const ProblemView& problem) {
  if (m_haveSparse) return m_sparse;
  m_sparse = problem.sparseA();
  for (int j = 0; j < m_sparse.outerSize(); ++j)
    for (Operator::SparseMatrix::InnerIterator it(m_sparse, j); it; ++it)
      it.valueRef() *= m_factor[it.row()];
  m_haveSparse = true;
  return m_sparse;
}

}  // namespace mlcp::detail
