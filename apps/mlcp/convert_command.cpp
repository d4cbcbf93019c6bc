#include "commands.hpp"
#include "format_option.hpp"

#include <mlcp/compare/problem_source.hpp>
#include <mlcp/io/blcp_io.hpp>
#include <mlcp/io/siconos_io.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <stdexcept>
#include <vector>

namespace mlcp::app {

namespace {

struct ConvertArguments {
  std::string input;
  std::string output;
  std::string to;
  std::string storage = "auto";
  ProblemFormat format = ProblemFormat::Automatic;
};

void runConvert(const ConvertArguments& args) {
  std::string to = args.to;
  if (to.empty()) {
    const std::filesystem::path output(args.output);
    const std::vector<ProblemFormat> formats = problemFormatsOfExtension(output);
    if (formats == std::vector{ProblemFormat::Blcp})
      to = "blcp";
    else if (std::ranges::find(formats, ProblemFormat::SiconosLcp) != formats.end())
      to = "siconos";
    else
      throw std::runtime_error(
          fmt::format("{}: cannot tell the output format from the extension "
                      "'{}' (use .blcp or .dat, or --to blcp|siconos)",
                      args.output, output.extension().string()));
  }
  const ProblemFile file = readProblemFile(args.input, args.format);
  const Problem& p = file.problem;
  std::string written;
  if (to == "blcp") {
    const MatrixStorage storage = args.storage == "dense" ? MatrixStorage::Dense
                                  : args.storage == "coo" ? MatrixStorage::Coordinate
                                                          : MatrixStorage::Automatic;
    writeBlcp(p, args.output, storage);
    written = "blcp";
  } else {
    written = fmt::format("siconos-{}", toString(writeSiconos(p, args.output)));
  }
  fmt::print("wrote {} ({}, n = {}, nub = {}, friction rows = {}) from {} ({})\n", args.output,
             written, p.size(), p.nub, p.frictionRows(), args.input, toString(file.format));
  if (!file.approximation.empty()) fmt::print("note: {}\n", file.approximation);
}

}  // namespace

void addConvertCommand(CLI::App& app, int& exitCode) {
  auto args = std::make_shared<ConvertArguments>();
  CLI::App* cmd = app.add_subcommand(
      "convert", "Convert a problem file: any readable format to BLCP (.blcp) or Siconos (.dat)");
  cmd->add_option("input", args->input, "Problem file (BLCP, Siconos .dat, FCLIB .hdf5)")
      ->required();
  cmd->add_option("output", args->output, "Output file (.blcp or .dat)")->required();
  cmd->add_option("--to", args->to, "Output format (default: from the extension)")
      ->check(CLI::IsMember({"blcp", "siconos"}));
  cmd->add_option("--storage", args->storage, "BLCP matrix storage")
      ->check(CLI::IsMember({"auto", "dense", "coo"}));
  addFormatOption(*cmd, args->format);
  cmd->callback([args, &exitCode] {
    runConvert(*args);
    exitCode = 0;
  });
}

}  // namespace mlcp::app
