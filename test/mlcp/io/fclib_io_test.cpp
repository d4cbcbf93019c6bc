#include "test_data.hpp"

#include <mlcp/io/fclib_io.hpp>
#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>

#include <fstream>
#include <span>
#include <string>

namespace utf = boost::unit_test;
namespace fs = std::filesystem;

namespace {

using mlcp::test::SharedData;

fs::path testFile() { return *mlcp::test::sharedDataDir() / "fclib" / "local_problem_test.hdf5"; }

std::string failure(const fs::path& path) {
  try {
    mlcp::readFclib(path);
  } catch (const mlcp::ParseError& e) {
    return e.what();
  }
  return "(accepted)";
}

}  // namespace

BOOST_AUTO_TEST_SUITE(FclibIo)

BOOST_AUTO_TEST_CASE(local_problem, *utf::precondition(SharedData())) {
  // shared/data/fclib/README.md: d = 3, 48 contacts, W 144 x 144 CSR with 4896 entries,
  // symmetric, mu = 0.7 everywhere, a /solution.
  const mlcp::ProblemFile file = mlcp::readFclib(testFile());
  const mlcp::Problem& p = file.problem;
  BOOST_TEST(file.format == mlcp::ProblemFormat::Fclib);
  BOOST_TEST(p.size() == 144);
  BOOST_TEST((p.A.form() == mlcp::MatrixForm::Sparse));  // W is read sparse, never densified
  BOOST_TEST(p.A.nonZeros() == 4896);
  const Eigen::MatrixXd W = p.A.toDense();
  BOOST_TEST((W - W.transpose()).cwiseAbs().maxCoeff() <= 1e-12 * W.cwiseAbs().maxCoeff());
  for (int c = 0; c < 48; ++c) {
    BOOST_TEST(p.findex[3 * c] == -1);
    BOOST_TEST(p.lo[3 * c] == 0.0);
    BOOST_TEST(p.findex[3 * c + 1] == 3 * c);
    BOOST_TEST(p.findex[3 * c + 2] == 3 * c);
    BOOST_TEST(p.hi[3 * c + 1] == 0.7);
  }
  BOOST_TEST(p.x.has_value());
  BOOST_TEST(file.approximation.find("pyramid") != std::string::npos);
  // The stored solution is only a rough one (README: ||W r + q - u|| = 4.9e-3).
  BOOST_TEST(mlcp::computeResiduals(p, *p.x).relative < 1.0);
}

BOOST_AUTO_TEST_CASE(global_problems_are_rejected, *utf::precondition(SharedData())) {
  const std::string what =
      failure(*mlcp::test::sharedDataDir() / "siconos" / "fc" / "Box_Stacks-i0122-82-5.hdf5");
  BOOST_TEST(what.find("global") != std::string::npos);
  BOOST_TEST(what.find("Box_Stacks-i0122-82-5.hdf5:0: ") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(truncated_and_foreign_files_fail_cleanly, *utf::precondition(SharedData())) {
  const fs::path dir = fs::temp_directory_path() / "mlcp_fclib_test";
  fs::create_directories(dir);
  std::ifstream in(testFile(), std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  for (const size_t size : {size_t{0}, size_t{100}, bytes.size() / 2, bytes.size() - 1000}) {
    const fs::path cut = dir / "truncated.hdf5";
    std::ofstream(cut, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(size));
    const std::string what = failure(cut);
    BOOST_TEST_INFO(size << " bytes: " << what);
    BOOST_TEST(what.rfind(cut.string() + ":0: ", 0) == 0);
  }
  const fs::path text = dir / "text.hdf5";
  std::ofstream(text) << "blcp 1\n";
  BOOST_TEST(failure(text).find("not an HDF5 file") != std::string::npos);
  BOOST_TEST(failure(dir / "missing.hdf5").find("cannot open") != std::string::npos);
  fs::remove_all(dir);
}

BOOST_AUTO_TEST_CASE(file_image_reads_as_the_file, *utf::precondition(SharedData())) {
  std::ifstream in(testFile(), std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto image = std::as_bytes(std::span(bytes.data(), bytes.size()));
  const mlcp::ProblemFile fromImage = mlcp::readFclibImage(image, "local.hdf5");
  const mlcp::ProblemFile fromFile = mlcp::readFclib(testFile());
  BOOST_TEST((fromImage.problem.A.toDense() == fromFile.problem.A.toDense()));
  BOOST_TEST((fromImage.problem.b == fromFile.problem.b));
  BOOST_TEST((fromImage.problem.hi == fromFile.problem.hi));
  BOOST_TEST((fromImage.problem.findex == fromFile.problem.findex));
  BOOST_TEST(fromImage.problem.name.rfind("local.hdf5 (FCLIB", 0) == 0);
  // Cut images and foreign bytes fail with the reader's one line, labelled with the name.
  for (const size_t size : {size_t{0}, size_t{8}, bytes.size() / 2, bytes.size() - 1000}) {
    std::string what = "(accepted)";
    try {
      mlcp::readFclibImage(image.first(size), "cut.hdf5");
    } catch (const mlcp::ParseError& e) {
      what = e.what();
    }
    BOOST_TEST_INFO(size << " bytes: " << what);
    BOOST_TEST(what.rfind("cut.hdf5:0: ", 0) == 0);
  }
}

BOOST_AUTO_TEST_SUITE_END()
