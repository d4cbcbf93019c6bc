"""mlcp.batch on a real Dask cluster: a `dask-scheduler` and two `dask-worker` processes on
127.0.0.1, started and stopped here, give the serial results; `python3 -m mlcp.batch
--scheduler` does too; and a worker killed while it solves loses no rows (the scheduler runs
its tasks again on the others)."""

import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time

import pandas as pd
import pytest

import mlcp
import mlcp.batch
from batch_problems import assert_same_results, batch_paths, batch_solvers, slow_problems

distributed = pytest.importorskip("dask.distributed")

WAIT = 60.0  # seconds for processes to come up


def start(command: list, log) -> subprocess.Popen:
    return subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)


def stop(processes: list) -> None:
    for p in processes:
        if p.poll() is None:
            p.terminate()
    for p in processes:
        try:
            p.wait(timeout=15)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()


class Cluster:
    """A scheduler and its workers, each a process of this test."""

    def __init__(self, folder):
        for tool in ("dask-scheduler", "dask-worker"):
            if shutil.which(tool) is None:
                pytest.skip(f"{tool} is not installed (python3-distributed)")
        self.folder = folder
        self.file = folder / "scheduler.json"
        self.log = open(folder / "cluster.log", "w")
        self.scheduler = start(["dask-scheduler", "--host", "127.0.0.1", "--port", "0",
                                "--no-dashboard", "--scheduler-file", str(self.file)], self.log)
        self.workers = {}
        deadline = time.monotonic() + WAIT
        while not self.file.exists():
            assert self.scheduler.poll() is None and time.monotonic() < deadline, self.logged()
            time.sleep(0.1)
        self.address = json.loads(self.file.read_text())["address"]
        self.client = distributed.Client(scheduler_file=str(self.file), timeout=WAIT)

    def add_worker(self, name: str) -> str:
        """Starts a worker process (one thread, no nanny to restart it); returns its address."""
        self.workers[name] = start(["dask-worker", "--scheduler-file", str(self.file),
                                    "--host", "127.0.0.1", "--nthreads", "1", "--no-nanny",
                                    "--no-dashboard", "--name", name, "--local-directory",
                                    str(self.folder)], self.log)
        deadline = time.monotonic() + WAIT
        while True:
            for address, info in self.client.scheduler_info()["workers"].items():
                if info["name"] == name:
                    return address
            assert self.workers[name].poll() is None and time.monotonic() < deadline, self.logged()
            time.sleep(0.1)

    def logged(self) -> str:
        self.log.flush()
        return (self.folder / "cluster.log").read_text()

    def close(self) -> None:
        self.client.close()
        stop(list(self.workers.values()) + [self.scheduler])
        self.log.close()


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    c = Cluster(tmp_path_factory.mktemp("dask"))
    try:
        c.add_worker("worker0")
        c.add_worker("worker1")
        yield c
    finally:
        c.close()


def test_scheduler_and_two_workers_give_the_serial_results(cluster, shared_data):
    paths, solvers = batch_paths(shared_data), batch_solvers()
    serial = mlcp.batch.compare(paths, solvers, skip_unreadable=True)
    frame = mlcp.batch.compare(paths, solvers, cluster.client, skip_unreadable=True)
    assert_same_results(frame, serial)
    workers = {info["name"] for info in cluster.client.scheduler_info()["workers"].values()}
    assert workers == {"worker0", "worker1"}


def test_the_command_line_entry_on_the_scheduler(cluster, shared_data):
    lcp = str(shared_data / "siconos" / "lcp")
    run = subprocess.run([sys.executable, "-m", "mlcp.batch", lcp, "--solvers", "dantzig,lemke",
                          "--scheduler", cluster.address, "--json"],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    remote = pd.read_json(run.stdout, lines=True)
    serial = mlcp.batch.compare(lcp, ["dantzig", "lemke"])
    assert list(remote.columns) == list(mlcp.batch.RECORD_KEYS)
    assert list(remote["status"]) == list(serial["status"])
    pd.testing.assert_series_equal(remote["residual_rel"], serial["residual_rel"],
                                   check_exact=False, rtol=1e-12)


def test_a_worker_killed_mid_run_loses_no_rows(cluster):
    problems = slow_problems()
    solvers = ["dantzig", "lemke", "pgs", "apgd"]
    serial = mlcp.batch.compare(problems, solvers)
    victim = cluster.add_worker("victim")
    outcome = {}

    def run():
        try:
            outcome["frame"] = mlcp.batch.compare(problems, solvers, cluster.client)
        except BaseException as error:  # reported by the main thread
            outcome["error"] = error

    thread = threading.Thread(target=run)
    thread.start()
    deadline = time.monotonic() + WAIT
    in_flight = []
    while not in_flight:
        assert thread.is_alive() and time.monotonic() < deadline, "the victim got no task"
        in_flight = cluster.client.processing().get(victim, [])
        time.sleep(0.01)
    os.kill(cluster.workers["victim"].pid, signal.SIGKILL)  # a worker process started above
    cluster.workers["victim"].wait()
    thread.join(timeout=300)
    assert "error" not in outcome, outcome.get("error")
    frame = outcome["frame"]
    assert len(frame) == len(problems) * len(solvers)
    assert_same_results(frame, serial)
    alive = {info["name"] for info in cluster.client.scheduler_info()["workers"].values()}
    assert "victim" not in alive and in_flight
