// Degenerate problems (issue "Reliability"): every registered solver returns a status and a
// finite x in bounded time on each; Dantzig solves the well-posed ones exactly.

#include <mlcp/mlcp.hpp>

#include <Eigen/Geometry>
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <limits>

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

/// `contacts` contacts (normal + 2 friction rows) on one body pair's random SPD Delassus matrix.
mlcp::Problem contacts(int count, double mu, double scale, std::uint64_t seed) {
  mlcp::RandomProblemOptions options;
  options.n = 3 * count;
  options.nub = 0;
  options.contacts = count;
  options.mu = mu;
  options.seed = seed;
  mlcp::Problem p = mlcp::randomProblem(options);
  p.A *= scale;
  p.b *= scale;
  return p;
}

/// Four contact points of a box resting on the ground, three rows each, without CFM: twelve
/// rows on six velocity unknowns, so A = J M^-1 J^T has rank 6.
mlcp::Problem redundantContacts() {
  Eigen::MatrixXd J = Eigen::MatrixXd::Zero(12, 6);
  const double corners[4][2] = {{0.5, 0.5}, {-0.5, 0.5}, {-0.5, -0.5}, {0.5, -0.5}};
  for (int c = 0; c < 4; ++c) {
    const Eigen::Vector3d r(corners[c][0], corners[c][1], -0.5);
    const Eigen::Vector3d axes[3] = {Eigen::Vector3d::UnitZ(), Eigen::Vector3d::UnitX(),
                                     Eigen::Vector3d::UnitY()};
    for (int k = 0; k < 3; ++k) {
      J.row(3 * c + k).head<3>() = axes[k].transpose();
      J.row(3 * c + k).tail<3>() = r.cross(axes[k]).transpose();
    }
  }
  mlcp::Problem p;
  p.A = J * J.transpose();  // unit mass and inertia
  // Gravity pulls down: each normal row wants 9.81 / 60 of velocity change.
  p.b = Eigen::VectorXd::Zero(12);
  p.lo = Eigen::VectorXd::Zero(12);
  p.hi = Eigen::VectorXd::Constant(12, kInf);
  p.findex = Eigen::VectorXi::Constant(12, -1);
  for (int c = 0; c < 4; ++c) {
    p.b[3 * c] = 9.81 / 60.0;
    for (int k = 1; k < 3; ++k) {
      p.findex[3 * c + k] = 3 * c;
      p.lo[3 * c + k] = -0.5;
      p.hi[3 * c + k] = 0.5;
    }
  }
  return p;
}

struct Case {
  const char* name;
  mlcp::Problem problem;
  bool wellPosed;  ///< Dantzig must converge on it
};

std::vector<Case> cases() {
  std::vector<Case> list;
  list.push_back({"mu = 0", contacts(10, 0.0, 1.0, 11), true});
  list.push_back({"mu = 1e6", contacts(10, 1e6, 1.0, 12), true});
  for (const double scale : {1e-9, 1e-3, 1e3, 1e9})
    list.push_back({"scaled", contacts(8, 0.5, scale, 13), true});
  list.push_back({"n = 1", contacts(1, 0.5, 1.0, 14), true});
  list.back().problem = [] {
    mlcp::Problem p;
    p.A = Eigen::MatrixXd::Constant(1, 1, 2.0);
    p.b = Eigen::VectorXd::Constant(1, -1.0);
    p.lo = Eigen::VectorXd::Zero(1);
    p.hi = Eigen::VectorXd::Constant(1, kInf);
    p.findex = Eigen::VectorXi::Constant(1, -1);
    return p;
  }();
  {
    // Every row ends at a bound: b pushes every boxed row beyond its box.
    mlcp::Problem p = contacts(6, 0.5, 1.0, 15);
    p.findex.setConstant(-1);
    p.lo.setConstant(-0.1);
    p.hi.setConstant(0.1);
    p.b = p.A * Eigen::VectorXd::Constant(p.size(), 10.0);
    list.push_back({"all rows at bounds", p, true});
  }
  list.push_back({"redundant contacts (rank-deficient A)", redundantContacts(), false});
  {
    // Two identical bilateral rows (a closed loop's redundant joint row), consistent.
    mlcp::Problem p;
    p.A = Eigen::MatrixXd::Constant(2, 2, 1.0);
    p.b = Eigen::VectorXd::Constant(2, 1.0);
    p.lo = Eigen::VectorXd::Constant(2, -kInf);
    p.hi = Eigen::VectorXd::Constant(2, kInf);
    p.findex = Eigen::VectorXi::Constant(2, -1);
    p.nub = 2;
    list.push_back({"redundant bilateral rows", p, false});
  }
  return list;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(Degenerate)

BOOST_AUTO_TEST_CASE(every_solver_returns_a_status_and_a_finite_x) {
  for (const Case& c : cases()) {
    for (const std::string& name : mlcp::solverNames()) {
      mlcp::SolverSettings settings;
      settings.maxSeconds = 5.0;
      auto solver = mlcp::makeSolver(name, settings);
      if (solver->capabilities().requiresMatrixFree) continue;  // these problems have no J
      solver->setProblem(c.problem);
      const mlcp::SolveReport& report = solver->solve();
      BOOST_TEST_INFO(c.name << ", " << name << ": " << report.status << " " << report.message);
      BOOST_TEST(report.status != mlcp::Status::NotSolved);
      BOOST_TEST(report.status != mlcp::Status::InvalidProblem);
      BOOST_TEST(solver->getLambda().allFinite());
      BOOST_TEST(solver->ref_w().allFinite());
      BOOST_TEST(std::isfinite(report.relativeResidual));
      if (report.status == mlcp::Status::Converged) BOOST_TEST(report.relativeResidual <= 1e-5);
      if (name == "dantzig" && c.wellPosed) {
        BOOST_TEST(report.status == mlcp::Status::Converged);
        BOOST_TEST(report.relativeResidual <= 1e-9);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(empty_problem_for_every_solver) {
  for (const std::string& name : mlcp::solverNames()) {
    auto solver = mlcp::makeSolver(name);
    if (solver->capabilities().requiresMatrixFree) continue;
    mlcp::Problem empty;
    empty.A.resize(0, 0);
    empty.b.resize(0);
    empty.lo.resize(0);
    empty.hi.resize(0);
    empty.findex.resize(0);
    solver->setProblem(empty);
    BOOST_TEST_INFO(name);
    BOOST_TEST(solver->solve().status == mlcp::Status::Converged);
  }
}

BOOST_AUTO_TEST_SUITE_END()
