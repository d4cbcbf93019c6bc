// The worker pool of `mlcp compare -j N`: tasks run on several threads and come back in order,
// as a serial run would deliver them; a stop keeps what is complete; an error reaches the caller.

#include <mlcp/compare/ordered_tasks.hpp>

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

namespace {

/// Sleeps a pseudo-random 0 to 3 ms, different per task, so that tasks finish out of order.
void jitter(size_t k) { std::this_thread::sleep_for(std::chrono::microseconds((k * 7919) % 3000)); }

}  // namespace

BOOST_AUTO_TEST_SUITE(OrderedTasks)

BOOST_AUTO_TEST_CASE(deliveries_come_in_order_whatever_the_number_of_jobs) {
  for (const int jobs : {1, 2, 3, 8}) {
    BOOST_TEST_CONTEXT("jobs " << jobs) {
      constexpr size_t kCount = 40;
      std::vector<size_t> results(kCount, 0);
      std::vector<size_t> delivered;
      std::set<std::thread::id> threads;
      std::mutex mutex;
      mlcp::compare::OrderedTasks tasks;
      tasks.count = kCount;
      tasks.jobs = jobs;
      tasks.work = [&](size_t k) {
        jitter(k);
        results[k] = k * k;
        const std::lock_guard lock(mutex);
        threads.insert(std::this_thread::get_id());
        return true;
      };
      tasks.deliver = [&](size_t k) {
        BOOST_TEST(results[k] == k * k);  // complete when delivered
        delivered.push_back(k);
      };
      BOOST_TEST(mlcp::compare::runInOrder(tasks));
      BOOST_REQUIRE(delivered.size() == kCount);
      for (size_t k = 0; k < kCount; ++k) BOOST_TEST(delivered[k] == k);
      BOOST_TEST(threads.size() <= static_cast<size_t>(jobs));
      BOOST_TEST(threads.count(std::this_thread::get_id()) == 0u);  // the caller only delivers
    }
  }
}

BOOST_AUTO_TEST_CASE(a_stop_delivers_the_complete_tasks_only) {
  std::atomic<int> started{0};
  std::atomic<bool> stop{false};
  std::vector<size_t> delivered;
  mlcp::compare::OrderedTasks tasks;
  tasks.count = 100;
  tasks.jobs = 2;
  tasks.stop = [&] { return stop.load(); };
  tasks.work = [&](size_t k) {
    if (++started == 10) stop = true;
    jitter(k);
    return !(k % 3 == 2 && stop);  // some tasks notice the stop and stay incomplete
  };
  tasks.deliver = [&](size_t k) { delivered.push_back(k); };
  BOOST_TEST(!mlcp::compare::runInOrder(tasks));
  BOOST_TEST(started.load() < 100);  // no task was taken after the stop was seen
  BOOST_TEST(!delivered.empty());
  for (size_t i = 1; i < delivered.size(); ++i) BOOST_TEST(delivered[i - 1] < delivered[i]);
  for (const size_t k : delivered) BOOST_TEST(k < static_cast<size_t>(started.load()));
}

BOOST_AUTO_TEST_CASE(an_error_stops_the_workers_and_reaches_the_caller) {
  std::atomic<int> started{0};
  std::vector<size_t> delivered;
  mlcp::compare::OrderedTasks tasks;
  tasks.count = 1000;
  tasks.jobs = 3;
  tasks.work = [&](size_t k) {
    ++started;
    if (k == 5) throw std::runtime_error("task 5 failed");
    jitter(k);
    return true;
  };
  tasks.deliver = [&](size_t k) { delivered.push_back(k); };
  BOOST_CHECK_EXCEPTION(
      mlcp::compare::runInOrder(tasks), std::runtime_error,
      [](const std::runtime_error& e) { return e.what() == std::string("task 5 failed"); });
  BOOST_TEST(started.load() < 1000);
  for (size_t k = 0; k < 5; ++k) BOOST_TEST(delivered.at(k) == k);  // those before it, in order
  BOOST_TEST(std::count(delivered.begin(), delivered.end(), 5u) == 0);
}

BOOST_AUTO_TEST_SUITE_END()
