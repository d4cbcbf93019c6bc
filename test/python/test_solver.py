"""Solvers by name with their options as keyword arguments, the report, warm starts, and the GIL
released while solving."""

import threading
import time

import numpy as np
import pytest

import mlcp


def test_every_registered_solver_is_there_by_name():
    names = mlcp.solver_names()
    for core in ["dantzig", "lemke", "pgs", "apgd", "newton", "fallback"]:
        assert core in names
    assert set(mlcp.solver_descriptions()) == set(names)
    p = mlcp.random_problem(n=12, nub=0, contacts=0, seed=5)  # boxes only
    for name in names:
        solver = mlcp.Solver(name)
        assert solver.name == name or name.startswith("islands:")
        result = solver.solve(p)
        assert result.x.shape == (12,) and result.w.shape == (12,)
        assert result.solver == name
        np.testing.assert_allclose(result.w, p.A @ result.x - p.b, atol=1e-9)


def test_islands_prefix_makes_any_solver_island_by_island():
    p = mlcp.random_problem(n=30, seed=6)
    assert mlcp.solve(p, "islands:dantzig").status == mlcp.Status.Converged
    # the options are those of the solvers made per island
    assert mlcp.Solver("islands:pgs", relaxation=1.1).options["relaxation"] == 1.1


def test_keywords_set_the_options_struct():
    solver = mlcp.Solver("pgs", relaxation=1.1, max_iterations=7, seed=3, randomize_order=True,
                         residual_interval=2)
    options = solver.options
    assert options["relaxation"] == 1.1 and options["max_iterations"] == 7
    assert options["seed"] == 3 and options["randomize_order"] is True
    assert options["residual_interval"] == 2
    assert "pivot_tolerance" in mlcp.solver_options("dantzig")
    assert "diagonal_preconditioning" in mlcp.Solver("apgd").keywords
    result = solver.solve(mlcp.random_problem(n=60, seed=1))
    assert result.report.iterations <= 7


def test_settings_reach_peers_and_options_are_checked_by_the_library():
    with pytest.raises(ValueError, match=r"relaxation = 2.5.*0 < relaxation < 2"):
        mlcp.Solver("pgs", relaxation=2.5)
    with pytest.raises(ValueError, match=r"maxIterations = 0"):
        mlcp.Solver("apgd", max_iterations=0)
    with pytest.raises(TypeError, match=r"solver 'dantzig' takes no option 'relax'.*pivot_tolerance"):
        mlcp.Solver("dantzig", relax=1.0)
    with pytest.raises(TypeError, match=r"option 'max_iterations' takes int"):
        mlcp.Solver("pgs", max_iterations=2.5)
    with pytest.raises(ValueError, match=r"unknown solver 'nope'; known solvers: dantzig"):
        mlcp.Solver("nope")
    # A peer takes the settings every solver takes, and no struct field.
    if "bullet-pgs" in mlcp.solver_names():
        assert mlcp.Solver("bullet-pgs", max_iterations=5).name == "bullet-pgs"
        with pytest.raises(TypeError, match="takes no option 'seed'"):
            mlcp.Solver("bullet-pgs", seed=1)


def test_report_fields_and_history():
    p = mlcp.random_problem(n=60, seed=2)
    r = mlcp.solve(p, "apgd", record_history=True).report
    assert r.status == mlcp.Status.Converged and r.succeeded
    assert str(r.status) == "converged"
    assert r.residual_rel <= 1e-6 and r.residual_scaled <= 1e-6
    assert r.iterations > 0 and r.pivots == 0 and 0 <= r.worst_row < 60
    assert r.solve_seconds > 0.0 and r.message
    assert r.residual_history.shape == (r.iterations + 1,)
    assert r.residual_history[-1] <= 1e-6 < r.residual_history[0]
    d = mlcp.solve(p, "dantzig").report
    assert d.pivots > 0 and d.residual_history.size == 0
    caps = mlcp.Solver("dantzig").capabilities
    assert caps.requires_symmetric_A and not caps.iterative
    assert mlcp.Solver("lemke").capabilities.dense_A


def test_warm_start_from_x0_or_from_the_problem():
    p = mlcp.random_problem(n=100, seed=3)
    exact = mlcp.solve(p, "dantzig").x
    cold = mlcp.solve(p, "pgs").report.iterations
    assert mlcp.solve(p, "pgs", x0=exact).report.iterations < cold
    p.x = exact
    assert mlcp.solve(p, "pgs").report.iterations == cold  # the file's x is no start by default
    assert mlcp.solve(p, "pgs", warm_start=True).report.iterations < cold


def test_the_gil_is_released_while_solving():
    # Lemke on n = 400 takes a good fraction of a second; a thread holding the GIL for that
    # long would stop this loop, which counts while the solve runs.
    p = mlcp.random_problem(n=400, seed=1)
    done = threading.Event()

    def solve():
        mlcp.solve(p, "lemke")
        done.set()

    thread = threading.Thread(target=solve)
    start = time.perf_counter()
    thread.start()
    ticks = 0
    while not done.is_set():
        ticks += 1
        time.sleep(0.001)
    thread.join()
    elapsed = time.perf_counter() - start
    assert elapsed > 0.05, "the solve was too quick to tell"
    assert ticks >= 10, f"{ticks} ticks in {elapsed:.2f} s: the GIL was held"
