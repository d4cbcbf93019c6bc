#include "io/detail/fclib_bytes.hpp"
#include "io/detail/text_scanner.hpp"

#include <mlcp/io/blcp_io.hpp>
#include <mlcp/io/problem_file.hpp>
#include <mlcp/io/siconos_io.hpp>

#include <array>
#include <cstddef>
#include <span>
#include <vector>

namespace mlcp {

namespace {

/// The one table of formats: the name on command lines and the extensions that hint at it.
struct FormatEntry {
  ProblemFormat format;
  std::string_view name;
  std::array<std::string_view, 2> extensions;  ///< empty: none
};

constexpr std::array<FormatEntry, 7> kFormats{{
    {ProblemFormat::Automatic, "auto", {}},
    {ProblemFormat::Blcp, "blcp", {".blcp"}},
    {ProblemFormat::SiconosLcp, "siconos-lcp", {".dat"}},
    {ProblemFormat::SiconosMlcp, "siconos-mlcp", {".dat"}},
    {ProblemFormat::SiconosRelay, "siconos-relay", {".dat"}},
    {ProblemFormat::SiconosFrictionContact, "siconos-fc", {".dat"}},
    {ProblemFormat::Fclib, "fclib", {".hdf5", ".h5"}},
}};

constexpr std::string_view kFormatNames =
    "auto, blcp, siconos-lcp, siconos-mlcp, siconos-relay, siconos-fc, fclib";

constexpr std::string_view kHdf5Signature{"\x89HDF\r\n\x1a\n", 8};

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

ProblemFile readSiconosText(std::string_view text, SiconosKind kind, const std::string& source) {
  ProblemFile file;
  file.problem = parseSiconos(text, kind, source, &file.approximation);
  return file;
}

}  // namespace

std::string_view toString(ProblemFormat format) {
  for (const FormatEntry& entry : kFormats)
    if (entry.format == format) return entry.name;
  return "unknown";
}

std::optional<ProblemFormat> problemFormatFromString(std::string_view name) {
  for (const FormatEntry& entry : kFormats)
    if (entry.name == name) return entry.format;
  return std::nullopt;
}

std::string_view problemFormatNames() { return kFormatNames; }

std::vector<ProblemFormat> problemFormatsOfExtension(const std::filesystem::path& path) {
  const std::string extension = path.extension().string();
  std::vector<ProblemFormat> formats;
  for (const FormatEntry& entry : kFormats)
    for (const std::string_view known : entry.extensions)
      if (!known.empty() && extension == known) formats.push_back(entry.format);
  return formats;
}

bool isProblemFileName(const std::filesystem::path& path) {
  return !problemFormatsOfExtension(path).empty();
}

ProblemFormat detectProblemFormat(const std::filesystem::path& path, std::string_view bytes) {
  if (bytes.substr(0, kHdf5Signature.size()) == kHdf5Signature) return ProblemFormat::Fclib;
  const size_t first = bytes.find_first_not_of(" \t\r\n");
  if (first != std::string_view::npos && bytes.substr(first, 4) == "blcp")
    return ProblemFormat::Blcp;
  // An extension of one format only (not Siconos' .dat, shared by four families).
  if (const auto hinted = problemFormatsOfExtension(path); hinted.size() == 1)
    return hinted.front();
  if (const auto kind = guessSiconosKind(path, bytes)) return fromSiconos(*kind);
  throw ParseError(path.string(), 1,
                   "unknown problem format: not BLCP (first word 'blcp'), not a Siconos LCP, "
                   "MLCP, relay or FC file, not HDF5 (name the format to read it as one)");
}

ProblemFormat detectProblemFormat(const std::filesystem::path& path) {
  return detectProblemFormat(path, detail::readFileText(path));
}

ProblemFile readProblemFile(const std::filesystem::path& path, ProblemFormat format) {
  const std::string bytes = detail::readFileText(path);
  if (format == ProblemFormat::Automatic) format = detectProblemFormat(path, bytes);
  ProblemFile file;
  switch (format) {
    case ProblemFormat::Blcp:
      file.problem = parseBlcp(bytes, path.string());
      break;
    case ProblemFormat::SiconosLcp:
      file = readSiconosText(bytes, SiconosKind::Lcp, path.string());
      break;
    case ProblemFormat::SiconosMlcp:
      file = readSiconosText(bytes, SiconosKind::Mlcp, path.string());
      break;
    case ProblemFormat::SiconosRelay:
      file = readSiconosText(bytes, SiconosKind::Relay, path.string());
      break;
    case ProblemFormat::SiconosFrictionContact:
      file = readSiconosText(bytes, SiconosKind::FrictionContact, path.string());
      break;
    case ProblemFormat::Fclib:
    case ProblemFormat::Automatic:  // not returned by detectProblemFormat()
      file = detail::readFclibBytes(std::as_bytes(std::span(bytes.data(), bytes.size())),
                                    path.string(), path.filename().string());
      break;
  }
  file.format = format;
  return file;
}

Problem readProblem(const std::filesystem::path& path, ProblemFormat format) {
  return readProblemFile(path, format).problem;
}

}  // namespace mlcp
