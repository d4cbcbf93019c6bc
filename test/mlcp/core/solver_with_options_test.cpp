// SolverWithOptions: the options every solver holds, checked on the way in, and the hook that
// tells a solver they changed.
#include <mlcp/core/option_check.hpp>
#include <mlcp/core/solver_with_options.hpp>
#include <mlcp/splitting/pgs_solver.hpp>

#include <boost/test/unit_test.hpp>

#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

struct CountedOptions : mlcp::SolverOptions {
  int width = 1;
  bool isValid(std::string* why) const {
    if (!SolverOptions::isValid(why)) return false;
    mlcp::OptionCheck check("CountedOptions", why);
    check.require(width >= 1, "width", width, "width >= 1");
    return check.ok();
  }
};

/// Records the previous widths its hook saw and sizes a buffer by the options.
class CountedSolver final : public mlcp::SolverWithOptions<CountedOptions> {
 public:
  explicit CountedSolver(const CountedOptions& options = {}) : SolverWithOptions(options) {
    onOptionsChanged(m_options);
  }
  std::string_view name() const override { return "counted"; }
  mlcp::Capabilities capabilities() const override { return {}; }

  std::vector<int> previousWidths;
  std::vector<double> buffer;

 private:
  void onOptionsChanged(const CountedOptions& previous) override {
    previousWidths.push_back(previous.width);
    buffer.assign(static_cast<size_t>(m_options.width), 0.0);
  }
  void doSetup(int) override {}
  void doSolve(const mlcp::ProblemView&, Eigen::VectorXd&, mlcp::SolveReport&) override {}
};

std::string messageOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

}  // namespace

BOOST_AUTO_TEST_SUITE(SolverWithOptions)

BOOST_AUTO_TEST_CASE(the_constructor_checks_and_the_hook_sees_each_change_with_the_previous) {
  CountedOptions options;
  options.width = 0;
  BOOST_TEST(messageOf([&] { CountedSolver s(options); }) ==
             "CountedOptions::width = 0. Violated constraint: width >= 1");
  options.width = 3;
  CountedSolver solver(options);
  BOOST_TEST(solver.buffer.size() == 3u);
  options.width = 5;
  solver.setOptions(options);
  BOOST_TEST(solver.options().width == 5);
  BOOST_TEST(solver.buffer.size() == 5u);
  BOOST_TEST((solver.previousWidths == std::vector<int>{3, 3}));
  BOOST_TEST(&solver.commonOptions() == &solver.options());
}

BOOST_AUTO_TEST_CASE(a_bad_set_throws_the_options_message_and_changes_nothing) {
  CountedSolver solver;
  CountedOptions bad;
  bad.maxIterations = 0;
  BOOST_TEST(messageOf([&] { solver.setOptions(bad); }) ==
             "SolverOptions::maxIterations = 0. Violated constraint: maxIterations >= 1");
  BOOST_TEST(solver.options().maxIterations == CountedOptions{}.maxIterations);
  BOOST_TEST(solver.previousWidths.size() == 1u);  // the constructor's call only

  mlcp::PgsSolver pgs;
  mlcp::PgsOptions pgsBad;
  pgsBad.relaxation = 5.0;
  BOOST_TEST(messageOf([&] { pgs.setOptions(pgsBad); }) ==
             "PgsOptions::relaxation = 5. Violated constraint: 0 < relaxation < 2");
  BOOST_TEST(pgs.options().relaxation == mlcp::PgsOptions{}.relaxation);
}

BOOST_AUTO_TEST_SUITE_END()
