#include "test_data.hpp"

#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>

#include <cmath>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>

namespace utf = boost::unit_test;
namespace fs = std::filesystem;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

using mlcp::test::SharedData;

fs::path siconos(const std::string& relative) {
  return *mlcp::test::sharedDataDir() / "siconos" / relative;
}

/// The ParseError of parsing `text`, which must fail.
mlcp::ParseError parseFailure(const std::string& text, mlcp::SiconosKind kind) {
  try {
    mlcp::parseSiconos(text, kind, "bad.dat");
  } catch (const mlcp::ParseError& e) {
    return e;
  }
  BOOST_FAIL("the text was accepted: " << text);
  throw std::logic_error("unreachable");
}

void checkFailure(const std::string& text,
                  mlcp::SiconosKind kind,
                  int line,
                  const std::string& phrase) {
  const mlcp::ParseError e = parseFailure(text, kind);
  BOOST_TEST_INFO("error: " << e.what());
  BOOST_TEST(e.line() == line);
  const std::string what = e.what();
  BOOST_TEST(what.rfind("bad.dat:" + std::to_string(line) + ": ", 0) == 0);
  BOOST_TEST(what.find(phrase) != std::string::npos);
  BOOST_TEST(what.find('\n') == std::string::npos);  // one line
}

std::vector<fs::path> datFiles(const std::string& folder) {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(siconos(folder)))
    if (entry.path().extension() == ".dat") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(SiconosIo)

// shared/data/siconos/README.md, "Worked examples": each printed line of the dense storage is a
// column of M; the SBM version with 2 x 2 blocks is the same problem.
BOOST_AUTO_TEST_CASE(lcp_ortiz_dense_equals_block_version, *utf::precondition(SharedData())) {
  const mlcp::Problem dense =
      mlcp::readSiconos(siconos("lcp/lcp_ortiz.dat"), mlcp::SiconosKind::Lcp);
  const mlcp::Problem block =
      mlcp::readSiconos(siconos("lcp/lcp_ortiz_block.dat"), mlcp::SiconosKind::Lcp);
  Eigen::Matrix4d M;
  M << 3, 1, 0, -1, -1, 2, 1, 1, 0, 1, 3, -1, 0, 0, 1, 2;
  BOOST_TEST((dense.A.toDense() == Eigen::MatrixXd(M)));
  BOOST_TEST((block.A.toDense() == dense.A.toDense()));
  BOOST_TEST((dense.b == Eigen::Vector4d(2, -1, 1, -1)));  // b = -q, q = (-2, 1, -1, 1)
  BOOST_TEST((block.b == dense.b));
  BOOST_TEST(dense.nub == 0);
  BOOST_TEST((dense.lo.array() == 0.0).all());
  BOOST_TEST((dense.hi.array() == kInf).all());
  BOOST_TEST((dense.findex.array() == -1).all());
  for (const char* name : {"deudeu", "trivial"}) {
    const auto a =
        mlcp::readSiconos(siconos(fmt::format("lcp/lcp_{}.dat", name)), mlcp::SiconosKind::Lcp);
    const auto b = mlcp::readSiconos(siconos(fmt::format("lcp/lcp_{}_block.dat", name)),
                                     mlcp::SiconosKind::Lcp);
    BOOST_TEST_INFO(name);
    BOOST_TEST((a.A.toDense() == b.A.toDense()));
    BOOST_TEST((a.b == b.b));
  }
}

BOOST_AUTO_TEST_CASE(rcd_mlcp_worked_example, *utf::precondition(SharedData())) {
  const mlcp::Problem p = mlcp::readSiconos(siconos("mlcp/RCD_mlcp.dat"), mlcp::SiconosKind::Mlcp);
  // 0.1 u0 - 0.1 u1 - v = 0, -1.505 u0 + 0.5 u1 + 0.495 = 0, 0 <= v _|_ -u1 >= 0.
  Eigen::Matrix3d M;
  M << 0.1, -0.1, -1, -1.505, 0.5, 0, 0, -1, 0;
  BOOST_TEST(p.size() == 3);
  BOOST_TEST(p.nub == 2);
  BOOST_TEST((p.A.toDense() - M).cwiseAbs().maxCoeff() == 0.0);
  BOOST_TEST((p.b == Eigen::Vector3d(0, -0.495, 0)));
  BOOST_TEST((p.lo[0] == -kInf));
  BOOST_TEST((p.lo[1] == -kInf));
  BOOST_TEST((p.lo[2] == 0.0));
  BOOST_TEST((p.hi.array() == kInf).all());
}

BOOST_AUTO_TEST_CASE(friction_contact_worked_example, *utf::precondition(SharedData())) {
  std::string approximation;
  const mlcp::Problem p = mlcp::readSiconos(siconos("fc/FrictionContact3D_1c.dat"),
                                            mlcp::SiconosKind::FrictionContact, &approximation);
  Eigen::Matrix3d W;
  W << 15, -1, -2, -1, 14, 1, -2, 1, 16;
  BOOST_TEST((p.A.toDense() == Eigen::MatrixXd(W)));
  BOOST_TEST((p.b == Eigen::Vector3d(1, -2, -3)));
  BOOST_TEST((p.findex == Eigen::Vector3i(-1, 0, 0)));
  BOOST_TEST((p.lo == Eigen::Vector3d(0, -0.1, -0.1)));
  BOOST_TEST((p.hi == Eigen::Vector3d(kInf, 0.1, 0.1)));
  BOOST_TEST(approximation.find("pyramid") != std::string::npos);
  BOOST_TEST(p.name.find("pyramid") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(two_dimensional_contact_is_exact) {
  // d = 2, nc = 2, W dense 4 x 4 = 2 I, q, mu: no approximation in 2-D.
  const std::string text =
      "2 2\n0 4 4 4 4\n2 0 0 0  0 2 0 0  0 0 2 0  0 0 0 2\n-1 0.5 -2 0\n0.3 0.6\n";
  std::string approximation = "stale";
  const mlcp::Problem p =
      mlcp::parseSiconos(text, mlcp::SiconosKind::FrictionContact, "fc2d.dat", &approximation);
  BOOST_TEST(approximation.empty());
  BOOST_TEST((p.findex == Eigen::Vector4i(-1, 0, -1, 2)));
  BOOST_TEST((p.hi[3] == 0.6));
  BOOST_TEST((p.lo[1] == -0.3));
}

BOOST_AUTO_TEST_CASE(every_lcp_mlcp_relay_file_reads, *utf::precondition(SharedData())) {
  int files = 0;
  using F = mlcp::ProblemFormat;
  for (const auto& [folder, kind, format] :
       {std::tuple{"lcp", mlcp::SiconosKind::Lcp, F::SiconosLcp},
        std::tuple{"mlcp", mlcp::SiconosKind::Mlcp, F::SiconosMlcp},
        std::tuple{"relay", mlcp::SiconosKind::Relay, F::SiconosRelay}}) {
    for (const fs::path& file : datFiles(folder)) {
      BOOST_TEST_CONTEXT(file.filename().string()) {
        if (file.filename() == "Rectangular_mlcp.dat") {
          // Malformed upstream (n = m = 1 but M is 3 x 2): a clear error at the matrix size.
          try {
            mlcp::readSiconos(file, kind);
            BOOST_FAIL("Rectangular_mlcp.dat was accepted");
          } catch (const mlcp::ParseError& e) {
            BOOST_TEST(e.line() == 9);
            BOOST_TEST(std::string(e.what()).find("M is 3 x 2") != std::string::npos);
          }
          continue;
        }
        const mlcp::Problem p = mlcp::readSiconos(file, kind);
        BOOST_TEST(p.size() > 0);
        BOOST_TEST((p.A.rows() == p.size()));
        BOOST_TEST(p.A.check().empty());
        BOOST_TEST(p.b.allFinite());
        // Automatic detection agrees with the folder.
        BOOST_TEST(mlcp::detectProblemFormat(file) == format);
        ++files;
      }
    }
  }
  BOOST_TEST(files == 20 + 17 + 7);
}

BOOST_AUTO_TEST_CASE(local_fc_files_read_global_ones_are_rejected,
                     *utf::precondition(SharedData())) {
  int local = 0;
  int global = 0;
  for (const fs::path& file : datFiles("fc")) {
    if (fs::file_size(file) > 1'000'000) continue;  // the 4 MB ones are slow, not different
    const std::string name = file.filename().string();
    const bool isGlobal =
        (name.rfind("GFC3D_", 0) == 0 && name.find("condensed") == std::string::npos) ||
        name.rfind("gfc2d_", 0) == 0;
    BOOST_TEST_CONTEXT(name) {
      try {
        const mlcp::Problem p = mlcp::readSiconos(file, mlcp::SiconosKind::FrictionContact);
        BOOST_TEST(!isGlobal);
        BOOST_TEST(p.frictionRows() > 0);
        ++local;
      } catch (const mlcp::ParseError& e) {
        BOOST_TEST(isGlobal);
        BOOST_TEST(std::string(e.what()).find("global") != std::string::npos);
        ++global;
      }
    }
  }
  BOOST_TEST(local == 43);
  BOOST_TEST(global == 10);
}

BOOST_AUTO_TEST_CASE(trailing_text_is_ignored) {
  const std::string text = "2\n0\n2\n2\n2 2\n1 0 0 1\n-1 -1\nRemark 4.1.14 CPS 2009\n1 2 3\n";
  const mlcp::Problem p = mlcp::parseSiconos(text, mlcp::SiconosKind::Lcp);
  BOOST_TEST((p.b == Eigen::Vector2d(1, 1)));
}

BOOST_AUTO_TEST_CASE(csparse_storages) {
  // The same 3 x 3 matrix [[4, 0, 1], [0, 5, 0], [2, 0, 6]] as CSC, triplet and CSR.
  const std::string csc =
      "3\n2\n3\n3\n2\nCSparse Version 3.1.9, May 4, 2016.  Copyright (c) Timothy A. Davis\n"
      "3-by-3, nzmax: 5 nnz: 5, 1-norm: 7\n"
      "    col 0 : locations 0 to 1\n      0 : 4\n      2 : 2\n"
      "    col 1 : locations 2 to 2\n      1 : 5\n"
      "    col 2 : locations 3 to 4\n      0 : 1\n      2 : 6\n"
      "-1 -2 -3\n";
  const std::string triplet =
      "3\n2\n3\n3\n1\nCSparse Version 3.1.9\ntriplet: 3-by-3, nzmax: 5 nnz: 5\n"
      "    0 0 : 4\n    2 0 : 2\n    1 1 : 5\n    0 2 : 1\n    2 2 : 6\n-1 -2 -3\n";
  const std::string csr =
      "3\n2\n3\n3\n3\nCSparse Version 3.1.9\ncsr: 3-by-3, nzmax: 5 nnz: 5, 1-norm: 7\n"
      "    row 0 : locations 0 to 1\n      0 : 4\n      2 : 1\n"
      "    row 1 : locations 2 to 2\n      1 : 5\n"
      "    row 2 : locations 3 to 4\n      0 : 2\n      2 : 6\n"
      "-1 -2 -3\n";
  Eigen::Matrix3d expected;
  expected << 4, 0, 1, 0, 5, 0, 2, 0, 6;
  for (const std::string* text : {&csc, &triplet, &csr}) {
    const mlcp::Problem p = mlcp::parseSiconos(*text, mlcp::SiconosKind::Lcp);
    BOOST_TEST((p.A.toDense() == Eigen::MatrixXd(expected)));
    BOOST_TEST((p.b == Eigen::Vector3d(1, 2, 3)));
  }
}

BOOST_AUTO_TEST_CASE(mlcp_block_storage_only) {
  // isStorageType1 = 0: M = [A C; D B], q = [a; b] from row-major blocks.
  const std::string text = "0 1 1 1\n2\n3\n-1\n1\n0.5\n-4\n";
  const mlcp::Problem p = mlcp::parseSiconos(text, mlcp::SiconosKind::Mlcp);
  Eigen::Matrix2d M;
  M << 2, -1, 1, 3;
  BOOST_TEST((p.A.toDense() == Eigen::MatrixXd(M)));
  BOOST_TEST((p.b == Eigen::Vector2d(-0.5, 4)));
  BOOST_TEST(p.nub == 1);
}

BOOST_AUTO_TEST_CASE(malformed_files_name_file_and_line) {
  using K = mlcp::SiconosKind;
  // Truncated: q is cut short.
  checkFailure("2\n0\n2\n2\n2 2\n1 0 0 1\n-1\n", K::Lcp, 7, "unexpected end of file");
  // Wrong counts: n says 3, the matrix is 2 x 2.
  checkFailure("3\n0\n2\n2\n2 2\n1 0 0 1\n-1 -1 -1\n", K::Lcp, 4, "M is 2 x 2 but n = 3");
  // The repeated sizes of a dense block disagree.
  checkFailure("2\n0\n2\n2\n2 3\n1 0 0 1\n-1 -1\n", K::Lcp, 5, "dense block says 2 x 3");
  // NaN and Inf in the data.
  checkFailure("2\n0\n2\n2\n2 2\n1 nan 0 1\n-1 -1\n", K::Lcp, 6, "M(1, 0) is NaN");
  checkFailure("2\n0\n2\n2\n2 2\n1 0 0 1\n-1 inf\n", K::Lcp, 7, "q[1] is infinite");
  checkFailure("2\n0\n2\n2\n2 2\n1 0 0 1\n-1 x\n", K::Lcp, 7, "bad token 'x' for q[1]");
  // A large dense matrix in a short file is refused before it is allocated.
  checkFailure("20000\n0\n20000\n20000\n20000 20000\n1 2 3\n", K::Lcp, 5,
               "M is declared 20000 x 20000 dense but the file ends after");
  // Storage type out of range.
  checkFailure("2\n7\n2\n2\n", K::Lcp, 2, "storage type of M");
  // SBM: a block number out of sequence.
  checkFailure("2\n1\n2\n2\n1\n1 1\n2\n2\n2\n1\n0 1\n0\n5\n1 0 0 1\n-1 -1\n", K::Lcp, 13,
               "block number 5 found where block 0 was expected");
  // CSparse: an entry outside the matrix.
  checkFailure("2\n2\n2\n2\n1\nCSparse\ntriplet: 2-by-2, nzmax: 1 nnz: 1\n 0 5 : 1\n-1 -1\n",
               K::Lcp, 8, "outside the 2 x 2 matrix");
  // Relay: lb > ub.
  checkFailure("1\n0\n1\n1\n1 1\n1\n-1\n2\n1\n", K::Relay, 9, "lb[0] = 2 > ub[0] = 1");
  // MLCP: an equality block after a complementarity block; the two storages disagree.
  checkFailure("1 0 1 1\n0 1 2\n1 0\n", K::Mlcp, 3, "follows a complementarity block");
  checkFailure("1 1 1 1\n0 1 2\n0 1\n0 2 2 2 2\n1 2 3 4\n5 6\n1\n9\n3\n2\n5\n6\n", K::Mlcp, 12,
               "disagrees with M at (1, 1)");
  // FC: mu negative; a global problem (second matrix) is rejected.
  checkFailure("2 1\n0 2 2 2 2\n1 0 0 1\n-1 0\n-0.5\n", K::FrictionContact, 5, "mu[0] = -0.5");
  checkFailure(
      "3 1\n0 3 3 3 3\n1 0 0 0 1 0 0 0 1\n0 3 3 3 3\n1 0 0 0 1 0 0 0 1\n1 2 3\n1 2 3\n0.1\n",
      K::FrictionContact, 4, "global (GFC) problem");
}

BOOST_AUTO_TEST_CASE(every_truncation_is_a_parse_error_or_a_problem,
                     *utf::precondition(SharedData())) {
  // Cut a dense, an SBM and an MLCP file at every byte: the reader either has what it needs
  // (the rest is ignored trailing text) or names the line; nothing else may escape.
  for (const auto& [file, kind] : {std::pair{"lcp/lcp_ortiz_block.dat", mlcp::SiconosKind::Lcp},
                                   std::pair{"mlcp/RCD_mlcp.dat", mlcp::SiconosKind::Mlcp},
                                   std::pair{"relay/step_4x4.dat", mlcp::SiconosKind::Relay}}) {
    std::ifstream in(siconos(file), std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const mlcp::Problem whole = mlcp::parseSiconos(text, kind);
    int errors = 0;
    for (size_t cut = 0; cut < text.size(); ++cut) {
      try {
        const mlcp::Problem p = mlcp::parseSiconos(text.substr(0, cut), kind);
        BOOST_TEST(p.size() == whole.size());  // only a cut inside the ignored tail parses
      } catch (const mlcp::ParseError& e) {
        BOOST_TEST(e.line() >= 1);
        ++errors;
      }
    }
    BOOST_TEST_INFO(file);
    BOOST_TEST(errors > 0);
  }
}

BOOST_AUTO_TEST_CASE(guess_kind_from_content) {
  const fs::path nowhere = "somewhere/problem.dat";
  const std::string lcp = "2\n0\n2\n2\n2 2\n1 0 0 1\n-1 -1\n";
  const std::string relay = lcp + "-1 -1\n1 1\n";
  const std::string mlcp = "1 0 1 1\n0 1 2\n0 1\n0 2 2 2 2\n1 0 0 1\n1 1\n";
  const std::string fc = "3 1 0 3 3 3 3 15 -1 -2 -1 14 1 -2 1 16 -1 2 3 0.1";
  BOOST_TEST((mlcp::guessSiconosKind(nowhere, lcp) == mlcp::SiconosKind::Lcp));
  BOOST_TEST((mlcp::guessSiconosKind(nowhere, relay) == mlcp::SiconosKind::Relay));
  BOOST_TEST((mlcp::guessSiconosKind(nowhere, mlcp) == mlcp::SiconosKind::Mlcp));
  BOOST_TEST((mlcp::guessSiconosKind(nowhere, fc) == mlcp::SiconosKind::FrictionContact));
  BOOST_TEST(!mlcp::guessSiconosKind(nowhere, "hello world").has_value());
  // The folder name wins over the content.
  BOOST_TEST((mlcp::guessSiconosKind("data/relay/x.dat", lcp) == mlcp::SiconosKind::Relay));
  BOOST_TEST((mlcp::guessSiconosKind("x_mlcp.dat", lcp) == mlcp::SiconosKind::Mlcp));
}

BOOST_AUTO_TEST_CASE(write_and_read_back) {
  mlcp::RandomProblemOptions options;
  options.n = 9;
  options.nub = 3;
  options.contacts = 0;
  mlcp::Problem relay = mlcp::randomProblem(options);
  for (int i = 6; i < 9; ++i) relay.hi[i] = kInf;  // mixed: boxes and one-sided rows
  mlcp::Problem mlcpProblem = relay;
  mlcpProblem.lo.tail(6).setZero();
  mlcpProblem.hi.tail(6).setConstant(kInf);
  mlcp::Problem lcp = mlcpProblem;
  lcp.nub = 0;
  lcp.lo.setZero();
  for (const auto& [problem, kind] : {std::pair{&relay, mlcp::SiconosKind::Relay},
                                      std::pair{&mlcpProblem, mlcp::SiconosKind::Mlcp},
                                      std::pair{&lcp, mlcp::SiconosKind::Lcp}}) {
    std::ostringstream out;
    BOOST_TEST(mlcp::writeSiconos(*problem, out) == kind);
    const mlcp::Problem back = mlcp::parseSiconos(out.str(), kind, "round-trip.dat");
    BOOST_TEST_INFO(mlcp::toString(kind));
    BOOST_TEST((back.A.toDense() == problem->A.toDense()));
    BOOST_TEST((back.b == problem->b));
    BOOST_TEST((back.lo == problem->lo));
    BOOST_TEST((back.hi == problem->hi));
    BOOST_TEST((back.nub == problem->nub));
    BOOST_TEST((mlcp::guessSiconosKind("round-trip.dat", out.str()) == kind));
  }
  mlcp::Problem friction = mlcp::randomProblem({});
  std::ostringstream out;
  BOOST_CHECK_THROW(mlcp::writeSiconos(friction, out), std::invalid_argument);
}

BOOST_AUTO_TEST_SUITE_END()
