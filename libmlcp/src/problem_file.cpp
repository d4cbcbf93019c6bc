#include "detail/text_scanner.hpp"

#include <mlcp/blcp_io.hpp>
#include <mlcp/problem_file.hpp>
#include <mlcp/siconos_io.hpp>

#include <array>
#include <utility>

namespace mlcp {

namespace {

constexpr std::array<std::pair<ProblemFormat, std::string_view>, 7> kNames{{
    {ProblemFormat::Automatic, "auto"},
    {ProblemFormat::Blcp, "blcp"},
    {ProblemFormat::SiconosLcp, "siconos-lcp"},
    {ProblemFormat::SiconosMlcp, "siconos-mlcp"},
    {ProblemFormat::SiconosRelay, "siconos-relay"},
    {ProblemFormat::SiconosFrictionContact, "siconos-fc"},
    {ProblemFormat::Fclib, "fclib"},
}};

ProblemFormat fromSiconos(SiconosKind kind) {
  switch (kind) {
    case SiconosKind::Lcp:
      return ProblemFormat::SiconosLcp;
    case SiconosKind::Mlcp:
      return ProblemFormat::SiconosMlcp;
    case SiconosKind::Relay:
      return ProblemFormat::SiconosRelay;
    case SiconosKind::FrictionContact:
      return ProblemFormat::SiconosFrictionContact;
  }
  return ProblemFormat::Automatic;
}

ProblemFormat detectFromText(const std::filesystem::path& path, std::string_view text) {
  const std::string extension = path.extension().string();
  if (extension == ".blcp") return ProblemFormat::Blcp;
  if (extension == ".hdf5" || extension == ".h5") return ProblemFormat::Fclib;
  if (text.substr(0, 8) == "\x89HDF\r\n\x1a\n") return ProblemFormat::Fclib;
  const size_t first = text.find_first_not_of(" \t\r\n");
  if (first != std::string_view::npos && text.substr(first, 4) == "blcp")
    return ProblemFormat::Blcp;
  if (const auto kind = guessSiconosKind(path, text)) return fromSiconos(*kind);
  throw ParseError(path.string(), 1,
                   "unknown problem format: not BLCP (first word 'blcp'), not a Siconos LCP, "
                   "MLCP, relay or FC file, not HDF5 (use --format to name it)");
}

}  // namespace

std::string_view toString(ProblemFormat format) {
  for (const auto& [value, name] : kNames)
    if (value == format) return name;
  return "unknown";
}

std::optional<ProblemFormat> problemFormatFromString(std::string_view name) {
  for (const auto& [value, text] : kNames)
    if (text == name) return value;
  return std::nullopt;
}

ProblemFormat detectProblemFormat(const std::filesystem::path& path) {
  const std::string extension = path.extension().string();
  if (extension == ".blcp") return ProblemFormat::Blcp;
  if (extension == ".hdf5" || extension == ".h5") return ProblemFormat::Fclib;
  return detectFromText(path, detail::readFileText(path));
}

ProblemFile readProblemFile(const std::filesystem::path& path, ProblemFormat format) {
  const std::string text = detail::readFileText(path);
  if (format == ProblemFormat::Automatic) format = detectFromText(path, text);
  ProblemFile file;
  file.format = format;
  switch (format) {
    case ProblemFormat::Blcp:
      file.problem = parseBlcp(text, path.string());
      break;
    case ProblemFormat::SiconosLcp:
      file.problem = parseSiconos(text, SiconosKind::Lcp, path.string());
      break;
    case ProblemFormat::SiconosMlcp:
      file.problem = parseSiconos(text, SiconosKind::Mlcp, path.string());
      break;
    case ProblemFormat::SiconosRelay:
      file.problem = parseSiconos(text, SiconosKind::Relay, path.string());
      break;
    case ProblemFormat::SiconosFrictionContact:
      file.problem =
          parseSiconos(text, SiconosKind::FrictionContact, path.string(), &file.approximation);
      break;
    case ProblemFormat::Fclib:
    case ProblemFormat::Automatic:
      throw ParseError(path.string(), 0,
                       "FCLIB (HDF5) files are read by mlcp::readFclib (target mlcp::fclib, "
                       "built when HDF5 is found)");
  }
  return file;
}

Problem readProblem(const std::filesystem::path& path, ProblemFormat format) {
  return readProblemFile(path, format).problem;
}

}  // namespace mlcp
