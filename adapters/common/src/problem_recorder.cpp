#include <mlcp/adapters/common/problem_recorder.hpp>
#include <mlcp/core/option_check.hpp>
#include <mlcp/io/blcp_io.hpp>

#include <fmt/format.h>

#include <exception>
#include <stdexcept>

namespace mlcp::adapters {

bool RecorderOptions::isValid(std::string* why) const {
  OptionCheck check("RecorderOptions", why);
  check.require(first >= 0, "first", first, "first >= 0");
  check.require(every >= 1, "every", every, "every >= 1");
  check.require(maxFiles >= 0, "maxFiles", maxFiles, "maxFiles >= 0 (0 = no limit)");
  return check.ok();
}

ProblemRecorder::ProblemRecorder(RecorderOptions options) : m_options(std::move(options)) {
  requireValid(m_options);
}

bool ProblemRecorder::wantsNext(int n) const {
  const RecorderOptions& o = m_options;
  if (!m_error.empty() || n < o.minSize) return false;
  if (o.maxFiles > 0 && recorded() >= o.maxFiles) return false;
  return m_offered >= o.first && (m_offered - o.first) % o.every == 0;
}

bool ProblemRecorder::offer(const Problem& problem) {
  const bool wanted = wantsNext(problem.size());
  const int index = m_offered++;
  if (!wanted) return false;
  if (m_options.directory.empty()) {
    try {
      m_problems.push_back(problem);
    } catch (const std::exception& e) {
      m_error = fmt::format("recording stopped at problem {}: {}", index, e.what());
      return false;
    }
    return true;
  }
  const std::filesystem::path path =
      m_options.directory / fmt::format("{}_{:06d}.blcp", m_options.prefix, index);
  try {
    std::filesystem::create_directories(m_options.directory);
    writeBlcp(problem, path);
  } catch (const std::exception& e) {
    m_error = fmt::format("recording stopped at problem {}: {}", index, e.what());
    return false;
  }
  m_files.push_back(path);
  return true;
}

}  // namespace mlcp::adapters
