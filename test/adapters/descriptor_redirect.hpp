#pragma once

#include <cstdio>
#include <iostream>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

namespace mlcp::test {

/// For the tests of PeerOutputCapture: stands for the terminal. While alive, descriptors 1 and 2
/// write into an anonymous temporary file; finish() restores them and returns what reached
/// them, so a test can assert that nothing did. Independent of the code under test (plain
/// dup/dup2). Assertions inside its scope go into the file too: check after finish().
class DescriptorRedirect {
 public:
  DescriptorRedirect() : m_file(std::tmpfile()) {
    flush();
    m_savedStdout = ::dup(STDOUT_FILENO);
    m_savedStderr = ::dup(STDERR_FILENO);
    ::dup2(fileno(m_file), STDOUT_FILENO);
    ::dup2(fileno(m_file), STDERR_FILENO);
  }
  ~DescriptorRedirect() {
    finish();
    std::fclose(m_file);
  }
  DescriptorRedirect(const DescriptorRedirect&) = delete;
  DescriptorRedirect& operator=(const DescriptorRedirect&) = delete;

  /// Restores descriptors 1 and 2 and returns what was written to them ("" on a second call).
  std::string finish() {
    if (m_savedStdout < 0) return {};
    flush();
    ::dup2(m_savedStdout, STDOUT_FILENO);
    ::dup2(m_savedStderr, STDERR_FILENO);
    ::close(m_savedStdout);
    ::close(m_savedStderr);
    m_savedStdout = m_savedStderr = -1;
    struct stat info {};
    ::fstat(fileno(m_file), &info);
    std::string text(static_cast<std::size_t>(info.st_size), '\0');
    const ssize_t got = ::pread(fileno(m_file), text.data(), text.size(), 0);
    text.resize(got > 0 ? static_cast<std::size_t>(got) : 0);
    return text;
  }

 private:
  static void flush() {
    std::cout.flush();
    std::cerr.flush();
    std::fflush(stdout);
    std::fflush(stderr);
  }

  std::FILE* m_file;
  int m_savedStdout = -1;
  int m_savedStderr = -1;
};

}  // namespace mlcp::test
