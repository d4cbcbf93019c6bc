// `mlcp simulate` and `mlcp capture` run as users run them (the built binary, MLCP_CLI_PATH): the
// per-step statistics file, and runs cut short (a blow-up, Ctrl-C) that keep the steps they
// completed (docs/cli.md, "Runs cut short").

#include <boost/test/unit_test.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
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

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::string part;
  std::istringstream in(text);
  while (std::getline(in, part, separator)) parts.push_back(part);
  if (!text.empty() && text.back() == separator) parts.emplace_back();
  return parts;
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

/// The whole field as a number (no trailing text), or NaN.
double number(const std::string& field) {
  size_t used = 0;
  try {
    const double value = std::stod(field, &used);
    return used == field.size() ? value : std::nan("");
  } catch (const std::exception&) {
    return std::nan("");
  }
}

/// The step column (first field) of each data row of a trajectory CSV.
std::vector<int> trajectorySteps(const fs::path& csv) {
  std::vector<int> steps;
  const std::vector<std::string> rows = lines(slurp(csv));
  for (size_t i = 1; i < rows.size(); ++i) steps.push_back(std::stoi(split(rows[i], ',')[0]));
  return steps;
}

/// True when every field of every data row but the body name (column 2) is a finite number.
bool allFinite(const fs::path& csv) {
  const std::vector<std::string> rows = lines(slurp(csv));
  for (size_t i = 1; i < rows.size(); ++i) {
    const std::vector<std::string> fields = split(rows[i], ',');
    for (size_t j = 0; j < fields.size(); ++j)
      if (j != 2 && !std::isfinite(number(fields[j]))) return false;
  }
  return true;
}

/// Hidden temporary files (.NAME.tmp-PID-K) AtomicFile left in `dir`.
int temporaryFiles(const fs::path& dir) {
  int count = 0;
  for (const auto& entry : fs::directory_iterator(dir))
    if (entry.path().filename().string().find(".tmp-") != std::string::npos) ++count;
  return count;
}

struct Run {
  int exitCode = -1;
  std::string out;
  std::string err;
};

/// A scratch folder, removed at the end; runs the binary with stdout and stderr captured.
struct Folder {
  fs::path dir;
  Folder() {
    dir = fs::temp_directory_path() / fmt::format("mlcp_simulate_cli_test_{}", getpid());
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  ~Folder() { fs::remove_all(dir); }
  std::string path(const std::string& name) const { return (dir / name).string(); }

  Run run(const std::string& args) const {
    const std::string command = fmt::format("'{}' {} > '{}' 2> '{}'", MLCP_CLI_PATH, args,
                                            path("stdout.txt"), path("stderr.txt"));
    const int status = std::system(command.c_str());
    Run result;
    result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    result.out = slurp(path("stdout.txt"));
    result.err = slurp(path("stderr.txt"));
    return result;
  }
};

}  // namespace

BOOST_FIXTURE_TEST_SUITE(SimulateCli, Folder)

// Issue 20 item 5: the explicit gyroscopic term blows the spinning box up after about 2000
// steps; the steps before are what the explicit-versus-implicit comparison needs.
BOOST_AUTO_TEST_CASE(a_blow_up_keeps_every_finite_step_and_names_the_step) {
  const Run r = run(fmt::format(
      "simulate --scene spinning-box --param gyroscopic=explicit --steps 3000 --csv {} --stats {}",
      path("box.csv"), path("box_stats.csv")));
  BOOST_TEST_MESSAGE("stderr: " << r.err);
  BOOST_TEST(r.exitCode == 3);
  const std::vector<int> steps = trajectorySteps(dir / "box.csv");
  BOOST_REQUIRE(steps.size() > 1000u);
  BOOST_TEST(steps.size() < 3001u);
  for (size_t i = 0; i < steps.size(); ++i) BOOST_REQUIRE(steps[i] == static_cast<int>(i));
  BOOST_TEST(allFinite(dir / "box.csv"));
  const int last = steps.back();
  BOOST_TEST(r.err.find(fmt::format("stopped at step {} of 3000: body 'box'", last + 1)) !=
             std::string::npos);
  BOOST_TEST(r.err.find("must be finite") != std::string::npos);
  BOOST_TEST(r.err.find(fmt::format("holds steps 0 to {}", last)) != std::string::npos);
  BOOST_TEST(lines(r.err).size() == 1u);
  // The statistics file keeps the same steps (1 to last), the summary its figures.
  BOOST_TEST(lines(slurp(dir / "box_stats.csv")).size() == static_cast<size_t>(last) + 1);
  BOOST_TEST(r.out.find(fmt::format("{} steps of h", last)) != std::string::npos);
  BOOST_TEST(temporaryFiles(dir) == 0);
}

// A solver error (a subnormal mass makes M^-1 infinite: the solver returns invalid-problem and
// World::step throws) in the first step: the initial state is kept, the step and the reason named.
BOOST_AUTO_TEST_CASE(a_solver_error_keeps_the_steps_before_and_names_the_step) {
  const Run r =
      run(fmt::format("simulate --scene spring --param mass=1e-320 --steps 5 --csv {} --stats {}",
                      path("spring.csv"), path("spring_stats.csv")));
  BOOST_TEST_MESSAGE("stderr: " << r.err);
  BOOST_TEST(r.exitCode == 3);
  BOOST_TEST(r.err.find("mlcp: simulate stopped at step 1 of 5: ") != std::string::npos);
  BOOST_TEST(r.err.find("returned invalid-problem") != std::string::npos);
  BOOST_TEST(r.err.find("holds steps 0 to 0") != std::string::npos);
  BOOST_TEST(r.err.find("spring_stats.csv holds no step") != std::string::npos);
  BOOST_TEST(trajectorySteps(dir / "spring.csv") == std::vector<int>{0});
  BOOST_TEST(lines(slurp(dir / "spring_stats.csv")).size() == 1u);  // the header
  BOOST_TEST(r.out.find("(step 1 failed)") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(stats_has_one_row_per_step_with_the_residuals_as_numbers) {
  for (const char* solver :
       {"dantzig", "newton", "pgs", "bpp", "polish", "islands:bpp", "islands:pgs"}) {
    BOOST_TEST_CONTEXT(solver) {
      const Run r = run(fmt::format(
          "simulate --scene pendulum-chain --param count=3 --steps 20 --solver {} --stats {}",
          solver, path("stats.csv")));
      BOOST_TEST(r.exitCode == 0, r.err);
      const std::vector<std::string> rows = lines(slurp(dir / "stats.csv"));
      BOOST_REQUIRE(rows.size() == 21u);
      BOOST_TEST(rows[0] ==
                 "step,rows,solver,status,iterations,pivots,factorizations,solve_us,"
                 "residual_scaled,residual_rel");
      for (size_t i = 1; i < rows.size(); ++i) {
        const std::vector<std::string> f = split(rows[i], ',');
        BOOST_REQUIRE(f.size() == 10u);
        BOOST_TEST(f[0] == std::to_string(i));
        BOOST_TEST(f[1] == "9");  // 3 ball joints
        BOOST_TEST(f[2] == solver);
        BOOST_TEST(f[3] == "converged");
        BOOST_TEST(number(f[4]) >= 0.0);
        BOOST_TEST(number(f[5]) >= 0.0);
        BOOST_TEST((f[6].empty() || number(f[6]) >= 0.0));
        BOOST_TEST(number(f[7]) > 0.0);
        // Converged means both spec residuals are within the default tolerance 1e-6.
        BOOST_TEST(number(f[8]) >= 0.0);
        BOOST_TEST(number(f[8]) <= 1e-6);
        BOOST_TEST(number(f[9]) >= 0.0);
        BOOST_TEST(number(f[9]) <= 1e-6);
      }
      // newton, bpp and polish count their factorizations (islands: summed over the islands);
      // the others leave the column empty.
      const std::string name = solver;
      const bool counts =
          name == "newton" || name == "bpp" || name == "polish" || name == "islands:bpp";
      BOOST_TEST(split(rows[1], ',')[6].empty() == !counts);
      BOOST_TEST(r.out.find("statistics   " + path("stats.csv")) != std::string::npos);
    }
  }
}

// Ctrl-C in the middle of a long run: the steps completed are in the file, under its name.
BOOST_AUTO_TEST_CASE(sigint_mid_run_keeps_the_completed_steps) {
  const std::string csv = path("long.csv");
  const std::string err = path("long.err");
  const pid_t child = fork();
  BOOST_REQUIRE(child >= 0);
  if (child == 0) {
    std::freopen(err.c_str(), "w", stderr);
    std::freopen("/dev/null", "w", stdout);
    execl(MLCP_CLI_PATH, MLCP_CLI_PATH, "simulate", "--scene", "spinning-box", "--steps",
          "100000000", "--csv", csv.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  // Wait until the temporary file has grown well past the header: the loop is running.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  bool running = false;
  while (!running && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    for (const auto& entry : fs::directory_iterator(dir))
      if (entry.path().filename().string().find(".long.csv.tmp-") == 0 &&
          entry.file_size() > 256 * 1024)
        running = true;
  }
  BOOST_TEST(!fs::exists(csv));  // not in place before the end
  kill(child, SIGINT);
  int status = 0;
  BOOST_REQUIRE(waitpid(child, &status, 0) == child);
  BOOST_REQUIRE(running);
  BOOST_REQUIRE(WIFEXITED(status));
  BOOST_TEST(WEXITSTATUS(status) == 130);
  const std::vector<int> steps = trajectorySteps(csv);
  BOOST_REQUIRE(steps.size() > 500u);
  for (size_t i = 0; i < steps.size(); ++i) BOOST_REQUIRE(steps[i] == static_cast<int>(i));
  BOOST_TEST(allFinite(csv));
  const std::string message = slurp(err);
  BOOST_TEST_MESSAGE("stderr: " << message);
  BOOST_TEST(message.find(fmt::format("interrupted by SIGINT after step {} of 100000000",
                                      steps.back())) != std::string::npos);
  BOOST_TEST(temporaryFiles(dir) == 0);
}

// capture: the files of the steps before the blow-up are kept, the run says where it stopped.
BOOST_AUTO_TEST_CASE(capture_cut_short_keeps_the_files_written_before) {
  const Run r = run(fmt::format(
      "capture --scene spinning-box --param gyroscopic=explicit --steps 100,3000 --out {}",
      path("captured")));
  BOOST_TEST_MESSAGE("stderr: " << r.err);
  BOOST_TEST(r.exitCode == 3);
  BOOST_TEST(fs::exists(dir / "captured" / "spinning-box_step100.blcp"));
  BOOST_TEST(!fs::exists(dir / "captured" / "spinning-box_step3000.blcp"));
  BOOST_TEST(r.out.find("spinning-box_step100.blcp: n = 0") != std::string::npos);
  BOOST_TEST(r.err.find("mlcp: capture stopped at step ") != std::string::npos);
  BOOST_TEST(r.err.find(" of 3000: body 'box'") != std::string::npos);
  BOOST_TEST(r.err.find("1 of 2 files written") != std::string::npos);
  BOOST_TEST(temporaryFiles(dir / "captured") == 0);
}

// capture stepping towards a far step: Ctrl-C stops it between two steps, with the exit code of
// the signal and the step it reached.
BOOST_AUTO_TEST_CASE(sigint_while_capture_steps_stops_it_between_steps) {
  const std::string err = path("capture.err");
  const std::string out = path("interrupted");
  const pid_t child = fork();
  BOOST_REQUIRE(child >= 0);
  if (child == 0) {
    std::freopen(err.c_str(), "w", stderr);
    std::freopen("/dev/null", "w", stdout);
    execl(MLCP_CLI_PATH, MLCP_CLI_PATH, "capture", "--scene", "spinning-box", "--steps",
          "10,100000000", "--out", out.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  // The progress line (after 1 s of stepping) says the stepping loop runs.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (slurp(err).find("stepped") == std::string::npos &&
         std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  kill(child, SIGINT);
  int status = 0;
  BOOST_REQUIRE(waitpid(child, &status, 0) == child);
  BOOST_REQUIRE(WIFEXITED(status));
  BOOST_TEST(WEXITSTATUS(status) == 130);
  const std::string message = slurp(err);
  BOOST_TEST_MESSAGE("stderr: " << message);
  BOOST_TEST(message.find("mlcp: capture interrupted by SIGINT after step ") != std::string::npos);
  BOOST_TEST(message.find(" of 100000000; 1 of 2 files written") != std::string::npos);
  BOOST_TEST(fs::exists(fs::path(out) / "spinning-box_step10.blcp"));
  BOOST_TEST(temporaryFiles(out) == 0);
}

/// The engines other than libdynamics built into the binary under test.
std::vector<std::string> otherEnginesBuilt() {
  std::vector<std::string> engines;
#ifdef MLCP_TEST_HAS_ODE_WORLD
  engines.push_back("ode");
#endif
#ifdef MLCP_TEST_HAS_BULLET
  engines.push_back("bullet");
#endif
#ifdef MLCP_TEST_HAS_DART
  engines.push_back("dart");
#endif
  return engines;
}

// Every engine writes the same trajectory columns as libdynamics with Dantzig on the slope (ODE
// with its dWorldStep, Bullet and DART with our dantzig), one row per body per step from the
// initial state on; the summary names the engine's solver.
BOOST_AUTO_TEST_CASE(engines_write_the_same_trajectory_columns) {
  const Run ours = run(fmt::format(
      "simulate --engine libdynamics --scene slope --solver dantzig --steps 30 --csv {}",
      path("libdynamics.csv")));
  BOOST_TEST(ours.exitCode == 0);
  const std::vector<std::string> ourRows = lines(slurp(dir / "libdynamics.csv"));
  BOOST_REQUIRE(!ourRows.empty());
  BOOST_TEST(ourRows.front() ==
             "step,time,body,px,py,pz,qw,qx,qy,qz,vx,vy,vz,wx,wy,wz,wbx,wby,wbz");
  const std::map<std::string, std::string> solverNamed = {
      {"ode", "ode: ode dWorldStep (Dantzig), 30 steps"},
      {"bullet", "bullet: bullet btMLCPSolver with dantzig"},
      {"dart", "dart: dart BoxedLcpConstraintSolver with dantzig"}};
  for (const std::string& engine : otherEnginesBuilt()) {
    const std::string csv = engine + ".csv";
    const Run r = run(
        fmt::format("simulate --engine {} --scene slope --steps 30 --csv {}", engine, path(csv)));
    BOOST_TEST_CONTEXT(engine << ": " << r.out << r.err) {
      BOOST_TEST(r.exitCode == 0);
      BOOST_TEST(r.out.find("engine       " + solverNamed.at(engine)) != std::string::npos);
      const std::vector<std::string> rows = lines(slurp(dir / csv));
      BOOST_REQUIRE(!rows.empty());
      BOOST_TEST(rows.front() == ourRows.front());
      BOOST_TEST(trajectorySteps(dir / csv) == trajectorySteps(dir / "libdynamics.csv"));
      BOOST_TEST(allFinite(dir / csv));
      BOOST_TEST(split(rows.back(), ',').size() == split(ourRows.back(), ',').size());
    }
  }
}

// Bad engine input is named and nothing is written: an unknown engine, an engine without scene
// stepping in this build, a solver ODE does not take, a scene element ODE cannot build.
BOOST_AUTO_TEST_CASE(bad_engine_input_is_named_and_nothing_is_written) {
  const std::string csv = path("never.csv");
  const Run unknown = run(fmt::format("simulate --engine havok --scene slope --csv {}", csv));
  BOOST_TEST(unknown.exitCode != 0);
  BOOST_TEST(unknown.err.find("unknown engine 'havok' (engines: libdynamics, ode, bullet, dart)") !=
             std::string::npos);
  const std::vector<std::string> built = otherEnginesBuilt();
  for (const std::string engine : {"ode", "bullet", "dart"}) {
    if (std::find(built.begin(), built.end(), engine) != built.end()) continue;
    const Run absent = run(fmt::format("simulate --engine {} --scene slope --csv {}", engine, csv));
    BOOST_TEST(absent.err.find("engine " + engine + " is not available in this mlcp") !=
               std::string::npos);
  }
#ifdef MLCP_TEST_HAS_ODE_WORLD
  const Run solver =
      run(fmt::format("simulate --engine ode --scene slope --solver pgs --csv {}", csv));
  BOOST_TEST(solver.exitCode != 0);
  BOOST_TEST(solver.err.find("engine ode steps with its own solvers, not 'pgs'") !=
             std::string::npos);
  const Run axis = run(fmt::format("simulate --engine ode --scene spring --csv {}", csv));
  BOOST_TEST(axis.exitCode != 0);
  BOOST_TEST(axis.err.find("ode: scene spring: joint 'spring'") != std::string::npos);
  const Run stats = run(fmt::format("simulate --engine ode --scene slope --stats {}", csv));
  BOOST_TEST(stats.err.find("--stats records libdynamics' solver calls") != std::string::npos);
#endif
  BOOST_TEST(!fs::exists(csv));
  BOOST_TEST(temporaryFiles(dir) == 0);
}

// capture --engine: bad scene input is refused before anything is written, naming what is wrong.
BOOST_AUTO_TEST_CASE(capture_refuses_bad_scene_input_and_writes_nothing) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"--scene box-tower", "box-tower"},
      {"--scene box-stack --param mass=-1", "mass = -1"},
      {"--scene box-stack --param boxes=3", "'boxes'"},
      {"--engine havok --scene box-stack", "havok"},
      {"--engine bullet --scene box-stack --param mass=-1", "mass = -1"},
      {"--engine dart --scene box-stack --param boxes=3", "'boxes'"},
  };
  for (const auto& [arguments, named] : cases) {
    const Run r = run(fmt::format("capture {} --steps 2 --out {}", arguments, path("refused")));
    BOOST_TEST_CONTEXT(arguments << ": " << r.err) {
      BOOST_TEST(r.exitCode != 0);
      BOOST_TEST(r.err.find(named) != std::string::npos);
      BOOST_TEST(!fs::exists(dir / "refused"));
    }
  }
}

// capture --engine bullet|dart: an engine not built here is named, one that is builds the scene;
// an element the engine cannot build (the spring's axis joint) is named.
BOOST_AUTO_TEST_CASE(capture_names_the_engine_and_what_it_cannot_build) {
  const std::string help = run("capture --help").out;
  const size_t from = help.find("built here: ");
  BOOST_REQUIRE(from != std::string::npos);
  const std::string builtHere = help.substr(from, help.find(')', from) - from);
  for (const std::string engine : {"bullet", "dart"}) {
    const bool built = builtHere.find(engine) != std::string::npos;
    const Run r =
        run(fmt::format("capture --engine {} --scene box-stack --param count=2 --steps 2 "
                        "--out {}",
                        engine, path(engine)));
    BOOST_TEST_CONTEXT(engine << ": " << r.out << r.err) {
      if (!built) {
        BOOST_TEST(r.exitCode == 2);
        BOOST_TEST(r.err.find("--engine " + engine + ": not built here") != std::string::npos);
        BOOST_TEST(!fs::exists(dir / engine));
        continue;
      }
      BOOST_TEST(r.exitCode == 0);
      BOOST_TEST(r.out.find(engine + " box-stack count=2 size=1 mass=1 mu=0.5: 2 steps") !=
                 std::string::npos);
      const Run spring =
          run(fmt::format("capture --engine {} --scene spring --out {}", engine, path("spring")));
      BOOST_TEST(spring.exitCode == 2);
      BOOST_TEST(spring.err.find(engine + " cannot build scene 'spring'") != std::string::npos);
      BOOST_TEST(!fs::exists(dir / "spring"));
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
