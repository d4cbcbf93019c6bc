#pragma once

// Helpers shared by the adapter tests (header-only, test code).

#include <mlcp/solver_factory.hpp>

#include <Eigen/Core>
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

}  // namespace mlcp::test
