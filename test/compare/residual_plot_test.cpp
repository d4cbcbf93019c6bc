#include <mlcp/compare/residual_plot.hpp>

#include <boost/test/unit_test.hpp>
#include <fmt/format.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <string>
#include <unistd.h>

namespace utf = boost::unit_test;
namespace fs = std::filesystem;

namespace {

struct GnuplotPresent {
  boost::test_tools::assertion_result operator()(utf::test_unit_id) const {
    boost::test_tools::assertion_result result(std::system("gnuplot --version > /dev/null 2>&1") ==
                                               0);
    result.message() << "gnuplot is not installed";
    return result;
  }
};

/// Residual histories shaped like PGS (linear convergence) and APGD (faster, not monotone), with
/// an exact zero at the end that a log axis cannot show.
std::vector<mlcp::compare::ResidualCurve> fakeCurves() {
  mlcp::compare::ResidualCurve pgs{"pgs", {}};
  mlcp::compare::ResidualCurve apgd{"apgd: it's \"quoted\"", {}};
  for (int k = 0; k <= 200; ++k) pgs.values.push_back(std::pow(0.93, k));
  for (int k = 0; k <= 80; ++k)
    apgd.values.push_back(std::pow(0.8, k) * (1.0 + 0.5 * std::sin(0.7 * k)));
  apgd.values.push_back(0.0);
  return {pgs, apgd};
}

}  // namespace

BOOST_AUTO_TEST_SUITE(ResidualPlot)

BOOST_AUTO_TEST_CASE(script_has_axes_units_legend_and_log_scale) {
  const std::string script =
      mlcp::compare::residualPlotScript(fakeCurves(), "/tmp/out.png", "Convergence on test");
  BOOST_TEST(script.find("set logscale y") != std::string::npos);
  BOOST_TEST(script.find("set xlabel 'iteration (sweeps or steps; count)'") != std::string::npos);
  BOOST_TEST(script.find("(dimensionless)'") != std::string::npos);
  BOOST_TEST(script.find("set title 'Convergence on test'") != std::string::npos);
  BOOST_TEST(script.find("set key") != std::string::npos);
  BOOST_TEST(script.find("title 'pgs'") != std::string::npos);
  BOOST_TEST(script.find("title 'apgd: it''s \"quoted\"'") != std::string::npos);  // escaped
  // The zero (last APGD value, iteration 81) is left out; iteration 80 is in.
  const size_t begin = script.find("$curve1 << EOD");
  BOOST_REQUIRE(begin != std::string::npos);
  const std::string apgd = script.substr(begin, script.find("EOD\n", begin + 15) - begin);
  BOOST_TEST(apgd.find("\n81 ") == std::string::npos);
  BOOST_TEST(apgd.find("\n80 ") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(nothing_to_draw_is_an_error) {
  BOOST_CHECK_THROW(mlcp::compare::residualPlotScript({}, "x.png", "t"), std::runtime_error);
  BOOST_CHECK_THROW(mlcp::compare::residualPlotScript({{"zero", {0.0, 0.0}}}, "x.png", "t"),
                    std::runtime_error);
}

BOOST_AUTO_TEST_CASE(writes_a_png, *utf::precondition(GnuplotPresent())) {
  const fs::path png = fs::temp_directory_path() / fmt::format("mlcp_plot_test_{}.png", getpid());
  mlcp::compare::writeResidualPlot(fakeCurves(), png, "Convergence on a fake history");
  std::ifstream in(png, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  fs::remove(png);
  BOOST_TEST(bytes.substr(0, 8) == std::string("\x89PNG\r\n\x1a\n", 8));  // PNG signature
  BOOST_TEST(bytes.substr(12, 4) == "IHDR");
  // Width and height (big-endian) as the script asks: 1100 x 700.
  auto be32 = [&](size_t at) {
    return (static_cast<unsigned char>(bytes[at]) << 24) |
           (static_cast<unsigned char>(bytes[at + 1]) << 16) |
           (static_cast<unsigned char>(bytes[at + 2]) << 8) |
           static_cast<unsigned char>(bytes[at + 3]);
  };
  BOOST_TEST(be32(16) == 1100);
  BOOST_TEST(be32(20) == 700);
  BOOST_TEST(bytes.size() > 15000u);  // axes, labels, two curves: far from an empty image
}

BOOST_AUTO_TEST_SUITE_END()
