"""Every registered solver gives from Python the x it gives from C++, bit for bit, on the problems
captured from Bullet and DART: the C++ side is test/python/cpp_solutions.cpp, which runs each
pair as `mlcp solve FILE --solver NAME` does and prints x exactly.

Lemke's O(n^3) pivoting (ours and Bullet's) is run on the captured problems up to n = 160 only,
to keep the test short; the other solvers run on every captured problem."""

import json
import subprocess

import numpy as np

import mlcp

SLOW = {"lemke", "bullet-lemke"}
SLOW_MAX_ROWS = 160


def pairs(captured) -> list:
    chosen = []
    for path in captured:
        n = mlcp.read_problem(path).n
        chosen += [(str(path), name) for name in mlcp.solver_names()
                   if name not in SLOW or n <= SLOW_MAX_ROWS]
    return chosen


def test_every_solver_gives_the_same_x_as_from_cpp(captured, cpp_solutions):
    chosen = pairs(captured)
    # The C++ runs go on in another process while Python solves the same pairs.
    cpp = subprocess.Popen([str(cpp_solutions)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                           text=True)
    cpp.stdin.write("".join(f"{path} {name}\n" for path, name in chosen))
    cpp.stdin.close()
    problems = {path: mlcp.read_problem(path) for path in {p for p, _ in chosen}}
    ours = {(path, name): mlcp.solve(problems[path], name) for path, name in chosen}
    theirs = [json.loads(line) for line in cpp.stdout]
    assert cpp.wait() == 0
    assert len(theirs) == len(chosen)
    solvers = set()
    for record in theirs:
        result = ours[(record["file"], record["solver"])]
        where = f"{record['solver']} on {record['file']}"
        assert str(result.status) == record["status"], where
        x = np.array(record["x"], dtype=float)
        assert result.x.shape == x.shape, where
        assert np.array_equal(result.x, x), where + f": max difference {np.abs(result.x - x).max()}"
        solvers.add(record["solver"])
    assert solvers == set(mlcp.solver_names())
