"""The solvers' options tables as Python keywords: every option of every registered solver is a
keyword, set and read back, and a bad value gets the message the command line gives."""
import subprocess

import mlcp
import pytest


def _other_value(value, option):
    """A valid value of `option` other than `value` (a composite's None: PGS's default)."""
    if value is None:
        value = mlcp.solver_options("pgs")[option]
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, float):
        if value > 1.0:
            return 1.5 * value
        if value > 0.0:
            return 0.5 * value
        return 2.0 if option == "abandon_growth" else 0.5
    return {"automatic": "dense", "dense": "sparse", "sparse": "automatic", "min-map":
            "fischer-burmeister", "fischer-burmeister": "min-map", "interior-point":
            "line-search", "line-search": "interior-point", "pgs": "apgd", "apgd": "nncg",
            "nncg": "pgs", "round": "iteration", "iteration": "round"}[value]


def test_every_option_of_every_solver_is_a_keyword_read_back():
    checked = 0
    for name in mlcp.solver_names():
        defaults = mlcp.solver_options(name)
        assert sorted(defaults) == mlcp.Solver(name).keywords
        for option, value in defaults.items():
            other = _other_value(value, option)
            assert other != value
            assert mlcp.Solver(name, **{option: other}).options[option] == other, (name, option)
            checked += 1
    assert checked > 100


def test_an_option_the_solver_does_not_take_is_rejected():
    for name in ("newton", "dantzig", "lemke"):
        with pytest.raises(TypeError, match=f"solver '{name}' takes no option 'relaxation'"):
            mlcp.Solver(name, relaxation=1.5)
    assert "absolute_tolerance" in mlcp.solver_options("newton")
    assert mlcp.Solver("newton", absolute_tolerance=1e-8).options["absolute_tolerance"] == 1e-8


@pytest.mark.parametrize("takes, refuses, option, value", [
    ("dart-pgs", "dart-dantzig", "fixed_sweeps", True),
    ("dart-dantzig", "dart-pgs", "early_termination", False),
    ("bullet-lemke", "bullet-pgs", "lemke_bound", 1e9),
    ("siconos-enum", "siconos-lemke", "max_enumeration_size", 5),
])
def test_a_peer_method_takes_the_options_it_uses_and_no_other(takes, refuses, option, value):
    if takes not in mlcp.solver_names():
        pytest.skip(f"{takes} was not built")
    assert mlcp.Solver(takes, **{option: value}).options[option] == value
    with pytest.raises(TypeError, match=f"solver '{refuses}' takes no option '{option}'"):
        mlcp.Solver(refuses, **{option: value})


@pytest.mark.parametrize("solver, flag, keyword, value, error", [
    ("pgs", "--relaxation", "relaxation", 5.0, ValueError),
    ("pgs", "--max-iterations", "max_iterations", 2.5, TypeError),
    ("newton", "--reformulation", "reformulation", "bogus", TypeError),
])
def test_a_bad_value_gets_the_command_lines_message(cli, solver, flag, keyword, value, error):
    with pytest.raises(error) as raised:
        mlcp.Solver(solver, **{keyword: value})
    text = "5" if value == 5.0 else str(value)
    run = subprocess.run([str(cli), "solve", "--solver", solver, flag, text, "none.blcp"],
                         capture_output=True, text=True)
    assert run.returncode != 0
    assert str(raised.value) in run.stderr + run.stdout
