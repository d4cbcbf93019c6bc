"""mlcp.batch in process and on a LocalCluster of 2 workers: the columns and values of
`mlcp compare --json`, the same results distributed as serial, the profile, the summary and the
command-line entry."""

import json
import subprocess
import sys

import pandas as pd
import pytest

import mlcp
import mlcp.batch
from batch_problems import assert_same_results, batch_paths, batch_solvers


@pytest.fixture(scope="module")
def serial(shared_data):
    frame = mlcp.batch.compare(batch_paths(shared_data), batch_solvers(), skip_unreadable=True)
    assert frame.attrs["notes"] == [n for n in frame.attrs["notes"] if "Rectangular" in n]
    return frame


def test_rows_columns_and_values_are_those_of_mlcp_compare_json(shared_data, cli):
    folders = [str(shared_data / "siconos" / "lcp"), str(shared_data / "siconos" / "relay")]
    solvers = ["dantzig", "lemke", "pgs", "apgd", "siconos-lemke"]
    solvers = [s for s in solvers if s in mlcp.solver_names()]
    ours = mlcp.batch.compare(folders, solvers)
    run = subprocess.run([str(cli), "compare", *folders, "--solvers", ",".join(solvers),
                          "--json"], capture_output=True, text=True, check=True)
    theirs = [json.loads(line) for line in run.stdout.splitlines()]
    assert list(ours.columns) == list(theirs[0].keys()) == list(mlcp.batch.RECORD_KEYS)
    assert len(ours) == len(theirs) == 27 * len(solvers)
    for row, record in zip(ours.to_dict("records"), theirs):
        for key in ["problem", "solver", "n", "nub", "friction_rows", "status", "message",
                    "iterations", "pivots", "repeats", "applicable"]:
            assert row[key] == record[key], (key, row, record)
        for key in ["residual_rel", "residual_abs", "residual_scaled", "max_bound_violation"]:
            # JSON prints 6 significant digits; the DataFrame keeps the double.
            if record[key] is None:
                assert pd.isna(row[key])
            else:
                assert float(f"{row[key]:.6g}") == pytest.approx(record[key], rel=1e-12)


def test_a_local_cluster_of_two_workers_gives_the_serial_results(shared_data, serial):
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            frame = mlcp.batch.compare(batch_paths(shared_data), batch_solvers(), client,
                                       skip_unreadable=True)
            used = client.run(lambda: __import__("mlcp").__file__)
    assert len(used) == 2
    assert_same_results(frame, serial)
    assert frame.attrs["notes"] == serial.attrs["notes"]


def test_problems_as_objects_and_unreadable_files(tmp_path):
    problems = [mlcp.random_problem(n=30, seed=s) for s in (1, 2)]
    frame = mlcp.batch.compare([("first", problems[0]), problems[1]], "dantzig,pgs")
    assert list(frame["problem"]) == ["first", "first", problems[1].name, problems[1].name]
    assert (frame["status"] == "converged").all() and frame["winner"].sum() == 2
    bad = tmp_path / "bad.blcp"
    bad.write_text("blcp 1\nn 2\n")
    with pytest.raises(mlcp.ParseError, match="bad.blcp:"):
        mlcp.batch.compare([problems[0], bad], ["dantzig"])
    frame = mlcp.batch.compare([problems[0], bad], ["dantzig"], skip_unreadable=True)
    assert len(frame) == 1 and "bad.blcp" in frame.attrs["notes"][0]
    with pytest.raises(ValueError, match="unknown solver 'nope'"):
        mlcp.batch.compare(problems, ["nope"])
    with pytest.raises(TypeError, match="takes no option 'omega'"):
        mlcp.batch.compare(problems, ["pgs"], omega=1.0)


def test_the_profile_counts_only_answers_below_the_threshold(serial, tmp_path):
    png = tmp_path / "profile.png"
    figure = mlcp.batch.profile(serial, output=png)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 20000
    ax = figure.axes[0]
    title = ax.get_title()
    assert "Dolan & Moré 2002" in title and f"on {serial['problem'].nunique()} problems" in title
    assert "scaled and relative residual <= 1e-06" in title and "median wall time" in title
    legends = {t.get_text() for t in ax.get_legend().get_texts()}
    # Each legend: solver (solved of applicable), solved = the scaled and the relative residual
    # both <= threshold (what converged means).
    for solver, rows in serial.groupby("solver", sort=False):
        applicable = rows[rows["applicable"]]
        if len(applicable) == 0:
            continue
        solved = applicable[(applicable["residual_rel"] <= 1e-6) &
                            (applicable["residual_scaled"] <= 1e-6) &
                            (applicable["status"] != "invalid-problem")]
        assert f"{solver} ({len(solved)} of {len(applicable)})" in legends
    # A stricter threshold counts fewer.
    strict = mlcp.batch.profile(serial, threshold=1e-12)
    assert "<= 1e-12" in strict.axes[0].get_title()


def test_summary_is_mlcp_compares(serial):
    text = mlcp.batch.summary(serial)
    assert text.startswith(f"summary over {serial['problem'].nunique()} problem(s)")
    assert "solved:       scaled and relative residual <= 1e-06" in text
    dantzig = next(line for line in text.splitlines() if line.strip().startswith("dantzig "))
    rows = serial[serial["solver"] == "dantzig"]
    assert int(dantzig.split()[2]) == int(rows["applicable"].sum())


def test_the_command_line_entry(shared_data, tmp_path):
    lcp = str(shared_data / "siconos" / "lcp")
    csv, png = tmp_path / "rows.csv", tmp_path / "profile.png"
    run = subprocess.run([sys.executable, "-m", "mlcp.batch", lcp, "--solvers", "dantzig,lemke",
                          "--csv", str(csv), "--profile", str(png)],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("summary over 20 problem(s)")
    assert len(pd.read_csv(csv)) == 40 and png.stat().st_size > 0
    run = subprocess.run([sys.executable, "-m", "mlcp.batch", str(shared_data / "siconos" / "mlcp"),
                          "--solvers", "dantzig", "--json"], capture_output=True, text=True)
    assert run.returncode == 2 and "Rectangular_mlcp.dat" in run.stderr
