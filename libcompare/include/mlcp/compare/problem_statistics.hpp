#pragma once

#include <mlcp/core/problem.hpp>

#include <map>
#include <optional>
#include <string>

namespace mlcp::compare {

/// What `mlcp info` reports about a problem (A: n x n; see docs/cli.md).
struct ProblemStatistics {
  int n = 0;                            ///< rows
  int nub = 0;                          ///< leading unbounded rows
  int frictionRows = 0;                 ///< rows with findex >= 0
  MatrixForm form = MatrixForm::Dense;  ///< how the problem holds A
  long long nonZeros = 0;               ///< entries of A that are not 0 (stored, when sparse)
  double density = 0.0;                 ///< nonZeros / n^2
  double asymmetry = 0.0;               ///< max |A - A^T| / max |A| (0: symmetric)
  double diagonalMin = 0.0;             ///< smallest A_ii
  double diagonalMax = 0.0;             ///< largest A_ii
  int zeroDiagonal = 0;                 ///< rows with A_ii = 0
  int negativeDiagonal = 0;             ///< rows with A_ii < 0
  // Bounds mix (rows by kind; friction rows counted only as friction).
  int freeRows = 0;     ///< lo = -inf, hi = +inf (the nub rows and any other)
  int lowerOnly = 0;    ///< finite lo, hi = +inf
  int standardLcp = 0;  ///< of which lo = 0 (LCP rows)
  int upperOnly = 0;    ///< lo = -inf, finite hi
  int boxed = 0;        ///< finite lo < hi
  int fixed = 0;        ///< lo = hi
  // findex structure.
  int normalRows = 0;                    ///< distinct rows that friction rows point at
  std::map<int, int> tangentsPerNormal;  ///< friction rows per normal -> how many normals
  double muMin = 0.0;                    ///< smallest |hi| over the friction rows (mu)
  double muMax = 0.0;                    ///< largest |hi| over the friction rows (mu)
  int negativeNormals = 0;               ///< normal rows whose lo < 0 (x_k may be negative)
  double bNorm = 0.0;                    ///< ||b||_inf
  bool hasSolution = false;              ///< the file carried an x
  /// 1-norm condition number estimated from an LU (1 / rcond); nullopt when skipped (n too
  /// large); +inf when A is numerically singular.
  std::optional<double> conditionEstimate;
  /// Smallest eigenvalue of the symmetric part (A + A^T) / 2; nullopt when skipped.
  std::optional<double> symmetricEigenMin;
  /// Largest eigenvalue of the symmetric part (A + A^T) / 2; nullopt when skipped.
  std::optional<double> symmetricEigenMax;
};

/// Computes the statistics; the condition estimate needs an LU (O(n^3)) and is skipped for
/// n > maxDenseFactor, the eigenvalues likewise for n > maxEigen.
ProblemStatistics computeStatistics(const Problem& problem,
                                    int maxDenseFactor = 3000,
                                    int maxEigen = 1500);

/// "positive definite", "positive semi-definite", "indefinite" for the symmetric part, or
/// "not computed".
std::string definiteness(const ProblemStatistics& statistics);

}  // namespace mlcp::compare
