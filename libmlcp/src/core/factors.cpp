#include <mlcp/core/factors.hpp>

#include <fmt/format.h>

#include <cmath>
#include <functional>
#include <stdexcept>
#include <utility>

namespace mlcp {

namespace {

/// Per body, the (row, side) pairs of the rows acting on it: the rows whose products
/// J_i M_k^-1 J_j^T make the entries of A.
std::vector<std::vector<std::pair<int, int>>> rowsOfBodies(const Factors& f) {
  std::vector<std::vector<std::pair<int, int>>> rowsOfBody(f.inverseMass.size());
  for (int i = 0; i < f.size(); ++i)
    for (int side = 0; side < 2; ++side)
      if (const int body = f.bodies(i, side); body >= 0) rowsOfBody[body].push_back({i, side});
  return rowsOfBody;
}

/// Calls add(j, i, J_j M_k^-1 J_i^T) for every pair of rows (i, j) sharing a body k, and
/// add(i, i, cfm_i) for every row: the entries of A, duplicates to be summed.
void forEachEntry(const Factors& f, const std::function<void(int, int, double)>& add) {
  for (int i = 0; i < f.size(); ++i) add(i, i, f.cfm[i]);
  const auto rowsOfBody = rowsOfBodies(f);
  for (size_t k = 0; k < rowsOfBody.size(); ++k) {
    for (const auto& [i, si] : rowsOfBody[k]) {
      const Eigen::Matrix<double, 6, 1> iMJ =
          f.inverseMass[k] * f.J.row(i).segment<6>(6 * si).transpose();
      for (const auto& [j, sj] : rowsOfBody[k])
        add(j, i, f.J.row(j).segment<6>(6 * sj).dot(iMJ.transpose()));
    }
  }
}

}  // namespace

std::string Factors::factorError() const {
  const int n = size();
  if (bodies.rows() != n) return fmt::format("bodies has {} rows but J has {}", bodies.rows(), n);
  if (cfm.size() != n) return fmt::format("cfm has {} entries but J has {} rows", cfm.size(), n);
  const int m = bodyCount();
  for (int k = 0; k < m; ++k)
    if (!inverseMass[k].allFinite())
      return fmt::format("inverseMass[{}] (the 6 x 6 block of M^-1 of body {}) is not finite", k,
                         k);
  for (int i = 0; i < n; ++i) {
    for (int side = 0; side < 2; ++side)
      if (bodies(i, side) < -1 || bodies(i, side) >= m)
        return fmt::format("row {}: body{} = {} is outside -1 .. {}", i, side + 1, bodies(i, side),
                           m - 1);
    if (!J.row(i).allFinite()) return fmt::format("J row {} is not finite", i);
    if (!std::isfinite(cfm[i])) return fmt::format("cfm[{}] = {} is not finite", i, cfm[i]);
  }
  return {};
}

void Factors::validate() const {
  if (std::string why = factorError(); !why.empty()) throw std::invalid_argument(why);
  const int n = size();
  if (b.size() != n || lo.size() != n || hi.size() != n || findex.size() != n)
    throw std::invalid_argument(
        fmt::format("b, lo, hi, findex have {}, {}, {}, {} entries but J "
                    "has {} rows",
                    b.size(), lo.size(), hi.size(), findex.size(), n));
}

void Factors::assembleDense(Eigen::MatrixXd& A) const {
  A.setZero(size(), size());
  forEachEntry(*this, [&A](int i, int j, double value) { A(i, j) += value; });
}

Eigen::SparseMatrix<double> Factors::assembleSparse() const {
  std::vector<Eigen::Triplet<double>> entries;
  entries.reserve(static_cast<size_t>(size()) * 8);
  forEachEntry(*this,
               [&entries](int i, int j, double value) { entries.emplace_back(i, j, value); });
  Eigen::SparseMatrix<double> A(size(), size());
  A.setFromTriplets(entries.begin(), entries.end());  // sums the duplicates
  return A;
}

Problem Factors::toDense() const {
  validate();
  Problem p;
  p.name = name;
  Eigen::MatrixXd A;
  assembleDense(A);
  p.A = std::move(A);
  p.b = b;
  p.lo = lo;
  p.hi = hi;
  p.findex = findex;
  p.nub = nub;
  return p;
}

void Factors::multiply(const Eigen::Ref<const Eigen::VectorXd>& x,
                       Eigen::Ref<Eigen::VectorXd> out) const {
  const int n = size();
  // fc = M^-1 J^T x per body, then (A x)_i = J_i . fc[body1] + J_i . fc[body2] + cfm_i x_i.
  std::vector<Eigen::Matrix<double, 6, 1>> fc(inverseMass.size(),
                                              Eigen::Matrix<double, 6, 1>::Zero());
  for (int i = 0; i < n; ++i)
    for (int side = 0; side < 2; ++side)
      if (const int body = bodies(i, side); body >= 0)
        fc[body] += x[i] * J.row(i).segment<6>(6 * side).transpose();
  for (size_t k = 0; k < fc.size(); ++k) fc[k] = inverseMass[k] * fc[k];
  for (int i = 0; i < n; ++i) {
    double value = cfm[i] * x[i];
    for (int side = 0; side < 2; ++side)
      if (const int body = bodies(i, side); body >= 0)
        value += J.row(i).segment<6>(6 * side).dot(fc[body].transpose());
    out[i] = value;
  }
}

Problem toProblem(std::shared_ptr<const Factors> factors) {
  if (!factors) throw std::invalid_argument("toProblem: the factors are null");
  factors->validate();
  Problem p;
  p.name = factors->name;
  p.b = factors->b;
  p.lo = factors->lo;
  p.hi = factors->hi;
  p.findex = factors->findex;
  p.nub = factors->nub;
  p.A = Operator(std::move(factors));
  return p;
}

}  // namespace mlcp
