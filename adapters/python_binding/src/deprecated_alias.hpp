#pragma once

// The old names of attributes, kept one release (docs/python.md, "Renamed attributes").

#include <pybind11/pybind11.h>

namespace mlcp::python {

/// Adds to `cls` the read-only attribute `old`, which returns the attribute `current` after a
/// DeprecationWarning "OWNER.OLD is deprecated; use CURRENT" (`owner`: "mlcp.Report"). The
/// strings must outlive the module (literals).
template <class Class>
void defDeprecatedAlias(Class& cls, const char* owner, const char* old, const char* current) {
  cls.def_property_readonly(
      old,
      [owner, old, current](const pybind11::object& self) {
        const pybind11::str message =
            pybind11::str("{}.{} is deprecated; use {}").format(owner, old, current);
        if (PyErr_WarnEx(PyExc_DeprecationWarning, message.cast<std::string>().c_str(), 1) < 0)
          throw pybind11::error_already_set();
        return self.attr(current);
      },
      "deprecated old name (DeprecationWarning); see the attribute the warning names");
}

}  // namespace mlcp::python
