#pragma once

#include "pivoting/clamped_system.hpp"

namespace mlcp::detail {

/// ClampedSystem on a dense A, after ODE's dxSolveLCP_Generic (ode/src/lcp.cpp), written anew:
/// the lower triangle of A permuted to the pivoting's positions (so the products of a pivot run
/// over contiguous rows), and a dense L D L^T of A(C,C) grown by one row per addition and
/// shrunk by a rank-one update per removal. Its rows are in their own order (cOrder), so a
/// removal swaps only two problem positions. The triangular solves with L and the product
/// A(N,C) delta x_C run on the processor's kernels (linalg/dense_kernels.hpp).
/// Cost: O(nC^2) per direction, O(n) per swap, O(nC^2) per removal; memory O(n^2), in resize().
class DenseClampedSystem final : public ClampedSystem {
 public:
  /// A (n x n; only the lower triangle is read), kept by reference until the next call.
  void setMatrix(const Eigen::MatrixXd& A) { m_source = &A; }

  void resize(int n) override;
  void load(const Eigen::VectorXi& rowOf, const Eigen::VectorXi& positionOf) override;
  void swapPositions(int a, int b) override;
  double diagonal(int i) const override { return m_A(i, i); }
  double rowTimes(int i, const Eigen::VectorXd& x, int count) const override;
  long double rowTimesExtended(int i, const Eigen::VectorXd& x) const override;
  void solveClamped(int nC, const Eigen::VectorXd& rhs, Eigen::VectorXd& out) override;
  void clampedDirection(int i, double dir, int nC, Eigen::VectorXd& deltaX) override;
  double directionOfW(int i,
                      double dir,
                      int nC,
                      int nN,
                      const Eigen::VectorXd& deltaX,
                      Eigen::VectorXd& deltaW) override;
  bool addToFactor(int p, int nC, double pivotTolerance) override;
  void removeFromFactor(int p, int nC) override;

 private:
  using RowMajorMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

  /// Dell = L^-1 A(C, i), ell = D^-1 Dell (the new row of L if i joins C).
  void solveLower(int i, int nC);

  const Eigen::MatrixXd* m_source = nullptr;
  int m_n = 0;
  int m_solvedPosition = -1;  // position whose Dell / ell are current, or -1
  RowMajorMatrix m_A;         // lower triangle of A permuted to the positions
  RowMajorMatrix m_L;         // unit lower triangular, nC x nC used
  Eigen::VectorXd m_d, m_dInv, m_Dell, m_ell, m_tmp, m_update;
  Eigen::VectorXi m_factorRowOf;  // per position: row of L, or -1 outside C
  Eigen::VectorXi m_cOrder;       // per row of L: position
};

}  // namespace mlcp::detail
