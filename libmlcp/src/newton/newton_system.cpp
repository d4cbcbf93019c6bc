#include "newton/newton_system.hpp"

#include <algorithm>
#include <cmath>

namespace mlcp::detail {

namespace {

using Sparse = Operator::SparseMatrix;

/// One column of a pattern being built: (row, source) pairs, sorted and merged.
void appendColumn(std::vector<std::pair<int, int>>& column,
                  SparsePattern& pattern,
                  std::vector<int>& source) {
  std::sort(column.begin(), column.end());
  for (size_t e = 0; e < column.size(); ++e) {
    if (e > 0 && column[e].first == column[e - 1].first) {
      if (column[e].second >= 0) source.back() = column[e].second;  // A's entry wins
      continue;
    }
    pattern.rowIndex.push_back(column[e].first);
    source.push_back(column[e].second);
  }
  pattern.columnStart.push_back(pattern.nonZeros());
}

}  // namespace

void NewtonSystem::resize(int n) {
  m_n = n;
  m_sqrtD.resize(n);
  m_inverseSqrtD.resize(n);
  m_dxUnit.resize(n);
  m_product.resize(n);
  m_rhs.resize(n);
  m_dy.resize(n);
  m_unit.resize(n);
  m_dense.resize(0, 0);  // sized on the first dense step
  m_rowScale.resize(n);
  m_envelope.reserve(n);
  m_symmetry.reserve(n);
}

void NewtonSystem::setMatrix(const ProblemView& problem, std::uint64_t version) {
  m_version = version;
  if (problem.A.form() == MatrixForm::Dense && problem.size() <= 0) return;
  m_symmetricA = m_symmetry.symmetric(problem, SymmetricRowScaling::kTolerance, true);
  if (m_havePatterns && !samePattern(problem)) m_havePatterns = false;
}

bool NewtonSystem::samePattern(const ProblemView& problem) const {
  const Sparse& A = problem.sparseA();
  const int n = problem.size();
  if (static_cast<int>(m_patternStarts.size()) != n + 1 ||
      static_cast<int>(m_patternRows.size()) != A.nonZeros() || m_patternFindex != problem.findex)
    return false;
  return std::equal(m_patternStarts.begin(), m_patternStarts.end(), A.outerIndexPtr()) &&
         std::equal(m_patternRows.begin(), m_patternRows.end(), A.innerIndexPtr());
}

void NewtonSystem::buildPatterns(const ProblemView& problem) {
  const Sparse& A = problem.sparseA();
  const int n = problem.size();
  m_patternStarts.assign(A.outerIndexPtr(), A.outerIndexPtr() + n + 1);
  m_patternRows.assign(A.innerIndexPtr(), A.innerIndexPtr() + A.nonZeros());
  m_patternFindex = problem.findex;
  std::vector<std::vector<int>> frictionRowsOf(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i)
    if (problem.findex[i] >= 0) frictionRowsOf[static_cast<size_t>(problem.findex[i])].push_back(i);

  for (SparsePattern* pattern : {&m_upper, &m_full}) {
    pattern->n = n;
    pattern->columnStart.assign(1, 0);
    pattern->rowIndex.clear();
  }
  m_upperSource.clear();
  m_fullSource.clear();
  std::vector<std::pair<int, int>> upper, full;
  for (int j = 0; j < n; ++j) {
    upper.assign(1, {j, -1});
    full.assign(1, {j, -1});
    for (int p = A.outerIndexPtr()[j]; p < A.outerIndexPtr()[j + 1]; ++p) {
      const int i = A.innerIndexPtr()[p];
      full.emplace_back(i, p);
      if (i <= j) upper.emplace_back(i, p);
    }
    for (const int i : frictionRowsOf[static_cast<size_t>(j)]) full.emplace_back(i, -1);
    appendColumn(upper, m_upper, m_upperSource);
    appendColumn(full, m_full, m_fullSource);
  }
  m_upper.values.assign(m_upperSource.size(), 0.0);
  m_full.values.assign(m_fullSource.size(), 0.0);

  auto position = [](const SparsePattern& pattern, int i, int j) {
    const auto begin = pattern.rowIndex.begin() + pattern.columnStart[static_cast<size_t>(j)];
    const auto end = pattern.rowIndex.begin() + pattern.columnStart[static_cast<size_t>(j) + 1];
    return static_cast<int>(std::lower_bound(begin, end, i) - pattern.rowIndex.begin());
  };
  m_upperDiagonal.resize(static_cast<size_t>(n));
  m_fullDiagonal.resize(static_cast<size_t>(n));
  m_fullCoupling.assign(static_cast<size_t>(n), -1);
  for (int i = 0; i < n; ++i) {
    m_upperDiagonal[static_cast<size_t>(i)] = position(m_upper, i, i);
    m_fullDiagonal[static_cast<size_t>(i)] = position(m_full, i, i);
    if (problem.findex[i] >= 0)
      m_fullCoupling[static_cast<size_t>(i)] = position(m_full, i, problem.findex[i]);
  }
  m_havePatterns = true;
  m_cholmodAnalysed = m_kluAnalysed = false;
}

void NewtonSystem::classifyRows(const JacobianRows& rows) {
  for (int i = 0; i < m_n; ++i) m_unit[i] = rows.beta[i] <= 1e-14 * rows.alpha[i];
}

bool NewtonSystem::coupled(const ProblemView& problem, const JacobianRows& rows) const {
  for (int i = 0; i < m_n; ++i) {
    if (rows.gamma[i] == 0.0) continue;
    if (!m_unit[i] || !m_unit[problem.findex[i]]) return true;
  }
  return false;
}

double NewtonSystem::couplingOf(const JacobianRows& rows, int i, int k) const {
  const double divisor = m_unit[i] ? rows.alpha[i] : rows.beta[i];
  return rows.gamma[i] / divisor * m_sqrtD[i] * m_inverseSqrtD[k];
}

double NewtonSystem::diagonalOf(const JacobianRows& rows, int i, double mu) const {
  return rows.alpha[i] / rows.beta[i] + mu;
}

void NewtonSystem::eliminateUnitRows(const ProblemView& problem,
                                     const JacobianRows& rows,
                                     const Eigen::VectorXd& phi) {
  for (int pass = 0; pass < 2; ++pass)  // normals first: friction rows read their dx_k
    for (int i = 0; i < m_n; ++i) {
      const int k = problem.findex[i];
      if ((k >= 0) != (pass == 1)) continue;
      if (!m_unit[i]) {
        m_dxUnit[i] = 0.0;
        continue;
      }
      const double coupling = k >= 0 ? rows.gamma[i] * m_dxUnit[k] : 0.0;
      m_dxUnit[i] = (-phi[i] - coupling) / rows.alpha[i];
    }
}

void NewtonSystem::symmetricRightSide(const ProblemView& problem,
                                      const JacobianRows& rows,
                                      const Eigen::VectorXd& phi) {
  eliminateUnitRows(problem, rows, phi);
  const bool anyUnit = (m_dxUnit.array() != 0.0).any();
  if (anyUnit) problem.multiplyA(m_dxUnit, m_product);
  for (int i = 0; i < m_n; ++i) {
    if (m_unit[i]) {
      m_rhs[i] = 0.0;
      continue;
    }
    m_rhs[i] =
        -m_sqrtD[i] * phi[i] / rows.beta[i] - (anyUnit ? m_inverseSqrtD[i] * m_product[i] : 0.0);
  }
}

void NewtonSystem::unsymmetricRightSide(const JacobianRows& rows, const Eigen::VectorXd& phi) {
  for (int i = 0; i < m_n; ++i) {
    const double divisor = m_unit[i] ? rows.alpha[i] : rows.beta[i];
    m_rhs[i] = -m_sqrtD[i] * phi[i] / divisor;
  }
}

void NewtonSystem::fillDense(const ProblemView& problem,
                             const JacobianRows& rows,
                             double mu,
                             bool symmetric) {
  m_dense.resize(m_n, m_n);
  for (int i = 0; i < m_n; ++i) m_rowScale[i] = m_unit[i] ? 0.0 : m_inverseSqrtD[i];
  // Column j's scale: the symmetric system eliminates a unit row's column too.
  auto columnScale = [&](int j) { return symmetric ? m_rowScale[j] : m_inverseSqrtD[j]; };
  if (problem.A.form() == MatrixForm::Sparse) {
    m_dense.setZero();
    const Operator::SparseMatrix& A = problem.sparseA();
    for (int k = 0; k < A.outerSize(); ++k)
      for (Operator::SparseMatrix::InnerIterator it(A, k); it; ++it) {
        const auto i = static_cast<int>(it.row()), j = static_cast<int>(it.col());
        m_dense(i, j) = it.value() * m_rowScale[i] * columnScale(j);
      }
  } else {
    const Eigen::MatrixXd& A = problem.denseA();
    for (int j = 0; j < m_n; ++j)
      m_dense.col(j) = A.col(j).cwiseProduct(m_rowScale) * columnScale(j);
  }
  for (int i = 0; i < m_n; ++i) m_dense(i, i) += m_unit[i] ? 1.0 : diagonalOf(rows, i, mu);
}

bool NewtonSystem::factorDense(const ProblemView& problem,
                               const JacobianRows& rows,
                               double mu,
                               bool symmetric) {
  fillDense(problem, rows, mu, symmetric);
  if (symmetric) {
    // Within the envelope when it holds at most half the work of the dense LL^T (n^3 / 6);
    // otherwise Eigen's unblocked LL^T (the kernel of its LLT for each diagonal block): at the
    // sizes of the dense path (n <= NewtonOptions::denseRows) about twice as fast as the blocked
    // LLT, which also takes the matrix's 1-norm; -1 when every pivot was positive.
    const double n = m_n;
    m_envelopeFactor = m_envelope.analyse(m_dense) <= n * n * n / 12.0;
    if (m_envelopeFactor) return m_envelope.factor(m_dense);
    return Eigen::internal::llt_inplace<double, Eigen::Lower>::unblocked(m_dense) < 0;
  }
  for (int i = 0; i < m_n; ++i) {
    const int k = problem.findex[i];
    if (k >= 0 && rows.gamma[i] != 0.0) m_dense(i, k) += couplingOf(rows, i, k);
  }
  m_lu.compute(m_dense);
  const double pivotFloor = 1e-14 * m_dense.cwiseAbs().maxCoeff();
  return (m_lu.matrixLU().diagonal().array().abs() > pivotFloor).all();
}

bool NewtonSystem::factorSparse(const ProblemView& problem,
                                const JacobianRows& rows,
                                double mu,
                                bool symmetric,
                                NewtonStatistics& statistics) {
  if (!m_havePatterns) buildPatterns(problem);
  const double* a = problem.sparseA().valuePtr();
  SparsePattern& K = symmetric ? m_upper : m_full;
  const std::vector<int>& source = symmetric ? m_upperSource : m_fullSource;
  for (int j = 0; j < m_n; ++j) {
    const bool unitColumn = m_unit[j];
    for (int p = K.columnStart[static_cast<size_t>(j)];
         p < K.columnStart[static_cast<size_t>(j) + 1]; ++p) {
      const int i = K.rowIndex[static_cast<size_t>(p)];
      const int s = source[static_cast<size_t>(p)];
      const bool eliminated = m_unit[i] || (symmetric && unitColumn);
      K.values[static_cast<size_t>(p)] =
          eliminated || s < 0 ? 0.0 : a[s] * m_inverseSqrtD[i] * m_inverseSqrtD[j];
    }
  }
  const std::vector<int>& diagonal = symmetric ? m_upperDiagonal : m_fullDiagonal;
  for (int i = 0; i < m_n; ++i)
    K.values[static_cast<size_t>(diagonal[static_cast<size_t>(i)])] +=
        m_unit[i] ? 1.0 : diagonalOf(rows, i, mu);
  if (symmetric) {
    if (!m_cholmodAnalysed) {
      m_cholmod.analyse(K);
      m_cholmodAnalysed = true;
      ++statistics.symbolicAnalyses;
    }
    statistics.linearAlgebra = "cholmod";
    return m_cholmod.factorize(K);
  }
  for (int i = 0; i < m_n; ++i) {
    const int k = problem.findex[i];
    if (k >= 0 && rows.gamma[i] != 0.0)
      K.values[static_cast<size_t>(m_fullCoupling[static_cast<size_t>(i)])] +=
          couplingOf(rows, i, k);
  }
  if (!m_kluAnalysed) {
    m_klu.analyse(K);
    m_kluAnalysed = true;
    ++statistics.symbolicAnalyses;
  }
  statistics.linearAlgebra = "klu";
  return m_klu.factorize(K);
}

bool NewtonSystem::factor(const ProblemView& problem,
                          const JacobianRows& rows,
                          const Eigen::VectorXd& d,
                          double mu,
                          const NewtonOptions& options,
                          NewtonStatistics& statistics) {
  m_sqrtD = d.cwiseSqrt();
  m_inverseSqrtD = m_sqrtD.cwiseInverse();
  classifyRows(rows);
  m_symmetric = m_symmetricA && !coupled(problem, rows);
  m_denseSolve =
      options.linearSolver == NewtonLinearSolver::Dense ||
      (options.linearSolver == NewtonLinearSolver::Automatic && m_n <= options.denseRows);
  if (!m_symmetric) ++statistics.unsymmetricSteps;
  ++statistics.factorizations;
  if (m_denseSolve) {
    statistics.linearAlgebra = "dense";
    return factorDense(problem, rows, mu, m_symmetric);
  }
  if (m_havePatterns && !samePattern(problem)) m_havePatterns = false;
  return factorSparse(problem, rows, mu, m_symmetric, statistics);
}

bool NewtonSystem::solve(const ProblemView& problem,
                         const JacobianRows& rows,
                         const Eigen::VectorXd& phi,
                         Eigen::VectorXd& dx) {
  if (m_symmetric)
    symmetricRightSide(problem, rows, phi);
  else
    unsymmetricRightSide(rows, phi);
  if (m_denseSolve && m_symmetric) {
    m_dy = m_rhs;
    if (m_envelopeFactor) {
      m_envelope.solveInPlace(m_dense, m_dy);
    } else {
      const auto L = m_dense.triangularView<Eigen::Lower>();
      L.solveInPlace(m_dy);
      L.adjoint().solveInPlace(m_dy);
    }
  } else if (m_denseSolve) {
    m_dy = m_lu.solve(m_rhs);
  } else if (m_symmetric) {
    m_cholmod.solve(m_rhs.data(), m_dy.data());
  } else {
    m_klu.solve(m_rhs.data(), m_dy.data());
  }

  for (int i = 0; i < m_n; ++i)
    dx[i] = m_symmetric && m_unit[i] ? m_dxUnit[i] : m_inverseSqrtD[i] * m_dy[i];
  return dx.allFinite();
}

}  // namespace mlcp::detail
