#pragma once

#include "newton/newton_map.hpp"
#include "newton/newton_system.hpp"

#include <mlcp/core/mixed_lcp.hpp>
#include <mlcp/newton/newton_options.hpp>

#include <Eigen/Core>

namespace mlcp::detail {

/// The interior-point phase of NewtonSolver (docs/newton.md, "The interior-point phase"): a
/// primal-dual path-following method with Mehrotra's predictor-corrector [Mehrotra 1992; Wright,
/// "Primal-Dual Interior-Point Methods", SIAM 1997, ch. 10-11] on the boxed LCP with friction
/// index written with linear inequalities
///   sl_i = x_i - lo_i >= 0, su_i = hi_i - x_i >= 0        (rows without findex, where finite)
///   sl_i = x_i + mu_i x_k >= 0, su_i = mu_i x_k - x_i >= 0 (friction rows, mu_i = |hi_i|)
/// and multipliers zl, zu >= 0 in the Jacobi-scaled unit of v = w / d:
///   v_i = zl_i - zu_i,   zl_i sl_i = tau,   zu_i su_i = tau,   tau -> 0.
/// The friction multipliers do not enter their normal's equation (Coulomb's law is not
/// associated): this is the KKT system of a quasi-variational inequality, not of a QP, and its
/// Newton matrix is S + diag(alpha) plus the coupling gamma_i = mu_i (zl_i / sl_i - zu_i / su_i)
/// of friction row i to its normal k, an LU system (detail::NewtonSystem). Far from a solution
/// the central path avoids the kinks of the min-map that stall a line search; NewtonSolver hands
/// over to semismooth Newton steps (the crossover) near the end.
///
/// Used terms: A (n x n), b, lo, hi, findex (n), d_i the spec's row scale, w = A x - b, v = w / d.
/// Allocates nothing after resize().
class InteriorPoint {
 public:
  /// Sizes the buffers for n rows.
  void resize(int n);
  /// Classifies the rows' constraints. False when the phase does not apply: a friction row
  /// whose normal may be negative (lo_k < 0 or infinite), where u_i = |mu_i x_k| is not linear.
  bool setUp(const ProblemView& problem);
  /// Sets x (n) to the interior starting point (lower-bounded rows X0 above their bound, boxes
  /// at their middle, friction rows at 0, X0 = max_i |b_i| / d_i) and the multipliers to
  /// 0.1 X0 [Wright 1997, ch. 11 "starting points", scaled to the problem].
  void start(const ProblemView& problem, const Eigen::VectorXd& d, Eigen::VectorXd& x);
  /// One predictor-corrector step from x (n) with w = A x - b (n): one factorization through
  /// `system` with the Levenberg-Marquardt term mu on the free rows, two solves, then x and the
  /// multipliers move by the fraction-to-boundary step lengths (0.995), primal and dual apart.
  /// After a step shorter than 0.1, the centring parameter is at least 0.9.
  /// False when the Newton matrix does not factor.
  bool step(const ProblemView& problem,
            const Eigen::VectorXd& d,
            const Eigen::VectorXd& w,
            double mu,
            const NewtonOptions& options,
            NewtonSystem& system,
            Eigen::VectorXd& x,
            NewtonStatistics& statistics);

 private:
  /// The constraints of a row.
  enum Kind : signed char { kFree, kLower, kUpper, kBox, kFriction, kFixed };

  bool hasLower(int i) const;  ///< row i has the constraint sl_i >= 0
  bool hasUpper(int i) const;  ///< row i has the constraint su_i >= 0
  /// sl_i and su_i of x (1 where the row has no such constraint).
  void slacks(const Eigen::VectorXd& x);
  /// dsl_i, dsu_i of the direction dx.
  void slackSteps(int i, const Eigen::VectorXd& dx, double& dsl, double& dsu) const;
  /// Phi of the Newton system for the complementarity targets m_cl, m_cu: v_i - cl_i / sl_i +
  /// cu_i / su_i on constrained rows, v_i on free rows, x_i - value on fixed rows.
  void rightSide(const Eigen::VectorXd& x);
  /// The Jacobian rows (alpha, beta, gamma) at the current slacks and multipliers.
  void jacobianRows();
  /// Largest step in (0, 1] keeping sl, su (primal) and zl, zu (dual) nonnegative along dx and
  /// the multiplier steps of the targets m_cl, m_cu.
  void stepLengths(const Eigen::VectorXd& dx, double& primal, double& dual) const;
  /// dzl_i, dzu_i of the direction dx for the targets m_cl, m_cu.
  void multiplierSteps(int i, const Eigen::VectorXd& dx, double& dzl, double& dzu) const;

  int m_n = 0;
  int m_constraints = 0;    // number of sl and su terms
  double m_lastStep = 1.0;  // min(primal, dual) length of the last step
  Eigen::Matrix<signed char, Eigen::Dynamic, 1> m_kind;  // (n) Kind
  Eigen::VectorXi m_normal;                              // (n) friction rows: findex_i
  Eigen::VectorXd m_lower, m_upper;                      // (n) bounds (fixed rows: m_lower)
  Eigen::VectorXd m_mu;                                  // (n) friction rows: |hi_i|
  Eigen::VectorXd m_zl, m_zu, m_sl, m_su;                // (n) multipliers and slacks
  Eigen::VectorXd m_cl, m_cu;                            // (n) complementarity targets of a solve
  Eigen::VectorXd m_v, m_phi, m_dx;                      // (n) v = w / d, Phi, a direction
  JacobianRows m_rows;
};

}  // namespace mlcp::detail
