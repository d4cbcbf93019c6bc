#pragma once

#include <mlcp/core/problem.hpp>

#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace mlcp {

/// The problem file formats libmlcp reads (docs/file-formats.md).
enum class ProblemFormat {
  Automatic,               ///< decide from the content, the extension as a hint
  Blcp,                    ///< BLCP text (docs/file-formats.md; blcp_io.hpp)
  SiconosLcp,              ///< Siconos LCP .dat (siconos_io.hpp)
  SiconosMlcp,             ///< Siconos MLCP .dat
  SiconosRelay,            ///< Siconos relay (boxed LCP) .dat
  SiconosFrictionContact,  ///< Siconos local FC2D/FC3D .dat
  Fclib,                   ///< FCLIB HDF5 local problem (fclib_io.hpp; MLCP_WITH_FCLIB)
};

/// Every ProblemFormat, Automatic first.
inline constexpr ProblemFormat kProblemFormats[] = {
    ProblemFormat::Automatic,   ProblemFormat::Blcp,         ProblemFormat::SiconosLcp,
    ProblemFormat::SiconosMlcp, ProblemFormat::SiconosRelay, ProblemFormat::SiconosFrictionContact,
    ProblemFormat::Fclib};

/// Name used on command lines: "auto", "blcp", "siconos-lcp", "siconos-mlcp", "siconos-relay",
/// "siconos-fc", "fclib".
std::string_view toString(ProblemFormat format);

/// Writes toString(format).
inline std::ostream& operator<<(std::ostream& out, ProblemFormat format) {
  return out << toString(format);
}

/// The format named `name` (as toString() prints it), or nullopt.
std::optional<ProblemFormat> problemFormatFromString(std::string_view name);

/// The names problemFormatFromString() accepts, comma-separated ("auto, blcp, ...").
std::string_view problemFormatNames();

/// The formats whose files carry `path`'s extension: .blcp BLCP, .dat the four Siconos families,
/// .hdf5 and .h5 FCLIB; empty for any other. Which format a file holds is decided from its
/// content (detectProblemFormat()); writers pick theirs by it.
std::vector<ProblemFormat> problemFormatsOfExtension(const std::filesystem::path& path);

/// !problemFormatsOfExtension(path).empty(): the files a directory of problems contributes.
bool isProblemFileName(const std::filesystem::path& path);

/// What the FC3D readers (Siconos local FC3D, FCLIB) state about their conversion: ODE-style
/// findex friction bounds each tangent component separately, so the Coulomb cone becomes a
/// four-sided pyramid circumscribing it. Solutions where every contact sticks or separates solve
/// both; sliding contacts differ (docs/file-formats.md, "Friction cone").
inline constexpr std::string_view kFrictionPyramidNote =
    "FC3D: the Coulomb cone ||r_T|| <= mu r_N is linearised to the friction pyramid "
    "|r_T1|, |r_T2| <= mu r_N (findex box friction, which contains the cone)";

/// A problem read from a file, with where it came from.
struct ProblemFile {
  /// The problem as read (n rows, ODE's convention w = A x - b).
  Problem problem;
  ProblemFormat format = ProblemFormat::Automatic;  ///< the format actually read
  /// Empty when the file's problem is represented exactly; otherwise what the conversion changed
  /// (FC3D and FCLIB: the Coulomb cone linearised to a friction pyramid).
  std::string approximation;
};

/// The format of a file's content `bytes`, its name `path` a hint: an HDF5 signature is FCLIB; a
/// text whose first word is `blcp` is BLCP; otherwise a `.blcp` name is BLCP and a `.hdf5` or
/// `.h5` name FCLIB (their readers then say what is wrong); otherwise a Siconos family by
/// mlcp::guessSiconosKind().
/// @throws ParseError (line 1) when the content matches no format
ProblemFormat detectProblemFormat(const std::filesystem::path& path, std::string_view bytes);

/// As above, reading the file. @throws ParseError (line 0) when it cannot be opened
ProblemFormat detectProblemFormat(const std::filesystem::path& path);

/// Reads a problem file of any format: BLCP, the Siconos families, and FCLIB when libmlcp was
/// built with its FCLIB component (hasFclib(); otherwise a ParseError says so). The file is read
/// once.
/// @param[in] format the format, or Automatic to detect it (detectProblemFormat())
/// @throws ParseError "FILE:LINE: message" for a missing, malformed or unknown file (line 0 for
///         FCLIB, which has no lines)
ProblemFile readProblemFile(const std::filesystem::path& path,
                            ProblemFormat format = ProblemFormat::Automatic);

/// readProblemFile(path, format).problem. @throws ParseError as readProblemFile()
Problem readProblem(const std::filesystem::path& path,
                    ProblemFormat format = ProblemFormat::Automatic);

}  // namespace mlcp
