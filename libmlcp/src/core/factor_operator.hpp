#pragma once

#include <mlcp/core/factors.hpp>

#include <Eigen/Core>

#include <algorithm>
#include <memory>

namespace mlcp::detail {

/// A = J M^-1 J^T + diag(cfm) applied without forming it, by the "fc" trick of ODE's
/// quickstep.cpp (docs/iterative-solvers.md, "Dense, sparse and factored A"): iMJ_i = M^-1 J_i^T
/// (12 numbers per row) is computed once, fc = M^-1 J^T x (6 numbers per body) is kept, so (A x)_i
/// = J_i . fc + cfm_i x_i costs O(12) and a change delta of x_i costs fc += delta iMJ_i, O(12).
///
/// Used terms: J (n x 12, row-major, body1 block then body2 block), M^-1 (6 x 6 per body), cfm
/// (n), fc (6 x (bodies + 1): a last, always zero, column for the static world, so that a row
/// visit has no branch), iMJ (n x 12, zero on the static world's side).
/// J, iMJ and cfm are kept in slots: the rows with findex < 0 first, then the friction rows (the
/// order PGS sweeps in), so that a sweep streams through memory; the public calls take rows.
/// Memory: O(24 n + 12 bodies), allocated in bind() when n exceeds the rows it has room for
/// (then with a quarter to spare) or the body count changes; every other call allocates nothing.
class FactorOperator {
 public:
  /// Reads the factors (not kept: what the operator needs is copied) and precomputes iMJ and the
  /// diagonal A_ii = J_i . iMJ_i + cfm_i (a body whose block of M^-1 is [m^-1 I3, 0; 0, I_W^-1]
  /// takes 12 products per row side instead of 36). The slots put the rows with findex < 0
  /// first: the sweep order of PGS, for which findex is the problem's (any findex gives the same
  /// products; this one only decides the memory layout).
  /// @param[in] findex (n)
  /// @pre factors.factorError() is empty
  void bind(const Factors& factors, const Eigen::VectorXi& findex);
  /// True after bind().
  bool bound() const { return m_size >= 0; }
  /// Rows n of the bound factors (0 when unbound).
  int size() const { return std::max(m_size, 0); }

  /// A_ii (1/kg in the impulse form).
  double diagonal(int i) const { return m_diagonal[i]; }
  /// fc = M^-1 J^T x: makes rowProduct() consistent with x (n). O(12 n).
  void begin(const Eigen::VectorXd& x);
  /// (A x)_i = J_i . fc + cfm_i x_i for the x of begin() and the updates since.
  double rowProduct(int i, const Eigen::VectorXd& x) const {
    const int s = m_slotOf[i];
    return slotDot(s, m_fc) + m_cfm[s] * x[i];
  }
  /// Records x_i += delta: fc += delta iMJ_i. The static world's column of fc takes the
  /// change too, but its iMJ part is zero, so it stays zero.
  void update(int i, double delta) {
    const int s = m_slotOf[i];
    m_fc.col(m_body(s, 0)) += delta * m_iMJ.row(s).segment<6>(0).transpose();
    m_fc.col(m_body(s, 1)) += delta * m_iMJ.row(s).segment<6>(6).transpose();
  }
  /// What is kept of A x: fc = M^-1 J^T x (6 x (bodies + 1)), linear in x (see
  /// DenseRows::state()); its last column (the static world) stays zero under linear combination.
  Eigen::Matrix<double, 6, Eigen::Dynamic>& state() { return m_fc; }
  /// out = A x (n) in O(12 n); uses its own scratch, so the state of begin() is kept.
  void multiply(const Eigen::VectorXd& x, Eigen::VectorXd& out) const;

  /// J_i . fc, (A x)_i without its cfm_i x_i term.
  double jacobianProduct(int i) const { return slotDot(m_slotOf[i], m_fc); }
  /// cfm_i.
  double cfm(int i) const { return m_cfm[m_slotOf[i]]; }
  /// A_ij - [i == j] cfm_i = J_i . iMJ_j over the bodies rows i and j share (0 when none): how
  /// much (A x)_i moves per unit change of x_j. O(12).
  double coupling(int i, int j) const {
    const int si = m_slotOf[i];
    const int sj = m_slotOf[j];
    const int world = static_cast<int>(m_fc.cols()) - 1;
    double value = 0.0;
    for (int a = 0; a < 2; ++a) {
      const int body = m_body(si, a);
      if (body == world) continue;
      for (int b = 0; b < 2; ++b)
        if (m_body(sj, b) == body)
          value += m_J.row(si).segment<6>(6 * a).dot(m_iMJ.row(sj).segment<6>(6 * b));
    }
    return value;
  }

 private:
  using BodyPairs = Eigen::Matrix<int, Eigen::Dynamic, 2, Eigen::RowMajor>;

  /// fc = M^-1 J^T x over the slots.
  void accumulate(const Eigen::VectorXd& x, Eigen::Matrix<double, 6, Eigen::Dynamic>& fc) const;
  /// J . fc of slot s over both bodies (the static world's column of fc is zero).
  double slotDot(int s, const Eigen::Matrix<double, 6, Eigen::Dynamic>& fc) const {
    return m_J.row(s).segment<6>(0).dot(fc.col(m_body(s, 0)).transpose()) +
           m_J.row(s).segment<6>(6).dot(fc.col(m_body(s, 1)).transpose());
  }

  // Rows n of the bound factors, -1 when unbound.
  int m_size = -1;
  Eigen::VectorXi m_rigidBody;  // (bodies) 1 where M^-1 is [m^-1 I3, 0; 0, I_W^-1]
  // The per-row and per-slot arrays have room for at least n rows; entries from n on are unused.
  Eigen::VectorXi m_slotOf;     // (n) per row: its slot (rows with findex < 0 first)
  Eigen::VectorXi m_rowOf;      // (n) per slot: its row
  BodyPairs m_body;             // (n x 2) per slot: the bodies, the static world (-1) as bodyCount
  Factors::JacobianRows m_J;    // (n x 12) per slot
  Factors::JacobianRows m_iMJ;  // (n x 12) per slot
  Eigen::VectorXd m_cfm;        // (n) per slot
  Eigen::VectorXd m_diagonal;   // (n) per row
  Eigen::Matrix<double, 6, Eigen::Dynamic> m_fc;
  mutable Eigen::Matrix<double, 6, Eigen::Dynamic> m_scratch;
};

}  // namespace mlcp::detail
