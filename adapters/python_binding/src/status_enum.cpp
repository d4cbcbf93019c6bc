// mlcp.Status, an enum.StrEnum built from the library's statuses and their names (status.hpp).

#include "status_enum.hpp"

#include <fmt/format.h>

#include <array>
#include <stdexcept>
#include <string>

namespace mlcp::python {

namespace py = pybind11;

namespace {

/// One member of mlcp.Status: the C++ enumerator, its Python name, what it guarantees.
struct StatusMember {
  Status status;
  const char* name;
  const char* meaning;
};

constexpr std::array<StatusMember, 10> kMembers{{
    {Status::NotSolved, "NotSolved", "solve() has not run yet"},
    {Status::Converged, "Converged",
     "x meets the stopping test: scaled and relative residual <= relative_tolerance"},
    {Status::MaxIterations, "MaxIterations",
     "iteration, pivot or friction-round limit; x is the last iterate"},
    {Status::TimeLimit, "TimeLimit", "max_seconds reached; x as for MaxIterations"},
    {Status::SingularPivot, "SingularPivot",
     "A(C,C) singular or indefinite; adding CFM to the diagonal usually cures it"},
    {Status::Unbounded, "Unbounded", "no finite step (infeasible, or A not copositive)"},
    {Status::Inaccurate, "Inaccurate", "the method ended but the residual exceeds the tolerance"},
    {Status::NumericalFailure, "NumericalFailure", "NaN or Inf appeared; x is zero"},
    {Status::Unsupported, "Unsupported",
     "a valid problem this method does not take (the message says why); x is zero"},
    {Status::InvalidProblem, "InvalidProblem",
     "the data failed validation; the message names the field and row; x is zero"},
}};

/// The class object, kept for the life of the process (the module holds it too).
PyObject* g_statusEnum = nullptr;

}  // namespace

void bindStatusEnum(py::module_& m) {
  py::list members;
  std::string doc =
      "How a solve ended: an enum.StrEnum whose values are the names the tools print "
      "(Status.Converged == 'converged', str(status) == 'converged'). Only Converged means x "
      "solves the problem to the requested tolerance.\n";
  for (const StatusMember& member : kMembers) {
    members.append(py::make_tuple(member.name, std::string(toString(member.status))));
    doc += fmt::format("\n{} ('{}'): {}", member.name, toString(member.status), member.meaning);
  }
  py::object cls = py::module_::import("enum").attr("StrEnum")(
      "Status", members, py::arg("module") = "mlcp", py::arg("qualname") = "Status");
  cls.attr("__doc__") = doc;
  m.attr("Status") = cls;
  g_statusEnum = cls.release().ptr();
}

py::handle statusEnum() { return g_statusEnum; }

Status statusFromString(std::string_view name) {
  for (const StatusMember& member : kMembers)
    if (toString(member.status) == name) return member.status;
  std::string known;
  for (const StatusMember& member : kMembers)
    known += (known.empty() ? "" : ", ") + std::string(toString(member.status));
  throw std::invalid_argument(fmt::format("unknown status '{}'; known: {}", name, known));
}

}  // namespace mlcp::python

namespace pybind11::detail {

bool type_caster<mlcp::Status>::load(handle source, bool /*convert*/) {
  if (!isinstance<str>(source)) return false;
  const auto text = source.cast<std::string>();
  for (const mlcp::python::StatusMember& member : mlcp::python::kMembers)
    if (mlcp::toString(member.status) == text) {
      value = member.status;
      return true;
    }
  return false;
}

handle type_caster<mlcp::Status>::cast(mlcp::Status status,
                                       return_value_policy /*policy*/,
                                       handle /*parent*/) {
  return mlcp::python::statusEnum()(std::string(mlcp::toString(status))).release();
}

}  // namespace pybind11::detail
