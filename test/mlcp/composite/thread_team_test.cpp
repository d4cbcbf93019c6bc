// ThreadTeam (libmlcp/src/composite/thread_team.hpp): every run calls the task once per member,
// also on teams resized between runs, where the restarted threads must not take the last run
// for a new one (IslandSolver resizes its team to the islands of each step).

#include "composite/thread_team.hpp"

#include <boost/test/unit_test.hpp>

#include <atomic>
#include <vector>

namespace md = mlcp::detail;

BOOST_AUTO_TEST_SUITE(ThreadTeamSuite)

BOOST_AUTO_TEST_CASE(each_run_calls_every_member_once_across_resizes) {
  md::ThreadTeam team;
  constexpr int kRuns = 400;
  int wrong = 0;
  for (int run = 0; run < kRuns; ++run) {
    team.resize(1 + run % 3);  // 1, 2, 3, 1, 2, ...: threads stopped and restarted
    std::vector<std::atomic<int>> calls(static_cast<size_t>(team.size()));
    std::atomic<int> foreign{0};
    auto task = [&](int member) {
      if (member < 0 || member >= static_cast<int>(calls.size()))
        foreign.fetch_add(1);
      else
        calls[static_cast<size_t>(member)].fetch_add(1);
    };
    team.run(task);
    for (const std::atomic<int>& count : calls) wrong += count.load() != 1;
    wrong += foreign.load();
  }
  BOOST_TEST(wrong == 0);
}

BOOST_AUTO_TEST_CASE(a_run_returns_after_every_member_finished) {
  md::ThreadTeam team(3);
  for (int run = 0; run < 50; ++run) {
    std::vector<int> done(3, 0);
    auto task = [&](int member) { done[static_cast<size_t>(member)] = run + 1; };
    team.run(task);
    for (int member = 0; member < 3; ++member)
      BOOST_TEST(done[static_cast<size_t>(member)] == run + 1);
  }
}

BOOST_AUTO_TEST_SUITE_END()
