#include <mlcp/adapters/common/adapter_statistics.hpp>

#include <fmt/format.h>

#include <algorithm>

namespace mlcp::adapters {

static_assert(static_cast<int>(Status::InvalidProblem) + 1 == AdapterStatistics::kStatusCount,
              "AdapterStatistics::kStatusCount must match the Status enumerators");

void AdapterStatistics::record(const SolveReport& report, int n, bool accepted) {
  ++solves;
  if (!accepted) ++rejected;
  largestSize = std::max(largestSize, n);
  if (accepted) maxRelativeResidual = std::max(maxRelativeResidual, report.relativeResidual);
  solveSeconds += report.solveSeconds;
  iterations += report.iterations;
  ++byStatus[static_cast<std::size_t>(report.status)];
}

std::string AdapterStatistics::summary() const {
  std::string text = fmt::format(
      "solves {} (rejected {}), n <= {}, max accepted residual {:.3g}, "
      "{:.3g} s, {} iterations",
      solves, rejected, largestSize, maxRelativeResidual, solveSeconds, iterations);
  for (int s = 0; s < kStatusCount; ++s)
    if (byStatus[static_cast<std::size_t>(s)] > 0)
      text += fmt::format(", {} {}", toString(static_cast<Status>(s)),
                          byStatus[static_cast<std::size_t>(s)]);
  return text;
}

}  // namespace mlcp::adapters
