// The extension module mlcp._core: the library's solvers, problems, files, checks, libdynamics
// scenes and comparison runs for Python (docs/python.md). The package mlcp (mlcp/__init__.py)
// re-exports it; mlcp.batch adds the pandas and Dask layer on top.

#include "bindings.hpp"

#include <mlcp/adapters/registry/adapter_registry.hpp>

PYBIND11_MODULE(_core, m) {
  m.doc() =
      "Solvers for the mixed linear complementarity problem of rigid-body dynamics (the boxed "
      "LCP with friction index): w = A x - b, lo <= x <= hi, findex (docs/python.md).";
  // The peers' solvers (Bullet, DART, Siconos) of the adapters built here join the registry, as
  // in the mlcp command line.
  mlcp::adapters::registerAdapterSolvers();
  mlcp::python::bindErrors(m);
  mlcp::python::bindStatusEnum(m);
  m.attr("__version__") = MLCP_VERSION;
  mlcp::python::bindProblem(m);
  mlcp::python::bindSolver(m);
  mlcp::python::bindFiles(m);
  mlcp::python::bindChecks(m);
  mlcp::python::bindDynamics(m);
  mlcp::python::bindComparison(m);
}
