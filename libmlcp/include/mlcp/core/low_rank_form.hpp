#pragma once

#include <mlcp/core/operator.hpp>
#include <mlcp/core/option_check.hpp>
#include <mlcp/core/option_table.hpp>

#include <Eigen/Core>
#include <Eigen/SparseCore>

#include <optional>
#include <ostream>
#include <string>
#include <string_view>

namespace mlcp {

/// Where a LowRankForm came from.
enum class LowRankSource {
  /// The factor form A = J M^-1 J^T + diag(cfm): G = J L per body block, L L^T = M^-1, C = cfm.
  Factors,
  /// The entries of a dense or sparse A: a pivoted Cholesky of A - diag(C), C = 0 or a diagonal
  /// found as a multiple smallest eigenvalue of a block of A (docs/bpp.md, "The low-rank form").
  PivotedCholesky,
};

/// "factors" or "pivoted-cholesky", as the tools print it.
std::string_view toString(LowRankSource source);
/// Writes toString(source).
inline std::ostream& operator<<(std::ostream& out, LowRankSource source) {
  return out << toString(source);
}

/// A = G G^T + diag(C), the structure every contact problem of a rigid-body stepper has: G is
/// n x r with r <= 6 x bodies (r = 48..90 against n = 114..522 on the captured problems), C >= 0
/// the constraint force mixing (docs/bpp.md). Solvers that work in this form (mlcp::BppSolver)
/// solve r x r systems instead of n x n ones.
///
/// Used terms: n rows of A, r the rank of G G^T (columns of G). Units: as A.
struct LowRankForm {
  /// Rows are row-major so that the rows of a row subset are contiguous.
  using Matrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

  Matrix G;                                       ///< n x r
  Eigen::VectorXd C;                              ///< n, the diagonal part (>= 0)
  LowRankSource source = LowRankSource::Factors;  ///< where G and C came from
  /// How C was chosen ("cfm of the factors", "0", "Bullet's constant CFM: C_i = 0.0006", ...).
  std::string diagonal;
  /// max|A - G G^T - diag(C)| / max|A| as measured: 0 for the factor form (exact up to
  /// rounding); for a pivoted Cholesky the larger of its largest remaining diagonal (a bound on
  /// the remainder's entries when the remainder is semi-definite) and the probes' figure.
  double relativeError = 0.0;

  /// r, the number of columns of G.
  int rank() const { return static_cast<int>(G.cols()); }
  /// One line: "r = 48 of n = 522, pivoted-cholesky, C = ..., error <= 3e-16".
  std::string describe() const;
};

/// Limits of the search for a low-rank form.
struct LowRankLimits {
  /// Largest r accepted (>= 0): the r x r systems cost O(r^3) per factorization.
  int maxRank = 1200;
  /// Largest r accepted as a fraction of n (0 < fraction <= 1): a form with r close to n saves
  /// nothing over the n x n dual.
  double maxRankFraction = 0.85;
  /// Accept a form found from the entries of A only when max|A - G G^T - diag(C)| <= tolerance
  /// max|A| (the 1e-12).
  double tolerance = 1e-12;
  /// Largest n whose entries are searched (the search reads A densely: O(n^2) memory).
  int maxDenseRows = 1000;
  /// Also try C = 0 in the entries of A (false: only diagonals that regularize every row).
  bool tryZeroDiagonal = true;

  /// Equal limits find the same form (a solver keeps its form while its limits stay equal).
  bool operator==(const LowRankLimits&) const = default;
  /// Records on `check` the first field out of its range, named "lowRank.FIELD".
  void require(OptionCheck& check) const;
};

/// `own` followed by the options of the low-rank search of a solver whose Options hold
/// LowRankLimits in `lowRank`: low_rank_max_rank, low_rank_max_rank_fraction,
/// low_rank_tolerance, low_rank_max_dense_rows, low_rank_try_zero_diagonal.
template <class Options>
std::vector<OptionField<Options>> withLowRankOptions(LowRankLimits Options::*lowRank,
                                                     std::vector<OptionField<Options>> own) {
  own.push_back(option<Options>("low_rank_max_rank", lowRank, &LowRankLimits::maxRank, ">= 0",
                                "Largest rank r of the low-rank form"));
  own.push_back(option<Options>("low_rank_max_rank_fraction", lowRank,
                                &LowRankLimits::maxRankFraction,
                                "0 < low_rank_max_rank_fraction <= 1",
                                "Largest rank r of the low-rank form as a fraction of n"));
  own.push_back(option<Options>("low_rank_tolerance", lowRank, &LowRankLimits::tolerance, "> 0",
                                "Accept a form found in A within this times max|A|"));
  own.push_back(option<Options>("low_rank_max_dense_rows", lowRank, &LowRankLimits::maxDenseRows,
                                ">= 0", "Largest n whose entries are searched for a form"));
  own.push_back(option<Options>("low_rank_try_zero_diagonal", lowRank,
                                &LowRankLimits::tryZeroDiagonal, "",
                                "Also try C = 0 in the entries of A"));
  return own;
}

/// The low-rank form of A, or nothing when A has none within limits.
///
/// Factor form: G = J L with L L^T the 6 x 6 block of M^-1 of each body (Cholesky, or the square
/// root of its eigen decomposition when the block is only semi-definite), one block of 6
/// columns per body that a row references; C = cfm; exact up to rounding.
/// Dense or sparse form: A must be symmetric (|A_ij - A_ji| <= tolerance max|A|). A candidate
/// diagonal C is accepted when a pivoted Cholesky of A - diag(C) ends with every remaining
/// diagonal at most tolerance max|A| within the rank limits (dropped at the first negative one:
/// C too large) and two fixed pseudo-random probes z give ||(A - G G^T - C) z||_inf <= tolerance
/// max|A| ||z||_1 (which catches a remainder with a zero diagonal that is not zero). Candidates:
/// C = 0; DART's relative CFM C_i = A_ii 1e-5 / (1 + 1e-5); Bullet's constant CFM C_i = c. For
/// A = G G^T + alpha diag(w) and rows S with rank(G_S) < |S|, alpha is the smallest eigenvalue of
/// diag(w_S)^-1/2 A_SS diag(w_S)^-1/2, a multiple one: it is computed on groups of rows with the
/// same pattern of nonzeros (rows on the same bodies, 4 to 32 of them, dense eigenproblems), else
/// by inverse iteration on the pivots of a pivoted Cholesky of A itself, which also gives C = 0
/// when it ends and no form when A is not semi-definite. Cost O(n r^2) for the accepted
/// candidate plus O(n^2) for the checks; O(n k^2) more when no group shows the diagonal, k a few
/// steps past r (the rank limit when A has no form). See docs/bpp.md, "The low-rank form".
/// Never throws; an operator that fails Operator::check() has no form.
std::optional<LowRankForm> findLowRankForm(const Operator& A, const LowRankLimits& limits = {});

/// The factor form's G = J L stored sparse, for many bodies (a pile of 1000 spheres: r = 6000,
/// n = 6300; the dense G would hold 3.8e7 numbers where this holds 12 n). G G^T + diag(C) = A
/// up to rounding; the matrices of body space (I + G_F^T D_F^-1 G_F, docs/bpp.md, "The free
/// system in body space") keep the contact graph's sparsity.
///
/// Used terms: n rows, r = 6 x the bodies that a row references. Units: as A.
struct SparseLowRankForm {
  /// Row-major, sorted columns: row i stores 6 entries (explicit zeros included) for each body
  /// it references, so rows on the same pair of bodies have the same pattern.
  using Matrix = Eigen::SparseMatrix<double, Eigen::RowMajor>;

  Matrix G;           ///< n x r
  Eigen::VectorXd C;  ///< n, the cfm of the factors (>= 0)

  /// r, the number of columns of G.
  int rank() const { return static_cast<int>(G.cols()); }
};

/// The sparse low-rank form of a factor-form A (MatrixForm::Factors; G as in findLowRankForm,
/// without its rank limits), or nothing for a dense or sparse A or factors that fail
/// Operator::check(). The columns of the bodies come in body order, so that G's pattern depends
/// only on which bodies the rows reference. Cost O(n + bodies). Never throws.
std::optional<SparseLowRankForm> findSparseLowRankForm(const Operator& A);

/// The same form with G dense (n x r), as findLowRankForm() gives it for the factors (source
/// LowRankSource::Factors, C = cfm). Cost O(n r). Never throws but std::bad_alloc.
LowRankForm toDenseForm(const SparseLowRankForm& form);

/// A's low-rank form as the solvers in body space take it (mlcp::BppSolver,
/// mlcp::PrimalNewtonSolver): at most one of the two is set.
struct ChosenLowRankForm {
  std::optional<LowRankForm> dense;         ///< G dense (n x r)
  std::optional<SparseLowRankForm> sparse;  ///< G sparse: factors of many bodies
};

/// The factor form's sparse form (findSparseLowRankForm) when its rank r > sparseAboveRank;
/// otherwise a dense form: the factor form's made dense (toDenseForm), or findLowRankForm(A,
/// limits) for a dense or sparse A; neither when A has none. Never throws but std::bad_alloc.
ChosenLowRankForm chooseLowRankForm(const Operator& A,
                                    const LowRankLimits& limits,
                                    int sparseAboveRank);

}  // namespace mlcp
