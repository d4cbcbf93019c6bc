#include "adapter_test_support.hpp"

#include <mlcp/adapters/common/adapter_statistics.hpp>
#include <mlcp/adapters/common/host_policy.hpp>
#include <mlcp/adapters/common/problem_recorder.hpp>
#include <mlcp/io/blcp_io.hpp>

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <limits>
#include <stdexcept>

namespace fs = std::filesystem;
namespace ma = mlcp::adapters;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

mlcp::Problem problemOfSize(int n) {
  mlcp::Problem p;
  p.A = Eigen::MatrixXd::Identity(n, n) * 2.0;
  p.b = Eigen::VectorXd::LinSpaced(n, -1.0, 1.0);
  p.lo = Eigen::VectorXd::Zero(n);
  p.hi = Eigen::VectorXd::Constant(n, kInf);
  p.findex = Eigen::VectorXi::Constant(n, -1);
  return p;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(ProblemRecorder)

BOOST_AUTO_TEST_CASE(writes_the_selected_problems_readably) {
  const fs::path dir = mlcp::test::freshTempFolder("recorder_selection");
  ma::RecorderOptions options;
  options.directory = dir;
  options.prefix = "step";
  options.first = 1;
  options.every = 2;
  options.maxFiles = 2;
  options.minSize = 2;
  ma::ProblemRecorder recorder(options);
  // Offered: 0 (before first), 1 (written), 2 (off the stride), 3 (n = 1 < minSize),
  // 5 (written, then the limit of 2 files is reached), 7 (over the limit).
  const int sizes[] = {3, 3, 3, 1, 3, 4, 3, 4};
  int written = 0;
  for (const int n : sizes) written += recorder.offer(problemOfSize(n)) ? 1 : 0;
  BOOST_TEST(written == 2);
  BOOST_TEST(recorder.offered() == 8);
  BOOST_REQUIRE(recorder.files().size() == 2u);
  BOOST_TEST(recorder.files()[0].filename() == "step_000001.blcp");
  BOOST_TEST(recorder.files()[1].filename() == "step_000005.blcp");
  const mlcp::Problem back = mlcp::readBlcp(recorder.files()[1]);
  BOOST_TEST(back.size() == 4);
  BOOST_TEST((back.b == problemOfSize(4).b));
  BOOST_TEST(recorder.error().empty());
  fs::remove_all(dir);
}

BOOST_AUTO_TEST_CASE(without_a_folder_keeps_the_problems_in_memory) {
  ma::RecorderOptions options;
  options.every = 3;
  ma::ProblemRecorder recorder(options);
  for (int n = 1; n <= 7; ++n) recorder.offer(problemOfSize(n));
  BOOST_TEST(recorder.files().empty());
  BOOST_REQUIRE(recorder.problems().size() == 3u);  // offered 0, 3, 6
  BOOST_TEST(recorder.problems()[2].size() == 7);
  BOOST_TEST(recorder.recorded() == 3);
}

BOOST_AUTO_TEST_CASE(a_folder_that_cannot_be_made_stops_recording_with_a_reason) {
  const fs::path dir = mlcp::test::freshTempFolder("recorder_blocked");
  fs::create_directories(dir);
  const fs::path file = dir / "not_a_folder";
  std::ofstream(file) << "x";
  ma::RecorderOptions options;
  options.directory = file / "sub";
  ma::ProblemRecorder recorder(options);
  BOOST_TEST(!recorder.offer(problemOfSize(2)));
  BOOST_TEST(!recorder.error().empty());
  BOOST_TEST(recorder.error().find("problem 0") != std::string::npos);
  BOOST_TEST(!recorder.wantsNext(2));
  fs::remove_all(dir);
}

BOOST_AUTO_TEST_CASE(invalid_options_name_the_field) {
  ma::RecorderOptions options;
  options.directory = "somewhere";
  options.every = 0;
  try {
    ma::ProblemRecorder recorder(options);
    BOOST_FAIL("expected std::invalid_argument");
  } catch (const std::invalid_argument& e) {
    BOOST_TEST(std::string(e.what()).find("RecorderOptions::every = 0") != std::string::npos);
  }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(HostPolicy)

BOOST_AUTO_TEST_CASE(large_bounds_become_infinite_and_leading_free_rows_nub) {
  BOOST_TEST(ma::hostBound(1e18, 1e10) == kInf);
  BOOST_TEST(ma::hostBound(-1e10, 1e10) == -kInf);
  BOOST_TEST(ma::hostBound(0.5, 1e10) == 0.5);
  const Eigen::Vector4d lo(-kInf, -kInf, 0.0, -kInf);
  const Eigen::Vector4d hi(kInf, kInf, kInf, kInf);
  BOOST_TEST(ma::leadingUnboundedRows(lo, hi, mlcp::test::indexVector({-1, -1, -1, -1})) == 2);
  BOOST_TEST(ma::leadingUnboundedRows(lo, hi, mlcp::test::indexVector({-1, 0, -1, -1})) == 1);
}

BOOST_AUTO_TEST_CASE(only_converged_unless_a_residual_is_allowed) {
  mlcp::SolveReport report;
  report.status = mlcp::Status::MaxIterations;
  report.relativeResidual = 1e-5;
  ma::HostPolicy strict;
  BOOST_TEST(!ma::acceptedByHost(report, strict));
  ma::HostPolicy lenient;
  lenient.acceptRelativeResidual = 1e-4;
  BOOST_TEST(ma::acceptedByHost(report, lenient));
  report.status = mlcp::Status::SingularPivot;
  BOOST_TEST(!ma::acceptedByHost(report, lenient));
  report.status = mlcp::Status::Converged;
  BOOST_TEST(ma::acceptedByHost(report, strict));
  lenient.acceptRelativeResidual = -1.0;
  std::string why;
  BOOST_TEST(!lenient.isValid(&why));
  BOOST_TEST(why.find("acceptRelativeResidual") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(statistics_count_statuses_and_rejections) {
  ma::AdapterStatistics stats;
  mlcp::SolveReport report;
  report.status = mlcp::Status::Converged;
  report.relativeResidual = 1e-12;
  stats.record(report, 10, true);
  report.status = mlcp::Status::SingularPivot;
  report.relativeResidual = 0.5;
  stats.record(report, 12, false);
  BOOST_TEST(stats.solves == 2);
  BOOST_TEST(stats.rejected == 1);
  BOOST_TEST(stats.largestSize == 12);
  BOOST_TEST(stats.maxRelativeResidual == 1e-12);
  BOOST_TEST(stats.summary().find("singular-pivot 1") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
