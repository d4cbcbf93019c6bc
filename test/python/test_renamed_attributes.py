"""One name per quantity: the results say residual_rel, residual_abs and residual_scaled, as the
records, the CSV files and the DataFrames do; the old attribute names read the same value for one
release, with a DeprecationWarning naming the new one."""

import re

import numpy as np
import pytest

import mlcp

RESIDUAL_ALIASES = [("absolute_residual", "residual_abs"),
                    ("relative_residual", "residual_rel"),
                    ("scaled_residual", "residual_scaled")]


def read_old(owner, obj, old, new):
    message = rf"^{re.escape(owner)}\.{old} is deprecated; use {new}$"
    with pytest.warns(DeprecationWarning, match=message):
        return getattr(obj, old)


def test_report_old_names_warn_and_read_the_new_ones():
    p = mlcp.random_problem(n=20, seed=3)
    report = mlcp.solve(p, "pgs", max_iterations=3).report
    for old, new in RESIDUAL_ALIASES:
        assert 0.0 < getattr(report, new)
        assert read_old("mlcp.Report", report, old, new) == getattr(report, new)
    assert "residual_rel=" in repr(report) and "relative_residual" not in repr(report)


def test_residuals_old_names_warn_and_read_the_new_ones():
    p = mlcp.random_problem(n=20, seed=3)
    residuals = mlcp.residuals(p, mlcp.solve(p, "pgs", max_iterations=3).x)
    for old, new in [("absolute", "residual_abs"), ("relative", "residual_rel"),
                     ("scaled", "residual_scaled")]:
        assert 0.0 < getattr(residuals, new)
        assert read_old("mlcp.Residuals", residuals, old, new) == getattr(residuals, new)


def test_dynamics_old_name_warns_and_reads_the_new_one():
    world = mlcp.dynamics.World("box-stack", count=2)
    world.solver = mlcp.Solver("dantzig")
    trajectory = world.run(3)
    old = read_old("mlcp.dynamics.Trajectory", trajectory, "relative_residual", "residual_rel")
    assert len(old) == 3
    np.testing.assert_array_equal(old, trajectory.residual_rel)  # NaN where a step had n = 0
    statistics = world.step()
    np.testing.assert_equal(read_old("mlcp.dynamics.StepStatistics", statistics,
                                     "relative_residual", "residual_rel"), statistics.residual_rel)
    assert read_old("mlcp.dynamics.StepStatistics", statistics, "solver_name",
                    "solver") == statistics.solver == "dantzig"


def test_the_new_names_do_not_warn(recwarn):
    p = mlcp.random_problem(n=20, seed=3)
    report = mlcp.solve(p, "dantzig").report
    assert report.residual_rel <= 1e-9 and report.residual_scaled <= 1e-9
    assert not [w for w in recwarn if issubclass(w.category, DeprecationWarning)]
