#include "bench_problems.hpp"

#include <mlcp/dynamics/scene.hpp>
#include <mlcp/dynamics/scene_stepper.hpp>
#include <mlcp/dynamics/step_problem.hpp>
#include <mlcp/generators/random_problem.hpp>
#include <mlcp/io/blcp_io.hpp>
#include <mlcp/io/siconos_io.hpp>
#include <mlcp/splitting/pgs_solver.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <memory>

namespace mlcp::bench {

namespace fs = std::filesystem;

std::vector<BenchProblem> randomSet(const std::vector<int>& sizes) {
  std::vector<BenchProblem> problems;
  for (const int n : sizes) {
    RandomProblemOptions options;
    options.n = n;
    problems.push_back({fmt::format("random n={}", n), "random", randomProblem(options)});
  }
  return problems;
}

std::vector<BenchProblem> randomLcpSet(const std::vector<int>& sizes) {
  std::vector<BenchProblem> problems;
  for (const int n : sizes) {
    RandomProblemOptions options;
    options.n = n;
    Problem p = randomProblem(options);
    p.nub = 0;
    p.lo.setZero();
    p.hi.setConstant(std::numeric_limits<double>::infinity());
    p.findex.setConstant(-1);
    p.name = fmt::format("random pure LCP n={}", n);
    problems.push_back({fmt::format("random LCP n={}", n), "random-lcp", std::move(p)});
  }
  return problems;
}

std::vector<BenchProblem> capturedSet(const fs::path& dataDir) {
  const fs::path root = dataDir / "captured";
  std::vector<fs::path> files;
  if (fs::is_directory(root))
    for (const auto& entry : fs::recursive_directory_iterator(root))
      if (entry.is_regular_file() && entry.path().extension() == ".blcp")
        files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  std::vector<BenchProblem> problems;
  for (const fs::path& file : files) {
    Problem p = readBlcp(file);
    p.x.reset();  // the captured peer answer would become a warm start: benchmark cold
    const std::string label =
        fmt::format("{}/{}", file.parent_path().filename().string(), file.stem().string());
    problems.push_back({label, "captured", std::move(p)});
  }
  return problems;
}

std::vector<BenchProblem> siconosSet(const fs::path& dataDir, std::vector<std::string>& skipped) {
  std::vector<BenchProblem> problems;
  for (const auto& [folder, kind] :
       {std::pair{"lcp", SiconosKind::Lcp}, std::pair{"relay", SiconosKind::Relay}}) {
    const fs::path root = dataDir / "siconos" / folder;
    if (!fs::is_directory(root)) continue;
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(root))
      if (entry.is_regular_file() && entry.path().extension() == ".dat")
        files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    for (const fs::path& file : files) {
      try {
        Problem p = readSiconos(file, kind);
        p.x.reset();
        problems.push_back(
            {fmt::format("siconos/{}/{}", folder, file.stem().string()), "siconos", std::move(p)});
      } catch (const ParseError& e) {
        skipped.push_back(e.what());
      }
    }
  }
  return problems;
}

std::vector<BenchProblem> contactSet(const std::vector<int>& rows) {
  constexpr int kRowsPerColumn = 24;  // 2 cubes, 4 contacts per face, 3 rows per contact
  std::vector<BenchProblem> problems;
  for (const int target : rows) {
    auto factors = std::make_shared<const mlcp::Factors>(
        mlcp::dynamics::sceneStepProblem(
            "columns",
            {fmt::format("nx={}", std::max(1, target / kRowsPerColumn)), "ny=1", "layers=2",
             "slide=0.5"},
            0)
            .problem);
    Problem p = toProblem(factors);
    problems.push_back({fmt::format("box stacks n={}", p.size()), "contact", std::move(p)});
  }
  return problems;
}

BenchProblem columnStacks(int targetRows, double cfm) {
  constexpr int kRowsPerColumn = 48;
  const int columns = std::max(1, targetRows / kRowsPerColumn);
  const auto factors = std::make_shared<const Factors>(
      dynamics::sceneStepProblem("columns",
                                 {fmt::format("nx={}", columns), "ny=1", "layers=4", "slide=0.5",
                                  fmt::format("cfm={}", cfm)},
                                 0)
          .problem);
  return {fmt::format("{} columns of 4, cfm {:g}", columns, cfm), "stacks", toProblem(factors)};
}

BenchProblem settledPile(int count, int steps) {
  dynamics::Scene scene = dynamics::makeScene("pile", {fmt::format("count={}", count)});
  PgsSolver stepping(PgsOptions::realTime());
  const dynamics::StepProblem step =
      dynamics::sceneStepProblem(scene, steps, stepping, scene.timeStep);
  return {fmt::format("{} spheres, step {}", count, steps), "pile", step.toProblem()};
}

fs::path defaultDataDir() {
  if (const char* env = std::getenv("MLCP_SHARED_DATA_DIR")) return env;
  return MLCP_SHARED_DATA_DIR;
}

}  // namespace mlcp::bench
