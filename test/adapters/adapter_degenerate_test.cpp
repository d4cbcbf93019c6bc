// The degenerate-problem set of test/mlcp/degenerate_test.cpp (test/common/degenerate_problems.hpp)
// over every peer solver the adapters register (bullet-*, dart-*, siconos-*): each returns a
// status and a finite x and w on every problem. A peer that cannot take a problem class (Siconos'
// pure-LCP solvers and friction rows, Bullet's and DART's Dantzig and lo > 0) may refuse it with
// Unsupported and a message; the adapters turn a peer's NaN, Inf or failure into a status.

#include "degenerate_problems.hpp"

#include <mlcp/adapters/registry/adapter_registry.hpp>
#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

namespace {

/// The solvers registered by registerAdapterSolvers(): every name with a peer's prefix.
std::vector<std::string> peerSolverNames() {
  mlcp::adapters::registerAdapterSolvers();
  std::vector<std::string> names;
  for (const std::string& name : mlcp::solverNames())
    for (const char* prefix : {"bullet-", "dart-", "siconos-"})
      if (name.rfind(prefix, 0) == 0) names.push_back(name);
  return names;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(AdapterDegenerate)

BOOST_AUTO_TEST_CASE(every_peer_solver_returns_a_status_and_a_finite_x) {
  const std::vector<std::string> names = peerSolverNames();
  BOOST_TEST_MESSAGE(names.size() << " peer solvers registered by the adapters");
  for (const mlcp::test::DegenerateCase& c : mlcp::test::degenerateCases()) {
    for (const std::string& name : names) {
      auto solver = mlcp::makeSolver(name);
      solver->setProblem(c.problem);
      const mlcp::SolveReport& report = solver->solve();
      BOOST_TEST_MESSAGE(c.name << " | " << name << " | " << report.status << " | "
                                << report.relativeResidual << " | " << report.message);
      mlcp::test::checkDegenerateResult(c, name, *solver, report, true);
      // A peer's NaN is caught by the adapter (setPeerStatus names the peer), not left to the
      // base class's generic check.
      if (report.status == mlcp::Status::NumericalFailure) {
        BOOST_TEST_INFO(c.name << ", " << name << ": " << report.message);
        BOOST_TEST(report.message.find("returned NaN or Inf in x") != std::string::npos);
      }
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
