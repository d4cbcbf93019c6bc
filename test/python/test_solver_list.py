"""docs/python.md lists the registered solvers: its table holds every name mlcp.solver_names()
gives, in the registry's order, and no name the registry lacks apart from the peers of adapters
that were not built."""

import pathlib
import re

import mlcp

DOCS = pathlib.Path(__file__).resolve().parents[2] / "docs" / "python.md"
PEER_PREFIXES = ("bullet-", "dart-", "siconos-")


def documented_solvers() -> list:
    """The names in the first column of the table under `| solver | method |`, in order."""
    text = DOCS.read_text()
    table = text[text.index("| solver | method |"):]
    names = []
    for line in table.splitlines()[2:]:
        if not line.startswith("|"):
            break
        names += re.findall(r"`([^`]+)`", line.split("|")[1])
    return names


def test_the_table_is_found_and_names_each_solver_once():
    names = documented_solvers()
    assert len(names) >= 27, names
    assert len(set(names)) == len(names), names


def test_every_registered_solver_is_documented_in_the_registry_order():
    documented = documented_solvers()
    registered = mlcp.solver_names()
    missing = [name for name in registered if name not in documented]
    assert not missing, f"docs/python.md does not list {missing}"
    assert [name for name in documented if name in registered] == registered


def test_every_documented_solver_is_registered_unless_its_adapter_was_not_built():
    registered = set(mlcp.solver_names())
    unknown = [name for name in documented_solvers()
               if name not in registered and not name.startswith(PEER_PREFIXES)]
    assert not unknown, f"docs/python.md lists {unknown}, which the registry lacks"
