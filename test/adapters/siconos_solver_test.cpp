#include "adapter_test_support.hpp"
#include "descriptor_redirect.hpp"
#include "test_data.hpp"

#include <mlcp/adapters/siconos/register_siconos_solvers.hpp>
#include <mlcp/adapters/siconos/siconos_solver.hpp>
#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>

#include <LinearComplementarityProblem.h>
#include <MixedLinearComplementarityProblem.h>
#include <NumericsMatrix.h>
#include <cstdio>
#include <limits>
#include <string>

namespace ma = mlcp::adapters;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Ours from Siconos' M and q: A = M, b = -q, the first `equalities` rows free, the rest
// complementarity rows [0, inf).
mlcp::Problem fromSiconos(NumericsMatrix* M, const double* q, int n, int equalities) {
  mlcp::Problem p;
  Eigen::MatrixXd A(n, n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) A(i, j) = NM_get_value(M, i, j);
  p.A = std::move(A);
  p.b = -Eigen::Map<const Eigen::VectorXd>(q, n);
  p.lo = Eigen::VectorXd::Zero(n);
  p.hi = Eigen::VectorXd::Constant(n, kInf);
  p.lo.head(equalities).setConstant(-kInf);
  p.findex = Eigen::VectorXi::Constant(n, -1);
  p.nub = equalities;
  return p;
}

// A Siconos LCP data file read by Siconos' own reader.
std::optional<mlcp::Problem> readSiconosLcp(const std::string& name) {
  const auto dir = mlcp::test::sharedDataDir();
  if (!dir) return std::nullopt;
  const std::string path = (*dir / "siconos" / "lcp" / name).string();
  LinearComplementarityProblem* lcp = newLCP();
  // Its return value is not a plain status (1 on success here): check what it read.
  linearComplementarity_newFromFilename(lcp, path.c_str());
  if (lcp->size <= 0 || lcp->M == nullptr || lcp->q == nullptr) {
    freeLinearComplementarityProblem(lcp);
    return std::nullopt;
  }
  mlcp::Problem p = fromSiconos(lcp->M, lcp->q, lcp->size, 0);
  p.name = name;
  freeLinearComplementarityProblem(lcp);
  return p;
}

std::optional<mlcp::Problem> readSiconosMlcp(const std::string& name) {
  const auto dir = mlcp::test::sharedDataDir();
  if (!dir) return std::nullopt;
  const std::string path = (*dir / "siconos" / "mlcp" / name).string();
  MixedLinearComplementarityProblem* mlcp = mixedLinearComplementarity_new();
  if (mixedLinearComplementarity_newFromFilename(mlcp, path.c_str()) != 0) {
    mixedLinearComplementarity_free(mlcp);
    return std::nullopt;
  }
  mlcp::Problem p = fromSiconos(mlcp->M, mlcp->q, mlcp->n + mlcp->m, mlcp->n);
  p.name = name;
  mixedLinearComplementarity_free(mlcp);
  return p;
}

// A random LCP (nub = 0) or MLCP with A symmetric positive definite: one solution.
mlcp::Problem randomSpd(int n, int nub, std::uint64_t seed) {
  mlcp::RandomProblemOptions options;
  options.n = n;
  options.nub = nub;
  options.contacts = 0;
  options.seed = seed;
  mlcp::Problem p = mlcp::randomProblem(options);
  p.lo.tail(n - nub).setZero();
  p.hi.tail(n - nub).setConstant(kInf);
  return p;
}

const mlcp::SolveReport& solveWith(mlcp::MixedLCP& solver, const mlcp::Problem& p) {
  solver.setProblem(p);
  return solver.solve();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(SiconosSolver)

BOOST_AUTO_TEST_CASE(registered_by_name) {
  ma::registerSiconosSolvers();
  for (const char* name : {"siconos-lemke", "siconos-pgs", "siconos-enum", "siconos-mlcp-pgs",
                           "siconos-mlcp-enum", "siconos-mlcp-lemke"})
    BOOST_TEST(mlcp::makeSolver(name)->name() == name);
}

BOOST_AUTO_TEST_CASE(lcp_methods_agree_with_our_dantzig_on_a_positive_definite_lcp) {
  const mlcp::Problem p = randomSpd(16, 0, 7);
  mlcp::DantzigSolver ours;
  BOOST_REQUIRE(solveWith(ours, p).succeeded());
  for (const ma::SiconosMethod method :
       {ma::SiconosMethod::Lemke, ma::SiconosMethod::Pgs, ma::SiconosMethod::Enum}) {
    ma::SiconosSolver solver(method);
    const mlcp::SolveReport& report = solveWith(solver, p);
    const double diff = mlcp::test::relativeDifference(solver.getLambda(), ours.getLambda());
    BOOST_TEST_MESSAGE(solver.name() << " on a random SPD LCP (n 16): " << report.status << ", "
                                     << report.iterations << " iterations, residual "
                                     << report.relativeResidual << ", diff to dantzig " << diff);
    BOOST_TEST(report.succeeded(), solver.name() << ": " << report.message);
    BOOST_TEST(diff <= 1e-8, solver.name() << " differs by " << diff);
  }
}

BOOST_AUTO_TEST_CASE(mlcp_methods_agree_with_our_dantzig_on_a_positive_definite_mlcp) {
  const mlcp::Problem p = randomSpd(16, 6, 11);
  mlcp::DantzigSolver ours;
  BOOST_REQUIRE(solveWith(ours, p).succeeded());
  for (const ma::SiconosMethod method :
       {ma::SiconosMethod::MlcpLemke, ma::SiconosMethod::MlcpEnum, ma::SiconosMethod::MlcpPgs}) {
    ma::SiconosSolver solver(method);
    const mlcp::SolveReport& report = solveWith(solver, p);
    const double diff = mlcp::test::relativeDifference(solver.getLambda(), ours.getLambda());
    BOOST_TEST_MESSAGE(solver.name()
                       << " on a random SPD MLCP (n 16, nub 6): " << report.status << ", residual "
                       << report.relativeResidual << ", diff to dantzig " << diff);
    BOOST_TEST(report.succeeded(), solver.name() << ": " << report.message);
    BOOST_TEST(diff <= 1e-8, solver.name() << " differs by " << diff);
  }
}

BOOST_AUTO_TEST_CASE(enumeration_solves_small_lcps_and_refuses_large_ones) {
  ma::SiconosSolver solver(ma::SiconosMethod::Enum);
  BOOST_TEST(solveWith(solver, randomSpd(10, 0, 3)).succeeded());
  const mlcp::SolveReport& report = solveWith(solver, randomSpd(24, 0, 3));
  BOOST_TEST(report.status == mlcp::Status::Unsupported);
  BOOST_TEST(report.message.find("2^24") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(boxes_friction_and_unbounded_rows_are_refused_clearly) {
  mlcp::Problem box = randomSpd(6, 0, 5);
  box.hi[3] = 1.0;
  ma::SiconosSolver lemke(ma::SiconosMethod::Lemke);
  const mlcp::SolveReport& r1 = solveWith(lemke, box);
  BOOST_TEST(r1.status == mlcp::Status::Unsupported);
  BOOST_TEST(r1.message.find("row 3 has the box [0, 1]") != std::string::npos);

  mlcp::Problem friction = randomSpd(6, 0, 5);
  friction.findex[4] = 2;
  friction.lo[4] = -0.5;
  friction.hi[4] = 0.5;
  const mlcp::SolveReport& r2 = solveWith(lemke, friction);
  BOOST_TEST(r2.status == mlcp::Status::Unsupported);
  BOOST_TEST(r2.message.find("row 4 is a friction row") != std::string::npos);

  const mlcp::SolveReport& r3 = solveWith(lemke, randomSpd(6, 2, 5));
  BOOST_TEST(r3.status == mlcp::Status::Unsupported);
  BOOST_TEST(r3.message.find("siconos-mlcp-") != std::string::npos);

  // Siconos' MLCP code needs both blocks (an empty one makes LAPACK abort): refused up front.
  ma::SiconosSolver mlcpLemke(ma::SiconosMethod::MlcpLemke);
  for (const int nub : {0, 6}) {
    const mlcp::SolveReport& r4 = solveWith(mlcpLemke, randomSpd(6, nub, 5));
    BOOST_TEST(r4.status == mlcp::Status::Unsupported);
    BOOST_TEST(r4.message.find("needs both equality") != std::string::npos);
  }
}

// Siconos prints "[Numerics] ..." diagnostics with fprintf; they belong in the report's message
// (so `mlcp compare --long`/`--json` carry them), not on the terminal between the tool's lines.
BOOST_AUTO_TEST_CASE(what_siconos_prints_goes_into_the_message_not_to_the_terminal) {
  // An MLCP whose equality block is zero: the MLCP-to-LCP reduction fails and Siconos says so.
  mlcp::Problem singular;
  singular.A = Eigen::MatrixXd{{0, 0, 1}, {0, 0, -1}, {-1, 1, 1}};
  singular.b = Eigen::Vector3d(1, -1, 0);
  singular.lo = Eigen::Vector3d(-kInf, -kInf, 0);
  singular.hi = Eigen::Vector3d::Constant(kInf);
  singular.findex = Eigen::Vector3i::Constant(-1);
  singular.nub = 2;
  ma::SiconosSolver solver(ma::SiconosMethod::MlcpLemke);
  std::string message, terminal;
  {
    mlcp::test::DescriptorRedirect redirect;  // fd 1 and 2 of this process, as a terminal
    message = solveWith(solver, singular).message;
    terminal = redirect.finish();
  }
  BOOST_TEST_MESSAGE("siconos-mlcp-lemke on the singular MLCP: " << message);
  BOOST_TEST(terminal.empty(), "printed on fd 1 or 2: " << terminal);
  BOOST_TEST(message.find("the peer printed: \"[Numerics] ") != std::string::npos, message);
  BOOST_TEST(message.find("mlcp_lcp_lemke: mlcp_to_lcp conversion failed") != std::string::npos,
             message);
  BOOST_TEST(message.find('\n') == std::string::npos);  // one line
  // A solve that prints nothing adds nothing.
  ma::SiconosSolver lemke(ma::SiconosMethod::Lemke);
  BOOST_TEST(solveWith(lemke, randomSpd(8, 0, 3)).message.find("printed") == std::string::npos);
}

// Siconos' own test problems, read by Siconos' own readers (../shared/data/siconos).
BOOST_AUTO_TEST_CASE(solves_siconos_test_problems) {
  if (!mlcp::test::sharedDataDir()) {
    BOOST_TEST_MESSAGE("../shared/data is absent; skipped");
    return;
  }
  ma::SiconosSolver lemke(ma::SiconosMethod::Lemke);
  mlcp::DantzigSolver ours;
  for (const char* name : {"lcp_mmc.dat", "lcp_deudeu.dat", "lcp_trivial.dat", "lcp_ortiz.dat",
                           "lcp_exp_murty.dat", "lcp_exp_murty2.dat"}) {
    const auto p = readSiconosLcp(name);
    BOOST_REQUIRE_MESSAGE(p.has_value(), name << " could not be read");
    const mlcp::SolveReport& report = solveWith(lemke, *p);
    BOOST_TEST_MESSAGE(name << " (n " << p->size() << "), siconos-lemke: " << report.status
                            << ", residual " << report.relativeResidual);
    BOOST_TEST(report.succeeded(), name << ": " << report.message);
  }
  ma::SiconosSolver mlcpLemke(ma::SiconosMethod::MlcpLemke);
  ma::SiconosSolver mlcpEnum(ma::SiconosMethod::MlcpEnum);
  for (const char* name : {"RCD_mlcp.dat", "m2n1_mlcp.dat", "m3n2_mlcp.dat", "PDSym_mlcp.dat"}) {
    const auto p = readSiconosMlcp(name);
    BOOST_REQUIRE_MESSAGE(p.has_value(), name << " could not be read");
    for (mlcp::MixedLCP* solver :
         {static_cast<mlcp::MixedLCP*>(&mlcpLemke), static_cast<mlcp::MixedLCP*>(&mlcpEnum)}) {
      const mlcp::SolveReport& report = solveWith(*solver, *p);
      BOOST_TEST_MESSAGE(name << " (n " << p->size() << ", nub " << p->nub << "), "
                              << solver->name() << ": " << report.status << ", residual "
                              << report.relativeResidual);
      BOOST_TEST(report.succeeded(), name << ", " << solver->name() << ": " << report.message);
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
