#include <mlcp/adapters/common/peer_output_capture.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <fcntl.h>
#include <iostream>
#include <unistd.h>

namespace mlcp::adapters {

namespace {

/// The process-wide capture file and whether descriptors 1 and 2 point at it (a capture is
/// alive; one made meanwhile on the same thread is nested); only touched under
/// descriptorMutex(). Between captures the file is empty and its offset 0 (finish() truncates
/// what it read), so a capture that catches nothing costs 9 system calls (about 4 us here).
struct CaptureState {
  std::FILE* file = nullptr;  ///< tmpfile(3): unlinked, removed when the process ends
  bool redirected = false;
  bool dirty = false;  ///< a truncation failed: the next capture truncates first
};

CaptureState& state() {
  static CaptureState instance;
  return instance;
}

/// The capture file's descriptor, created on first use (-1 when tmpfile(3) fails).
int captureDescriptor() {
  CaptureState& s = state();
  if (s.file == nullptr) {
    s.file = std::tmpfile();
    if (s.file == nullptr) return -1;
    ::fcntl(fileno(s.file), F_SETFD, FD_CLOEXEC);  // children (gnuplot) do not inherit it
  }
  return fileno(s.file);
}

void flushStreams() {
  std::cout.flush();
  std::cerr.flush();
  std::fflush(stdout);
  std::fflush(stderr);
}

/// Bytes [start, end) of descriptor `fd`, at most PeerOutputCapture::kMaxBytes of them plus a
/// note of how many more there were.
std::string readRange(int fd, off_t start, off_t end) {
  const auto total = static_cast<std::size_t>(end - start);
  std::string text(std::min(total, PeerOutputCapture::kMaxBytes), '\0');
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t got =
        ::pread(fd, text.data() + done, text.size() - done, start + static_cast<off_t>(done));
    if (got <= 0) break;
    done += static_cast<std::size_t>(got);
  }
  text.resize(done);
  if (total > text.size()) text += fmt::format("... ({} more bytes)", total - text.size());
  return text;
}

std::string_view trim(std::string_view text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return {};
  const auto last = text.find_last_not_of(" \t\r\n");
  return text.substr(first, last - first + 1);
}

}  // namespace

std::recursive_mutex& PeerOutputCapture::descriptorMutex() {
  static std::recursive_mutex mutex;
  return mutex;
}

PeerOutputCapture::PeerOutputCapture() : m_lock(descriptorMutex()) {
  CaptureState& s = state();
  flushStreams();
  m_file = captureDescriptor();
  if (m_file < 0) return;
  if (s.redirected) {
    // Nested: 1 and 2 already write into the file; this capture takes what follows.
    m_start = ::lseek(m_file, 0, SEEK_END);
    if (m_start < 0) m_file = -1;
    return;
  }
  if (s.dirty && (::ftruncate(m_file, 0) != 0 || ::lseek(m_file, 0, SEEK_SET) != 0)) {
    m_file = -1;
    return;
  }
  s.dirty = false;
  m_start = 0;
  m_savedStdout = ::fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 0);
  m_savedStderr = ::fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 0);
  if (m_savedStdout < 0 || m_savedStderr < 0 || ::dup2(m_file, STDOUT_FILENO) < 0 ||
      ::dup2(m_file, STDERR_FILENO) < 0) {
    restoreDescriptors();
    m_file = -1;
    return;
  }
  s.redirected = true;
}

PeerOutputCapture::~PeerOutputCapture() { finish(); }

void PeerOutputCapture::restoreDescriptors() {
  if (m_savedStdout >= 0 && m_savedStderr >= 0) state().redirected = false;
  if (m_savedStdout >= 0) {
    ::dup2(m_savedStdout, STDOUT_FILENO);
    ::close(m_savedStdout);
    m_savedStdout = -1;
  }
  if (m_savedStderr >= 0) {
    ::dup2(m_savedStderr, STDERR_FILENO);
    ::close(m_savedStderr);
    m_savedStderr = -1;
  }
}

std::string PeerOutputCapture::finish() {
  if (!m_lock.owns_lock()) return {};
  flushStreams();  // what the peer left in stdout's buffer goes into the file
  std::string text;
  if (m_file >= 0) {
    // Descriptors 1 and 2 share the file's offset: it is the end of what they wrote.
    const auto start = static_cast<off_t>(m_start);
    const off_t end = ::lseek(m_file, 0, SEEK_CUR);
    if (end > start) {
      text = std::string(trim(readRange(m_file, start, end)));
      // The text is this capture's: an enclosing capture does not see it again (should the
      // truncation fail, the enclosing capture repeats it, which is harmless).
      if (::ftruncate(m_file, start) != 0 || ::lseek(m_file, start, SEEK_SET) != start)
        state().dirty = true;
    }
  }
  restoreDescriptors();
  m_file = -1;
  m_lock.unlock();
  return text;
}

void appendPeerOutput(std::string& message, std::string_view printed) {
  std::string lines;
  while (!printed.empty()) {
    const auto end = printed.find('\n');
    const std::string_view line = trim(printed.substr(0, end));
    if (!line.empty()) {
      if (!lines.empty()) lines += " | ";
      lines += line;
    }
    if (end == std::string_view::npos) break;
    printed.remove_prefix(end + 1);
  }
  if (lines.empty()) return;
  if (!message.empty()) message += "; ";
  message += "the peer printed: \"";
  message += lines;
  message += '"';
}

}  // namespace mlcp::adapters
