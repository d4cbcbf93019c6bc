#pragma once

#include <mlcp/problem.hpp>

#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

namespace mlcp {

/// The problem file formats the tools read.
enum class ProblemFormat {
  Automatic,               ///< decide from the extension and the content (detectProblemFormat)
  Blcp,                    ///< shared/spec/blcp-text-format.md (blcp_io.hpp)
  SiconosLcp,              ///< Siconos LCP .dat (siconos_io.hpp)
  SiconosMlcp,             ///< Siconos MLCP .dat
  SiconosRelay,            ///< Siconos relay (boxed LCP) .dat
  SiconosFrictionContact,  ///< Siconos local FC2D/FC3D .dat
  Fclib,                   ///< FCLIB HDF5 local problem (fclib_io.hpp, target mlcp::fclib)
};

/// Name used on command lines: "auto", "blcp", "siconos-lcp", "siconos-mlcp", "siconos-relay",
/// "siconos-fc", "fclib".
std::string_view toString(ProblemFormat format);

/// Writes toString(format).
inline std::ostream& operator<<(std::ostream& out, ProblemFormat format) {
  return out << toString(format);
}

/// The format named `name` (as toString() prints it), or nullopt.
std::optional<ProblemFormat> problemFormatFromString(std::string_view name);

/// What the FC3D readers (Siconos local FC3D, FCLIB) state about their conversion: ODE-style
/// findex friction bounds each tangent component separately, so the Coulomb cone becomes a
/// four-sided pyramid circumscribing it. Solutions where every contact sticks or separates solve
/// both; sliding contacts differ (shared/data/siconos/README.md).
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

/// The format of a file: `.blcp` is BLCP; `.hdf5`, `.h5` or an HDF5 signature is FCLIB; a text
/// starting with `blcp` is BLCP; otherwise a Siconos family by mlcp::guessSiconosKind().
/// @throws ParseError (line 0) when the file cannot be opened or matches no format
ProblemFormat detectProblemFormat(const std::filesystem::path& path);

/// Reads a problem file of any text format (BLCP or Siconos). FCLIB needs HDF5 and lives in the
/// optional target mlcp::fclib (mlcp::readFclib in fclib_io.hpp).
/// @param[in] format the format, or Automatic to detect it
/// @throws ParseError "FILE:LINE: message" for a malformed file, and (line 0) for an FCLIB file
Problem readProblem(const std::filesystem::path& path,
                    ProblemFormat format = ProblemFormat::Automatic);

/// As readProblem(), with the format read and the approximation note.
ProblemFile readProblemFile(const std::filesystem::path& path,
                            ProblemFormat format = ProblemFormat::Automatic);

}  // namespace mlcp
