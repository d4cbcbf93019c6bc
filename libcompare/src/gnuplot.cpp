#include "gnuplot.hpp"

#include <mlcp/io/atomic_file.hpp>

#include <fmt/format.h>

#include <csignal>
#include <cstdio>
#include <stdexcept>
#include <sys/wait.h>

namespace mlcp::compare {

std::string gnuplotString(std::string_view text) {
  std::string out = "'";
  for (const char c : text) {
    if (c == '\'') out += '\'';
    if (c != '\n' && c != '\r') out += c;
  }
  return out + "'";
}

void runGnuplot(const std::function<std::string(const std::filesystem::path& file)>& scriptFor,
                const std::filesystem::path& output) {
  AtomicFile file(output);
  const std::filesystem::path& drawn = file.temporaryPath();
  const std::string script = scriptFor(drawn);
  // A gnuplot that exits early must not kill us with SIGPIPE: its status says what went wrong.
  void (*previous)(int) = std::signal(SIGPIPE, SIG_IGN);
  FILE* pipe = popen("gnuplot", "w");
  if (pipe == nullptr) {
    std::signal(SIGPIPE, previous);
    throw std::runtime_error("cannot start gnuplot");
  }
  const size_t written = std::fwrite(script.data(), 1, script.size(), pipe);
  const int status = pclose(pipe);
  std::signal(SIGPIPE, previous);
  if (written != script.size() || status == -1 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
      throw std::runtime_error("gnuplot was not found (install gnuplot-nox) to draw the plot");
    throw std::runtime_error(fmt::format("gnuplot failed drawing {}", output.string()));
  }
  std::error_code error;
  if (std::filesystem::file_size(drawn, error) == 0 || error)
    throw std::runtime_error(fmt::format("gnuplot did not write {}", output.string()));
  file.commit();
}

}  // namespace mlcp::compare
