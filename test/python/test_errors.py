"""Bad input as Python sees it. Each validation rule of the library (mlcp::problemError(),
docs/design.md) raises ValueError with the library's message, naming the array and the index,
when an mlcp.Problem is made or a field assigned; the same rule is Status.InvalidProblem with
that message for every solver when the data come through the Solver.set_* calls. A warm start
x0 of the wrong length or with NaN / Inf raises ValueError; bool(result) is True only for a
converged answer; a missing file raises FileNotFoundError; ParseError as mlcp.ParseError with
its file and line; misuse as ValueError / TypeError."""

import errno
import math
import pickle
import re

import numpy as np
import pytest
import scipy.sparse as sp

import mlcp
import mlcp.batch

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


def solve_through_setters(name: str, data: dict) -> mlcp.Result:
    """The data handed to a Solver in the VEROSIM call order, unchecked until solve()."""
    solver = mlcp.Solver(name)
    solver.set_matrix(data["A"])
    solver.set_right_side(data["b"])
    solver.set_low(data["lo"])
    solver.set_high(data["hi"])
    solver.set_friction_index(data["findex"])
    solver.set_number_unbounded(data["nub"])
    return solver.solve()


def test_friction_row_among_nub_is_its_own_rule():
    # The rule "a friction row among the nub rows" needs findex pointing at a normal row outside
    # the nub: rows 0 and 1 free, row 1 friction of row 2.
    data = good()
    data.update(A=np.eye(3) * 2.0, b=np.ones(3), lo=np.array([-INF, -INF, 0.0]),
                hi=np.array([INF, INF, INF]), findex=np.array([-1, 2, -1]), nub=2)
    data["hi"][1] = 0.5
    with pytest.raises(ValueError, match=r"row 1 < nub = 2 is a friction row \(findex = 2\)"):
        mlcp.Problem(**data)
    report = solve_through_setters("dantzig", data).report
    assert report.status == mlcp.Status.InvalidProblem
    assert "row 1 < nub = 2 is a friction row (findex = 2)" in report.message


@pytest.mark.parametrize("case,data,message", RULES, ids=[r[0] for r in RULES])
def test_each_validation_rule_raises_value_error_naming_the_array(case, data, message):
    with pytest.raises(ValueError, match=message) as caught:
        mlcp.Problem(**data)
    assert type(caught.value) is ValueError  # not a subclass such as ParseError


@pytest.mark.parametrize("case,data,message", RULES, ids=[r[0] for r in RULES])
def test_each_validation_rule_is_a_status_with_the_message_for_every_solver(case, data, message):
    # The same rule, the same message, when the data reach a solver without a Problem.
    for name in mlcp.solver_names():
        result = solve_through_setters(name, data)
        assert result.status == mlcp.Status.InvalidProblem, (case, name, result.report.message)
        assert re.search(message, result.report.message), (
            case, name, result.report.message)
        np.testing.assert_array_equal(result.x, np.zeros_like(result.x))
        assert not result and not result.report


ASSIGNMENTS = [
    ("b", np.ones(3), r"b has 3 entries but A is 4 x 4"),
    ("b", [1.0, np.nan, 0.5, 0.2], r"b\[1\] = nan is not finite"),
    ("lo", [-INF, 0.0, 0.0, 2.0], r"lo\[3\] = 2 > hi\[3\] = 1"),
    ("hi", [INF, INF, 0.5, np.nan], r"hi\[3\] is NaN"),
    ("findex", [-1, -1, 4, -1], r"findex\[2\] = 4 is out of range -1 .. 3"),
    ("nub", 5, r"nub = 5 is outside 0 .. n = 4"),
    ("A", np.ones((4, 3)), r"A is 4 x 3: it must be square"),
    ("x", [0.0, 1.0, np.inf, 0.0], r"x\[2\] = inf is not finite"),
    ("x", np.zeros(2), r"x has 2 entries but A is 4 x 4"),
]


@pytest.mark.parametrize("field,value,message", ASSIGNMENTS,
                         ids=[f"{a[0]}: {a[2]}" for a in ASSIGNMENTS])
def test_assigning_bad_data_raises_and_leaves_the_problem_as_it_was(field, value, message):
    p = mlcp.Problem(**good())
    before = pickle.dumps(p)
    with pytest.raises(ValueError, match=message):
        setattr(p, field, value)
    assert pickle.dumps(p) == before
    p.b = [2.0, 1.0, 0.5, 0.2]  # a good assignment still works
    np.testing.assert_array_equal(p.b, [2.0, 1.0, 0.5, 0.2])


def test_a_problem_x_of_the_wrong_length_or_not_finite_raises():
    with pytest.raises(ValueError, match=r"^x has 3 entries but A is 4 x 4$"):
        mlcp.Problem(**good(), x=np.zeros(3))
    with pytest.raises(ValueError, match=r"^x\[1\] = nan is not finite$"):
        mlcp.Problem(**good(), x=[0.0, np.nan, 0.0, 0.0])


@pytest.mark.parametrize("name", ["pgs", "apgd", "dantzig"])
def test_a_bad_warm_start_raises_instead_of_a_silent_cold_start(name):
    p = mlcp.Problem(**good())
    with pytest.raises(ValueError, match=r"^x0 has 3 entries but A is 4 x 4$"):
        mlcp.solve(p, name, x0=np.zeros(3))
    with pytest.raises(ValueError, match=r"^x0\[2\] = nan is not finite$"):
        mlcp.solve(p, name, x0=[0.0, 0.5, np.nan, 0.0])
    solver = mlcp.Solver(name)
    with pytest.raises(ValueError, match=r"^x0\[0\] = -inf is not finite$"):
        solver.solve(p, x0=[-INF, 0.5, 0.0, 0.0])
    assert solver.report.status == mlcp.Status.NotSolved  # nothing ran
    solver.set_problem(p)
    with pytest.raises(ValueError, match=r"^x0 has 5 entries but A is 4 x 4$"):
        solver.set_initial_guess(np.zeros(5))
    with pytest.raises(ValueError, match=r"^x0\[3\] = nan is not finite$"):
        solver.set_initial_guess([0.0, 0.0, 0.0, np.nan])
    assert solver.solve()  # the rejected guesses were not kept
    good_start = mlcp.solve(p, name, x0=np.zeros(4))
    assert good_start.status == mlcp.Status.Converged


def test_a_warm_start_is_used_not_dropped():
    # Started at the answer, PGS stops at once; started cold it sweeps: the x0 was taken.
    p = mlcp.Problem(**good())
    answer = mlcp.solve(p, "dantzig").x
    cold = mlcp.solve(p, "pgs", relative_tolerance=1e-12)
    warm = mlcp.solve(p, "pgs", relative_tolerance=1e-12, x0=answer)
    assert cold and warm
    assert warm.report.iterations < cold.report.iterations


def test_bool_of_a_result_is_true_only_when_converged():
    p = mlcp.Problem(**good())
    converged = mlcp.solve(p, "dantzig")
    assert converged.status == mlcp.Status.Converged and bool(converged) is True
    assert bool(converged.report) is True
    stopped = mlcp.solve(mlcp.random_problem(n=60, seed=3), "pgs", max_iterations=1)
    assert stopped.status == mlcp.Status.MaxIterations
    assert bool(stopped) is False and bool(stopped.report) is False
    invalid = solve_through_setters("dantzig", with_entry("b", 0, np.nan))
    assert invalid.status == mlcp.Status.InvalidProblem and bool(invalid) is False


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
def test_each_factor_rule_raises_and_is_a_status_with_the_message(case, change, message):
    world = mlcp.dynamics.World("box-stack", count=2)
    world.solver = mlcp.Solver("dantzig")
    world.step()
    p = world.last_problem()
    parts = dict(J=p.A.J, inverse_mass=p.A.inverse_mass, bodies=p.A.bodies, cfm=p.A.cfm)
    parts.update(change(parts))
    factors = mlcp.Factors(**parts)
    with pytest.raises(ValueError, match=message):
        mlcp.Problem(factors, p.b, p.lo, p.hi, p.findex, p.nub)
    data = dict(A=factors, b=p.b, lo=p.lo, hi=p.hi, findex=p.findex, nub=p.nub)
    for name in ["dantzig", "pgs", "apgd"]:
        report = solve_through_setters(name, data).report
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
    with pytest.raises(mlcp.ParseError, match=r"<text>:1"):
        mlcp.parse_blcp("not a problem")


def test_missing_files_raise_file_not_found_error(tmp_path):
    absent = tmp_path / "absent.blcp"
    calls = [
        lambda: mlcp.read_problem(absent),
        lambda: mlcp.read_problem(str(absent)),
        lambda: mlcp.read_problem_file(absent, format="blcp"),
        lambda: mlcp.detect_format(absent),
        lambda: mlcp.validate(mlcp.Problem(np.eye(2), [1.0, 1.0]), x=absent),
        lambda: mlcp.batch.compare([absent], ["dantzig"]),
        lambda: mlcp.batch.compare(tmp_path / "no-such-folder", ["dantzig"]),
    ]
    for call in calls:
        with pytest.raises(FileNotFoundError) as caught:
            call()
        assert caught.value.errno == errno.ENOENT
        assert caught.value.filename in (str(absent), str(tmp_path / "no-such-folder"))
        assert not isinstance(caught.value, mlcp.ParseError)
