#pragma once

#include <Eigen/Core>

namespace mlcp::detail {

class ClampedSystem;

/// Index set of a row at the end of a pivoting pass (Dantzig's clamped / non-clamped sets).
enum class RowSet : signed char { Clamped = 0, AtLower = 1, AtUpper = 2 };

/// Outcome of one pivoting pass.
enum class PivotOutcome { Solved, SingularPivot, Unbounded, PivotLimit };

/// The data of a pivoting pass (all n): w = A x - b with A held by the ClampedSystem.
struct PivotingProblem {
  const Eigen::VectorXd& b;
  const Eigen::VectorXd& lo;
  const Eigen::VectorXd& hi;
  /// Friction coupling; read only when a pass takes its friction bounds from the normals.
  const Eigen::VectorXi& findex;
  /// Leading rows known to be unbounded.
  int nub;
  /// Added to a normal's x before its friction bounds are taken from it (the shift c of a box
  /// that does not contain 0, x = x' + c: the bounds are +-mu times the normal force itself).
  const Eigen::VectorXd& normalOffset;
};

/// The pivoting core of Dantzig's method for the boxed LCP, after ODE's dxSolveLCP_Generic
/// (ode/src/lcp.cpp; Cottle & Dantzig; Baraff 1994 for the friction bounds), written anew.
///
/// Used terms: A (n x n, symmetric), b, lo, hi (n), w = A x - b.
/// Positions: rows are permuted so that the clamped set C (w = 0, lo < x < hi) occupies
/// positions 0 .. nC-1 and the non-clamped set N (x at lo with w >= 0, or at hi with w <= 0)
/// positions nC .. nC+nN-1, those with a box other than {0} first (only they can block a step);
/// the driving index i = nC + nN is the next row to be made valid, rows after it are "don't
/// care" (x = 0). The ClampedSystem (dense or sparse) keeps A(C,C) factored as rows enter and
/// leave C and gives the products of a pivot.
///
/// Requires 0 in [lo_i, hi_i] for every row (the caller shifts other boxes).
/// A pass ends with two steps of iterative refinement of x_C on the final clamped set, their
/// residual b_C - A(C,:) x accumulated in long double: x_C is then the solution of its linear
/// system to about machine precision however x got there (the dense and sparse forms, which
/// round differently along the way, then agree far below the conditioning of A(C,C) times eps).
/// Cost: one ClampedSystem direction per pivot (dense O(n^2), sparse O(nonzeros of the factor)).
/// The leading unbounded rows (nub, and rows with infinite bounds) join C in one factorization
/// and one solve instead, as ODE factors its first nub rows at once (clampUnboundedRows()).
class DantzigPivoting {
 public:
  /// Allocates the workspace for problems of up to n rows.
  void resize(int n);

  /// One pass on the problem with A held by `system` (kept by reference until the next pass).
  /// @param[in] frictionFromNormals as in ODE, rows with findex >= 0 are processed last and,
  ///   when the first of them is reached, get bounds u = |hi * (x_normal + normalOffset)|,
  ///   l = -u from the normal forces found so far
  /// @param[in] maxPivots limit on pivoting steps (PivotLimit when reached)
  /// @param[in] pivotTolerance a new pivot d is singular when d <= pivotTolerance * A_ii
  /// @param[out] x (n) the solution in the caller's row order
  /// @param[out] sets (n) final index set of every row
  PivotOutcome solve(ClampedSystem& system,
                     const PivotingProblem& problem,
                     bool frictionFromNormals,
                     int maxPivots,
                     double pivotTolerance,
                     Eigen::VectorXd& x,
                     Eigen::Matrix<signed char, Eigen::Dynamic, 1>& sets);

  /// A pass on the problem of the last solve() (same A, b, row order) with new bounds lo, hi
  /// (findex no longer used), warm from where that pass (or the last resolve()) ended: rows the
  /// new bounds leave valid keep their set, the clamped factorisation keeps them, and only the
  /// others are driven again, as in solve() but from their current x (brought into the box
  /// first). When the last pass did not succeed there is nothing to start from: PivotLimit at
  /// once, without a pivot (the caller then takes a pass from scratch).
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
  /// The step of a pivot: its length s and what happens at its end (ODE's cmd), with the row
  /// that changes set (si).
  enum class StepKind {
    None,              // no finite step: unbounded
    DrivingToC,        // w_i reaches 0
    DrivingToLower,    // x_i reaches lo_i
    DrivingToUpper,    // x_i reaches hi_i
    NToC,              // w_si of a row of N reaches 0
    CToLower,          // x_si of a clamped row reaches lo
    CToUpper,          // x_si of a clamped row reaches hi
    DrivingIntoTheBox  // x_i, outside its box (warm start), reaches it
  };
  struct Step {
    double length;
    StepKind kind;
    int row;
  };

  void load(const PivotingProblem& problem, bool frictionLast);
  void swapPositions(int a, int b);
  bool transferDrivingToC(int i, double pivotTolerance);
  void transferDrivingToN(int i, RowSet set);
  bool transferNToC(int j, double pivotTolerance);
  void transferCToN(int j, RowSet set);
  void setFrictionBounds(int first);
  int firstBoundedPosition() const;
  PivotOutcome clampUnboundedRows(int count, int maxPivots, double pivotTolerance);
  PivotOutcome driveRow(int i, int maxPivots, double pivotTolerance, int firstBounded);
  Step chooseStep(int i, double dir, double deltaWi, int firstBounded) const;
  bool takeStep(int i, double dir, double deltaWi, const Step& step, double pivotTolerance);
  void releaseRow(int p);
  void polishClamped();
  void writeResult(Eigen::VectorXd& x, Eigen::Matrix<signed char, Eigen::Dynamic, 1>& sets) const;

  ClampedSystem* m_system = nullptr;
  int m_n = 0;
  int m_nC = 0;
  int m_nN = 0;
  int m_nActive = 0;  // rows of N whose box is not {0}: positions nC .. nC + nActive - 1
  int m_pivots = 0;
  int m_failedRow = -1;
  bool m_warm = false;  // the last pass succeeded: resolve() can start from it

  Eigen::VectorXd m_b, m_x, m_w, m_lo, m_hi, m_normalOffset;
  Eigen::VectorXd m_diagonal;  // per position: A_ii (chooseStep()'s bounds, contiguous)
  Eigen::Matrix<signed char, Eigen::Dynamic, 1> m_set;
  Eigen::VectorXi m_findex;      // per position: friction normal's caller row, or -1
  Eigen::VectorXi m_rowOf;       // per position: caller's row
  Eigen::VectorXi m_positionOf;  // per caller row: position
  Eigen::VectorXi m_release;     // resolve(): caller rows to drive again
  Eigen::VectorXd m_deltaX, m_deltaW;
};

}  // namespace mlcp::detail
