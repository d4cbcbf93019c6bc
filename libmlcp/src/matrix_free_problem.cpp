#include <mlcp/matrix_free_problem.hpp>

#include <fmt/format.h>

#include <stdexcept>

namespace mlcp {

void MatrixFreeProblem::validate() const {
  const int n = size();
  auto fail = [](std::string message) { throw std::invalid_argument(message); };
  if (bodies.rows() != n) fail(fmt::format("bodies has {} rows but b has {}", bodies.rows(), n));
  if (J.rows() != n) fail(fmt::format("J has {} rows but b has {}", J.rows(), n));
  if (cfm.size() != n) fail(fmt::format("cfm has {} entries but b has {}", cfm.size(), n));
  if (lo.size() != n || hi.size() != n || findex.size() != n)
    fail(fmt::format("lo, hi, findex have {}, {}, {} entries but b has {}", lo.size(), hi.size(),
                     findex.size(), n));
  const int m = bodyCount();
  for (int i = 0; i < n; ++i)
    for (int side = 0; side < 2; ++side)
      if (bodies(i, side) < -1 || bodies(i, side) >= m)
        fail(fmt::format("row {}: body{} = {} is outside -1 .. {}", i, side + 1, bodies(i, side),
                         m - 1));
}

void MatrixFreeProblem::multiply(const Eigen::VectorXd& x, Eigen::VectorXd& out) const {
  validate();
  const int n = size();
  // fc = M^-1 J^T x per body, then (A x)_i = J_i . fc[body1] + J_i . fc[body2] + cfm_i x_i.
  std::vector<Eigen::Matrix<double, 6, 1>> jtx(inverseMass.size(),
                                               Eigen::Matrix<double, 6, 1>::Zero());
  for (int i = 0; i < n; ++i)
    for (int side = 0; side < 2; ++side)
      if (const int body = bodies(i, side); body >= 0)
        jtx[body] += x[i] * J.row(i).segment<6>(6 * side).transpose();
  for (size_t k = 0; k < jtx.size(); ++k) jtx[k] = inverseMass[k] * jtx[k];
  out.resize(n);
  for (int i = 0; i < n; ++i) {
    double value = cfm[i] * x[i];
    for (int side = 0; side < 2; ++side)
      if (const int body = bodies(i, side); body >= 0)
        value += J.row(i).segment<6>(6 * side).dot(jtx[body].transpose());
    out[i] = value;
  }
}

Problem MatrixFreeProblem::toDense() const {
  validate();
  const int n = size();
  Problem p;
  p.name = name;
  p.b = b;
  p.lo = lo;
  p.hi = hi;
  p.findex = findex;
  p.nub = nub;
  p.A = Eigen::MatrixXd(cfm.asDiagonal());
  // Rows touching each body, then A_ij += J_i,k M_k^-1 J_j,k^T over pairs sharing body k.
  std::vector<std::vector<std::pair<int, int>>> rowsOfBody(inverseMass.size());
  for (int i = 0; i < n; ++i)
    for (int side = 0; side < 2; ++side)
      if (const int body = bodies(i, side); body >= 0) rowsOfBody[body].push_back({i, side});
  for (size_t k = 0; k < rowsOfBody.size(); ++k) {
    for (const auto& [i, si] : rowsOfBody[k]) {
      const Eigen::Matrix<double, 6, 1> iMJ =
          inverseMass[k] * J.row(i).segment<6>(6 * si).transpose();
      for (const auto& [j, sj] : rowsOfBody[k])
        p.A(j, i) += J.row(j).segment<6>(6 * sj).dot(iMJ.transpose());
    }
  }
  return p;
}

Problem toProblem(std::shared_ptr<const MatrixFreeProblem> factors, bool assembleA) {
  if (!factors) throw std::invalid_argument("toProblem: the factors are null");
  Problem p;
  if (assembleA) {
    p = factors->toDense();
  } else {
    factors->validate();
    p.name = factors->name;
    p.b = factors->b;
    p.lo = factors->lo;
    p.hi = factors->hi;
    p.findex = factors->findex;
    p.nub = factors->nub;
  }
  p.matrixFree = std::move(factors);
  return p;
}

}  // namespace mlcp
