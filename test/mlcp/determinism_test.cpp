// The same input and options give bitwise identical x, iteration counts and residual histories
// across runs and across threads; solvers share no global state (run under ThreadSanitizer by
// .ci/run's sanitizer pass as well).

#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>

#include <thread>
#include <vector>

namespace {

struct Outcome {
  Eigen::VectorXd x;
  int iterations = 0;
  int pivots = 0;
  std::vector<double> history;
};

Outcome run(const std::string& name, const mlcp::Problem& problem) {
  auto solver = mlcp::makeSolver(name);
  solver->setProblem(problem);
  const mlcp::SolveReport& report = solver->solve();
  return {solver->getLambda(), report.iterations, report.pivots, report.residualHistory};
}

bool identical(const Outcome& a, const Outcome& b) {
  return a.x.size() == b.x.size() && (a.x.array() == b.x.array()).all() &&
         a.iterations == b.iterations && a.pivots == b.pivots && a.history == b.history;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(Determinism)

BOOST_AUTO_TEST_CASE(same_answer_across_runs_and_threads) {
  std::vector<mlcp::Problem> problems;
  for (int k = 0; k < 4; ++k) {
    mlcp::RandomProblemOptions options;
    options.n = 60 + 30 * k;
    options.seed = 100 + static_cast<std::uint64_t>(k);
    problems.push_back(mlcp::randomProblem(options));
  }
  for (const std::string& name : mlcp::solverNames()) {
    std::vector<Outcome> serial;
    for (const auto& p : problems) serial.push_back(run(name, p));
    for (size_t k = 0; k < problems.size(); ++k) {
      BOOST_TEST_INFO(name << ", problem " << k << " run twice");
      BOOST_TEST(identical(serial[k], run(name, problems[k])));
    }
    // Every problem on its own thread, twice over, at the same time.
    std::vector<Outcome> parallel(2 * problems.size());
    std::vector<std::thread> threads;
    for (size_t t = 0; t < parallel.size(); ++t)
      threads.emplace_back([&, t] { parallel[t] = run(name, problems[t % problems.size()]); });
    for (auto& thread : threads) thread.join();
    for (size_t t = 0; t < parallel.size(); ++t) {
      BOOST_TEST_INFO(name << ", thread " << t);
      BOOST_TEST(identical(serial[t % problems.size()], parallel[t]));
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
