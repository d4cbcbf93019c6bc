#include "bench_timing.hpp"

#include <algorithm>
#include <ctime>

namespace mlcp::bench {

double threadSeconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

std::vector<TimedSolve> timeInterleaved(const std::vector<MixedLCP*>& solvers,
                                        const TimingBudget& budget) {
  std::vector<TimedSolve> timed(solvers.size());
  std::vector<std::vector<double>> samples(solvers.size());
  for (size_t s = 0; s < solvers.size(); ++s)
    timed[s].ran = solvers[s]->solve().status != Status::InvalidProblem;

  double spent = 0.0;
  for (int round = 0; round < budget.maxRepeats; ++round) {
    if (round >= budget.minRepeats && spent >= budget.seconds) break;
    for (size_t s = 0; s < solvers.size(); ++s) {
      if (!timed[s].ran) continue;
      const double start = threadSeconds();
      solvers[s]->solve();
      const double seconds = threadSeconds() - start;
      samples[s].push_back(seconds);
      spent += seconds;
    }
  }
  for (size_t s = 0; s < solvers.size(); ++s) {
    timed[s].report = solvers[s]->report();
    std::vector<double>& v = samples[s];
    timed[s].repeats = static_cast<int>(v.size());
    if (v.empty()) continue;
    std::sort(v.begin(), v.end());
    timed[s].minSeconds = v.front();
    const size_t m = v.size();
    timed[s].medianSeconds = m % 2 == 1 ? v[m / 2] : 0.5 * (v[m / 2 - 1] + v[m / 2]);
  }
  return timed;
}

}  // namespace mlcp::bench
