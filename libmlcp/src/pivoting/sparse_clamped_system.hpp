#pragma once

#include "pivoting/clamped_system.hpp"
#include "pivoting/sparse_clamped_factor.hpp"

namespace mlcp::detail {

class SymmetricSparseMatrix;

/// ClampedSystem on a sparse A (docs/sparse-pivoting.md): A in compressed columns in the
/// caller's row order (nothing is permuted when positions swap), A(C,C) factored by a
/// SparseClampedFactor updated by one row addition or deletion per change of C. A direction
/// costs one solve with the factor (O(n + entries of L)) and one product with the columns of C
/// (O(entries of A(:,C))), against O(nC^2) for the dense form.
class SparseClampedSystem final : public ClampedSystem {
 public:
  /// S (kept by reference until the next call); patternChanged: a new symbolic analysis.
  void setMatrix(const SymmetricSparseMatrix& S, bool patternChanged);

  /// Entries of the factor of the whole A (SparseClampedFactor::factorEntries()).
  double factorEntries() const { return m_factor.factorEntries(); }

  void resize(int n) override;
  void load(const Eigen::VectorXi& rowOf, const Eigen::VectorXi& positionOf) override;
  void swapPositions(int /*a*/, int /*b*/) override {}
  double diagonal(int i) const override;
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
  const SymmetricSparseMatrix* m_S = nullptr;
  const Eigen::VectorXi* m_rowOf = nullptr;
  const Eigen::VectorXi* m_positionOf = nullptr;
  SparseClampedFactor m_factor;
  Eigen::VectorXd m_rhs, m_y, m_t;  // caller's row order; m_rhs and m_t zero between calls
};

}  // namespace mlcp::detail
