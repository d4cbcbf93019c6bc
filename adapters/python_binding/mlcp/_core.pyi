# Type stubs of the extension module mlcp._core (adapters/python_binding/src). Shapes are given as
# (n), (n x n), ...; units as in docs/conventions.md. Checked against the module by
# test/python/test_stubs.py.

import enum
import os
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

ArrayLike = npt.ArrayLike
Path = Union[str, "os.PathLike[str]"]
Matrix = Any  # numpy (n x n) array, scipy.sparse matrix or Factors

__version__: str  # the project's version, "0.1.0"
FORMATS: Tuple[str, ...]
HAS_FCLIB: bool
RECORD_KEYS: Tuple[str, ...]
SOLVED_MEASURE: str
DEFAULT_THRESHOLD: float

class ParseError(ValueError):
    """A problem file could not be read: 'FILE:LINE: message'."""
    file: str
    line: int

class Status(enum.StrEnum):
    """How a solve ended; a member equals (and prints as) the name the tools print."""
    NotSolved = "not-solved"
    Converged = "converged"
    MaxIterations = "max-iterations"
    TimeLimit = "time-limit"
    SingularPivot = "singular-pivot"
    Unbounded = "unbounded"
    Inaccurate = "inaccurate"
    NumericalFailure = "numerical-failure"
    Unsupported = "unsupported"
    InvalidProblem = "invalid-problem"

class Factors:
    """A = J M^-1 J^T + diag(cfm): J (n x 12), inverse_mass (bodies x 6 x 6), bodies (n x 2)."""
    def __init__(self, J: ArrayLike, inverse_mass: ArrayLike, bodies: ArrayLike,
                 cfm: ArrayLike, name: str = "") -> None: ...
    @property
    def J(self) -> np.ndarray: ...
    @property
    def inverse_mass(self) -> np.ndarray: ...
    @property
    def bodies(self) -> np.ndarray: ...
    @property
    def cfm(self) -> np.ndarray: ...
    @property
    def name(self) -> str: ...
    @property
    def n(self) -> int: ...
    @property
    def body_count(self) -> int: ...
    def error(self) -> str: ...
    def to_dense(self) -> np.ndarray: ...
    def to_sparse(self) -> Any: ...

class Problem:
    """w = A x - b, lo <= x <= hi (effective bounds with findex), nub free rows. Making one, or
    assigning a field, raises ValueError naming the array and index for bad data."""
    A: Matrix
    b: np.ndarray
    lo: np.ndarray
    hi: np.ndarray
    findex: np.ndarray
    nub: int
    name: str
    x: Optional[np.ndarray]
    def __init__(self, A: Matrix, b: ArrayLike, lo: Optional[ArrayLike] = None,
                 hi: Optional[ArrayLike] = None, findex: Optional[ArrayLike] = None,
                 nub: int = 0, name: str = "", x: Optional[ArrayLike] = None) -> None: ...
    @property
    def n(self) -> int: ...
    @property
    def friction_rows(self) -> int: ...
    @property
    def form(self) -> str: ...
    def dense_A(self) -> np.ndarray: ...
    def sparse_A(self) -> Any: ...

def random_problem(n: int = 100, nub: int = -1, contacts: int = -1, mu: float = 0.5,
                   seed: int = 1) -> Problem: ...

class Capabilities:
    requires_symmetric_A: bool
    uses_initial_guess: bool
    iterative: bool
    dense_A: bool
    accepts_boxes: bool
    accepts_friction_rows: bool
    accepts_unbounded_rows: bool
    requires_unbounded_rows: bool

class Report:
    status: Status
    message: str
    iterations: int
    pivots: int
    friction_rounds: int
    residual_abs: float
    residual_rel: float
    residual_scaled: float
    max_bound_violation: float
    max_complementarity_violation: float
    worst_row: int
    solve_seconds: float
    @property
    def absolute_residual(self) -> float: ...  # deprecated (DeprecationWarning): residual_abs
    @property
    def relative_residual(self) -> float: ...  # deprecated (DeprecationWarning): residual_rel
    @property
    def scaled_residual(self) -> float: ...  # deprecated (DeprecationWarning): residual_scaled
    @property
    def residual_history(self) -> np.ndarray: ...
    @property
    def succeeded(self) -> bool: ...
    def __bool__(self) -> bool: ...  # succeeded

class Result:
    x: np.ndarray
    w: np.ndarray
    report: Report
    solver: str
    @property
    def status(self) -> Status: ...
    @property
    def succeeded(self) -> bool: ...
    def __bool__(self) -> bool: ...  # True only for Status.Converged

class Solver:
    def __init__(self, name: str = "dantzig", **options: Any) -> None: ...
    def set_problem(self, problem: Problem) -> None: ...
    def set_matrix(self, A: Matrix) -> None: ...
    def set_right_side(self, b: ArrayLike) -> None: ...
    def set_low(self, lo: ArrayLike) -> None: ...
    def set_high(self, hi: ArrayLike) -> None: ...
    def set_friction_index(self, findex: ArrayLike) -> None: ...
    def set_number_unbounded(self, nub: int) -> None: ...
    def set_initial_guess(self, x0: ArrayLike) -> None: ...
    def clear_initial_guess(self) -> None: ...
    def solve(self, problem: Optional[Problem] = None, *, x0: Optional[ArrayLike] = None,
              warm_start: bool = False) -> Result: ...
    @property
    def name(self) -> str: ...
    @property
    def capabilities(self) -> Capabilities: ...
    @property
    def options(self) -> Dict[str, Any]: ...
    @property
    def keywords(self) -> List[str]: ...
    @property
    def n(self) -> int: ...
    @property
    def x(self) -> np.ndarray: ...
    @property
    def w(self) -> np.ndarray: ...
    @property
    def report(self) -> Report: ...
    def problem(self) -> Problem: ...

def solver_names() -> List[str]: ...
def solver_descriptions() -> Dict[str, str]: ...
def make_solver(name: str, **options: Any) -> Solver: ...
def solve(problem: Problem, solver: str = "dantzig", *, x0: Optional[ArrayLike] = None,
          warm_start: bool = False, **options: Any) -> Result: ...

class ProblemFile:
    problem: Problem
    approximation: str
    @property
    def format(self) -> str: ...

def read_problem_file(path: Path, format: str = "auto") -> ProblemFile: ...
def read_problem(path: Path, format: str = "auto") -> Problem: ...
def detect_format(path: Path) -> str: ...
def parse_blcp(text: str, source: str = "<text>") -> Problem: ...
def parse_siconos(text: str, kind: str, source: str = "<text>") -> Problem: ...
def write_blcp(problem: Problem, path: Path, storage: str = "auto") -> None: ...
def blcp_text(problem: Problem, storage: str = "auto") -> str: ...
def write_siconos(problem: Problem, path: Path) -> str: ...
def siconos_text(problem: Problem) -> str: ...

class Residuals:
    residual_abs: float
    residual_rel: float
    residual_scaled: float
    max_bound_violation: float
    max_complementarity_violation: float
    worst_row: int
    @property
    def absolute(self) -> float: ...  # deprecated (DeprecationWarning): residual_abs
    @property
    def relative(self) -> float: ...  # deprecated (DeprecationWarning): residual_rel
    @property
    def scaled(self) -> float: ...  # deprecated (DeprecationWarning): residual_scaled

class RowViolation:
    row: int
    x: float
    w: float
    lower: float
    upper: float
    residual: float
    @property
    def kind(self) -> str: ...

class Validation:
    residuals: Residuals
    row_residuals: np.ndarray
    tolerance: float
    valid: bool
    worst_rows: List[RowViolation]

class Statistics:
    n: int
    nub: int
    friction_rows: int
    non_zeros: int
    density: float
    asymmetry: float
    diagonal_min: float
    diagonal_max: float
    zero_diagonal: int
    negative_diagonal: int
    free_rows: int
    lower_only: int
    standard_lcp: int
    upper_only: int
    boxed: int
    fixed: int
    normal_rows: int
    tangents_per_normal: Dict[int, int]
    mu_min: float
    mu_max: float
    negative_normals: int
    b_norm: float
    has_solution: bool
    condition_estimate: Optional[float]
    symmetric_eigen_min: Optional[float]
    symmetric_eigen_max: Optional[float]
    @property
    def form(self) -> str: ...
    @property
    def definiteness(self) -> str: ...

def residuals(problem: Problem, x: Optional[ArrayLike] = None) -> Residuals: ...
def validate(problem: Problem, x: Union[ArrayLike, Path, None] = None, top: int = 10,
             tolerance: float = 1e-8) -> Validation: ...
def statistics(problem: Problem, max_dense_factor: int = 3000,
               max_eigen: int = 1500) -> Statistics: ...

class SceneParameter:
    key: str
    default: str
    description: str

class SceneInfo:
    name: str
    description: str
    parameters: List[SceneParameter]

def scene_names() -> List[str]: ...
def scene_catalog() -> List[SceneInfo]: ...

class StepTimes:
    collision: float
    assembly: float
    solve: float
    integration: float

class StepStatistics:
    rows: int
    contacts: int
    solver: str
    status: Status
    iterations: int
    residual_rel: float
    solve_seconds: float
    worst_row: str
    times: StepTimes
    @property
    def relative_residual(self) -> float: ...  # deprecated (DeprecationWarning): residual_rel
    @property
    def solver_name(self) -> str: ...  # deprecated (DeprecationWarning): solver

class Trajectory:
    body_names: List[str]
    time: np.ndarray
    p: np.ndarray
    q: np.ndarray
    v: np.ndarray
    w: np.ndarray
    rows: np.ndarray
    contacts: np.ndarray
    iterations: np.ndarray
    status: List[Status]
    residual_rel: np.ndarray
    solve_seconds: np.ndarray
    problems: Dict[int, Problem]
    @property
    def relative_residual(self) -> np.ndarray: ...  # deprecated (DeprecationWarning): residual_rel

class World:
    solver: Optional[Solver]
    def __init__(self, scene: str, **parameters: Any) -> None: ...
    @property
    def scene(self) -> str: ...
    @property
    def parameters(self) -> str: ...
    @property
    def time_step(self) -> float: ...
    @property
    def watched_bodies(self) -> List[int]: ...
    def step(self, h: Optional[float] = None) -> StepStatistics: ...
    def run(self, steps: int, h: Optional[float] = None, *,
            capture: Union[bool, Iterable[int], None] = None) -> Trajectory: ...
    def prepare_step(self, h: Optional[float] = None) -> Problem: ...
    def last_problem(self) -> Problem: ...
    @property
    def last_lambda(self) -> np.ndarray: ...
    @property
    def last_statistics(self) -> StepStatistics: ...
    @property
    def step_count(self) -> int: ...
    @property
    def time(self) -> float: ...
    @property
    def body_count(self) -> int: ...
    @property
    def kinetic_energy(self) -> float: ...
    @property
    def potential_energy(self) -> float: ...
    def set_warm_start(self, on: bool) -> None: ...
    @property
    def body_names(self) -> List[str]: ...
    @property
    def positions(self) -> np.ndarray: ...
    @property
    def velocities(self) -> np.ndarray: ...
    @property
    def angular_velocities(self) -> np.ndarray: ...
    @property
    def orientations(self) -> np.ndarray: ...
    def set_body_state(self, index: int, *, p: Optional[ArrayLike] = None,
                       v: Optional[ArrayLike] = None, w: Optional[ArrayLike] = None) -> None: ...
    def apply_force(self, index: int, *, f: Optional[ArrayLike] = None,
                    tau: Optional[ArrayLike] = None) -> None: ...

class ProfileCurve:
    solver: str
    problems: int
    ratios: List[float]
    def fraction(self, tau: float) -> float: ...
    @property
    def legend(self) -> str: ...

def run_problem(source: Union[Path, Problem], solvers: Sequence[str],
                threshold: float = ..., repeat: int = 1, warm_start: bool = False,
                label: str = "", **options: Any) -> List[Dict[str, Any]]: ...
def problem_files(paths: Sequence[str]) -> List[Tuple[str, str]]: ...
def summary_text(records: Iterable[Dict[str, Any]], threshold: float, repeats: int = 1) -> str: ...
def performance_profile(records: Iterable[Dict[str, Any]], threshold: float) -> List[ProfileCurve]: ...
def profile_text(problems: int, threshold: float, repeats: int) -> Tuple[List[str], str, str]: ...
def profile_tau_max(curves: Sequence[ProfileCurve]) -> float: ...
