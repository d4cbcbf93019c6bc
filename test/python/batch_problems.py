"""The problem set of the batch tests: a subset of ../shared/data that runs in about a second
(the Siconos LCP, relay and MLCP files, the FCLIB file, the small captured problems) and the
solvers except the enumerative ones and Bullet's Lemke (minutes on a few of these files)."""

import pathlib

import mlcp


def batch_paths(shared_data: pathlib.Path) -> list:
    captured = shared_data / "captured"
    small = sorted(captured.glob("*/slope*.blcp")) + sorted(captured.glob("*/chain_step[36]0.blcp"))
    folders = [shared_data / "siconos" / kind for kind in ("lcp", "relay", "mlcp")]
    return [str(p) for p in folders + [shared_data / "fclib"] + small if p.exists()]


def batch_solvers() -> list:
    return [s for s in mlcp.solver_names() if "enum" not in s and s != "bullet-lemke"]


def slow_problems(count: int = 12) -> list:
    """Generated problems of a few tenths of a second each for Lemke: tasks long enough that a
    worker can be killed while it runs one."""
    return [mlcp.random_problem(n=220, seed=seed) for seed in range(1, count + 1)]


def comparable(frame):
    """The columns a distributed run must reproduce exactly: all but the time, the winner (the
    fastest solver, which depends on the times) and the message. About one message in a
    thousand differed between the serial and the distributed run under CPU load while every
    status, count and residual agreed: a message may tell what a solver reused from the problem
    it solved before in the same process, which the distribution changes."""
    return frame.drop(columns=["time_us", "winner", "message"]).reset_index(drop=True)


def assert_same_results(frame, serial):
    """Asserts that `frame` (a distributed run) has the comparable columns of `serial` on every
    row: status, counts, applicability, and the residuals of every answer, failed ones included
    (every solver's answer is a function of its input; pgs-sm's failed answer on
    diodeBridge20_mlcp.dat once differed, from a step read from memory its solve had not
    written, fixed in SubspaceMinimizationSolver::subspaceStep). Values agree exactly: the same
    operations run, only the process differs. On a difference, the message names the
    (problem, solver) rows and both values."""
    ours, theirs = comparable(frame), comparable(serial)
    assert list(ours.columns) == list(theirs.columns) and len(ours) == len(theirs)
    differing = []
    for column in ours.columns:
        a, b = ours[column], theirs[column]
        same = (a == b) | (a.isna() & b.isna())
        for i in ours.index[~same]:
            differing.append(f"{ours.at[i, 'problem']} / {ours.at[i, 'solver']}: {column} "
                             f"{a.at[i]!r} distributed, {b.at[i]!r} serial")
    assert not differing, "\n".join(differing)
