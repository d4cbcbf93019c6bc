#include "stepping_progress.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <unistd.h>
#include <utility>

namespace mlcp::app {

dynamics::SceneStepper::Progress steppingProgressLine(std::string label) {
  const bool terminal = isatty(STDERR_FILENO) == 1;
  double printedAt = -1.0;  // time of the last line; < 0: none yet
  return
      [label = std::move(label), terminal, printedAt](const dynamics::SteppingProgress& p) mutable {
        const bool last = p.step == p.steps;
        if (p.seconds < kSteppingQuietSeconds) return;
        if (!terminal && !last && printedAt >= 0.0 && p.seconds - printedAt < kSteppingLogSeconds)
          return;
        if (terminal && last) {
          if (printedAt >= 0.0) fmt::print(stderr, "\r\033[K");
        } else {
          fmt::print(stderr, "{}{}: stepped {} of {}, {} rows, {}, {:.0f} s{}",
                     terminal ? "\r\033[K" : "", label, p.step, p.steps, p.rows,
                     p.solver.empty() ? "no solve" : p.solver, p.seconds, terminal ? "" : "\n");
          printedAt = p.seconds;
        }
        std::fflush(stderr);
      };
}

}  // namespace mlcp::app
