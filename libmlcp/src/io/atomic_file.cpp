#include <mlcp/io/atomic_file.hpp>

#include <fmt/format.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

namespace mlcp {

namespace fs = std::filesystem;

namespace {

/// Distinguishes the temporary files of one process (several threads may write at once).
std::atomic<unsigned> g_counter{0};

std::string reason(int error) { return std::strerror(error); }

/// Creates `.NAME.tmp-PID-K` beside `target` with O_EXCL (so no other writer shares it),
/// mode 0666 less the umask, as a plain open of `target` would.
fs::path createTemporary(const fs::path& target) {
  const fs::path folder = target.parent_path();
  for (int attempt = 0;; ++attempt) {
    const fs::path candidate =
        folder / fmt::format(".{}.tmp-{}-{}", target.filename().string(), getpid(), g_counter++);
    const int fd = ::open(candidate.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd >= 0) {
      ::close(fd);
      return candidate;
    }
    if (errno != EEXIST || attempt == 100)
      throw std::runtime_error(fmt::format("cannot write {}: {}", target.string(), reason(errno)));
  }
}

/// fsync(2) of the file at `path`; the errno of the failure, or 0.
int syncFile(const fs::path& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return errno;
  const int result = ::fsync(fd) == 0 ? 0 : errno;
  ::close(fd);
  return result;
}

}  // namespace

AtomicFile::AtomicFile(const fs::path& path) : m_path(path) {
  if (m_path.empty()) throw std::runtime_error("cannot write a file with an empty name");
  std::error_code error;
  const fs::file_status link = fs::symlink_status(m_path, error);
  if (fs::is_symlink(link)) {
    const fs::path target = fs::canonical(m_path, error);  // the link's file, if it exists
    if (!error) m_path = target;
  }
  const fs::file_status status = fs::status(m_path, error);
  m_inPlace = fs::exists(status) && !fs::is_regular_file(status) && !fs::is_directory(status);
  if (fs::is_directory(status))
    throw std::runtime_error(fmt::format("cannot write {}: it is a folder", m_path.string()));
  m_temporary = m_inPlace ? m_path : createTemporary(m_path);
  m_stream.open(m_temporary, std::ios::binary | std::ios::trunc);
  if (!m_stream) {
    const int cause = errno;
    if (!m_inPlace) fs::remove(m_temporary, error);
    m_done = true;
    throw std::runtime_error(fmt::format("cannot write {}: {}", m_path.string(), reason(cause)));
  }
}

AtomicFile::~AtomicFile() {
  if (m_done || m_inPlace) return;
  m_stream.close();
  std::error_code ignored;
  fs::remove(m_temporary, ignored);
}

void AtomicFile::commit() {
  if (m_done) throw std::logic_error("AtomicFile::commit() called twice");
  auto fail = [this](const std::string& what) {
    m_stream.close();
    std::error_code ignored;
    if (!m_inPlace) fs::remove(m_temporary, ignored);
    m_done = true;
    throw std::runtime_error(fmt::format("error while writing {}: {}", m_path.string(), what));
  };
  if (m_stream.is_open()) {
    m_stream.flush();
    if (!m_stream) fail(reason(errno));
    m_stream.close();
    if (m_stream.fail()) fail(reason(errno));
  }
  if (m_inPlace) {
    m_done = true;
    return;
  }
  // A program writing by name (gnuplot) may have replaced the file: whatever is there now.
  if (const int error = syncFile(m_temporary); error != 0) fail(reason(error));
  struct stat previous {};
  if (::stat(m_path.c_str(), &previous) == 0 && S_ISREG(previous.st_mode))
    ::chmod(m_temporary.c_str(), previous.st_mode & 07777);  // best effort: keep its mode
  if (::rename(m_temporary.c_str(), m_path.c_str()) != 0) fail(reason(errno));
  m_done = true;
}

}  // namespace mlcp
