#pragma once

#include <mlcp/core/problem.hpp>

#include <filesystem>
#include <string>
#include <vector>

namespace mlcp::adapters {

/// Which of the problems offered to a ProblemRecorder it writes, and where.
struct RecorderOptions {
  /// Folder of the files, created when missing; empty keeps the selected problems in memory
  /// instead (ProblemRecorder::problems()).
  std::filesystem::path directory;
  /// Files are named `<prefix>_<k>.blcp`, k the 0-based index of the offered problem (6 digits).
  std::string prefix = "problem";
  /// Write offered problem k when k >= first and (k - first) is a multiple of every.
  int first = 0;
  int every = 1;  ///< period of the selection (see first), >= 1
  /// Stop writing after this many files; 0 means no limit.
  int maxFiles = 0;
  /// Skip problems with fewer rows than this (they still count as offered).
  int minSize = 1;

  /// True when usable; otherwise sets *why to a message naming the field.
  bool isValid(std::string* why) const;
};

/// Writes problems a host framework assembles to BLCP text files (docs/file-formats.md)
/// as the recording adapters see them, so they can be solved and checked anywhere; or keeps them
/// in memory when RecorderOptions::directory is empty.
///
/// Errors never leave offer() (it is called from inside the host's solver callback): a file that
/// cannot be written stops the recording and error() says why.
class ProblemRecorder {
 public:
  /// @throws std::invalid_argument for invalid options (see RecorderOptions::isValid).
  explicit ProblemRecorder(RecorderOptions options);

  /// True when the next offered problem, of n rows, would be written (lets the caller skip
  /// assembling a Problem).
  bool wantsNext(int n) const;
  /// Counts the problem as offered and writes (or keeps) it when selected. Returns true then.
  bool offer(const Problem& problem);
  /// Counts a problem that was not assembled because wantsNext() said no.
  void skip() { ++m_offered; }

  /// Problems offered or skipped so far (the k of the next one).
  int offered() const { return m_offered; }
  /// Files written, in order (empty in memory mode).
  const std::vector<std::filesystem::path>& files() const { return m_files; }
  /// Problems kept, in order (memory mode only).
  const std::vector<Problem>& problems() const { return m_problems; }
  /// Number of problems written or kept.
  int recorded() const { return static_cast<int>(m_files.size() + m_problems.size()); }
  /// Empty, or why writing stopped.
  const std::string& error() const { return m_error; }
  /// The options of the constructor.
  const RecorderOptions& options() const { return m_options; }

 private:
  RecorderOptions m_options;
  int m_offered = 0;
  std::vector<std::filesystem::path> m_files;
  std::vector<Problem> m_problems;
  std::string m_error;
};

}  // namespace mlcp::adapters
