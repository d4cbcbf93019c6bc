#include "pivoting/free_row_elimination.hpp"

#include "core/infinity.hpp"

#include <cmath>

namespace mlcp::detail {

void FreeRowElimination::reserve(int n) {
  m_n = n;
  m_size = m_rank = m_free = 0;
  m_lu.resize(n, n);
  m_solved.resize(n, n + 1);
  m_A.resize(n, n);
  for (Eigen::VectorXd* v : {&m_b, &m_lo, &m_hi, &m_gather}) v->resize(n);
  for (Eigen::VectorXi* v : {&m_findex, &m_freeRows, &m_rowOrder, &m_colOrder, &m_reducedRow,
                             &m_reducedCol, &m_toReduced})
    v->resize(n);
}

int FreeRowElimination::eliminate(const ProblemView& problem, double rankTolerance) {
  const int n = problem.size();
  const Eigen::MatrixXd& A = problem.denseA();
  auto isFree = [&](int i) {
    return problem.findex[i] < 0 && problem.lo[i] == -kInf && problem.hi[i] == kInf;
  };
  m_free = 0;
  for (int i = 0; i < n; ++i)
    if (isFree(i)) m_freeRows[m_free++] = i;
  for (int i = 0; i < n; ++i) {
    const int k = problem.findex[i];
    if (k >= 0 && isFree(k)) return i;
  }

  // Full-pivoting LU of A(F,F), stopped at its numerical rank.
  const int f = m_free;
  auto lu = m_lu.topLeftCorner(f, f);
  for (int b = 0; b < f; ++b) {
    m_rowOrder[b] = m_colOrder[b] = b;
    for (int a = 0; a < f; ++a) lu(a, b) = A(m_freeRows[a], m_freeRows[b]);
  }
  const double scale = f > 0 ? lu.cwiseAbs().maxCoeff() : 0.0;
  m_rank = 0;
  for (int k = 0; k < f; ++k) {
    Eigen::Index p = 0, q = 0;
    const double largest = lu.bottomRightCorner(f - k, f - k).cwiseAbs().maxCoeff(&p, &q);
    if (!(largest > rankTolerance * scale)) break;
    if (p != 0) {
      lu.row(k).swap(lu.row(k + p));
      std::swap(m_rowOrder[k], m_rowOrder[k + p]);
    }
    if (q != 0) {
      lu.col(k).swap(lu.col(k + q));
      std::swap(m_colOrder[k], m_colOrder[k + q]);
    }
    const int rest = f - k - 1;
    lu.col(k).tail(rest) /= lu(k, k);
    lu.bottomRightCorner(rest, rest).noalias() -= lu.col(k).tail(rest) * lu.row(k).tail(rest);
    m_rank = k + 1;
  }
  const int r = m_rank;
  const int m = n - r;
  m_size = m;

  // Reduced ordering: the free rows / unknowns left over, then the bounded rows in order.
  int next = 0;
  for (int k = r; k < f; ++k) {
    m_reducedRow[next] = m_freeRows[m_rowOrder[k]];
    m_reducedCol[next] = m_freeRows[m_colOrder[k]];
    ++next;
  }
  for (int i = 0; i < n; ++i) {
    if (isFree(i)) continue;
    m_toReduced[i] = next;
    m_reducedRow[next] = i;
    m_reducedCol[next] = i;
    ++next;
  }

  // S = A(I,J)^-1 [A(I,C) b_I] with A(I,J) = L11 U11 (the leading r x r of the factors).
  auto S = m_solved.topLeftCorner(r, m + 1);
  for (int k = 0; k < r; ++k) {
    const int row = m_freeRows[m_rowOrder[k]];
    for (int c = 0; c < m; ++c) S(k, c) = A(row, m_reducedCol[c]);
    S(k, m) = problem.b[row];
  }
  for (int k = 0; k + 1 < r; ++k)
    S.bottomRows(r - k - 1).noalias() -= lu.col(k).segment(k + 1, r - k - 1) * S.row(k);
  for (int k = r - 1; k >= 0; --k) {
    S.row(k) /= lu(k, k);
    if (k > 0) S.topRows(k).noalias() -= lu.col(k).head(k) * S.row(k);
  }

  // A' = A(R,C) - A(R,J) S_A,  b' = b_R - A(R,J) S_b, one column of A(R,J) at a time.
  auto reducedA = m_A.topLeftCorner(m, m);
  for (int a = 0; a < m; ++a) {
    const int row = m_reducedRow[a];
    for (int c = 0; c < m; ++c) reducedA(a, c) = A(row, m_reducedCol[c]);
    m_b[a] = problem.b[row];
  }
  auto gather = m_gather.head(m);
  for (int k = 0; k < r; ++k) {
    const int column = m_freeRows[m_colOrder[k]];
    for (int a = 0; a < m; ++a) gather[a] = A(m_reducedRow[a], column);
    reducedA.noalias() -= gather * S.row(k).head(m);
    m_b.head(m) -= gather * S(k, m);
  }
  for (int a = 0; a < m; ++a) {
    const int row = m_reducedRow[a];
    m_lo[a] = problem.lo[row];
    m_hi[a] = problem.hi[row];
    const int k = problem.findex[row];
    m_findex[a] = k >= 0 ? m_toReduced[k] : -1;
  }
  return -1;
}

void FreeRowElimination::reduce(const Eigen::Ref<const Eigen::VectorXd>& x,
                                Eigen::Ref<Eigen::VectorXd> xr) const {
  for (int c = 0; c < m_size; ++c) xr[c] = x[m_reducedCol[c]];
}

void FreeRowElimination::recover(const Eigen::Ref<const Eigen::VectorXd>& xr,
                                 Eigen::VectorXd& x) const {
  const int m = m_size;
  for (int c = 0; c < m; ++c) x[m_reducedCol[c]] = xr[c];
  const auto S = m_solved.topLeftCorner(m_rank, m + 1);
  for (int k = 0; k < m_rank; ++k)
    x[m_freeRows[m_colOrder[k]]] = S(k, m) - S.row(k).head(m).dot(xr.head(m));
}

}  // namespace mlcp::detail
