#include "pivoting/active_set_refinement.hpp"

#include "linalg/dense_kernels.hpp"
#include "linalg/symmetric_sparse_matrix.hpp"

#include <mlcp/core/friction_bounds.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

namespace mlcp::detail {

namespace {

/// Coupled normals beyond which the sparse refinement gives up (H is dense, O(K^3)).
constexpr int kMaxCoupledNormals = 1024;
/// Pivot tolerance of the sparse factor, relative to A_ii (the dense LU's is 1e-13 max |G|).
constexpr double kSparsePivotTolerance = 1e-13;

/// Smallest LU pivot, relative to max |G| (detail::factorLu).
constexpr double kLuPivot = 1e-13;

/// LU of the leading m x m block of G in place (detail::factorLu: the processor's kernels).
bool luFactor(Eigen::MatrixXd& G, int m, Eigen::VectorXi& pivot) {
  return factorLu(m, G.data(), static_cast<int>(G.rows()), pivot.data(), kLuPivot);
}

/// Solves G y = rhs (the leading m x m block's factors of luFactor()) in rhs.
bool luSolve(const Eigen::MatrixXd& G, int m, const Eigen::VectorXi& pivot, double* rhs) {
  return solveLu(m, G.data(), static_cast<int>(G.rows()), pivot.data(), rhs);
}

}  // namespace

void ActiveSetRefinement::resize(int n) {
  if (m_rhs.size() == n) return;
  for (Eigen::VectorXd* v : {&m_rhs, &m_w, &m_coupling, &m_sign, &m_y, &m_u, &m_v, &m_t, &m_dy})
    v->setZero(n);
  for (Eigen::VectorXi* v :
       {&m_unknown, &m_column, &m_firstCoupled, &m_nextCoupled, &m_coupled, &m_pivot})
    v->resize(n);
}

void ActiveSetRefinement::setMatrix(const Eigen::MatrixXd& A) {
  m_dense = &A;
  m_sparse = nullptr;
  if (m_G.rows() < A.rows()) m_G.resize(A.rows(), A.rows());
}

void ActiveSetRefinement::setMatrix(const SymmetricSparseMatrix& S, bool patternChanged) {
  m_sparse = &S;
  m_dense = nullptr;
  if (patternChanged)
    m_factor.analyze(S);
  else
    m_factor.reset(S);
}

void ActiveSetRefinement::multiplyA(const Eigen::VectorXd& x, Eigen::VectorXd& out) const {
  if (m_dense != nullptr)
    out.noalias() = *m_dense * x;
  else
    m_sparse->multiply(x, out);
}

// 1. Unknowns (clamped rows) and fixed rows. A clamped row with an empty box sits at lo.
int ActiveSetRefinement::chooseUnknowns(Eigen::Matrix<signed char, Eigen::Dynamic, 1>& sets) {
  const Eigen::VectorXi& findex = *m_findex;
  int m = 0;
  for (int i = 0; i < m_n; ++i) {
    const bool friction = m_couple && findex[i] >= 0;
    const bool emptyBox = friction ? m_sign[findex[i]] == 0.0 : (*m_lo)[i] == (*m_hi)[i];
    if (sets[i] == 0 && emptyBox) sets[i] = 1;
    m_column[i] = -1;
    if (sets[i] == 0) {
      m_column[i] = m;
      m_unknown[m++] = i;
    }
  }
  return m;
}

// 2. Values of the fixed rows; coupling factors of friction rows at a bound. False when a row
//    is guessed at an infinite bound.
bool ActiveSetRefinement::fixRows(const Eigen::Matrix<signed char, Eigen::Dynamic, 1>& sets,
                                  Eigen::VectorXd& x) {
  const Eigen::VectorXi& findex = *m_findex;
  for (int i = 0; i < m_n; ++i) {
    m_coupling[i] = 0.0;
    if (sets[i] == 0) {
      x[i] = 0.0;
    } else if (m_couple && findex[i] >= 0) {
      m_coupling[i] =
          (sets[i] == 2 ? 1.0 : -1.0) * frictionCoefficient((*m_hi)[i]) * m_sign[findex[i]];
      x[i] = 0.0;  // filled below from its normal
    } else {
      x[i] = sets[i] == 1 ? (*m_lo)[i] : (*m_hi)[i];
      if (!std::isfinite(x[i])) return false;
    }
  }
  for (int i = 0; i < m_n; ++i)
    if (m_couple && findex[i] >= 0 && sets[i] != 0 && m_column[findex[i]] < 0)
      x[i] = m_coupling[i] * x[findex[i]];
  return true;
}

// 3. Dense: G y = rhs with G = A(C,C) + sum over coupled rows i of A(C,i) c_i e_k^T, by LU.
bool ActiveSetRefinement::solveDense(const Eigen::VectorXd& b, int m, Eigen::VectorXd& x) {
  const Eigen::MatrixXd& A = *m_dense;
  for (int q = 0; q < m; ++q) {
    const int col = m_unknown[q];
    for (int p = 0; p < m; ++p) m_G(p, q) = A(m_unknown[p], col);
  }
  for (int i = 0; i < m_n; ++i) {
    if (m_coupling[i] == 0.0) continue;
    const int q = m_column[(*m_findex)[i]];
    if (q < 0) continue;
    for (int p = 0; p < m; ++p) m_G(p, q) += A(m_unknown[p], i) * m_coupling[i];
  }
  for (int p = 0; p < m; ++p) m_rhs[p] = b[m_unknown[p]] - A.row(m_unknown[p]).dot(x);
  if (m > 0 && !(luFactor(m_G, m, m_pivot) && luSolve(m_G, m, m_pivot, m_rhs.data()))) return false;
  for (int p = 0; p < m; ++p) x[m_unknown[p]] = m_rhs[p];
  return true;
}

// Brings the sparse factor to the clamped set of this round: rows that left are deleted, rows
// that joined are added (all cleared first when most rows left).
bool ActiveSetRefinement::syncFactor(int m) {
  int leaving = 0;
  for (int r = 0; r < m_n; ++r)
    if (m_factor.contains(r) && m_column[r] < 0) ++leaving;
  if (2 * leaving > m_factor.count()) {
    m_factor.clear();
  } else {
    for (int r = 0; r < m_n; ++r)
      if (m_factor.contains(r) && m_column[r] < 0) m_factor.remove(r);
  }
  for (int p = 0; p < m; ++p) {
    const int r = m_unknown[p];
    if (m_factor.contains(r)) continue;
    if (!m_factor.add(r, kSparsePivotTolerance)) {
      m_factor.clear();
      return false;
    }
  }
  return true;
}

// out(C) += factor * u_k, u_k = sum over the coupled friction rows i of normal k of c_i A(C,i).
void ActiveSetRefinement::scatterCoupling(int normal, double factor, Eigen::VectorXd& out) const {
  const int* start = m_sparse->columnStart();
  const int* rows = m_sparse->rowIndex();
  const double* values = m_sparse->value();
  for (int i = m_firstCoupled[normal]; i >= 0; i = m_nextCoupled[i]) {
    const double c = factor * m_coupling[i];
    for (int p = start[i]; p < start[i + 1]; ++p)
      if (m_column[rows[p]] >= 0) out[rows[p]] += values[p] * c;
  }
}

// Lists the coupled normals K (in C) and, per normal, its coupled friction rows.
int ActiveSetRefinement::collectCoupled() {
  int count = 0;
  m_firstCoupled.setConstant(-1);
  for (int i = 0; i < m_n; ++i) {
    if (m_coupling[i] == 0.0 || m_column[(*m_findex)[i]] < 0) continue;
    const int k = (*m_findex)[i];
    if (m_firstCoupled[k] < 0) m_coupled[count++] = k;
    m_nextCoupled[i] = m_firstCoupled[k];
    m_firstCoupled[k] = i;
  }
  return count;
}

// H = I + E^T A(C,C)^-1 U (coupled x coupled), LU-factored in m_G.
bool ActiveSetRefinement::factorCapacitance(int coupled) {
  if (m_G.rows() < coupled) m_G.resize(coupled, coupled);
  auto H = m_G.topLeftCorner(coupled, coupled);
  for (int j = 0; j < coupled; ++j) {
    m_u.setZero();
    scatterCoupling(m_coupled[j], 1.0, m_u);
    m_factor.solve(m_u, m_y);
    for (int a = 0; a < coupled; ++a) H(a, j) = (a == j ? 1.0 : 0.0) + m_y[m_coupled[a]];
  }
  return luFactor(m_G, coupled, m_pivot);
}

// out = G^-1 in (in zero outside C) by Sherman-Morrison-Woodbury:
// A(C,C)^-1 (in - U H^-1 E^T A(C,C)^-1 in).
bool ActiveSetRefinement::applyInverse(const Eigen::VectorXd& in,
                                       int coupled,
                                       Eigen::VectorXd& out) {
  m_factor.solve(in, out);
  if (coupled == 0) return true;
  auto t = m_t.head(coupled);
  for (int a = 0; a < coupled; ++a) t[a] = out[m_coupled[a]];
  if (!luSolve(m_G, coupled, m_pivot, t.data())) return false;
  m_v = in;
  for (int j = 0; j < coupled; ++j) scatterCoupling(m_coupled[j], -t[j], m_v);
  m_factor.solve(m_v, out);
  return true;
}

// 3. Sparse: G y = rhs with G = A(C,C) + U E^T on the factor of A(C,C) (applyInverse), with two
//    steps of iterative refinement (the Woodbury formula loses digits when A(C,C) is
//    ill-conditioned: CFM-light contacts).
bool ActiveSetRefinement::solveSparse(const Eigen::VectorXd& b, int m, Eigen::VectorXd& x) {
  constexpr int kRefinementSteps = 2;
  if (!syncFactor(m)) return false;
  multiplyA(x, m_w);  // x is 0 on the unknowns and the coupled rows of unknown normals
  m_rhs.setZero();
  for (int p = 0; p < m; ++p) m_rhs[m_unknown[p]] = b[m_unknown[p]] - m_w[m_unknown[p]];
  const int coupled = collectCoupled();
  m_coupledCount = coupled;
  if (coupled > kMaxCoupledNormals) return false;
  if (coupled > 0 && !factorCapacitance(coupled)) return false;
  if (!applyInverse(m_rhs, coupled, m_y)) return false;
  for (int step = 0; step < kRefinementSteps; ++step) {
    // m_u = rhs - G y on C: A(C,C) y (y is 0 outside C) and the coupled columns.
    m_sparse->multiply(m_y, m_w);
    m_u.setZero();
    for (int j = 0; j < coupled; ++j) scatterCoupling(m_coupled[j], m_y[m_coupled[j]], m_u);
    for (int p = 0; p < m; ++p) {
      const int u = m_unknown[p];
      m_u[u] = m_rhs[u] - m_w[u] - m_u[u];
    }
    if (!applyInverse(m_u, coupled, m_dy)) return false;
    m_y += m_dy;
  }
  for (int p = 0; p < m; ++p) x[m_unknown[p]] = m_y[m_unknown[p]];
  return m_y.allFinite();
}

// b_u - A(u,:) x accumulated in long double.
double ActiveSetRefinement::residualExtended(const Eigen::VectorXd& b,
                                             int u,
                                             const Eigen::VectorXd& x) const {
  long double sum = b[u];
  if (m_dense != nullptr) {
    for (int q = 0; q < m_n; ++q) sum -= static_cast<long double>((*m_dense)(u, q)) * x[q];
  } else {
    const int* start = m_sparse->columnStart();
    const int* rows = m_sparse->rowIndex();
    const double* values = m_sparse->value();
    for (int p = start[u]; p < start[u + 1]; ++p)
      sum -= static_cast<long double>(values[p]) * x[rows[p]];
  }
  return static_cast<double>(sum);
}

// 5. Two steps of iterative refinement of the accepted answer with the factors of its round
//    (residual in long double): x_C to about machine precision whichever form solved it.
void ActiveSetRefinement::polish(const Eigen::VectorXd& b, int m, Eigen::VectorXd& x) {
  constexpr int kSteps = 2;
  const Eigen::VectorXi& findex = *m_findex;
  for (int step = 0; step < kSteps && m > 0; ++step) {
    if (m_dense != nullptr) {
      for (int p = 0; p < m; ++p) m_rhs[p] = residualExtended(b, m_unknown[p], x);
      if (!luSolve(m_G, m, m_pivot, m_rhs.data())) return;
      for (int p = 0; p < m; ++p) x[m_unknown[p]] += m_rhs[p];
    } else {
      m_u.setZero();
      for (int p = 0; p < m; ++p) m_u[m_unknown[p]] = residualExtended(b, m_unknown[p], x);
      if (!applyInverse(m_u, m_coupledCount, m_dy) || !m_dy.allFinite()) return;
      for (int p = 0; p < m; ++p) x[m_unknown[p]] += m_dy[m_unknown[p]];
    }
    for (int i = 0; i < m_n; ++i)
      if (m_coupling[i] != 0.0 && m_column[findex[i]] >= 0) x[i] = m_coupling[i] * x[findex[i]];
  }
}

// 4. Checks every row by its scaled natural-map residual with the bounds of the new x; moves
//    the violators, and re-linearises the coupling where a normal changed sign.
int ActiveSetRefinement::countViolations(const Eigen::VectorXd& b,
                                         const Eigen::VectorXd& rowScales,
                                         double tolerance,
                                         Eigen::Matrix<signed char, Eigen::Dynamic, 1>& sets,
                                         const Eigen::VectorXd& x,
                                         bool& signsChanged) {
  multiplyA(x, m_w);
  m_w -= b;
  double size = x.cwiseAbs().maxCoeff();
  for (int i = 0; i < m_n; ++i) size = std::max(size, std::abs(b[i]) / rowScales[i]);
  const double allowed = tolerance * size;
  const Eigen::VectorXi& findex = *m_findex;
  int violators = 0;
  for (int i = 0; i < m_n; ++i) {
    double l = (*m_lo)[i];
    double u = (*m_hi)[i];
    if (m_couple && findex[i] >= 0) {
      const int k = findex[i];
      const double sign = x[k] > allowed ? 1.0 : (x[k] < -allowed ? -1.0 : 0.0);
      if (sign != m_sign[k]) {
        m_sign[k] = sign;
        signsChanged = true;
      }
      u = frictionBound((*m_hi)[i], x[k]);
      l = -u;
    }
    const double r = x[i] - std::clamp(x[i] - m_w[i] / rowScales[i], l, u);
    if (std::abs(r) <= allowed) continue;
    ++violators;
    if (x[i] < l - allowed)
      sets[i] = 1;
    else if (x[i] > u + allowed)
      sets[i] = 2;
    else if (l < u)
      sets[i] = 0;
  }
  return violators;
}

bool ActiveSetRefinement::solve(const Eigen::VectorXd& b,
                                const Eigen::VectorXd& lo,
                                const Eigen::VectorXd& hi,
                                const Eigen::VectorXi& findex,
                                bool coupleFriction,
                                const Eigen::VectorXd& rowScales,
                                Eigen::Matrix<signed char, Eigen::Dynamic, 1>& sets,
                                int maxRounds,
                                double tolerance,
                                Eigen::VectorXd& x) {
  m_n = static_cast<int>(b.size());
  m_lo = &lo;
  m_hi = &hi;
  m_findex = &findex;
  m_couple = coupleFriction;
  // Signs of the normals the coupling x_i = +-|mu| x_k is linearised around.
  for (int i = 0; i < m_n; ++i) m_sign[i] = x[i] > 0.0 ? 1.0 : (x[i] < 0.0 ? -1.0 : 0.0);

  constexpr int kStallRounds = 3;
  int fewest = m_n + 1;
  int sinceFewest = 0;
  for (int round = 0; round < maxRounds; ++round) {
    const int m = chooseUnknowns(sets);
    if (!fixRows(sets, x)) return false;
    if (!(m_dense != nullptr ? solveDense(b, m, x) : solveSparse(b, m, x))) return false;
    for (int i = 0; i < m_n; ++i)
      if (m_coupling[i] != 0.0 && m_column[findex[i]] >= 0) x[i] = m_coupling[i] * x[findex[i]];
    bool signsChanged = false;
    const int violators = countViolations(b, rowScales, tolerance, sets, x, signsChanged);
    if (violators == 0 && !signsChanged) {
      polish(b, m, x);
      return true;
    }
    // Block exchanges cycle on some friction problems: give up (the caller then takes another
    // pivoting pass) once the count of violators has not reached a new low for a few rounds.
    if (violators < fewest) {
      fewest = violators;
      sinceFewest = 0;
    } else if (++sinceFewest >= kStallRounds) {
      return false;
    }
  }
  return false;
}

}  // namespace mlcp::detail
