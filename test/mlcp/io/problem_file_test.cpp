// readProblemFile(): one read, the format from the content (the extension a hint), FCLIB through
// libmlcp's optional component, and the one table of extensions.
#include "test_data.hpp"

#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>

#include <fstream>
#include <string>

namespace utf = boost::unit_test;
namespace fs = std::filesystem;

namespace {

using mlcp::test::SharedData;

/// A scratch folder removed at the end of the test.
struct Folder {
  fs::path dir = fs::temp_directory_path() / ("mlcp-problem-file-" + std::to_string(::getpid()));
  Folder() { fs::create_directories(dir); }
  ~Folder() { fs::remove_all(dir); }
  fs::path write(const std::string& name, const std::string& bytes) const {
    std::ofstream(dir / name, std::ios::binary) << bytes;
    return dir / name;
  }
};

/// The message of the ParseError readProblemFile(path) throws, or "(accepted)".
std::string failure(const fs::path& path) {
  try {
    mlcp::readProblemFile(path);
  } catch (const mlcp::ParseError& e) {
    return e.what();
  }
  return "(accepted)";
}

const std::string kBlcp =
    "blcp 1\nn 2 nub 0\nA dense\n  4 1\n  1 4\nb 1 2\nlo 0 0\nhi inf inf\nfindex -1 -1\n";
const std::string kHdf5Signature{"\x89HDF\r\n\x1a\n", 8};

}  // namespace

BOOST_AUTO_TEST_SUITE(problem_file)

BOOST_AUTO_TEST_CASE(the_content_decides_the_extension_is_a_hint) {
  using mlcp::ProblemFormat;
  BOOST_TEST(mlcp::detectProblemFormat("x.dat", "  blcp 1\n") == ProblemFormat::Blcp);
  BOOST_TEST(mlcp::detectProblemFormat("x.blcp", kHdf5Signature + "rest") == ProblemFormat::Fclib);
  BOOST_TEST(mlcp::detectProblemFormat("x.txt", kHdf5Signature) == ProblemFormat::Fclib);
  // Undecided content: the extension of one format names it, and its reader says what is wrong.
  BOOST_TEST(mlcp::detectProblemFormat("x.blcp", "n 2\n") == ProblemFormat::Blcp);
  BOOST_TEST(mlcp::detectProblemFormat("x.h5", "text") == ProblemFormat::Fclib);
  // An LCP in Siconos' layout (n, dense M: storage 0, sizes twice, values; q), whatever its name.
  BOOST_TEST(mlcp::detectProblemFormat("x.txt", "2\n0 2 2\n2 2\n2 1\n1 2\n-1 -1\n") ==
             ProblemFormat::SiconosLcp);
  BOOST_CHECK_THROW(mlcp::detectProblemFormat("x.txt", "hello"), mlcp::ParseError);
}

BOOST_AUTO_TEST_CASE(reads_a_blcp_file_under_any_name) {
  const Folder folder;
  const mlcp::ProblemFile file = mlcp::readProblemFile(folder.write("problem.dat", kBlcp));
  BOOST_TEST((file.format == mlcp::ProblemFormat::Blcp));
  BOOST_TEST(file.problem.size() == 2);
  BOOST_TEST(file.problem.b[1] == 2.0);
  BOOST_TEST(file.approximation.empty());
  const std::string bad = failure(folder.write("bad.blcp", "n 2\n"));
  BOOST_TEST(bad.find("bad.blcp:1: ") != std::string::npos, bad);
  BOOST_TEST(failure(folder.dir / "missing.blcp").find("cannot open") != std::string::npos);
  const std::string unknown = failure(folder.write("notes.txt", "hello"));
  BOOST_TEST(unknown.find("unknown problem format") != std::string::npos, unknown);
}

BOOST_AUTO_TEST_CASE(an_hdf5_file_goes_to_the_fclib_component) {
  const Folder folder;
  const std::string what = failure(folder.write("cut.bin", kHdf5Signature + "cut short"));
  BOOST_TEST(what.rfind((folder.dir / "cut.bin").string() + ":0: ", 0) == 0, what);
  // Built with the component, HDF5 finds the file broken; without, the message names it.
  if (mlcp::hasFclib())
    BOOST_TEST(what.find("MLCP_WITH_FCLIB") == std::string::npos, what);
  else
    BOOST_TEST(what.find("MLCP_WITH_FCLIB") != std::string::npos, what);
}

BOOST_AUTO_TEST_CASE(reads_the_fclib_file_as_read_fclib_does, *utf::precondition(SharedData())) {
  const fs::path path = *mlcp::test::sharedDataDir() / "fclib" / "local_problem_test.hdf5";
  if (!mlcp::hasFclib()) {
    BOOST_TEST(failure(path).find("MLCP_WITH_FCLIB") != std::string::npos);
    return;
  }
  const mlcp::ProblemFile automatic = mlcp::readProblemFile(path);
  const mlcp::ProblemFile direct = mlcp::readFclib(path);
  BOOST_TEST((automatic.format == mlcp::ProblemFormat::Fclib));
  BOOST_TEST(automatic.problem.size() > 0);
  BOOST_TEST((automatic.problem.A.toDense() == direct.problem.A.toDense()));
  BOOST_TEST((automatic.problem.b == direct.problem.b));
  BOOST_TEST(automatic.problem.name == direct.problem.name);
  BOOST_TEST(automatic.approximation == direct.approximation);
}

BOOST_AUTO_TEST_CASE(one_table_of_extensions_and_names) {
  using mlcp::ProblemFormat;
  BOOST_TEST((mlcp::problemFormatsOfExtension("a/b.blcp") == std::vector{ProblemFormat::Blcp}));
  BOOST_TEST(mlcp::problemFormatsOfExtension("lcp.dat").size() == 4u);
  BOOST_TEST((mlcp::problemFormatsOfExtension("w.h5") == std::vector{ProblemFormat::Fclib}));
  BOOST_TEST(mlcp::isProblemFileName("w.hdf5"));
  BOOST_TEST(!mlcp::isProblemFileName("notes.txt"));
  BOOST_TEST(!mlcp::isProblemFileName("blcp"));
  std::string names;
  for (const ProblemFormat format : mlcp::kProblemFormats) {
    BOOST_TEST((mlcp::problemFormatFromString(mlcp::toString(format)) == format));
    names += (names.empty() ? "" : ", ") + std::string(mlcp::toString(format));
  }
  BOOST_TEST(names == mlcp::problemFormatNames());
}

BOOST_AUTO_TEST_SUITE_END()
