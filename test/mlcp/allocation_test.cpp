// solve() allocates nothing once the solver is set up (style.md c.4): a global operator new
// counter around the second solve of every registered solver on the same problem.

#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>

#include <atomic>
#include <cstdlib>
#include <new>

namespace {
std::atomic<long> g_allocations{0};
}  // namespace

void* operator new(std::size_t size) {
  ++g_allocations;
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

BOOST_AUTO_TEST_SUITE(Allocation)

BOOST_AUTO_TEST_CASE(second_solve_allocates_nothing) {
  mlcp::RandomProblemOptions options;
  options.n = 90;
  options.seed = 3;
  const mlcp::Problem problem = mlcp::randomProblem(options);
  for (const std::string& name : mlcp::solverNames()) {
    auto solver = mlcp::makeSolver(name);
    solver->setProblem(problem);
    solver->solve();  // first solve may size buffers (messages, histories)
    const long before = g_allocations.load();
    const mlcp::SolveReport& report = solver->solve();
    const long allocated = g_allocations.load() - before;
    BOOST_TEST_INFO(name << ": " << report.status << ", " << report.message);
    BOOST_TEST(allocated == 0);
    BOOST_TEST(report.relativeResidual < 1.0);
  }
}

BOOST_AUTO_TEST_SUITE_END()
