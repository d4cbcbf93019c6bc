#include <mlcp/compare/isolated_run.hpp>

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
#include <vector>

namespace mlcp::compare {

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

/// Writes all of `bytes` to `fd`; false when the pipe broke.
bool writeAll(int fd, const std::string& bytes) {
  for (size_t sent = 0; sent < bytes.size();) {
    const ssize_t n = write(fd, bytes.data() + sent, bytes.size() - sent);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    sent += static_cast<size_t>(n);
  }
  return true;
}

/// In the child: tasks[first..] one after another, each record through `fd` as its length and
/// its bytes; then _exit (no atexit handlers, no parent buffers).
[[noreturn]] void childRun(const std::vector<std::function<RunRecord()>>& tasks,
                           size_t first,
                           int fd,
                           pid_t parent) {
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
    for (size_t k = first; k < tasks.size(); ++k) {
      const std::string bytes = encodeRecord(tasks[k]());
      std::string frame;
      put(frame, bytes.size());
      if (!writeAll(fd, frame + bytes)) break;
    }
  } catch (...) {
    code = 3;
  }
  std::fflush(stderr);
  _exit(code);
}

/// How reading one record from the child ended.
enum class Frame { Complete, Late, Closed };

/// Reads from `fd` into `buffer` until it holds a whole frame (its length, then that many
/// bytes), which goes to `record` (Complete); Late when `deadline` came first, Closed at the
/// end of the pipe (the child died).
Frame readFrame(int fd,
                std::chrono::steady_clock::time_point deadline,
                std::string& buffer,
                std::string& record) {
  char chunk[4096];
  for (;;) {
    if (buffer.size() >= sizeof(size_t)) {
      size_t size = 0;
      std::memcpy(&size, buffer.data(), sizeof size);
      if (buffer.size() >= sizeof size + size) {
        record = buffer.substr(sizeof size, size);
        buffer.erase(0, sizeof size + size);
        return Frame::Complete;
      }
    }
    const auto now = std::chrono::steady_clock::now();
    if (now >= deadline) return Frame::Late;
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - now);
    pollfd wait{fd, POLLIN, 0};
    const int ready = poll(&wait, 1, static_cast<int>(std::min<long long>(left.count(), 1000)));
    if (ready < 0 && errno != EINTR) return Frame::Closed;
    if (ready <= 0) continue;
    const ssize_t n = read(fd, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return Frame::Closed;
    buffer.append(chunk, static_cast<size_t>(n));
  }
}

/// The record of a task whose process died (a crash in the library), from `ended`.
RunRecord crashed(const RunRecord& ended, int status) {
  RunRecord record = ended;
  record.status = Status::NumericalFailure;
  record.timeMicroseconds = std::numeric_limits<double>::quiet_NaN();
  record.message = WIFSIGNALED(status)
                       ? fmt::format("the solve ended its process with signal {} ({})",
                                     WTERMSIG(status), strsignal(WTERMSIG(status)))
                       : fmt::format("the solve's process gave no record (exit status {})",
                                     WIFEXITED(status) ? WEXITSTATUS(status) : -1);
  return record;
}

/// A child process running tasks[first..]; its pid and the reading end of its pipe.
struct Child {
  pid_t pid = -1;
  int fd = -1;
};

Child startChild(const std::vector<std::function<RunRecord()>>& tasks, size_t first) {
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0)
    throw std::runtime_error(fmt::format("cannot make a pipe: {}", std::strerror(errno)));
  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    throw std::runtime_error(fmt::format("cannot start a process: {}", std::strerror(errno)));
  }
  if (pid == 0) {
    close(fds[0]);
    childRun(tasks, first, fds[1], parent);
  }
  close(fds[1]);
  return {pid, fds[0]};
}

/// Ends `child` (kill when asked) and returns its wait status.
int endChild(Child& child, bool kill) {
  close(child.fd);
  if (kill) ::kill(child.pid, SIGKILL);
  int status = 0;
  while (waitpid(child.pid, &status, 0) < 0 && errno == EINTR) {
  }
  child = Child();
  return status;
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

std::vector<RunRecord> runIsolated(const std::vector<std::function<RunRecord()>>& tasks,
                                   const std::vector<double>& seconds,
                                   const std::vector<RunRecord>& ended,
                                   const std::function<bool()>& stop) {
  std::vector<RunRecord> records = ended;
  size_t next = 0;
  while (next < tasks.size() && !(stop && stop())) {
    Child child = startChild(tasks, next);
    std::string buffer;
    std::string bytes;
    for (; next < tasks.size(); ++next) {
      const auto deadline = std::chrono::steady_clock::now() +
                            std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                std::chrono::duration<double>(seconds[next]));
      const Frame frame = readFrame(child.fd, deadline, buffer, bytes);
      if (frame == Frame::Complete && decodeRecord(bytes, records[next])) continue;
      // Late: the record stays `ended`; Closed (or garbled): the process died on this task.
      const int status = endChild(child, frame != Frame::Closed);
      if (frame != Frame::Late) records[next] = crashed(ended[next], status);
      ++next;
      break;
    }
    if (child.pid > 0) endChild(child, false);
  }
  return records;
}

RunRecord runIsolated(const std::function<RunRecord()>& run,
                      double seconds,
                      const RunRecord& ended) {
  return runIsolated({run}, {seconds}, {ended}, nullptr).front();
}

}  // namespace mlcp::compare
