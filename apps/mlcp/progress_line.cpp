#include "progress_line.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <string>
#include <unistd.h>

namespace mlcp::app {

ProgressLine::ProgressLine(int total)
    : m_total(total), m_enabled(total > 0 && isatty(STDERR_FILENO) == 1) {}

ProgressLine::~ProgressLine() { clear(); }

void ProgressLine::update(int done, std::string_view problem, std::string_view solver) {
  if (!m_enabled) return;
  std::string label(problem);
  // In place: GCC 12 reports a false -Warray-bounds on "..." + substr() once inlined.
  if (label.size() > 50) label.replace(0, label.size() - 47, "...");
  const int width = static_cast<int>(fmt::formatted_size("{}", m_total));
  fmt::print(stderr, "\r\033[K[{:>{}}/{}] {}: {}", done + 1, width, m_total, label, solver);
  std::fflush(stderr);
  m_shown = true;
}

void ProgressLine::clear() {
  if (!m_shown) return;
  fmt::print(stderr, "\r\033[K");
  std::fflush(stderr);
  m_shown = false;
}

}  // namespace mlcp::app
