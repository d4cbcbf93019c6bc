// mlcp: solve, compare, validate, convert and describe mixed LCPs (boxed LCPs with friction
// index) from the command line. See docs/cli.md.

#include "commands.hpp"

#include <mlcp/adapters/registry/adapter_registry.hpp>
#include <mlcp/io/blcp_io.hpp>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <exception>

int main(int argc, char** argv) {
  CLI::App app{"mlcp: solve, compare and validate mixed linear complementarity problems"};
  app.require_subcommand(1);
  int exitCode = 0;
  mlcp::adapters::registerAdapterSolvers();  // bullet-*, dart-*, siconos-* beside ours
  mlcp::app::addCompareCommand(app, exitCode);
  mlcp::app::addSolveCommand(app, exitCode);
  mlcp::app::addValidateCommand(app, exitCode);
  mlcp::app::addConvertCommand(app, exitCode);
  mlcp::app::addInfoCommand(app, exitCode);
  mlcp::app::addSimulateCommand(app, exitCode);
  mlcp::app::addCaptureCommand(app, exitCode);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const mlcp::ParseError& e) {
    fmt::print(stderr, "mlcp: {}\n", e.what());  // one line: FILE:LINE: message
    return 2;
  } catch (const std::exception& e) {
    fmt::print(stderr, "mlcp: {}\n", e.what());
    return 2;
  }
  return exitCode;
}
