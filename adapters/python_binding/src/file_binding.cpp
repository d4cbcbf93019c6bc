// The problem readers and writers: BLCP, the Siconos families and, when libmlcp was built with
// its FCLIB component, FCLIB (docs/file-formats.md), through mlcp::readProblemFile (the same
// detection and messages as `mlcp solve FILE`).

#include "bindings.hpp"

#include <mlcp/io/blcp_io.hpp>
#include <mlcp/io/fclib_io.hpp>
#include <mlcp/io/problem_file.hpp>
#include <mlcp/io/siconos_io.hpp>

#include <fmt/format.h>

#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>
#include <sstream>
#include <stdexcept>

namespace mlcp::python {

namespace {

namespace fs = std::filesystem;

ProblemFormat formatOf(const std::string& name) {
  if (const auto format = problemFormatFromString(name)) return *format;
  throw std::invalid_argument(
      fmt::format("unknown format '{}'; known: {}", name, problemFormatNames()));
}

SiconosKind siconosKindOf(const std::string& name) {
  for (const SiconosKind k :
       {SiconosKind::Lcp, SiconosKind::Mlcp, SiconosKind::Relay, SiconosKind::FrictionContact})
    if (toString(k) == name) return k;
  throw std::invalid_argument(
      fmt::format("unknown Siconos family '{}'; known: lcp, mlcp, relay, fc", name));
}

MatrixStorage storageOf(const std::string& name) {
  if (name == "auto") return MatrixStorage::Automatic;
  if (name == "dense") return MatrixStorage::Dense;
  if (name == "coo") return MatrixStorage::Coordinate;
  throw std::invalid_argument(fmt::format("unknown storage '{}'; known: auto, dense, coo", name));
}

void bindProblemFile(py::module_& m) {
  py::class_<ProblemFile>(m, "ProblemFile", "A problem read from a file, with how it was read.")
      .def_readonly("problem", &ProblemFile::problem, "mlcp.Problem")
      .def_property_readonly(
          "format", [](const ProblemFile& f) { return std::string(toString(f.format)); },
          "the format read ('blcp', 'siconos-fc', 'fclib', ...)")
      .def_readonly("approximation", &ProblemFile::approximation,
                    "'' when the file's problem is represented exactly; otherwise what the "
                    "conversion changed (FC3D: the Coulomb cone linearised to a friction "
                    "pyramid)")
      .def("__repr__", [](const ProblemFile& f) {
        return fmt::format("<mlcp.ProblemFile {} '{}' n={}{}>", toString(f.format), f.problem.name,
                           f.problem.size(), f.approximation.empty() ? "" : " approximated");
      });
}

}  // namespace

void bindFiles(py::module_& m) {
  bindProblemFile(m);
  std::vector<std::string> formats;
  for (const ProblemFormat f : kProblemFormats) formats.emplace_back(toString(f));
  m.attr("FORMATS") = py::tuple(py::cast(formats));
  m.attr("HAS_FCLIB") = hasFclib();
  m.def(
      "read_problem_file",
      [](const fs::path& path, const std::string& format) {
        const ProblemFormat f = formatOf(format);
        requireExisting(path);
        return readProblemFile(path, f);
      },
      py::arg("path"), py::arg("format") = "auto",
      "Reads a BLCP, Siconos (.dat: lcp, mlcp, relay, fc) or FCLIB (.hdf5, when HAS_FCLIB) "
      "file into the convention of docs/conventions.md; format 'auto' decides by the content "
      "(the extension as a hint). Returns mlcp.ProblemFile.\n"
      "Raises FileNotFoundError for a missing path, mlcp.ParseError ('FILE:LINE: message') for "
      "a malformed or unknown file (line 0: it could not be read), ValueError for an unknown "
      "format name.");
  m.def(
      "read_problem",
      [](const fs::path& path, const std::string& format) {
        const ProblemFormat f = formatOf(format);
        requireExisting(path);
        return readProblemFile(path, f).problem;
      },
      py::arg("path"), py::arg("format") = "auto",
      "read_problem_file(path, format).problem. Raises FileNotFoundError, mlcp.ParseError and "
      "ValueError as read_problem_file.");
  m.def(
      "detect_format",
      [](const fs::path& path) {
        requireExisting(path);
        return std::string(toString(detectProblemFormat(path)));
      },
      py::arg("path"),
      "The format read_problem would read. Raises FileNotFoundError for a missing path, "
      "mlcp.ParseError for an unknown format.");
  m.def("parse_blcp", &parseBlcp, py::arg("text"), py::arg("source") = "<text>",
        "A problem from BLCP text (shared spec, version 1); source names it in errors. Raises "
        "mlcp.ParseError.");
  m.def(
      "parse_siconos",
      [](const std::string& text, const std::string& kind, const std::string& source) {
        return parseSiconos(text, siconosKindOf(kind), source);
      },
      py::arg("text"), py::arg("kind"), py::arg("source") = "<text>",
      "A problem from Siconos text of family kind ('lcp', 'mlcp', 'relay', 'fc'). Raises "
      "mlcp.ParseError, ValueError for an unknown family.");
  m.def(
      "write_blcp",
      [](const Problem& p, const fs::path& path, const std::string& storage) {
        writeBlcp(p, path, storageOf(storage));
      },
      py::arg("problem"), py::arg("path"), py::arg("storage") = "auto",
      "Writes the problem (and its x) as BLCP, numbers with 17 significant digits (a lossless "
      "round trip); storage 'auto' (coo when at most a quarter of A is non-zero), 'dense' or "
      "'coo'. Raises RuntimeError when the file cannot be written.");
  m.def(
      "blcp_text",
      [](const Problem& p, const std::string& storage) {
        std::ostringstream out;
        writeBlcp(p, out, storageOf(storage));
        return out.str();
      },
      py::arg("problem"), py::arg("storage") = "auto", "The BLCP text write_blcp writes.");
  m.def(
      "write_siconos",
      [](const Problem& p, const fs::path& path) {
        return std::string(toString(writeSiconos(p, path)));
      },
      py::arg("problem"), py::arg("path"),
      "Writes the problem as a Siconos file of the family its rows fit ('lcp', 'mlcp' or "
      "'relay', returned). Raises ValueError for friction rows (no such Siconos file holds "
      "findex), RuntimeError when the file cannot be written.");
  m.def(
      "siconos_text",
      [](const Problem& p) {
        std::ostringstream out;
        writeSiconos(p, out);
        return out.str();
      },
      py::arg("problem"), "The Siconos text write_siconos writes. Raises ValueError as it.");
}

}  // namespace mlcp::python
