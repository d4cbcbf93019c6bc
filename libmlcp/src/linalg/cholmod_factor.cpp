#include "linalg/cholmod_factor.hpp"

#include <algorithm>
#include <cholmod.h>
#include <numeric>
#include <stdexcept>
#include <utility>

namespace mlcp::detail {

struct CholmodFactor::Impl {
  cholmod_common common{};
  cholmod_factor* factor = nullptr;
  std::vector<int> permutation;  // P: row k of P K P^T is row permutation[k] of K
  std::vector<int> inverse;      // its inverse
  SparsePattern permuted;        // upper triangle of P K P^T
  std::vector<int> place;        // per stored entry of K: its position in `permuted`
  std::vector<double> work;      // (n) the permuted right side / solution
  bool supernodal = false;
  cholmod_dense* X = nullptr;  // supernodal solves: the solution and CHOLMOD's workspace
  cholmod_dense* Y = nullptr;
  cholmod_dense* E = nullptr;

  Impl() {
    cholmod_start(&common);
    common.print = 0;  // failures are reported through the return values
    common.error_handler = nullptr;
    common.supernodal = CHOLMOD_SIMPLICIAL;
    common.final_ll = 1;  // LL^T: a pivot <= 0 fails (the caller raises its regularization)
  }
  ~Impl() {
    cholmod_free_dense(&X, &common);
    cholmod_free_dense(&Y, &common);
    cholmod_free_dense(&E, &common);
    cholmod_free_factor(&factor, &common);
    cholmod_finish(&common);
  }

  /// A CHOLMOD view of the upper triangle stored in `upper` (no copy).
  static cholmod_sparse view(const SparsePattern& upper) {
    cholmod_sparse A{};
    A.nrow = A.ncol = static_cast<size_t>(upper.n);
    A.nzmax = upper.values.size();
    A.p = const_cast<int*>(upper.columnStart.data());
    A.i = const_cast<int*>(upper.rowIndex.data());
    A.x = const_cast<double*>(upper.values.data());
    A.stype = 1;  // symmetric, upper triangle stored (what the simplicial factorization reads)
    A.itype = CHOLMOD_INT;
    A.xtype = CHOLMOD_REAL;
    A.dtype = CHOLMOD_DOUBLE;
    A.sorted = 1;
    A.packed = 1;
    return A;
  }

  /// The upper triangle of P K P^T and the places of K's entries in it.
  void permute(const SparsePattern& upper) {
    const int n = upper.n;
    const int nonZeros = upper.nonZeros();
    std::vector<std::pair<int, int>> entries(static_cast<size_t>(nonZeros));  // (column, row)
    for (int j = 0; j < n; ++j)
      for (int p = upper.columnStart[static_cast<size_t>(j)];
           p < upper.columnStart[static_cast<size_t>(j) + 1]; ++p) {
        const int a = inverse[static_cast<size_t>(upper.rowIndex[static_cast<size_t>(p)])];
        const int b = inverse[static_cast<size_t>(j)];
        entries[static_cast<size_t>(p)] = {std::max(a, b), std::min(a, b)};
      }
    std::vector<int> order(static_cast<size_t>(nonZeros));
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](int x, int y) {
      return entries[static_cast<size_t>(x)] < entries[static_cast<size_t>(y)];
    });
    permuted.n = n;
    permuted.columnStart.assign(static_cast<size_t>(n) + 1, 0);
    permuted.rowIndex.resize(static_cast<size_t>(nonZeros));
    permuted.values.assign(static_cast<size_t>(nonZeros), 0.0);
    place.resize(static_cast<size_t>(nonZeros));
    for (int q = 0; q < nonZeros; ++q) {
      const auto [column, row] = entries[static_cast<size_t>(order[static_cast<size_t>(q)])];
      permuted.rowIndex[static_cast<size_t>(q)] = row;
      ++permuted.columnStart[static_cast<size_t>(column) + 1];
      place[static_cast<size_t>(order[static_cast<size_t>(q)])] = q;
    }
    std::partial_sum(permuted.columnStart.begin(), permuted.columnStart.end(),
                     permuted.columnStart.begin());
  }
};

CholmodFactor::CholmodFactor() : m_impl(std::make_unique<Impl>()) {}
CholmodFactor::~CholmodFactor() = default;

void CholmodFactor::setSupernodal(bool supernodal) { m_impl->supernodal = supernodal; }

void CholmodFactor::analyse(const SparsePattern& upper) {
  Impl& c = *m_impl;
  const int n = upper.n;
  cholmod_free_factor(&c.factor, &c.common);
  if (c.supernodal) {
    c.common.supernodal = CHOLMOD_SUPERNODAL;
    c.common.nmethods = 0;
    c.common.postorder = 1;
    cholmod_sparse K = Impl::view(upper);
    c.factor = cholmod_analyze(&K, &c.common);
    if (c.factor == nullptr)
      throw std::runtime_error("CHOLMOD could not analyse the Newton system (out of memory?)");
    return;
  }
  c.common.supernodal = CHOLMOD_SIMPLICIAL;
  // CHOLMOD's fill-reducing ordering of K ...
  c.common.nmethods = 0;  // its default choice (AMD; METIS where AMD fills much)
  c.common.postorder = 1;
  cholmod_sparse K = Impl::view(upper);
  cholmod_factor* ordering = cholmod_analyze(&K, &c.common);
  if (ordering == nullptr)
    throw std::runtime_error("CHOLMOD could not analyse the Newton system (out of memory?)");
  const int* perm = static_cast<const int*>(ordering->Perm);
  c.permutation.assign(perm, perm + n);
  cholmod_free_factor(&ordering, &c.common);
  c.inverse.resize(static_cast<size_t>(n));
  for (int k = 0; k < n; ++k)
    c.inverse[static_cast<size_t>(c.permutation[static_cast<size_t>(k)])] = k;
  c.permute(upper);
  // ... then the analysis of P K P^T in its natural order (no postordering: it would permute).
  c.common.nmethods = 1;
  c.common.method[0].ordering = CHOLMOD_NATURAL;
  c.common.postorder = 0;
  cholmod_sparse permuted = Impl::view(c.permuted);
  c.factor = cholmod_analyze(&permuted, &c.common);
  if (c.factor == nullptr)
    throw std::runtime_error("CHOLMOD could not analyse the Newton system (out of memory?)");
  c.work.resize(static_cast<size_t>(n));
  // A first factorization (of the identity) allocates the numeric factor and CHOLMOD's
  // workspace here rather than in a solve.
  for (int j = 0; j < n; ++j) {
    const int last = c.permuted.columnStart[static_cast<size_t>(j) + 1] - 1;
    c.permuted.values[static_cast<size_t>(last)] = 1.0;  // the diagonal ends its column
  }
  cholmod_factorize(&permuted, c.factor, &c.common);
}

bool CholmodFactor::factorize(const SparsePattern& upper) {
  Impl& c = *m_impl;
  if (c.supernodal) {
    cholmod_sparse K = Impl::view(upper);
    const int ok = cholmod_factorize(&K, c.factor, &c.common);
    return ok != 0 && c.common.status == CHOLMOD_OK && c.factor->minor == c.factor->n;
  }
  for (size_t p = 0; p < c.place.size(); ++p)
    c.permuted.values[static_cast<size_t>(c.place[p])] = upper.values[p];
  cholmod_sparse A = Impl::view(c.permuted);
  const int ok = cholmod_factorize(&A, c.factor, &c.common);
  return ok != 0 && c.common.status == CHOLMOD_OK && c.factor->minor == c.factor->n;
}

void CholmodFactor::solve(const double* rhs, double* x) {
  Impl& c = *m_impl;
  if (c.supernodal) {
    cholmod_dense B{};
    B.nrow = B.d = B.nzmax = c.factor->n;
    B.ncol = 1;
    B.x = const_cast<double*>(rhs);
    B.xtype = CHOLMOD_REAL;
    B.dtype = CHOLMOD_DOUBLE;
    cholmod_solve2(CHOLMOD_A, c.factor, &B, nullptr, &c.X, nullptr, &c.Y, &c.E, &c.common);
    const double* solution = static_cast<const double*>(c.X->x);
    std::copy(solution, solution + c.factor->n, x);
    return;
  }
  const int n = static_cast<int>(c.factor->n);
  const int* start = static_cast<const int*>(c.factor->p);
  const int* count = static_cast<const int*>(c.factor->nz);
  const int* row = static_cast<const int*>(c.factor->i);
  const double* value = static_cast<const double*>(c.factor->x);
  double* y = c.work.data();
  for (int k = 0; k < n; ++k) y[k] = rhs[c.permutation[static_cast<size_t>(k)]];
  // L y' = y: column j of L starts with its diagonal.
  for (int j = 0; j < n; ++j) {
    const int p = start[j];
    y[j] /= value[p];
    for (int q = p + 1; q < p + count[j]; ++q) y[row[q]] -= value[q] * y[j];
  }
  // L^T x' = y'.
  for (int j = n - 1; j >= 0; --j) {
    const int p = start[j];
    double sum = y[j];
    for (int q = p + 1; q < p + count[j]; ++q) sum -= value[q] * y[row[q]];
    y[j] = sum / value[p];
  }
  for (int k = 0; k < n; ++k) x[c.permutation[static_cast<size_t>(k)]] = y[k];
}

}  // namespace mlcp::detail
