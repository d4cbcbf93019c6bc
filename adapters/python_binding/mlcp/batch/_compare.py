"""mlcp.batch.compare and mlcp.batch.summary."""

from __future__ import annotations

import os
from typing import Any, Iterable, Optional, Sequence, Union

import pandas as pd

from mlcp import _core

#: Columns of the DataFrame: the keys of `mlcp compare --json`, in its order.
RECORD_KEYS: tuple = _core.RECORD_KEYS
#: Default largest scaled and relative residual that counts as solved (`mlcp compare --threshold`).
DEFAULT_THRESHOLD: float = _core.DEFAULT_THRESHOLD

Source = Union[str, "os.PathLike[str]", _core.Problem, tuple]


def _sources(paths_or_problems: Union[Source, Iterable[Source]]) -> list:
    """(label, path or Problem) of every problem: paths are expanded as `mlcp compare PATH...`
    does (a directory's problem files, sorted, labelled DIR/relative), a Problem is labelled by
    its name (or problemK), a (label, Problem) pair by its label."""
    if isinstance(paths_or_problems, (str, os.PathLike, _core.Problem)):
        paths_or_problems = [paths_or_problems]
    sources = []
    for k, item in enumerate(paths_or_problems):
        if isinstance(item, _core.Problem):
            sources.append((item.name or f"problem{k}", item))
        elif isinstance(item, tuple) and len(item) == 2 and isinstance(item[1], _core.Problem):
            sources.append((str(item[0]), item[1]))
        else:
            sources.extend(_core.problem_files([os.fspath(item)]))
    return sources


def _run(label: str, source: Any, solvers: Sequence[str], threshold: float, repeat: int,
         warm_start: bool, options: dict) -> tuple:
    """One task: (records of the problem, None), or ([], (message, file, line)) when its file
    cannot be read. Runs where it is called: in process or on a Dask worker."""
    try:
        return _core.run_problem(source, list(solvers), threshold, repeat, warm_start, label,
                                 **options), None
    except _core.ParseError as error:
        return [], (str(error), getattr(error, "file", ""), getattr(error, "line", 0))


def _parse_error(message: str, file: str, line: int) -> _core.ParseError:
    error = _core.ParseError(message)
    error.file, error.line = file, line
    return error


def compare(paths_or_problems: Union[Source, Iterable[Source]],
            solvers: Union[str, Sequence[str]] = "all",
            client: Optional[Any] = None,
            *,
            threshold: float = DEFAULT_THRESHOLD,
            repeat: int = 1,
            warm_start: bool = False,
            skip_unreadable: bool = False,
            retries: int = 1,
            **options: Any) -> pd.DataFrame:
    """Runs every solver on every problem, as `mlcp compare` does; one row per (problem, solver).

    paths_or_problems: a path (file or directory), an mlcp.Problem, a (label, Problem) pair, or
        an iterable of them. Directories contribute their *.blcp, *.dat, *.hdf5 and *.h5 files.
    solvers: 'all' (mlcp.solver_names()), a comma-separated string or a list of names.
    client: None runs in this process, one problem after the other; a
        dask.distributed.Client runs one task per problem on the cluster's workers (files are
        read there: the paths must be valid on the workers). A worker lost mid-run costs nothing
        but time: the scheduler runs its tasks again elsewhere.
    threshold: largest scaled and relative residual of the solver's answer that counts as solved
        (winner, profile, summary).
    repeat: solves per pair; time_us is the median (validation and residual included).
    warm_start: start iterative solvers from a problem's x instead of zero.
    skip_unreadable: a file the readers reject is left out with a note in df.attrs['notes']
        instead of raising mlcp.ParseError (after every problem ran).
    retries: Dask retries of a task that raised (not needed for lost workers).
    options: solver options as keyword arguments (mlcp.Solver), for every solver.

    Returns a pandas DataFrame with the columns RECORD_KEYS (those of `mlcp compare --json`:
    status as its name, 'n/a' pairs with applicable False, None where JSON writes null, numbers
    at full precision), and attrs threshold, repeats, solvers and notes.
    Raises ValueError / TypeError for unknown solvers or options (before anything runs),
    mlcp.ParseError for an unreadable file unless skip_unreadable, FileNotFoundError for a
    missing path.
    """
    names = _core.solver_names() if solvers == "all" else (
        [s for s in solvers.split(",") if s] if isinstance(solvers, str) else list(solvers))
    for name in names:
        _core.Solver(name, **options)  # unknown names and options fail here, once
    sources = _sources(paths_or_problems)
    arguments = (names, threshold, repeat, warm_start, options)
    if client is None:
        results = [_run(label, source, *arguments) for label, source in sources]
    else:
        futures = [client.submit(_run, label, source, *arguments, pure=False, retries=retries)
                   for label, source in sources]
        results = client.gather(futures)
    rows, notes = [], []
    for records, error in results:
        rows.extend(records)
        if error is not None:
            if not skip_unreadable:
                raise _parse_error(*error)
            notes.append(f"{error[0]} (skipped)")
    frame = pd.DataFrame.from_records(rows, columns=list(RECORD_KEYS))
    frame.attrs.update(threshold=threshold, repeats=repeat, solvers=names, notes=notes)
    return frame


def summary(frame: pd.DataFrame, threshold: Optional[float] = None) -> str:
    """`mlcp compare`'s summary of a compare() DataFrame: per solver the problems it solved of
    those it applies to, n/a, failed, wins and time / fastest, with what "solved" means.
    threshold: default frame.attrs['threshold'] (or DEFAULT_THRESHOLD)."""
    if threshold is None:
        threshold = frame.attrs.get("threshold", DEFAULT_THRESHOLD)
    repeats = int(frame["repeats"].max()) if len(frame) else 1
    return _core.summary_text(frame.to_dict("records"), threshold, repeats)
