// Crash-safe output (mlcp::AtomicFile, used by every writer): a reader of the path finds the old
// file or the whole new one, never a part, even when the writer is killed mid-way.

#include <mlcp/io/atomic_file.hpp>
#include <mlcp/io/blcp_io.hpp>
#include <mlcp/io/siconos_io.hpp>

#include <boost/test/unit_test.hpp>
#include <fmt/format.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <limits>
#include <stdexcept>
#include <string>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace fs = std::filesystem;

namespace {

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

/// A scratch folder, removed at the end.
struct Folder {
  fs::path dir = fs::temp_directory_path() / fmt::format("mlcp_atomic_file_test_{}", getpid());
  Folder() {
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  ~Folder() { fs::remove_all(dir); }
  /// The temporary files AtomicFile left in the folder (".NAME.tmp-...").
  std::vector<fs::path> leftovers() const {
    std::vector<fs::path> found;
    for (const fs::directory_entry& e : fs::directory_iterator(dir))
      if (e.path().filename().string().find(".tmp-") != std::string::npos)
        found.push_back(e.path());
    return found;
  }
};

/// A problem whose BLCP file is large (n = 1200 dense: about 30 MB), so a writer can be caught
/// mid-way. Its values need not make a solvable problem: only the writer sees it.
mlcp::Problem largeProblem() {
  const int n = 1200;
  mlcp::Problem p;
  p.A = Eigen::MatrixXd::Random(n, n);
  p.b = Eigen::VectorXd::Random(n);
  p.lo = Eigen::VectorXd::Zero(n);
  p.hi = Eigen::VectorXd::Constant(n, std::numeric_limits<double>::infinity());
  p.findex = Eigen::VectorXi::Constant(n, -1);
  return p;
}

/// Forks a child that writes `problem` to `target` with writeBlcp, waits until its temporary file
/// holds more than 1 MB, kills it with SIGKILL and reaps it. Returns the size the temporary file
/// had when the child was killed (0 if the child finished first).
std::uintmax_t killWriterMidWay(const mlcp::Problem& problem,
                                const fs::path& target,
                                const Folder& folder) {
  const pid_t child = fork();
  BOOST_REQUIRE(child >= 0);
  if (child == 0) {
    try {
      mlcp::writeBlcp(problem, target);
    } catch (...) {
      _exit(2);
    }
    _exit(0);
  }
  std::uintmax_t seen = 0;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (seen <= (1u << 20) && std::chrono::steady_clock::now() < deadline) {
    int status = 0;
    if (waitpid(child, &status, WNOHANG) == child) return 0;  // finished before we caught it
    for (const fs::path& p : folder.leftovers()) {
      std::error_code error;
      const std::uintmax_t size = fs::file_size(p, error);
      if (!error) seen = size;
    }
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
  kill(child, SIGKILL);
  int status = 0;
  waitpid(child, &status, 0);
  BOOST_TEST(WIFSIGNALED(status));
  return seen;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(AtomicFile)

BOOST_AUTO_TEST_CASE(a_writer_killed_mid_way_leaves_the_old_file_or_none) {
  const Folder folder;
  const mlcp::Problem problem = largeProblem();
  const std::uintmax_t whole = [&] {
    const fs::path reference = folder.dir / "reference.blcp";
    mlcp::writeBlcp(problem, reference);
    const std::uintmax_t size = fs::file_size(reference);
    fs::remove(reference);
    return size;
  }();

  // No file before: none after.
  const fs::path fresh = folder.dir / "fresh.blcp";
  const std::uintmax_t caught = killWriterMidWay(problem, fresh, folder);
  BOOST_TEST_MESSAGE("killed with " << caught << " of " << whole << " bytes written");
  BOOST_TEST(caught > 0u);  // the kill came mid-way (else the child had finished)
  BOOST_TEST(caught < whole);
  BOOST_TEST(!fs::exists(fresh));
  // The part it wrote is hidden and is not a .blcp file a folder scan would pick up.
  const std::vector<fs::path> parts = folder.leftovers();
  BOOST_REQUIRE(parts.size() == 1u);
  BOOST_TEST(parts.front().filename().string().front() == '.');
  BOOST_TEST(parts.front().extension() != ".blcp");
  fs::remove(parts.front());

  // An old file before: the same old file after, readable as it was.
  const fs::path old = folder.dir / "old.blcp";
  const std::string oldText =
      "blcp 1\nn 1 nub 0\nA dense 2\nb -1\nlo 0\nhi inf\nfindex -1\nname the old file\n";
  std::ofstream(old, std::ios::binary) << oldText;
  BOOST_TEST(killWriterMidWay(problem, old, folder) > 0u);
  BOOST_TEST(slurp(old) == oldText);
  BOOST_TEST(mlcp::readBlcp(old).name == "the old file");
  for (const fs::path& p : folder.leftovers()) fs::remove(p);

  // Left to finish, the writer replaces it whole.
  mlcp::writeBlcp(problem, old);
  BOOST_TEST(fs::file_size(old) == whole);
  BOOST_TEST(folder.leftovers().empty());
}

BOOST_AUTO_TEST_CASE(an_exception_while_writing_leaves_the_path_unchanged) {
  const Folder folder;
  const fs::path path = folder.dir / "table.csv";
  std::ofstream(path) << "old\n";
  BOOST_CHECK_THROW(mlcp::writeFileAtomically(path,
                                              [](std::ostream& out) {
                                                out << "half of the new";
                                                throw std::runtime_error("interrupted");
                                              }),
                    std::runtime_error);
  BOOST_TEST(slurp(path) == "old\n");
  BOOST_TEST(folder.leftovers().empty());
  // A problem the Siconos writer cannot hold (a friction row) leaves no empty file behind.
  mlcp::Problem friction;
  friction.A = Eigen::MatrixXd::Identity(2, 2);
  friction.b = Eigen::VectorXd::Ones(2);
  friction.lo = Eigen::VectorXd::Zero(2);
  friction.hi = Eigen::VectorXd::Constant(2, 0.5);
  friction.findex = Eigen::VectorXi::Constant(2, -1);
  friction.findex[1] = 0;
  BOOST_CHECK_THROW(mlcp::writeSiconos(friction, folder.dir / "friction.dat"),
                    std::invalid_argument);
  BOOST_TEST(!fs::exists(folder.dir / "friction.dat"));
  BOOST_TEST(folder.leftovers().empty());
}

BOOST_AUTO_TEST_CASE(commit_keeps_the_mode_and_follows_links) {
  const Folder folder;
  const fs::path path = folder.dir / "data.txt";
  std::ofstream(path) << "old\n";
  fs::permissions(path, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  mlcp::writeFileAtomically(path, [](std::ostream& out) { out << "new\n"; });
  BOOST_TEST(slurp(path) == "new\n");
  const fs::perms kept = fs::status(path).permissions() & fs::perms::all;
  BOOST_TEST((kept == (fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read)));
  // Through a symbolic link: the file it points to is replaced, the link stays a link.
  const fs::path link = folder.dir / "link.txt";
  fs::create_symlink(path, link);
  mlcp::writeFileAtomically(link, [](std::ostream& out) { out << "via the link\n"; });
  BOOST_TEST(fs::is_symlink(link));
  BOOST_TEST(slurp(path) == "via the link\n");
  // A device cannot be replaced: it is written in place.
  mlcp::writeFileAtomically("/dev/null", [](std::ostream& out) { out << "nothing\n"; });
  BOOST_TEST(fs::is_character_file("/dev/null"));
  BOOST_TEST(folder.leftovers().empty());
}

BOOST_AUTO_TEST_CASE(a_missing_folder_is_an_error_naming_the_path) {
  const fs::path path = fs::temp_directory_path() / "mlcp-no-such-folder" / "x.blcp";
  try {
    mlcp::AtomicFile file(path);
    BOOST_FAIL("no exception");
  } catch (const std::runtime_error& e) {
    BOOST_TEST(std::string(e.what()).find(path.string()) != std::string::npos);
  }
}

BOOST_AUTO_TEST_SUITE_END()
