#include <mlcp/compare/problem_shape.hpp>
#include <mlcp/compare/problem_statistics.hpp>

#include <Eigen/Eigenvalues>
#include <Eigen/LU>

#include <algorithm>
#include <cmath>
#include <limits>

namespace mlcp::compare {

ProblemStatistics computeStatistics(const Problem& p, int maxDenseFactor, int maxEigen) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  ProblemStatistics s;
  const int n = p.size();
  s.n = n;
  s.nub = p.nub;
  s.frictionRows = p.frictionRows();
  if (n == 0) return s;
  s.form = p.A.form();
  const Operator::SparseMatrix A = p.A.toSparse();
  s.nonZeros = A.nonZeros();
  s.density = static_cast<double>(s.nonZeros) / (static_cast<double>(n) * n);
  s.asymmetry = relativeAsymmetry(A);
  const Eigen::VectorXd d = A.diagonal();
  s.diagonalMin = d.minCoeff();
  s.diagonalMax = d.maxCoeff();
  s.zeroDiagonal = static_cast<int>((d.array() == 0.0).count());
  s.negativeDiagonal = static_cast<int>((d.array() < 0.0).count());
  s.bNorm = p.b.cwiseAbs().maxCoeff();
  s.hasSolution = p.x.has_value();

  std::map<int, int> perNormal;
  s.muMin = kInf;
  s.muMax = 0.0;
  for (int i = 0; i < n; ++i) {
    const int k = p.findex[i];
    if (k >= 0) {
      ++perNormal[k];
      s.muMin = std::min(s.muMin, std::abs(p.hi[i]));
      s.muMax = std::max(s.muMax, std::abs(p.hi[i]));
      continue;
    }
    const bool lowFinite = std::isfinite(p.lo[i]);
    const bool highFinite = std::isfinite(p.hi[i]);
    if (!lowFinite && !highFinite) {
      ++s.freeRows;
    } else if (lowFinite && !highFinite) {
      ++s.lowerOnly;
      if (p.lo[i] == 0.0) ++s.standardLcp;
    } else if (!lowFinite) {
      ++s.upperOnly;
    } else if (p.lo[i] == p.hi[i]) {
      ++s.fixed;
    } else {
      ++s.boxed;
    }
  }
  if (perNormal.empty()) s.muMin = 0.0;
  s.normalRows = static_cast<int>(perNormal.size());
  for (const auto& [normal, count] : perNormal) {
    ++s.tangentsPerNormal[count];
    if (p.lo[normal] < 0.0) ++s.negativeNormals;
  }

  if (n > std::max(maxDenseFactor, maxEigen)) return s;
  const Eigen::MatrixXd dense(A);
  if (n <= maxDenseFactor) {
    const Eigen::PartialPivLU<Eigen::MatrixXd> lu(dense);
    const double rcond = lu.rcond();
    s.conditionEstimate = rcond > 0.0 && std::isfinite(rcond) ? 1.0 / rcond : kInf;
  }
  if (n <= maxEigen) {
    const Eigen::MatrixXd symmetric = 0.5 * (dense + dense.transpose());
    const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eigen(symmetric, Eigen::EigenvaluesOnly);
    if (eigen.info() == Eigen::Success) {
      s.symmetricEigenMin = eigen.eigenvalues().minCoeff();
      s.symmetricEigenMax = eigen.eigenvalues().maxCoeff();
    }
  }
  return s;
}

std::string definiteness(const ProblemStatistics& s) {
  if (!s.symmetricEigenMin || !s.symmetricEigenMax) return "not computed";
  const double scale = std::max(std::abs(*s.symmetricEigenMax), std::abs(*s.symmetricEigenMin));
  if (*s.symmetricEigenMin > 1e-12 * scale) return "positive definite";
  if (*s.symmetricEigenMin >= -1e-9 * scale) return "positive semi-definite";
  return "indefinite";
}

}  // namespace mlcp::compare
