"""The package behaves as Python users expect: mlcp.Status is a real enum.Enum (a StrEnum whose
value is the name the command line prints), every result type has a readable repr, and
mlcp.__version__ is the project's version."""

import enum
import importlib.metadata
import pathlib
import pickle
import re

import numpy as np
import pytest

import mlcp
import mlcp.batch


def test_status_is_an_enum_whose_value_is_the_cli_name():
    assert issubclass(mlcp.Status, enum.Enum) and issubclass(mlcp.Status, str)
    assert isinstance(mlcp.Status.Converged, mlcp.Status)
    names = {
        "NotSolved": "not-solved", "Converged": "converged", "MaxIterations": "max-iterations",
        "TimeLimit": "time-limit", "SingularPivot": "singular-pivot", "Unbounded": "unbounded",
        "Inaccurate": "inaccurate", "NumericalFailure": "numerical-failure",
        "Unsupported": "unsupported", "InvalidProblem": "invalid-problem",
    }
    assert {m.name: m.value for m in mlcp.Status} == names
    for member in mlcp.Status:
        assert member == member.value and str(member) == member.value
        assert f"{member}" == member.value
        assert mlcp.Status(member.value) is member and mlcp.Status[member.name] is member
        assert pickle.loads(pickle.dumps(member)) is member
    assert mlcp.Status.__module__ == "mlcp"


def test_reports_and_records_carry_enum_members_equal_to_the_cli_strings():
    p = mlcp.random_problem(n=30, seed=2)
    result = mlcp.solve(p, "dantzig")
    assert type(result.status) is mlcp.Status and result.status is mlcp.Status.Converged
    assert type(result.report.status) is mlcp.Status
    frame = mlcp.batch.compare(p, ["dantzig"])
    assert frame.at[0, "status"] == result.status  # the DataFrame holds the CLI's string
    world = mlcp.dynamics.World("box-stack", count=2)
    world.solver = mlcp.Solver("dantzig")
    assert type(world.step().status) is mlcp.Status
    assert all(type(s) is mlcp.Status for s in world.run(2).status)


def test_every_result_type_has_a_readable_repr(tmp_path):
    p = mlcp.random_problem(n=12, seed=4)
    result = mlcp.solve(p, "dantzig")
    path = tmp_path / "p.blcp"
    mlcp.write_blcp(p, path)
    world = mlcp.dynamics.World("box-stack", count=2)
    world.solver = mlcp.Solver("dantzig")
    world.step()
    frame = mlcp.batch.compare(p, ["dantzig", "pgs"])
    curves = mlcp._core.performance_profile(frame.to_dict("records"), 1e-6)
    objects = {
        "Problem": p, "Result": result, "Report": result.report,
        "Capabilities": mlcp.Solver("pgs").capabilities, "Solver": mlcp.Solver("pgs"),
        "Residuals": mlcp.residuals(p, result.x), "Validation": mlcp.validate(p, result.x),
        "RowViolation": mlcp.validate(p, result.x).worst_rows[0],
        "Statistics": mlcp.statistics(p), "ProblemFile": mlcp.read_problem_file(path),
        "Factors": world.last_problem().A, "StepStatistics": world.last_statistics,
        "StepTimes": world.last_statistics.times, "Trajectory": world.run(2),
        "SceneInfo": mlcp.dynamics.scene_catalog()[0],
        "SceneParameter": mlcp.dynamics.scene_catalog()[0].parameters[0],
        "ProfileCurve": curves[0],
    }
    for name, value in objects.items():
        text = repr(value)
        assert text.startswith(f"<mlcp.{name} ") and text.endswith(">"), text
        assert " object at 0x" not in text, text
    assert "valid=True" in repr(objects["Validation"])
    assert "iterative=True" in repr(objects["Capabilities"])
    assert "n=12" in repr(objects["Statistics"]) and "form=dense" in repr(objects["Statistics"])
    assert repr(objects["ProblemFile"]).startswith("<mlcp.ProblemFile blcp ")
    assert "steps=2" in repr(objects["Trajectory"])


def test_version_is_the_projects():
    text = (pathlib.Path(__file__).parents[2] / "CMakeLists.txt").read_text()
    version = re.search(r"project\(mlcp VERSION ([0-9.]+)", text).group(1)
    assert mlcp.__version__ == version
    assert mlcp._core.__version__ == version
    assert np.all([part.isdigit() for part in mlcp.__version__.split(".")])


def test_an_installed_distribution_has_the_projects_version():
    """pip's record of the package (pyproject.toml, setup.py) when the tests run against a pip
    install (.ci/run); the build tree's package has none."""
    try:
        installed = importlib.metadata.version("mlcp")
    except importlib.metadata.PackageNotFoundError:
        pytest.skip("mlcp is not installed as a distribution (the build tree's package)")
    assert installed == mlcp.__version__
    files = importlib.metadata.files("mlcp")
    assert any(f.name.startswith("_core.") and f.name.endswith(".so") for f in files)
    assert any(str(f).replace("\\", "/") == "mlcp/batch/_compare.py" for f in files)
