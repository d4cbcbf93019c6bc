#pragma once

// Helpers shared by the adapter tests (header-only, test code).

#include <mlcp/core/solver_factory.hpp>
#include <mlcp/io/blcp_io.hpp>
#include <mlcp/pivoting/dantzig_solver.hpp>

#include <Eigen/Core>
#include <Eigen/Eigenvalues>
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <filesystem>
#include <initializer_list>
#include <string>
#include <unistd.h>

namespace mlcp::test {

/// Boost.Test precondition: the test runs only when a solver is registered under `name` (PGS
/// and APGD come from another part of the project); otherwise it is skipped with a message.
struct SolverRegistered {
  std::string name;
  boost::test_tools::assertion_result operator()(boost::unit_test::test_unit_id) const {
    const auto names = mlcp::solverNames();
    boost::test_tools::assertion_result result(std::find(names.begin(), names.end(), name) !=
                                               names.end());
    result.message() << "solver '" << name << "' is not registered in this build; skipped";
    return result;
  }
};

/// An index vector from a list; a fixed-size Eigen::Vector3i assigned to a VectorXi trips a
/// GCC 12 -Warray-bounds false positive.
inline Eigen::VectorXi indexVector(std::initializer_list<int> values) {
  Eigen::VectorXi v(static_cast<Eigen::Index>(values.size()));
  Eigen::Index i = 0;
  for (const int value : values) v[i++] = value;
  return v;
}

/// A fresh, empty folder under the system's temporary folder, unique to this process (test
/// runs of several checkouts may share the machine).
inline std::filesystem::path freshTempFolder(const std::string& name) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                    ("mlcp_adapters_" + name + "_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  return dir;
}

/// ||a - b||_inf / max(1, ||b||_inf).
inline double relativeDifference(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  const double scale = std::max(1.0, b.cwiseAbs().maxCoeff());
  return (a - b).cwiseAbs().maxCoeff() / scale;
}

/// Smallest over largest eigenvalue of the symmetric A (n x n).
inline double inverseCondition(const Eigen::MatrixXd& A) {
  const Eigen::VectorXd eig = Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(A).eigenvalues();
  return eig.minCoeff() / eig.maxCoeff();
}

/// The Bullet and DART peer tests' check on one captured problem `p` (from `file`, A positive
/// definite, 1/cond `rcond`) solved by `peer`, a framework's Dantzig named `peerName`: ODE's
/// single pass (refreshFrictionBounds = false) agrees with the peer to 1e-8 relative; our default
/// Dantzig agrees too when it needs no friction round, and otherwise has the smaller relative
/// residual (the peer keeps the first pass's friction bounds).
inline void expectAgreementWithPeerDantzig(MixedLCP& peer,
                                           const std::string& peerName,
                                           const std::filesystem::path& file,
                                           const Problem& p,
                                           double rcond) {
  peer.setProblem(p);
  const SolveReport& peerReport = peer.solve();
  BOOST_TEST(peerReport.status != Status::SingularPivot, file.filename());

  DantzigOptions single;
  single.refreshFrictionBounds = false;
  DantzigSolver odePass(single);
  odePass.setProblem(p);
  odePass.solve();
  const double singleDiff = relativeDifference(odePass.getLambda(), peer.getLambda());
  BOOST_TEST(singleDiff <= 1e-8, file.filename() << ": single pass differs by " << singleDiff);

  DantzigSolver ours;
  ours.setProblem(p);
  const SolveReport& report = ours.solve();
  BOOST_TEST(report.succeeded(), file.filename() << ": " << report.message);
  const double diff = relativeDifference(ours.getLambda(), peer.getLambda());
  if (report.frictionRounds == 0)
    BOOST_TEST(diff <= 1e-8, file.filename() << ": differs by " << diff);
  else
    BOOST_TEST(report.relativeResidual < peerReport.relativeResidual, file.filename());
  BOOST_TEST_MESSAGE(file.filename().string()
                     << ": n " << p.size() << ", 1/cond " << rcond << ", single-pass diff "
                     << singleDiff << "; ours " << report.relativeResidual << " after "
                     << report.frictionRounds << " friction rounds (diff " << diff << "), "
                     << peerName << " " << peerReport.relativeResidual);
}

/// The capture tests' check on one recorded file: it reads back, A is exactly symmetric (as the
/// framework assembled it) and our Dantzig solves it. Returns the problem for the caller's own
/// checks.
inline Problem expectRecordedProblemSolves(const std::filesystem::path& file) {
  const Problem p = readBlcp(file);
  const Eigen::MatrixXd A = p.A.toDense();
  BOOST_TEST((A - A.transpose()).cwiseAbs().maxCoeff() == 0.0, file.filename());
  DantzigSolver solver;
  solver.setProblem(p);
  BOOST_TEST(solver.solve().succeeded(), file.filename() << ": " << solver.report().message);
  return p;
}

}  // namespace mlcp::test
