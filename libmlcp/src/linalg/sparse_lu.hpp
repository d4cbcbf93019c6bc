#pragma once

#include "linalg/klu_factor.hpp"
#include "linalg/sparse_pattern.hpp"
#include "linalg/umfpack_factor.hpp"

namespace mlcp::detail {

/// The sparse LU of the pivoting and Newton systems: KLU's [Davis CHOLMOD/KLU] (left-looking,
/// refactors on the kept pivots without allocating), or UMFPACK's multifrontal one [Davis UMFPACK]
/// where KLU's analysis estimates at least multifrontalFlops() flops: 2 to 3 times as fast there
/// (the body-space K of a landed 1000-sphere pile, 1.5e8 to 2.7e8 flops: 34-45 ms against KLU's
/// 61-137 ms), while below a few 1e7 KLU is as fast or faster (docs/bpp.md, "The factorizations
/// measured"). The choice is made per pattern, at analyse(); UMFPACK allocates its factors at each
/// factorization.
///
/// The matrix is read from a SparsePattern, which must keep the pattern it had at analyse() and
/// (KLU's refined solves read it) stay alive and unchanged until the solves are done.
class SparseLu {
 public:
  /// KLU's estimate of the flops from which the LU is UMFPACK's, by default: UMFPACK took 17.8 ms
  /// against KLU's 18.5-28 ms at 4.3e7 and 34 ms against 61-80 ms at 1.5e8.
  static constexpr double kMultifrontalFlops = 6e7;

  /// The estimate from which the next analyse() chooses UMFPACK (>= 0; 0: always).
  void setMultifrontalFlops(double flops) { m_multifrontalFlops = flops; }
  /// Orders and analyses the pattern of `matrix` (KLU's analysis, and UMFPACK's when chosen).
  /// @throws std::runtime_error when either cannot analyse it
  void analyse(const SparsePattern& matrix);
  /// Factors the values now in `matrix`. False when it is singular in rounding.
  /// @throws std::runtime_error when UMFPACK runs out of memory
  bool factorize(SparsePattern& matrix);
  /// x = K^-1 rhs (n each; they may not alias).
  void solve(const double* rhs, double* x);
  /// Whether the pattern analysed last is factored by UMFPACK.
  bool multifrontal() const { return m_multifrontal; }

 private:
  KluFactor m_klu;
  UmfpackFactor m_umfpack;
  double m_multifrontalFlops = kMultifrontalFlops;
  bool m_multifrontal = false;
};

}  // namespace mlcp::detail
