#include "pivoting/sparse_clamped_factor.hpp"

#include "linalg/symmetric_sparse_matrix.hpp"

#include <algorithm>
#include <cholmod.h>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace mlcp::detail {

/// CHOLMOD's workspace, the factor and the column handed to cholmod_rowadd().
struct CholmodHandles {
  cholmod_common common;
  cholmod_factor* L = nullptr;
  cholmod_sparse* R = nullptr;
};

SparseClampedFactor::SparseClampedFactor() : m_cholmod(new CholmodHandles) {
  cholmod_common& c = m_cholmod->common;
  cholmod_start(&c);
  c.print = 0;
  c.error_handler = nullptr;
  c.supernodal = CHOLMOD_SIMPLICIAL;  // row add / delete work on simplicial L D L^T
  c.final_ll = 0;
  c.nmethods = 1;
  c.method[0].ordering = CHOLMOD_AMD;
  c.postorder = 1;
}

SparseClampedFactor::~SparseClampedFactor() {
  cholmod_common& c = m_cholmod->common;
  cholmod_free_factor(&m_cholmod->L, &c);
  cholmod_free_sparse(&m_cholmod->R, &c);
  cholmod_finish(&c);
  delete m_cholmod;
}

void SparseClampedFactor::analyze(const SymmetricSparseMatrix& S) {
  cholmod_common& c = m_cholmod->common;
  cholmod_free_factor(&m_cholmod->L, &c);
  cholmod_free_sparse(&m_cholmod->R, &c);
  m_S = &S;
  m_n = S.size();
  const size_t n = static_cast<size_t>(m_n);
  // A view of S (its lower triangle is what CHOLMOD reads with stype = -1).
  cholmod_sparse view{};
  view.nrow = view.ncol = n;
  view.nzmax = static_cast<size_t>(S.nonZeros());
  view.p = const_cast<int*>(S.columnStart());
  view.i = const_cast<int*>(S.rowIndex());
  view.x = const_cast<double*>(S.value());
  view.stype = -1;
  view.itype = CHOLMOD_INT;
  view.xtype = CHOLMOD_PATTERN;
  view.dtype = CHOLMOD_DOUBLE;
  view.sorted = 1;
  view.packed = 1;
  m_cholmod->L = cholmod_analyze(&view, &c);
  // Symbolic to numeric simplicial L D L^T: the identity, with room for ColCount entries (the
  // pattern of the factor of S) in every column.
  if (m_cholmod->L == nullptr || !cholmod_change_factor(CHOLMOD_REAL, 0, 0, 0, 1, m_cholmod->L, &c))
    throw std::runtime_error("CHOLMOD could not analyze the sparse clamped block (out of memory?)");
  m_factorEntries = c.lnz;
  m_cholmod->R = cholmod_allocate_sparse(n, 1, std::max<size_t>(n, 1), 1, 1, 0, CHOLMOD_REAL, &c);
  if (m_cholmod->R == nullptr || !cholmod_allocate_work(n, 2 * n, 2 * n, &c))
    throw std::runtime_error("CHOLMOD could not allocate its workspace (out of memory?)");
  m_permutedOf.resize(n);
  const int* perm = static_cast<const int*>(m_cholmod->L->Perm);
  for (int k = 0; k < m_n; ++k) m_permutedOf[static_cast<size_t>(perm[k])] = k;
  m_inC.assign(n, 0);
  m_order.resize(n);
  m_work.setZero(m_n);
  m_d.setOnes(m_n);
  clear();
}

void SparseClampedFactor::reset(const SymmetricSparseMatrix& S) {
  m_S = &S;
  clear();
}

void SparseClampedFactor::clear() {
  cholmod_factor* L = m_cholmod->L;
  int* Lp = static_cast<int*>(L->p);
  int* Li = static_cast<int*>(L->i);
  int* Lnz = static_cast<int*>(L->nz);
  double* Lx = static_cast<double*>(L->x);
  for (int j = 0; j < m_n; ++j) {
    Lnz[j] = 1;
    Li[Lp[j]] = j;
    Lx[Lp[j]] = 1.0;
  }
  L->minor = static_cast<size_t>(m_n);
  std::fill(m_inC.begin(), m_inC.end(), 0);
  m_count = 0;
  m_logDeterminant = 0.0;
  m_d.setOnes();
}

bool SparseClampedFactor::add(int r, double tolerance) {
  cholmod_common& c = m_cholmod->common;
  cholmod_sparse* R = m_cholmod->R;
  // Row/column r of the matrix to factor, in the factor's order: S(C, r) and S_rr.
  const int* start = m_S->columnStart();
  const int* rows = m_S->rowIndex();
  const double* values = m_S->value();
  int count = 0;
  for (int p = start[r]; p < start[r + 1]; ++p) {
    const int row = rows[p];
    if (row != r && !contains(row)) continue;
    const int k = m_permutedOf[static_cast<size_t>(row)];
    m_work[k] = values[p];
    m_order[static_cast<size_t>(count++)] = k;
  }
  std::sort(m_order.begin(), m_order.begin() + count);
  int* Ri = static_cast<int*>(R->i);
  double* Rx = static_cast<double*>(R->x);
  for (int t = 0; t < count; ++t) {
    const int k = m_order[static_cast<size_t>(t)];
    Ri[t] = k;
    Rx[t] = m_work[k];
    m_work[k] = 0.0;
  }
  static_cast<int*>(R->p)[0] = 0;
  static_cast<int*>(R->p)[1] = count;
  const int k = m_permutedOf[static_cast<size_t>(r)];
  const bool done = cholmod_rowadd(static_cast<size_t>(k), R, m_cholmod->L, &c) != 0;
  m_inC[static_cast<size_t>(r)] = 1;
  ++m_count;
  // The pivot of the new row is the Schur complement d = det S(C+r) / det S(C): D changes in
  // every column after k of the factor's order, not only in column k.
  const double before = m_logDeterminant;
  const bool positive = updateLogDeterminant();
  const double pivot = positive ? std::exp(m_logDeterminant - before) : 0.0;
  const double diagonal = m_S->diagonal()[r];
  return done && pivot > tolerance * std::max(diagonal, std::numeric_limits<double>::min());
}

// log det of the factor, sum of log D_jj, updated where D_jj changed (a row addition or
// deletion changes the columns on its path of the elimination tree only; logarithms are taken of
// those). False when some D_jj <= 0 (not positive definite).
bool SparseClampedFactor::updateLogDeterminant() {
  const cholmod_factor* L = m_cholmod->L;
  const int* Lp = static_cast<const int*>(L->p);
  const double* Lx = static_cast<const double*>(L->x);
  bool positive = true;
  for (int j = 0; j < m_n; ++j) {
    const double d = Lx[Lp[j]];
    if (!(d > 0.0)) positive = false;
    if (d == m_d[j]) continue;
    m_logDeterminant += std::log(std::abs(d)) - std::log(std::abs(m_d[j]));
    m_d[j] = d;
  }
  return positive;
}

void SparseClampedFactor::remove(int r) {
  cholmod_rowdel(static_cast<size_t>(m_permutedOf[static_cast<size_t>(r)]), nullptr, m_cholmod->L,
                 &m_cholmod->common);
  m_inC[static_cast<size_t>(r)] = 0;
  --m_count;
  updateLogDeterminant();
}

void SparseClampedFactor::solve(const Eigen::Ref<const Eigen::VectorXd>& rhs,
                                Eigen::Ref<Eigen::VectorXd> y) {
  const cholmod_factor* L = m_cholmod->L;
  const int* perm = static_cast<const int*>(L->Perm);
  const int* Lp = static_cast<const int*>(L->p);
  const int* Li = static_cast<const int*>(L->i);
  const int* Lnz = static_cast<const int*>(L->nz);
  const double* Lx = static_cast<const double*>(L->x);
  const int n = m_n;
  Eigen::VectorXd& z = m_work;
  for (int k = 0; k < n; ++k) z[k] = rhs[perm[k]];
  // L z = P rhs (unit lower, columns), then D, then L^T.
  for (int j = 0; j < n; ++j) {
    const double zj = z[j];
    if (zj == 0.0) continue;
    for (int p = Lp[j] + 1; p < Lp[j] + Lnz[j]; ++p) z[Li[p]] -= Lx[p] * zj;
  }
  for (int j = 0; j < n; ++j) z[j] /= Lx[Lp[j]];
  for (int j = n - 1; j >= 0; --j) {
    double sum = z[j];
    for (int p = Lp[j] + 1; p < Lp[j] + Lnz[j]; ++p) sum -= Lx[p] * z[Li[p]];
    z[j] = sum;
  }
  for (int k = 0; k < n; ++k) {
    y[perm[k]] = z[k];
    z[k] = 0.0;
  }
}

}  // namespace mlcp::detail
