#include "core/low_rank_entries.hpp"

#include "linalg/dense_kernels.hpp"
#include "linalg/lower_tiles.hpp"

#include <Eigen/Eigenvalues>
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mlcp::detail {

namespace {

/// DART's C_i / A_ii: DART scales the diagonal by 1 + 1e-5 (dart/constraint: DART_CFM), so
/// C_i = A_ii 1e-5 / (1 + 1e-5).
constexpr double kDart = 1e-5 / (1.0 + 1e-5);
/// How DART's diagonal is printed.
constexpr const char* kDartName = "DART's relative CFM: C_i = A_ii 1e-5 / (1 + 1e-5)";

/// How a constant diagonal c is printed.
std::string constantName(double c) { return fmt::format("Bullet's constant CFM: C_i = {:.6g}", c); }

/// max |A_ij - A_ji|, tile against transposed tile (forEachLowerTile()). Each row of a tile has
/// its own running maximum, so the loop over a column's rows carries no dependence from one
/// entry to the next (one running maximum waits for the previous at every entry).
double asymmetry(const Eigen::MatrixXd& A) {
  std::array<double, kLowerTile> rowLargest{};
  forEachLowerTile(static_cast<int>(A.rows()), [&](int i0, int i1, int j0, int j1) {
    for (int j = j0; j < j1; ++j) {
      const double* column = A.col(j).data();
      for (int i = i0; i < i1; ++i)
        rowLargest[i - i0] = std::max(rowLargest[i - i0], std::abs(column[i] - A(j, i)));
    }
    return true;
  });
  return *std::max_element(rowLargest.begin(), rowLargest.end());
}

/// How a pivoted Cholesky ends (or goes on).
enum class CholeskyStatus {
  Running,     ///< the largest remaining diagonal is above the tolerance
  Done,        ///< every remaining diagonal is at most the tolerance
  Indefinite,  ///< a remaining diagonal turned negative: A - diag(C) is not semi-definite
  TooLong,     ///< maxRank steps taken, the remainder still above the tolerance
};

/// Where each step's product L(:, 0..k) L(p, 0..k)^T runs, and so how L is stored.
enum class CholeskyArithmetic {
  /// L column-major with its rows permuted as LAPACK's dpstrf permutes them (the k pivots first),
  /// the product on the processor's kernel (detail::multiply, AVX2 where there is one) over the
  /// n - k rows not yet pivoted only: a column-major product has no per-row reduction (1.6-1.8x
  /// the row-major one at n = 114..300), and the pivots' rows, zero in the remainder, cost
  /// nothing (a third of the product's flops at r = n / 2).
  Kernel,
  /// L row-major in A's row order, the product over every row as Eigen's baseline expression:
  /// the rounding that bpp's pivoting of the CFM-free problems follows (zeroDiagonal()).
  Baseline,
};

/// A pivoted Cholesky of A - diag(C), one column per step: after k steps A - diag(C) = L L^T + T
/// with L the n x k columns and T zero on the pivots' rows and columns (T >= 0 when A - diag(C)
/// is positive semi-definite). The next pivot is the first row (in A's order) with the largest
/// remaining diagonal, in both arithmetics.
template <CholeskyArithmetic Arithmetic>
class PivotedCholesky {
  static constexpr bool kPermuted = Arithmetic == CholeskyArithmetic::Kernel;
  static constexpr int kOrder = kPermuted ? Eigen::ColMajor : Eigen::RowMajor;

 public:
  using Status = CholeskyStatus;

  PivotedCholesky(const Eigen::MatrixXd& A, const Eigen::VectorXd& C, double tolerance, int maxRank)
      : m_A(A),
        m_C(C),
        m_tolerance(tolerance),
        m_maxRank(maxRank),
        m_remaining(A.diagonal() - C),
        m_columns(A.rows(), std::min(maxRank, 64)),
        m_pivotRow(kPermuted ? std::min(maxRank, 64) : 0),
        m_product(A.rows()),
        m_order(kPermuted ? static_cast<size_t>(A.rows()) : 0) {
    std::iota(m_order.begin(), m_order.end(), Eigen::Index{0});
    if (m_remaining.size() > 0) m_largestRemaining = m_remaining.maxCoeff(&m_next);
  }

  /// One more column, or the status that ends the factorization.
  Status step() {
    if (m_largestRemaining <= m_tolerance) return Status::Done;
    if (rank() >= m_maxRank) return Status::TooLong;
    const int k = rank();
    if (k == m_columns.cols()) {
      const int capacity = std::min(m_maxRank, 2 * k);
      m_columns.conservativeResize(m_A.rows(), capacity);
    }
    if constexpr (kPermuted) {  // the pivot's row to position k
      if (k == m_pivotRow.size()) m_pivotRow.resize(m_columns.cols());
      m_columns.row(k).head(k).swap(m_columns.row(m_next).head(k));
      std::swap(m_remaining[k], m_remaining[m_next]);
      std::swap(m_order[static_cast<size_t>(k)], m_order[static_cast<size_t>(m_next)]);
      m_next = k;
    }
    if (k > 0) product(k);
    return appendColumn(k);
  }

  /// Steps until the factorization ends.
  Status run() {
    Status status = Status::Running;
    while (status == Status::Running) status = step();
    return status;
  }

  /// k, the columns so far.
  int rank() const { return m_rank; }
  /// The largest remaining diagonal: a bound on the remainder's entries when it is
  /// semi-definite.
  double largestRemaining() const { return m_largestRemaining; }
  /// L, n x k, in A's row order.
  LowRankForm::Matrix factor() const {
    const int k = rank();
    if constexpr (!kPermuted) return m_columns.leftCols(k);
    LowRankForm::Matrix L(m_A.rows(), k);
    for (Eigen::Index position = 0; position < m_A.rows(); ++position)
      L.row(m_order[static_cast<size_t>(position)]) = m_columns.row(position).head(k);
    return L;
  }
  /// The row of A's index of the i-th pivot (permuted L only: the pivots are its first rows).
  Eigen::Index pivot(int i) const requires kPermuted { return m_order[static_cast<size_t>(i)]; }
  /// Row i of the triangular factor on the pivots, in pivot order: L(p_i, 0..i) (permuted L).
  auto pivotRow(int i) const requires kPermuted { return m_columns.row(i).head(i + 1); }

 private:
  /// m_product = L(:, 0..k) L(p, 0..k)^T, p the next pivot (permuted: on positions k..n).
  void product(int k) {
    if constexpr (kPermuted) {
      const int n = static_cast<int>(m_A.rows());
      m_pivotRow.head(k) = m_columns.row(k).head(k).transpose();
      multiply(n - k, k, m_columns.data() + k, n, m_pivotRow.data(), m_product.data() + k);
    } else {
      m_product.noalias() = m_columns.leftCols(k) * m_columns.row(m_next).head(k).transpose();
    }
  }

  /// Column k = (A(:, p) - C_p e_p - m_product) / sqrt(remaining_p) (no product when k = 0), the
  /// remaining diagonal less its squares, and the next pivot, in one pass over the rows (those
  /// not yet pivoted, when permuted: the others' entries are zero; the pivot's own remainder, 0,
  /// is the largest only when the factorization is done).
  Status appendColumn(int k) {
    const Eigen::Index n = m_A.rows();
    const Eigen::Index q = m_next;  // the pivot's position
    const Eigen::Index p = kPermuted ? m_order[static_cast<size_t>(q)] : q;
    const double root = std::sqrt(m_largestRemaining);
    const double* a = m_A.col(p).data();
    double largest = -std::numeric_limits<double>::infinity();
    double smallest = std::numeric_limits<double>::infinity();
    Eigen::Index first = 0;
    if constexpr (kPermuted) {
      m_columns.col(k).head(k).setZero();
      first = k;
    }
    Eigen::Index next = first;
    for (Eigen::Index i = first; i < n; ++i) {
      const Eigen::Index row = kPermuted ? m_order[static_cast<size_t>(i)] : i;
      double entry = i == q ? a[row] - m_C[p] : a[row];
      if (k > 0) entry -= m_product[i];
      const double column = entry / root;
      m_columns(i, k) = column;
      const double remaining = i == q ? 0.0 : m_remaining[i] - column * column;
      m_remaining[i] = remaining;
      if (remaining > largest ||
          (kPermuted && remaining == largest && row < m_order[static_cast<size_t>(next)])) {
        largest = remaining;
        next = i;
      }
      smallest = std::min(smallest, remaining);
    }
    m_largestRemaining = largest;
    m_next = next;
    ++m_rank;
    return smallest < -m_tolerance ? Status::Indefinite : Status::Running;
  }

  const Eigen::MatrixXd& m_A;
  Eigen::VectorXd m_C;
  double m_tolerance;
  int m_maxRank;
  Eigen::VectorXd m_remaining;                                              ///< by position
  Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, kOrder> m_columns;  ///< L, n x capacity
  Eigen::VectorXd m_pivotRow;         ///< L(p, 0..k), contiguous for the kernel (permuted L)
  Eigen::VectorXd m_product;          ///< L(:, 0..k) L(p, 0..k)^T, by position
  std::vector<Eigen::Index> m_order;  ///< A's row at each position of a permuted L (its first
                                      ///< rank() entries: the pivots in order); empty otherwise
  int m_rank = 0;
  Eigen::Index m_next = 0;          ///< the next pivot's position
  double m_largestRemaining = 0.0;  ///< its remaining diagonal
};

/// The factorization on the processor's kernel: the search's own.
using KernelCholesky = PivotedCholesky<CholeskyArithmetic::Kernel>;
/// The factorization in the baseline arithmetic (zeroDiagonal()).
using BaselineCholesky = PivotedCholesky<CholeskyArithmetic::Baseline>;

/// Fills z with fixed pseudo-random numbers in [-1, 1) (a 64-bit linear congruential generator).
void pseudoRandom(std::uint64_t& state, Eigen::VectorXd& z) {
  for (Eigen::Index i = 0; i < z.size(); ++i) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    z[i] = static_cast<double>(state >> 11) * 0x1.0p-52 - 1.0;
  }
}

/// max_i |((A - G G^T - diag(C)) z)_i| / ||z||_1 over two fixed pseudo-random z; G's products on
/// the processor's kernels (row-major G, n x r, is a column-major r x n matrix).
double probeError(const Operator& A, const LowRankForm& form) {
  const int n = static_cast<int>(A.rows());
  const int r = static_cast<int>(form.G.cols());
  std::uint64_t state = 0x9E3779B97F4A7C15ull;
  Eigen::VectorXd z(n);
  Eigen::VectorXd Az(n);
  Eigen::VectorXd Gt(r);  // G^T z
  Eigen::VectorXd GGt(n);
  double worst = 0.0;
  for (int probe = 0; probe < 2; ++probe) {
    pseudoRandom(state, z);
    A.multiply(z, Az);
    if (r > 0) {
      multiply(r, n, form.G.data(), r, z.data(), Gt.data());
      multiplyTransposed(r, n, form.G.data(), r, Gt.data(), GGt.data());
      Az -= GGt;
    }
    Az -= form.C.cwiseProduct(z);
    worst = std::max(worst, Az.lpNorm<Eigen::Infinity>() / std::max(z.lpNorm<1>(), 1e-300));
  }
  return worst;
}

/// The candidate diagonals that the pivoted Cholesky of A itself reveals (docs/bpp.md, "The
/// low-rank form"). After k steps on the pivots S, the factor's rows on S form L_S, lower
/// triangular, with L_S L_S^T = A_SS. When A = G G^T + alpha diag(w) and k > r, A_SS - alpha
/// diag(w_S) is singular (rank(G_S G_S^T) <= r < k), so alpha is the smallest eigenvalue of
/// M M^T, M = diag(w_S)^-1/2 L_S; for k <= r that eigenvalue is larger. Inverse iteration
/// (Golub & Van Loan, Matrix Computations, 4th ed., Section 8.2.2) follows the factorization:
/// one iteration, two triangular solves in O(k^2), whenever the budget allows, from the last
/// iterate extended by zeros to the new pivots (an eigenvector for k > r stays one: G_S^T v = 0);
/// with |v| = 1, 1 / |M^-1 v|^2 bounds the eigenvalue from above with an error quadratic in v's.
/// Two families: DART's relative CFM (w = diag(A), alpha = 1e-5 / (1 + 1e-5) known: tried when
/// the estimate equals it within 1e-6) and a constant CFM (w = 1, alpha = c unknown: tried when
/// two successive estimates agree within 1e-10 although the block grew, i.e. past r).
class DiagonalSearch {
 public:
  struct Candidate {
    Eigen::VectorXd C;
    std::string name;
  };

  /// For the factorization of A with at most maxRank pivots.
  DiagonalSearch(const Eigen::MatrixXd& A, int maxRank)
      : m_A(A), m_L(maxRank, maxRank), m_root(maxRank) {}

  /// Takes the factorization's newest pivot; when the iterations' budget allows (an eighth of the
  /// factorization's flops), one iteration per family and the candidate it reveals, if any.
  std::optional<Candidate> step(const KernelCholesky& plain) {
    const int k = plain.rank();
    m_L.row(k - 1).head(k) = plain.pivotRow(k - 1);
    m_root[k - 1] = std::sqrt(m_A(plain.pivot(k - 1), plain.pivot(k - 1)));
    const double iterationCost = 4.0 * k * k;  // two triangular solves for each family
    m_credit += 0.25 * static_cast<double>(m_A.rows()) * k;
    if (m_credit < iterationCost) return std::nullopt;
    m_credit -= iterationCost;
    if (std::optional<Candidate> dart = dartCandidate(k, 1)) return dart;
    return constantCandidate(k, 1);
  }

  /// When the factorization has ended at k pivots (every row pivoted, or the rank limit) and the
  /// last estimates changed by at most 1e-4 (or k <= 16, where this is cheap): the iterations to
  /// convergence on the k pivots and, for the constant, on the leading k - 1 (the same eigenvalue
  /// when k - 1 > r).
  std::optional<Candidate> finish(int k) {
    if (k < 2 || (k > 16 && !(m_change <= 1e-4))) return std::nullopt;  // no sign of a plateau
    if (std::optional<Candidate> dart = dartCandidate(k, kIterations)) return dart;
    Eigen::VectorXd leading = m_unitVector.head(std::min<Eigen::Index>(m_unitVector.size(), k - 1));
    m_lastConstant = converged(k - 1, leading, false, kIterations);
    return constantCandidate(k, kIterations);
  }

 private:
  static constexpr int kIterations = 20;  ///< at the end of the factorization

  /// One inverse iteration for M = diag(A_SS)^-1/2 L_S (weighted) or M = L_S from v continued to
  /// k pivots (zeros plus a small pseudo-random part, so that no start is orthogonal to the
  /// eigenvector sought); returns the estimate 1 / |M^-1 v|^2.
  double iterate(int k, Eigen::VectorXd& v, bool weighted) {
    Eigen::VectorXd start(k);
    pseudoRandom(m_state, start);
    if (v.size() > 0 && v.norm() > 0.0) {
      start *= 1e-6 * v.norm() / std::sqrt(static_cast<double>(k));
      start.head(v.size()) += v;
    }
    v = start.normalized();
    const auto L = m_L.topLeftCorner(k, k).triangularView<Eigen::Lower>();
    if (weighted) v.array() *= m_root.head(k).array();
    L.solveInPlace(v);
    const double estimate = 1.0 / v.squaredNorm();
    L.transpose().solveInPlace(v);
    if (weighted) v.array() *= m_root.head(k).array();
    return estimate;
  }

  /// The estimate after up to `iterations` iterations, stopping when two agree within 1e-13.
  double converged(int k, Eigen::VectorXd& v, bool weighted, int iterations) {
    double estimate = iterate(k, v, weighted);
    for (int i = 1; i < iterations; ++i) {
      const double last = std::exchange(estimate, iterate(k, v, weighted));
      if (std::abs(estimate - last) <= 1e-13 * estimate) break;
    }
    return estimate;
  }

  std::optional<Candidate> dartCandidate(int k, int iterations) {
    if (m_dartTried) return std::nullopt;
    const double alpha = converged(k, m_dartVector, true, iterations);
    if (!(std::abs(alpha - kDart) <= 1e-6 * kDart)) return std::nullopt;
    m_dartTried = true;
    return Candidate{m_A.diagonal() * kDart, kDartName};
  }

  std::optional<Candidate> constantCandidate(int k, int iterations) {
    const double c = converged(k, m_unitVector, false, iterations);
    m_change = std::abs(c - std::exchange(m_lastConstant, c)) / c;
    if (!(m_change <= 1e-10) || std::abs(c - m_triedConstant) <= 1e-9 * c) return std::nullopt;
    m_triedConstant = c;
    return Candidate{Eigen::VectorXd::Constant(m_A.rows(), c), constantName(c)};
  }

  const Eigen::MatrixXd& m_A;
  Eigen::MatrixXd m_L;     ///< L_S, row i from the i-th pivot
  Eigen::VectorXd m_root;  ///< sqrt(A_pp) on the pivots
  Eigen::VectorXd m_dartVector;
  Eigen::VectorXd m_unitVector;
  std::uint64_t m_state = 0x2545F4914F6CDD1Dull;
  double m_lastConstant = 0.0;
  double m_triedConstant = 0.0;
  bool m_dartTried = false;
  double m_change = 1.0;  ///< the constant's estimate's last change, relative
  double m_credit = 0.0;  ///< flops the iterations may still spend
};

/// A key of the pattern of each column of A (each row, A being symmetric): the sum, modulo 2^64,
/// of fixed pseudo-random weights over its nonzeros; from the sparse storage when A is held
/// sparse, else over at most 64 evenly spaced rows (O(64 n): a coarser key only makes larger
/// groups, which the eigenvalues then judge), each read as the column it equals (contiguous).
std::vector<std::uint64_t> patternKeys(const Operator& A, const Eigen::MatrixXd& dense) {
  const int n = A.size();
  std::vector<std::uint64_t> weights(static_cast<size_t>(n));
  std::uint64_t state = 0x853C49E6748FEA9Bull;
  for (std::uint64_t& weight : weights) weight = state = state * 6364136223846793005ull + 1;
  std::vector<std::uint64_t> keys(static_cast<size_t>(n), 0);
  if (A.form() == MatrixForm::Sparse) {
    const Operator::SparseMatrix& sparse = A.sparse();
    for (int j = 0; j < n; ++j) {
      std::uint64_t key = 0;  // summed here, not in keys[j]: no store-to-load chain per entry
      for (Operator::SparseMatrix::InnerIterator it(sparse, j); it; ++it)
        key += weights[it.index()] * static_cast<std::uint64_t>(it.value() != 0.0);
      keys[static_cast<size_t>(j)] = key;
    }
    return keys;
  }
  const int stride = (n + 63) / 64;
  for (int i = 0; i < n; i += stride) {
    const double* row = dense.col(i).data();
    for (int j = 0; j < n; ++j)
      keys[static_cast<size_t>(j)] += weights[i] * static_cast<std::uint64_t>(row[j] != 0.0);
  }
  return keys;
}

/// Rows of A grouped by the pattern of their nonzeros: the rows on one body or one pair of
/// bodies (the contacts of a face, a joint), with at most 6 or 12 independent rows of G among
/// them; groups of 4 to 32 rows and at most half of them (all rows together are no structure),
/// smallest first.
std::vector<std::vector<int>> patternGroups(const Operator& A, const Eigen::MatrixXd& dense) {
  const std::vector<std::uint64_t> keys = patternKeys(A, dense);
  std::vector<int> order(static_cast<size_t>(A.size()));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return keys[a] < keys[b]; });
  std::vector<std::vector<int>> groups;
  for (size_t begin = 0, end = 0; begin < order.size(); begin = end) {
    while (end < order.size() && keys[order[end]] == keys[order[begin]]) ++end;
    if (end - begin >= 4 && end - begin <= std::min<size_t>(32, order.size() / 2))
      groups.emplace_back(order.begin() + begin, order.begin() + end);
  }
  std::stable_sort(groups.begin(), groups.end(),
                   [](const auto& a, const auto& b) { return a.size() < b.size(); });
  return groups;
}

/// What groups of rows show: a candidate diagonal, or that A is singular on a group (then only
/// C = 0 can fit: with v in the null space of A_SS, v^T (A_SS - diag(C_S)) v < 0 for C_S > 0).
struct GroupEvidence {
  std::optional<DiagonalSearch::Candidate> candidate;
  bool singular = false;
};

/// The evidence of a group S of rows. When A = G G^T + alpha diag(w) and rank(G_S) < |S|, alpha
/// is the smallest eigenvalue of diag(w_S)^-1/2 A_SS diag(w_S)^-1/2, of multiplicity
/// |S| - rank(G_S): DART's diagonal (w = diag(A)) when that eigenvalue is 1e-5 / (1 + 1e-5)
/// within 1e-6; a constant (w = 1) when the two smallest eigenvalues of A_SS agree within a tenth
/// of the tolerance and are above it; singular when the smallest is at most the tolerance.
GroupEvidence groupEvidence(const Eigen::MatrixXd& A,
                            const std::vector<int>& rows,
                            double tolerance) {
  const Eigen::MatrixXd block = A(rows, rows);
  if (!(block.diagonal().minCoeff() > 0.0)) return {};
  const Eigen::VectorXd scale = block.diagonal().cwiseSqrt().cwiseInverse();
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eigen(
      scale.asDiagonal() * block * scale.asDiagonal(), Eigen::EigenvaluesOnly);
  if (std::abs(eigen.eigenvalues()[0] - kDart) <= 1e-6 * kDart)
    return {DiagonalSearch::Candidate{A.diagonal() * kDart, kDartName}};
  eigen.compute(block, Eigen::EigenvaluesOnly);
  const double c = eigen.eigenvalues()[0];
  if (!(c > tolerance)) return {std::nullopt, true};
  if (!(eigen.eigenvalues()[1] - c <= 0.1 * tolerance)) return {};
  return {DiagonalSearch::Candidate{Eigen::VectorXd::Constant(A.rows(), c), constantName(c)}};
}

/// The evidence of the four smallest groups of patternGroups(): the first candidate or
/// singular group.
GroupEvidence groupsEvidence(const Operator& A, const Eigen::MatrixXd& dense, double tolerance) {
  const std::vector<std::vector<int>> groups = patternGroups(A, dense);
  for (size_t g = 0; g < std::min<size_t>(groups.size(), 4); ++g)
    if (GroupEvidence evidence = groupEvidence(dense, groups[g], tolerance);
        evidence.candidate || evidence.singular)
      return evidence;
  return {};
}

/// The form G = the factor of A - diag(C), when the probes confirm it within the tolerance.
template <CholeskyArithmetic Arithmetic>
std::optional<LowRankForm> confirmed(const Operator& A,
                                     const PivotedCholesky<Arithmetic>& cholesky,
                                     DiagonalSearch::Candidate candidate,
                                     double largest,
                                     const LowRankLimits& limits) {
  LowRankForm form;
  form.G = cholesky.factor();
  form.C = std::move(candidate.C);
  form.source = LowRankSource::PivotedCholesky;
  form.diagonal = std::move(candidate.name);
  form.relativeError = std::max(cholesky.largestRemaining(), probeError(A, form)) / largest;
  if (!(form.relativeError <= limits.tolerance)) return std::nullopt;
  return form;
}

/// A candidate tried: the form, or whether the factorization of A - diag(C) reached the rank
/// limit (rather than turning indefinite or failing the probes).
struct Trial {
  std::optional<LowRankForm> form;
  bool rankAboveLimit = false;
};

/// The form with diagonal C when the pivoted Cholesky of A - diag(C) ends within the limits and
/// the probes confirm it.
Trial accepted(const Operator& A,
               const Eigen::MatrixXd& dense,
               DiagonalSearch::Candidate candidate,
               double largest,
               const LowRankLimits& limits) {
  KernelCholesky cholesky(dense, candidate.C, limits.tolerance * largest,
                          rankLimit(A.size(), limits));
  const CholeskyStatus status = cholesky.run();
  if (status != CholeskyStatus::Done) return {std::nullopt, status == CholeskyStatus::TooLong};
  return {confirmed(A, cholesky, std::move(candidate), largest, limits)};
}

/// The form with C = 0 once the pivoted Cholesky of A (on the processor's kernel) ended within
/// the rank limit: G factored again in the baseline arithmetic (BaselineCholesky), whose rounding
/// the block pivoting of the CFM-free problems follows; the first factor where that one does not
/// end within the limit.
std::optional<LowRankForm> zeroDiagonal(const Operator& A,
                                        const Eigen::MatrixXd& dense,
                                        const KernelCholesky& plain,
                                        double largest,
                                        const LowRankLimits& limits) {
  const int n = A.size();
  const int limit = rankLimit(n, limits);
  BaselineCholesky baseline(dense, Eigen::VectorXd::Zero(n), limits.tolerance * largest, limit);
  DiagonalSearch::Candidate zero{Eigen::VectorXd::Zero(n), "0"};
  if (baseline.run() == CholeskyStatus::Done)
    return confirmed(A, baseline, std::move(zero), largest, limits);
  return confirmed(A, plain, std::move(zero), largest, limits);
}

/// The diagonal from the pivots of the pivoted Cholesky of A itself (docs/bpp.md, "The low-rank
/// form"): C = 0 when it ends within the limit (G factored again in the baseline arithmetic when
/// zeroDiagonalRounding: zeroDiagonal()); DART's or a constant diagonal from the smallest
/// eigenvalue of its pivots' block past r, unless onlyZero.
std::optional<LowRankForm> fromPivots(const Operator& A,
                                      const Eigen::MatrixXd& dense,
                                      bool onlyZero,
                                      bool zeroDiagonalRounding,
                                      double largest,
                                      const LowRankLimits& limits) {
  const int n = A.size();
  const int limit = rankLimit(n, limits);
  KernelCholesky plain(dense, Eigen::VectorXd::Zero(n), limits.tolerance * largest, limit + 2);
  DiagonalSearch search(dense, limit + 2);
  for (;;) {
    const CholeskyStatus status = plain.step();
    if (status == CholeskyStatus::Indefinite) return std::nullopt;  // so is A - C, C >= 0
    if (status == CholeskyStatus::Done && plain.rank() <= limit) {
      if (!limits.tryZeroDiagonal) return std::nullopt;
      if (zeroDiagonalRounding) return zeroDiagonal(A, dense, plain, largest, limits);
      return confirmed(A, plain, {Eigen::VectorXd::Zero(n), "0"}, largest, limits);
    }
    const bool ended = status != CholeskyStatus::Running;
    if (onlyZero) {
      if (ended) return std::nullopt;
      continue;
    }
    std::optional<DiagonalSearch::Candidate> candidate =
        ended ? search.finish(plain.rank()) : search.step(plain);
    if (candidate)
      if (Trial trial = accepted(A, dense, std::move(*candidate), largest, limits); trial.form)
        return std::move(trial.form);
    if (ended) return std::nullopt;
  }
}

}  // namespace

std::optional<LowRankForm> lowRankFormFromEntries(const Operator& A,
                                                  const LowRankLimits& limits,
                                                  bool zeroDiagonalRounding) {
  const int n = A.size();
  if (n == 0 || n > limits.maxDenseRows) return std::nullopt;
  Eigen::MatrixXd copy;
  if (A.form() != MatrixForm::Dense) copy = A.toDense();
  const Eigen::MatrixXd& dense = A.form() == MatrixForm::Dense ? A.dense() : copy;
  // max|A| = max_i A_ii where A is positive semi-definite (|A_ij| <= sqrt(A_ii A_jj)), as every
  // A = G G^T + diag(C), C >= 0, is; where an off-diagonal entry is larger, A has no form and the
  // tolerance below is only stricter.
  const double largest = dense.diagonal().maxCoeff();
  if (!(largest > 0.0)) return std::nullopt;
  const double tolerance = limits.tolerance * largest;
  if (!(asymmetry(dense) <= tolerance)) return std::nullopt;
  // Rows on the same bodies first: a few small eigenproblems.
  GroupEvidence evidence = groupsEvidence(A, dense, tolerance);
  if (evidence.candidate) {
    Trial trial = accepted(A, dense, std::move(*evidence.candidate), largest, limits);
    // A multiple eigenvalue of a group is A's diagonal: at the rank limit, r is above it.
    if (trial.form || trial.rankAboveLimit) return std::move(trial.form);
  }
  return fromPivots(A, dense, evidence.singular, zeroDiagonalRounding, largest, limits);
}

}  // namespace mlcp::detail
