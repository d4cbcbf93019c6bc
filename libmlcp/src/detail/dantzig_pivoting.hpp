#pragma once

#include <Eigen/Core>

#include <string>

namespace mlcp::detail {

/// Index set of a row at the end of a pivoting pass (Dantzig's clamped / non-clamped sets).
enum class RowSet : signed char { Clamped = 0, AtLower = 1, AtUpper = 2 };

/// Outcome of one pivoting pass.
enum class PivotOutcome { Solved, SingularPivot, Unbounded, PivotLimit };

/// The pivoting core of Dantzig's method for the boxed LCP, after ODE's dxSolveLCP_Generic
/// (ode/src/lcp.cpp; Cottle & Dantzig; Baraff 1994 for the friction bounds), written anew.
///
/// Used terms: A (n x n, symmetric, only its lower triangle is read), b, lo, hi (n), w = A x - b.
/// Positions: rows are permuted so that the clamped set C (w = 0, lo < x < hi) occupies
/// positions 0 .. nC-1 and the non-clamped set N (x at lo with w >= 0, or at hi with w <= 0)
/// positions nC .. nC+nN-1, those with a box other than {0} first (only they can block a step);
/// the driving index i = nC + nN is the next row to be made valid, rows
/// after it are "don't care" (x = 0). An L D L^T factorization of A(C,C) is updated by one row
/// per transfer to C and by a rank-one update per removal from C; its rows are in their own
/// order (m_cOrder), so a removal swaps only two problem positions.
///
/// Requires 0 in [lo_i, hi_i] for every row (the caller shifts other boxes).
/// Cost: O(n^2) per pivot, O(n^3) for a pass; memory O(n^2), allocated in resize().
class DantzigPivoting {
 public:
  /// Allocates the workspace for problems of up to n rows.
  void resize(int n);

  /// One pass on the problem (A, b, lo, hi).
  /// @param[in] findex (n) friction coupling; used only when frictionFromNormals is set: then,
  ///   as in ODE, rows with findex >= 0 are processed last and, when the first of them is reached,
  ///   get bounds u = |hi * x_normal|, l = -u from the normal forces found so far.
  /// @param[in] nub leading rows known to be unbounded
  /// @param[in] maxPivots limit on pivoting steps (PivotLimit when reached)
  /// @param[in] pivotTolerance a new pivot d of L D L^T is singular when d <= pivotTolerance * A_ii
  /// @param[out] x (n) the solution in the caller's row order
  /// @param[out] sets (n) final index set of every row
  PivotOutcome solve(const Eigen::MatrixXd& A,
                     const Eigen::VectorXd& b,
                     const Eigen::VectorXd& lo,
                     const Eigen::VectorXd& hi,
                     const Eigen::VectorXi& findex,
                     int nub,
                     bool frictionFromNormals,
                     int maxPivots,
                     double pivotTolerance,
                     Eigen::VectorXd& x,
                     Eigen::Matrix<signed char, Eigen::Dynamic, 1>& sets);

  /// A pass on the problem of the last solve() (same A, b, row order) with new bounds lo, hi
  /// (findex no longer used), warm from where that pass (or the last resolve()) ended: rows the
  /// new bounds leave valid keep their set, the clamped factorisation keeps them, and only the
  /// others are driven again, as in solve() but from their current x (brought into the box
  /// first). Costs O(n^2) per row released plus the pivots. When the last pass did not succeed
  /// there is nothing to start from: PivotLimit at once, without a pivot (the caller then
  /// takes a pass from scratch).
  /// @param[out] x, sets as in solve()
  PivotOutcome resolve(const Eigen::VectorXd& lo,
                       const Eigen::VectorXd& hi,
                       int maxPivots,
                       double pivotTolerance,
                       Eigen::VectorXd& x,
                       Eigen::Matrix<signed char, Eigen::Dynamic, 1>& sets);

  /// Pivoting steps of the last pass.
  int pivots() const { return m_pivots; }
  /// Row (caller's order) involved in the failure of the last pass, -1 if it succeeded.
  int failedRow() const { return m_failedRow; }

 private:
  using RowMajorMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

  void load(const Eigen::MatrixXd& A,
            const Eigen::VectorXd& b,
            const Eigen::VectorXd& lo,
            const Eigen::VectorXd& hi,
            const Eigen::VectorXi& findex,
            int nub,
            bool frictionLast);
  void swapPositions(int a, int b);
  void solveClamped(int i, double dir);
  bool appendToFactor(int position, double pivotTolerance);
  bool transferDrivingToC(int i, double pivotTolerance);
  void transferDrivingToN(int i, RowSet set);
  bool transferNToC(int j, double pivotTolerance);
  void transferCToN(int j, RowSet set);
  void removeFactorRow(int r);
  void setFrictionBounds(int first);
  int firstBoundedPosition() const;
  PivotOutcome driveRow(int i, int maxPivots, double pivotTolerance, int firstBounded);
  void releaseRow(int p);
  void writeResult(Eigen::VectorXd& x, Eigen::Matrix<signed char, Eigen::Dynamic, 1>& sets) const;

  int m_n = 0;
  int m_nC = 0;
  int m_nN = 0;
  int m_nActive = 0;  // rows of N whose box is not {0}: positions nC .. nC + nActive - 1
  int m_pivots = 0;
  int m_failedRow = -1;
  bool m_warm = false;  // the last pass succeeded: resolve() can start from it

  RowMajorMatrix m_A;  // lower triangle of A permuted to the positions
  Eigen::VectorXd m_b, m_x, m_w, m_lo, m_hi;
  Eigen::Matrix<signed char, Eigen::Dynamic, 1> m_set;
  Eigen::VectorXi m_findex;       // per position: friction normal's caller row, or -1
  Eigen::VectorXi m_rowOf;        // per position: caller's row
  Eigen::VectorXi m_positionOf;   // per caller row: position
  Eigen::VectorXi m_factorRowOf;  // per position: row of L, or -1 outside C
  Eigen::VectorXi m_cOrder;       // per row of L: position
  Eigen::VectorXi m_release;      // resolve(): caller rows to drive again

  RowMajorMatrix m_L;  // unit lower triangular, nC x nC used
  Eigen::VectorXd m_d, m_dInv;
  Eigen::VectorXd m_gather, m_Dell, m_ell, m_tmp, m_deltaX, m_deltaW, m_update;
};

}  // namespace mlcp::detail
