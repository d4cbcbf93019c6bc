#pragma once

#include <cstddef>
#include <mutex>
#include <string>
#include <string_view>

namespace mlcp::adapters {

/// While alive, whatever the process writes to its standard output and standard error (file
/// descriptors 1 and 2: C's printf and fprintf(stderr), C++'s std::cout and std::cerr, any
/// library) goes into a temporary file instead of the terminal; finish() ends the capture and
/// returns the text. The peer adapters put one around a peer library's solve (Siconos numerics
/// prints "[Numerics] mlcp_lcp_lemke: mlcp_to_lcp conversion failed" with fprintf) and append
/// the text to the solve report's message (appendPeerOutput()), so that `mlcp compare --long`
/// and `--json` carry it with the row it belongs to and nothing is printed between the tool's
/// lines.
///
/// How: the C and C++ streams are flushed, descriptors 1 and 2 are saved with dup(2) and both
/// pointed at one anonymous temporary file with dup2(2) (one file, so the order of the lines is
/// kept); finish() flushes again, restores the saved descriptors and reads the file. The file is
/// created once per process (tmpfile(3), unlinked, close-on-exec) and emptied after each capture
/// that caught something, so a capture costs 9 system calls (about 4 us on the 2-core test
/// machine, inside the peer's measured solve time), not a file creation. When the file cannot be
/// created or a descriptor cannot be saved, nothing is redirected and finish() returns "" (the
/// output then reaches the terminal as before).
///
/// Threads: the descriptors are process-wide. A capture holds descriptorMutex() (recursive: a
/// capture nested in another on the same thread works) from construction to finish(), so
/// captures in several threads run one after the other (a peer solve waits for the other
/// thread's peer solve; Siconos numerics is not thread-safe anyway). Limitation: what *another*
/// thread writes to descriptors 1 and 2 while a capture is active lands in that capture, not on
/// the terminal; a thread whose lines must not be taken (a table printed while a worker solves)
/// writes them under descriptorMutex(), as everyone who changes descriptors 1 and 2 must
/// (mlcp's SolverOutputGuard does).
///
/// Usage:
/// @code
///   PeerOutputCapture capture;
///   info = mlcp_driver(...);                  // prints
///   const std::string printed = capture.finish();
///   ... set report.message ...
///   appendPeerOutput(report.message, printed);
/// @endcode
class PeerOutputCapture {
 public:
  /// Largest number of bytes of captured text finish() returns; the rest is summarised as
  /// "... (N more bytes)".
  static constexpr std::size_t kMaxBytes = 4096;

  /// Locks descriptorMutex(), flushes stdout, stderr, std::cout and std::cerr, and redirects
  /// descriptors 1 and 2 into the capture file. Never throws for a failed redirection (the
  /// capture is then inactive); may throw std::system_error when the mutex cannot be locked.
  PeerOutputCapture();
  /// Ends the capture as finish() does, discarding the text, if finish() was not called.
  ~PeerOutputCapture();
  PeerOutputCapture(const PeerOutputCapture&) = delete;
  PeerOutputCapture& operator=(const PeerOutputCapture&) = delete;

  /// Flushes the streams, restores descriptors 1 and 2, unlocks descriptorMutex() and returns
  /// what was written meanwhile, without trailing white space (at most kMaxBytes bytes plus the
  /// summary). Returns "" on a second call and when the capture was inactive.
  std::string finish();

  /// True while capturing: descriptors 1 and 2 write into the capture file (false after
  /// finish(), and when the file or dup(2) failed).
  bool active() const { return m_file >= 0; }

  /// The lock that guards changes of descriptors 1 and 2 in this process (held by a capture
  /// for its whole life). Anyone else who redirects them takes it while doing so.
  static std::recursive_mutex& descriptorMutex();

 private:
  /// Points descriptors 1 and 2 back at what they were (no-op for a nested capture).
  void restoreDescriptors();

  std::unique_lock<std::recursive_mutex> m_lock;
  int m_file = -1;         ///< the capture file's descriptor (the process-wide file), -1: none
  long long m_start = 0;   ///< offset in the file where this capture's text begins (unit: byte)
  int m_savedStdout = -1;  ///< dup of descriptor 1 before the capture (outermost capture only)
  int m_savedStderr = -1;  ///< dup of descriptor 2 before the capture (outermost capture only)
};

/// Appends a peer's captured output to a report message: `message; the peer printed: "LINE1 |
/// LINE2"` (lines joined by " | " so that the message stays one line; a message "" becomes
/// `the peer printed: "..."`). Nothing is appended when `printed` is empty or only white space.
/// @param[in,out] message the SolveReport::message to extend
/// @param[in] printed what PeerOutputCapture::finish() returned
void appendPeerOutput(std::string& message, std::string_view printed);

}  // namespace mlcp::adapters
