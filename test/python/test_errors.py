"""Bad input as Python sees it: each validation rule of MixedLCP::solve() (docs/design.md) as
Status.InvalidProblem with the library's message, for every solver; misuse as exceptions:
std::invalid_argument as ValueError, ParseError as mlcp.ParseError with its file and line."""

import math
import re

import numpy as np
import pytest
import scipy.sparse as sp

import mlcp

INF = math.inf


def good() -> dict:
    """Rows: a free row, a normal row, its friction row, a boxed row (nub = 1)."""
    return dict(A=np.eye(4) * 2.0 + 0.1, b=np.array([1.0, 1.0, 0.5, 0.2]),
                lo=np.array([-INF, 0.0, 0.0, -1.0]), hi=np.array([INF, INF, 0.5, 1.0]),
                findex=np.array([-1, -1, 1, -1]), nub=1)


def changed(**fields) -> dict:
    data = good()
    data.update(fields)
    return data


def with_entry(name: str, index, value) -> dict:
    data = good()
    array = np.array(data[name], dtype=float)
    array[index] = value
    data[name] = array
    return data


# (case, problem data, message the library gives).
RULES = [
    ("A not square", changed(A=np.ones((4, 3))), r"A is 4 x 3: it must be square"),
    ("A not finite", with_entry("A", (2, 1), np.nan), r"A\(2, 1\) = nan is not finite"),
    ("sparse A not finite", changed(A=sp.csc_matrix(with_entry("A", (3, 0), INF)["A"])),
     r"A\(3, 0\) = inf is not finite"),
    ("b size", changed(b=np.ones(3)), r"b has 3 entries but A is 4 x 4"),
    ("lo size", changed(lo=np.zeros(5)), r"lo has 5 entries but A is 4 x 4"),
    ("hi size", changed(hi=np.ones(2)), r"hi has 2 entries but A is 4 x 4"),
    ("findex size", changed(findex=np.array([-1, -1, 1])), r"findex has 3 entries but A is 4 x 4"),
    ("nub range", changed(nub=5), r"nub = 5 is outside 0 .. n = 4"),
    ("b not finite", with_entry("b", 3, np.nan), r"b\[3\] = nan is not finite"),
    ("findex range", changed(findex=np.array([-1, -1, 7, -1])),
     r"findex\[2\] = 7 is out of range -1 .. 3"),
    ("findex itself", changed(findex=np.array([-1, -1, 2, -1])),
     r"findex\[2\] = 2 points at the row itself"),
    ("findex at a friction row", changed(findex=np.array([-1, -1, 1, 2])),
     r"findex\[3\] = 2 points at row 2, itself a friction row"),
    ("mu not finite", with_entry("hi", 2, INF), r"hi\[2\] = inf on friction row 2"),
    ("lo NaN", with_entry("lo", 3, np.nan), r"lo\[3\] is NaN"),
    ("hi NaN", with_entry("hi", 3, np.nan), r"hi\[3\] is NaN"),
    ("lo > hi", with_entry("lo", 3, 2.0), r"lo\[3\] = 2 > hi\[3\] = 1"),
    ("empty box", changed(lo=np.array([-INF, INF, 0.0, -1.0]), hi=np.array([INF, INF, 0.5, 1.0])),
     r"row 1 has an empty box \[inf, inf\]"),
    ("finite bounds among nub", with_entry("lo", 0, -1.0),
     r"row 0 < nub = 1 has finite bounds \[-1, inf\]"),
]


def test_friction_row_among_nub_is_its_own_rule():
    # The rule "a friction row among the nub rows" needs findex pointing at a normal row outside
    # the nub: rows 0 and 1 free, row 1 friction of row 2.
    data = good()
    data.update(A=np.eye(3) * 2.0, b=np.ones(3), lo=np.array([-INF, -INF, 0.0]),
                hi=np.array([INF, INF, INF]), findex=np.array([-1, 2, -1]), nub=2)
    data["hi"][1] = 0.5
    report = mlcp.solve(mlcp.Problem(**data), "dantzig").report
    assert report.status == mlcp.Status.InvalidProblem
    assert "row 1 < nub = 2 is a friction row (findex = 2)" in report.message


@pytest.mark.parametrize("case,data,message", RULES, ids=[r[0] for r in RULES])
def test_each_validation_rule_is_a_status_with_the_message_for_every_solver(case, data, message):
    problem = mlcp.Problem(**data)
    for name in mlcp.solver_names():
        result = mlcp.solve(problem, name)
        assert result.status == mlcp.Status.InvalidProblem, (case, name, result.report.message)
        assert re.search(message, result.report.message), (
            case, name, result.report.message)
        np.testing.assert_array_equal(result.x, np.zeros_like(result.x))


FACTOR_RULES = [
    ("bodies rows", lambda f: dict(bodies=f["bodies"][:-1]), r"factors of A: bodies has"),
    ("cfm size", lambda f: dict(cfm=f["cfm"][:-1]), r"factors of A: cfm has"),
    ("body index", lambda f: dict(bodies=np.where(f["bodies"] >= 0, 99, f["bodies"])),
     r"factors of A: row 0: body1 = 99 is outside -1"),
    ("J not finite", lambda f: dict(J=np.where(np.arange(12) == 3, np.nan, f["J"])),
     r"factors of A: J row 0 is not finite"),
    ("cfm not finite", lambda f: dict(cfm=np.full_like(f["cfm"], np.inf)),
     r"factors of A: cfm\[0\] = inf is not finite"),
    ("inverse mass not finite", lambda f: dict(inverse_mass=f["inverse_mass"] * np.nan),
     r"factors of A: inverseMass\[0\].*is not finite"),
]


@pytest.mark.parametrize("case,change,message", FACTOR_RULES, ids=[r[0] for r in FACTOR_RULES])
def test_each_factor_rule_is_a_status_with_the_message(case, change, message):
    world = mlcp.dynamics.World("box-stack", count=2)
    world.solver = mlcp.Solver("dantzig")
    world.step()
    p = world.last_problem()
    parts = dict(J=p.A.J, inverse_mass=p.A.inverse_mass, bodies=p.A.bodies, cfm=p.A.cfm)
    parts.update(change(parts))
    bad = mlcp.Problem(mlcp.Factors(**parts), p.b, p.lo, p.hi, p.findex, p.nub)
    for name in ["dantzig", "pgs", "apgd"]:
        report = mlcp.solve(bad, name).report
        assert report.status == mlcp.Status.InvalidProblem
        assert re.search(message, report.message), report.message


def test_a_valid_problem_a_method_cannot_take_is_unsupported_not_invalid():
    data = good()
    data["A"] = data["A"] + np.triu(np.ones((4, 4)), 1)  # non-symmetric
    report = mlcp.solve(mlcp.Problem(**data), "dantzig").report
    assert report.status == mlcp.Status.Unsupported
    assert "symmetric" in report.message


def test_misuse_raises_with_the_library_message(tmp_path):
    with pytest.raises(ValueError, match=r"findex must hold integers \(got dtype float64\)"):
        mlcp.Problem(np.eye(2), [1.0, 1.0], findex=[-1.0, 0.5])
    with pytest.raises(ValueError, match=r"b must be a 1-D array \(n\); got 2 dimension"):
        mlcp.Problem(np.eye(2), np.ones((2, 1)))
    with pytest.raises(ValueError, match=r"A must be a 2-D array"):
        mlcp.Problem(np.ones(3), np.ones(3))
    with pytest.raises(TypeError, match=r"b must be a 1-D array of numbers"):
        mlcp.Problem(np.eye(2), ["a", "b"])
    with pytest.raises(ValueError, match=r"J must be an n x 12 array"):
        mlcp.Factors(np.zeros((2, 6)), np.zeros((1, 6, 6)), np.zeros((2, 2), int), np.zeros(2))
    with pytest.raises(ValueError, match=r"nub \+ 3 contacts|contacts"):
        mlcp.random_problem(n=6, nub=5, contacts=3)
    with pytest.raises(ValueError, match=r"unknown scene 'nowhere'"):
        mlcp.dynamics.World("nowhere")
    with pytest.raises(ValueError, match=r"count"):
        mlcp.dynamics.World("box-stack", count="many")
    world = mlcp.dynamics.World("box-stack", count=2)
    with pytest.raises(RuntimeError, match=r"no solver"):
        world.step()
    with pytest.raises(TypeError, match=r"World.solver takes an mlcp.Solver"):
        world.solver = "dantzig"
    with pytest.raises(ValueError, match=r"no solution to check"):
        mlcp.validate(mlcp.Problem(np.eye(2), [1.0, 1.0]))
    with pytest.raises(ValueError, match=r"unknown format 'xml'"):
        mlcp.read_problem(tmp_path / "a.blcp", format="xml")


def test_parse_errors_carry_file_and_line(tmp_path):
    bad = tmp_path / "bad.blcp"
    bad.write_text("blcp 1\nn 2 nub 0\nA dense\n1 0\n0 1\nb 1 nan\nlo 0 0\nhi 1 1\nfindex -1 -1\n")
    with pytest.raises(mlcp.ParseError) as caught:
        mlcp.read_problem(bad)
    error = caught.value
    assert isinstance(error, ValueError)
    assert error.file == str(bad) and error.line == 6
    assert str(error).startswith(f"{bad}:6: ")
    with pytest.raises(mlcp.ParseError) as missing:
        mlcp.read_problem(tmp_path / "absent.blcp")
    assert missing.value.line == 0
    with pytest.raises(mlcp.ParseError, match=r"<text>:1"):
        mlcp.parse_blcp("not a problem")
