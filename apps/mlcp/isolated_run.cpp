#include "isolated_run.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <limits>
#include <poll.h>
#include <stdexcept>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace mlcp::app {

namespace {

template <class T>
void put(std::string& out, const T& value) {
  out.append(reinterpret_cast<const char*>(&value), sizeof(T));
}

void putText(std::string& out, const std::string& text) {
  put(out, text.size());
  out += text;
}

/// Reads the fields back in the order put() wrote them; false once the bytes run out.
struct Reader {
  std::string_view bytes;
  bool ok = true;

  template <class T>
  void get(T& value) {
    if (bytes.size() < sizeof(T)) {
      ok = false;
      return;
    }
    std::memcpy(&value, bytes.data(), sizeof(T));
    bytes.remove_prefix(sizeof(T));
  }
  void getText(std::string& text) {
    size_t size = 0;
    get(size);
    if (!ok || bytes.size() < size) {
      ok = false;
      return;
    }
    text.assign(bytes.substr(0, size));
    bytes.remove_prefix(size);
  }
};

/// In the child: the record through `fd`, then _exit (no atexit handlers, no parent buffers).
[[noreturn]] void childRun(const std::function<RunRecord()>& run, int fd, pid_t parent) {
  // The child ends with the parent (a SIGKILL'd `mlcp compare` leaves no solve running).
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != parent) _exit(1);
  // Ctrl-C ends the child; a crash ends it too, whatever handler the parent has (a test
  // framework's would go on running the parent's code in the child).
  for (const int number : {SIGINT, SIGTERM, SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT})
    std::signal(number, SIG_DFL);
  dup2(STDERR_FILENO, STDOUT_FILENO);
  int code = 0;
  try {
    const std::string bytes = encodeRecord(run());
    for (size_t sent = 0; sent < bytes.size();) {
      const ssize_t n = write(fd, bytes.data() + sent, bytes.size() - sent);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      sent += static_cast<size_t>(n);
    }
  } catch (...) {
    code = 3;
  }
  std::fflush(stderr);
  _exit(code);
}

/// Reads `fd` until end of file or `deadline`; false when the deadline came first.
bool readUntil(int fd, std::chrono::steady_clock::time_point deadline, std::string& bytes) {
  char buffer[4096];
  for (;;) {
    const auto now = std::chrono::steady_clock::now();
    if (now >= deadline) return false;
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - now);
    pollfd wait{fd, POLLIN, 0};
    const int ready = poll(&wait, 1, static_cast<int>(std::min<long long>(left.count(), 1000)));
    if (ready < 0 && errno != EINTR) return true;
    if (ready <= 0) continue;
    const ssize_t n = read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return true;
    bytes.append(buffer, static_cast<size_t>(n));
  }
}

}  // namespace

std::string encodeRecord(const RunRecord& r) {
  std::string out;
  for (const std::string* text :
       {&r.problem, &r.solver, &r.message, &r.notApplicable, &r.approximation})
    putText(out, *text);
  for (const int value : {r.n, r.nub, r.frictionRows, static_cast<int>(r.status), r.iterations,
                          r.pivots, r.repeats, r.winner ? 1 : 0})
    put(out, value);
  for (const double value : {r.timeMicroseconds, r.residualAbsolute, r.residualRelative,
                             r.residualScaled, r.maxBoundViolation, r.maxComplementarityViolation})
    put(out, value);
  return out;
}

bool decodeRecord(std::string_view bytes, RunRecord& r) {
  Reader in{bytes};
  for (std::string* text : {&r.problem, &r.solver, &r.message, &r.notApplicable, &r.approximation})
    in.getText(*text);
  int status = 0;
  int winner = 0;
  for (int* value :
       {&r.n, &r.nub, &r.frictionRows, &status, &r.iterations, &r.pivots, &r.repeats, &winner})
    in.get(*value);
  for (double* value : {&r.timeMicroseconds, &r.residualAbsolute, &r.residualRelative,
                        &r.residualScaled, &r.maxBoundViolation, &r.maxComplementarityViolation})
    in.get(*value);
  r.status = static_cast<Status>(status);
  r.winner = winner != 0;
  return in.ok && in.bytes.empty();
}

RunRecord runIsolated(const std::function<RunRecord()>& run,
                      double seconds,
                      const RunRecord& ended) {
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0)
    throw std::runtime_error(fmt::format("cannot make a pipe: {}", std::strerror(errno)));
  const auto start = std::chrono::steady_clock::now();
  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    throw std::runtime_error(fmt::format("cannot start a process: {}", std::strerror(errno)));
  }
  if (pid == 0) {
    close(fds[0]);
    childRun(run, fds[1], parent);
  }
  close(fds[1]);
  std::string bytes;
  const auto deadline = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                    std::chrono::duration<double>(seconds));
  const bool finished = readUntil(fds[0], deadline, bytes);
  close(fds[0]);
  if (!finished) kill(pid, SIGKILL);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  RunRecord record;
  if (finished && decodeRecord(bytes, record)) return record;
  record = ended;
  if (finished) {
    record.status = Status::NumericalFailure;
    record.timeMicroseconds = std::numeric_limits<double>::quiet_NaN();
    record.message = WIFSIGNALED(status)
                         ? fmt::format("the solve ended its process with signal {} ({})",
                                       WTERMSIG(status), strsignal(WTERMSIG(status)))
                         : fmt::format("the solve's process gave no record (exit status {})",
                                       WIFEXITED(status) ? WEXITSTATUS(status) : -1);
  }
  return record;
}

}  // namespace mlcp::app
