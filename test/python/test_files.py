"""Readers and writers (BLCP, Siconos, FCLIB), validate as `mlcp validate` does, statistics as
`mlcp info` reports them."""

import json
import subprocess

import numpy as np
import pytest
import scipy.sparse as sp

import mlcp


def same_problem(p: mlcp.Problem, q: mlcp.Problem) -> None:
    np.testing.assert_array_equal(p.dense_A(), q.dense_A())
    for field in ["b", "lo", "hi", "findex"]:
        np.testing.assert_array_equal(getattr(p, field), getattr(q, field))
    assert p.nub == q.nub


@pytest.mark.parametrize("storage,form", [("dense", "dense"), ("coo", "sparse"), ("auto", None)])
def test_blcp_round_trip_is_bitwise(tmp_path, storage, form):
    p = mlcp.random_problem(n=30, seed=8)
    p.x = mlcp.solve(p).x
    path = tmp_path / "p.blcp"
    mlcp.write_blcp(p, path, storage=storage)
    q = mlcp.read_problem(path)
    same_problem(p, q)
    np.testing.assert_array_equal(q.x, p.x)
    if form:
        assert q.form == form
    assert mlcp.detect_format(path) == "blcp"
    same_problem(mlcp.parse_blcp(mlcp.blcp_text(p, storage)), p)


def test_siconos_round_trip_and_family(tmp_path):
    A = np.array([[4.0, 1.0], [1.0, 3.0]])
    lcp = mlcp.Problem(A, [1.0, 2.0])
    assert mlcp.write_siconos(lcp, tmp_path / "lcp.dat") == "lcp"
    same_problem(mlcp.read_problem(tmp_path / "lcp.dat", format="siconos-lcp"), lcp)
    relay = mlcp.Problem(A, [1.0, 2.0], lo=[-1.0, -1.0], hi=[1.0, 1.0])
    assert mlcp.parse_siconos(mlcp.siconos_text(relay), "relay").hi[0] == 1.0
    with pytest.raises(ValueError, match="friction"):
        mlcp.siconos_text(mlcp.random_problem(n=12, seed=1))


def test_shared_files_of_every_format(shared_data):
    lcp = mlcp.read_problem_file(shared_data / "siconos" / "lcp" / "lcp_CPS_1.dat")
    assert lcp.format == "siconos-lcp" and lcp.approximation == ""
    fc = mlcp.read_problem_file(shared_data / "siconos" / "fc" / "FrictionContact3D_1c.dat")
    assert fc.format == "siconos-fc" and "friction pyramid" in fc.approximation
    assert fc.problem.friction_rows == 2
    if mlcp.HAS_FCLIB:
        f = mlcp.read_problem_file(shared_data / "fclib" / "local_problem_test.hdf5")
        assert f.format == "fclib" and f.problem.form == "sparse" and sp.issparse(f.problem.A)
        assert f.problem.n == 3 * 48
    with pytest.raises(mlcp.ParseError, match="Rectangular_mlcp.dat"):
        mlcp.read_problem(shared_data / "siconos" / "mlcp" / "Rectangular_mlcp.dat")


def test_validate_says_what_mlcp_validate_says(tmp_path, captured, cli):
    path = captured[0]
    p = mlcp.read_problem(path)
    x = mlcp.solve(p, "pgs", max_iterations=20).x  # an inexact answer has worst rows
    solution = tmp_path / "x.txt"
    solution.write_text(" ".join(repr(v) for v in x))
    ours = mlcp.validate(p, x, top=5)
    from_file = mlcp.validate(p, solution, top=5)
    theirs = json.loads(subprocess.run(
        [str(cli), "validate", str(path), "--x", str(solution), "--top", "5", "--json"],
        capture_output=True, text=True).stdout)
    assert ours.valid == theirs["valid"] == from_file.valid
    assert ours.residuals.residual_rel == pytest.approx(theirs["residual_rel"], rel=1e-5)
    assert ours.residuals.residual_abs == pytest.approx(theirs["residual_abs"], rel=1e-5)
    assert [(r.row, r.kind) for r in ours.worst_rows] == [
        (r["row"], r["kind"]) for r in theirs["worst_rows"]]
    assert ours.row_residuals.shape == (p.n,)
    assert ours.row_residuals.max() == ours.residuals.residual_abs
    exact = mlcp.validate(p, mlcp.solve(p, "lemke").x)
    assert exact.residuals.residual_rel < 1e-6


def test_statistics_as_mlcp_info(shared_data):
    p = mlcp.read_problem(shared_data / "captured" / "bullet" / "slope_step30.blcp")
    s = mlcp.statistics(p)
    assert (s.n, s.nub, s.friction_rows, s.form) == (12, 0, 8, "dense")
    assert s.non_zeros == 144 and s.asymmetry == 0.0
    assert s.normal_rows == 4 and s.tangents_per_normal == {2: 4}
    assert s.mu_min == s.mu_max == pytest.approx(0.8)
    assert s.definiteness == "positive semi-definite"
    assert s.condition_estimate > 1e15 and not s.has_solution
