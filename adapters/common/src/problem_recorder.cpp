#include <mlcp/adapters/common/problem_recorder.hpp>
#include <mlcp/blcp_io.hpp>

#include <fmt/format.h>

#include <exception>
#include <stdexcept>

namespace mlcp::adapters {

bool RecorderOptions::isValid(std::string* why) const {
  auto fail = [why](std::string message) {
    if (why != nullptr) *why = std::move(message);
    return false;
  };
  if (first < 0)
    return fail(fmt::format("RecorderOptions::first = {}. Violated constraint: first >= 0", first));
  if (every < 1)
    return fail(fmt::format("RecorderOptions::every = {}. Violated constraint: every >= 1", every));
  if (maxFiles < 0)
    return fail(
        fmt::format("RecorderOptions::maxFiles = {}. Violated constraint: maxFiles >= 0 "
                    "(0 = no limit)",
                    maxFiles));
  return true;
}

ProblemRecorder::ProblemRecorder(RecorderOptions options) : m_options(std::move(options)) {
  std::string why;
  if (!m_options.isValid(&why)) throw std::invalid_argument(why);
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
