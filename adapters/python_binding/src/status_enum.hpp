#pragma once

// mlcp.Status as a real Python enum (enum.StrEnum): member names as in C++ (Status.Converged),
// values the names the tools print ('converged'), so that a status equals its string, formats
// as it and pickles by name. A type caster converts mlcp::Status to and from it in every binding.

#include <mlcp/core/status.hpp>

#include <pybind11/pybind11.h>

namespace mlcp::python {

/// Creates the class mlcp.Status (enum.StrEnum, module 'mlcp') in m. Call once, at import,
/// before any binding returns a status.
void bindStatusEnum(pybind11::module_& m);

/// The class mlcp.Status made by bindStatusEnum() (a borrowed handle, alive with the module).
pybind11::handle statusEnum();

/// The status whose toString() is `name`; throws std::invalid_argument naming the known ones.
Status statusFromString(std::string_view name);

}  // namespace mlcp::python

namespace pybind11::detail {

/// mlcp::Status to a member of mlcp.Status, and back from a member or its string ('converged').
template <>
struct type_caster<mlcp::Status> {
 public:
  PYBIND11_TYPE_CASTER(mlcp::Status, const_name("mlcp.Status"));

  /// Reads a member of mlcp.Status or a str equal to one's value; false for anything else.
  bool load(handle source, bool /*convert*/);
  /// The member of mlcp.Status for status (a new reference).
  static handle cast(mlcp::Status status, return_value_policy /*policy*/, handle /*parent*/);
};

}  // namespace pybind11::detail
