"""Solvers for the mixed linear complementarity problem of rigid-body dynamics.

The boxed LCP with friction index of ODE, Bullet and DART (docs/conventions.md): given A (n x n),
b, lo, hi (n), findex (n) and nub, find x with w = A x - b and, per row i with effective bounds
l_i <= u_i: x_i = l_i => w_i >= 0, x_i = u_i => w_i <= 0, l_i < x_i < u_i => w_i = 0.

    import mlcp, numpy as np
    problem = mlcp.Problem(A, b, lo, hi, findex)      # numpy or scipy.sparse A
    result = mlcp.solve(problem, solver="pgs", relaxation=1.2)
    result.x, result.w, result.report.status, result.report.residual_rel
    if result: ...                                      # True only when it converged

mlcp.dynamics steps rigid-body scenes with any solver; mlcp.batch compares solvers over
problem sets into a pandas DataFrame, in process or on a Dask cluster, and draws performance
profiles. Bad data raises ValueError naming the array and the index when a Problem is made.
See docs/python.md.
"""

from mlcp._core import (
    FORMATS,
    HAS_FCLIB,
    Capabilities,
    Factors,
    ParseError,
    Problem,
    ProblemFile,
    Report,
    Residuals,
    Result,
    RowViolation,
    Solver,
    Statistics,
    Status,
    Validation,
    __version__,
    blcp_text,
    detect_format,
    make_solver,
    parse_blcp,
    parse_siconos,
    random_problem,
    read_problem,
    read_problem_file,
    residuals,
    siconos_text,
    solve,
    solver_descriptions,
    solver_names,
    statistics,
    validate,
    write_blcp,
    write_siconos,
)
from mlcp import dynamics


def solver_options(name: str) -> dict:
    """The keyword options solver `name` takes, with their defaults (dict keyword -> value).

    The keys are the solver's options table (the command line's flags, `mlcp compare --help`);
    a keyword not among them is rejected. Raises ValueError for an unknown name.
    """
    return Solver(name).options


__all__ = [
    "FORMATS",
    "HAS_FCLIB",
    "Capabilities",
    "Factors",
    "ParseError",
    "Problem",
    "ProblemFile",
    "Report",
    "Residuals",
    "Result",
    "RowViolation",
    "Solver",
    "Statistics",
    "Status",
    "Validation",
    "blcp_text",
    "detect_format",
    "dynamics",
    "make_solver",
    "parse_blcp",
    "parse_siconos",
    "random_problem",
    "read_problem",
    "read_problem_file",
    "residuals",
    "siconos_text",
    "solve",
    "solver_descriptions",
    "solver_names",
    "solver_options",
    "statistics",
    "validate",
    "write_blcp",
    "write_siconos",
]
