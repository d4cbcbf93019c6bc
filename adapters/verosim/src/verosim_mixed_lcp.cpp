#include <mlcp/adapters/common/host_policy.hpp>
#include <mlcp/adapters/verosim/verosim_mixed_lcp.hpp>
#include <mlcp/core/solver_factory.hpp>

#include <fmt/format.h>

#include <set>
#include <stdexcept>

namespace mlcp::adapters {

VerosimMixedLcp::VerosimMixedLcp(std::unique_ptr<MixedLCP> solver) : m_solver(std::move(solver)) {
  if (!m_solver) throw std::invalid_argument("VerosimMixedLcp: the solver is null");
}

VerosimMixedLcp::VerosimMixedLcp(std::string_view solverName)
    : VerosimMixedLcp(makeSolver(solverName)) {}

void VerosimMixedLcp::setValuesInMatrix(const Eigen::MatrixXd& values) { m_A = values; }
void VerosimMixedLcp::setValuesInRightSide(const Eigen::VectorXd& values) { m_b = values; }
void VerosimMixedLcp::setLowVector(const Eigen::VectorXd& values) { m_lo = values; }
void VerosimMixedLcp::setHighVector(const Eigen::VectorXd& values) { m_hi = values; }
void VerosimMixedLcp::setFrictionIndex(const Eigen::VectorXi& values) { m_findex = values; }
void VerosimMixedLcp::setNumberFrictionConstraints(int count) { m_frictionConstraints = count; }
void VerosimMixedLcp::setAddFriction(const Eigen::VectorXd& values) { m_addFriction = values; }

bool VerosimMixedLcp::checkFrictionCount(std::string& why) const {
  if (m_frictionConstraints < 0) return true;  // never set
  int rows = 0;
  std::set<int> contacts;
  for (Eigen::Index i = 0; i < m_findex.size(); ++i) {
    if (m_findex[i] < 0) continue;
    ++rows;
    contacts.insert(m_findex[i]);
  }
  if (m_frictionConstraints == rows || m_frictionConstraints == static_cast<int>(contacts.size()))
    return true;
  why = fmt::format(
      "setNumberFrictionConstraints({}) matches neither the {} friction rows nor the "
      "{} contacts with friction that findex describes",
      m_frictionConstraints, rows, contacts.size());
  return false;
}

bool VerosimMixedLcp::checkAddFriction(std::string& why) const {
  for (Eigen::Index i = 0; i < m_addFriction.size(); ++i) {
    if (m_addFriction[i] != 0.0) {
      why = fmt::format(
          "setAddFriction: entry {} is {}; additional friction is not part of the "
          "mixed LCP solved here (only zeros are accepted)",
          i, m_addFriction[i]);
      return false;
    }
  }
  return true;
}

bool VerosimMixedLcp::solve() {
  m_solved = false;
  if (!checkFrictionCount(m_message) || !checkAddFriction(m_message)) return false;
  MixedLCP& solver = *m_solver;
  const Eigen::Index n = m_A.rows();
  solver.setMatrix(m_A);
  solver.setRightSide(m_b);
  solver.setLow(m_lo);
  solver.setHigh(m_hi);
  const Eigen::VectorXi findex = m_findex.size() > 0 ? m_findex : Eigen::VectorXi::Constant(n, -1);
  solver.setFrictionIndex(findex);
  const bool sizesAgree = m_lo.size() == n && m_hi.size() == n && findex.size() == n;
  solver.setNumberUnbounded(sizesAgree ? leadingUnboundedRows(m_lo, m_hi, findex) : 0);
  const SolveReport& report = solver.solve();
  m_message = report.message;
  m_solved = true;
  return report.succeeded();
}

const Eigen::VectorXd& VerosimMixedLcp::getLambda() const { return m_solver->getLambda(); }

const Eigen::VectorXd& VerosimMixedLcp::ref_w() const { return m_solver->ref_w(); }

bool VerosimMixedLcp::validSolution(double tolerance) const {
  return m_solved && m_solver->validSolution(tolerance);
}

}  // namespace mlcp::adapters
