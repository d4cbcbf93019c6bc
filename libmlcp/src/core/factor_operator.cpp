#include "core/factor_operator.hpp"

#include <cmath>

namespace mlcp::detail {

namespace {

/// True when the block is a rigid body's [m^-1 I3, 0; 0, I_W^-1] exactly (what a physics engine
/// hands over), so that M^-1 J^T takes 12 products instead of 36.
bool isRigidBodyBlock(const Factors::Block6& M) {
  return (M.topRightCorner<3, 3>().array() == 0.0).all() &&
         (M.bottomLeftCorner<3, 3>().array() == 0.0).all() &&
         M.topLeftCorner<3, 3>() == M(0, 0) * Eigen::Matrix3d::Identity();
}

}  // namespace

void FactorOperator::bind(const Factors& f, const Eigen::VectorXi& findex) {
  const int n = f.size();
  // Slots: the rows with findex < 0, then the friction rows, each group in row order (PGS's
  // sweep order), so a sweep reads J, iMJ and the body pairs front to back.
  const int world = f.bodyCount();
  m_rigidBody.resize(world);
  for (int k = 0; k < world; ++k) m_rigidBody[k] = isRigidBodyBlock(f.inverseMass[k]) ? 1 : 0;
  if (m_J.rows() < n) {
    // Room for a quarter more rows, so that a stepper whose n moves a little from step to step
    // binds without allocating (and without touching fresh pages).
    const int capacity = n + n / 4;
    m_slotOf.resize(capacity);
    m_rowOf.resize(capacity);
    m_body.resize(capacity, 2);
    m_J.resize(capacity, 12);
    m_iMJ.resize(capacity, 12);
    m_cfm.resize(capacity);
    m_diagonal.resize(capacity);
  }
  int next = 0;
  for (int pass = 0; pass < 2; ++pass)
    for (int i = 0; i < n; ++i)
      if ((findex[i] >= 0) == (pass == 1)) {
        m_slotOf[i] = next;
        m_rowOf[next++] = i;
      }
  // One pass over the rows: copies and iMJ.
  for (int i = 0; i < n; ++i) {
    const int s = m_slotOf[i];
    m_J.row(s) = f.J.row(i);
    m_cfm[s] = f.cfm[i];
    double d = f.cfm[i];
    for (int side = 0; side < 2; ++side) {
      const int body = f.bodies(i, side);
      m_body(s, side) = body < 0 ? world : body;
      if (body < 0) {
        m_iMJ.row(s).segment<6>(6 * side).setZero();
        continue;
      }
      const Factors::Block6& M = f.inverseMass[body];
      const Eigen::Matrix<double, 6, 1> J_i = f.J.row(i).segment<6>(6 * side).transpose();
      // M^-1 J_i^T in registers, then stored: the diagonal's dot product does not read back
      // the stores (a load spanning two fresh stores stalls on store forwarding).
      Eigen::Matrix<double, 6, 1> iMJ_i;
      if (m_rigidBody[body] != 0) {
        iMJ_i.head<3>() = M(0, 0) * J_i.head<3>();
        iMJ_i.tail<3>() = M.bottomRightCorner<3, 3>() * J_i.tail<3>();
      } else {
        iMJ_i = M * J_i;
      }
      m_iMJ.row(s).segment<6>(6 * side) = iMJ_i.transpose();
      d += J_i.dot(iMJ_i);
    }
    m_diagonal[i] = d;
  }
  m_fc.setZero(6, world + 1);
  m_scratch.setZero(6, world + 1);
  m_size = n;
}

void FactorOperator::accumulate(const Eigen::VectorXd& x,
                                Eigen::Matrix<double, 6, Eigen::Dynamic>& fc) const {
  fc.setZero();
  const int n = static_cast<int>(x.size());
  for (int s = 0; s < n; ++s) {
    const double value = x[m_rowOf[s]];
    if (value == 0.0) continue;
    fc.col(m_body(s, 0)) += value * m_iMJ.row(s).segment<6>(0).transpose();
    fc.col(m_body(s, 1)) += value * m_iMJ.row(s).segment<6>(6).transpose();
  }
}

void FactorOperator::begin(const Eigen::VectorXd& x) { accumulate(x, m_fc); }

void FactorOperator::multiply(const Eigen::VectorXd& x, Eigen::VectorXd& out) const {
  accumulate(x, m_scratch);
  const int n = static_cast<int>(x.size());
  for (int s = 0; s < n; ++s) {
    const int i = m_rowOf[s];
    out[i] = slotDot(s, m_scratch) + m_cfm[s] * x[i];
  }
}

}  // namespace mlcp::detail
