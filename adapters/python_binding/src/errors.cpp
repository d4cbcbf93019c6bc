#include "bindings.hpp"

#include <mlcp/io/blcp_io.hpp>

#include <cerrno>
#include <cstring>

namespace mlcp::python {

void requireExisting(const std::filesystem::path& path) {
  std::error_code error;
  if (std::filesystem::exists(path, error)) return;
  // FileNotFoundError(errno, strerror, filename), as open() raises it.
  const py::object exception = py::reinterpret_borrow<py::object>(PyExc_FileNotFoundError)(
      ENOENT, std::strerror(ENOENT), path.string());
  PyErr_SetObject(PyExc_FileNotFoundError, exception.ptr());
  throw py::error_already_set();
}

void bindErrors(py::module_& m) {
  // ParseError is a ValueError (as json.JSONDecodeError is) with the file and line as attributes.
  // std::invalid_argument arrives as ValueError and std::runtime_error as RuntimeError through
  // pybind11's own translation.
  static py::exception<ParseError> parseError(m, "ParseError", PyExc_ValueError);
  parseError.doc() =
      "A problem file could not be read. str(error) is one line 'FILE:LINE: message'; the "
      "attributes file (str) and line (int, 1-based; 0 when the file could not be opened, and "
      "for HDF5 files) say where.";
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const ParseError& e) {
      py::object error = py::handle(parseError.ptr())(e.what());
      error.attr("file") = e.file();
      error.attr("line") = e.line();
      PyErr_SetObject(parseError.ptr(), error.ptr());
    }
  });
}

}  // namespace mlcp::python
