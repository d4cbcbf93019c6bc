"""python3 -m mlcp.batch PATH... [--scheduler tcp://HOST:8786 | --local-workers N] ...

Runs mlcp.batch.compare() on the problem files and directories given, in this process or on a
Dask cluster, and prints `mlcp compare`'s summary (or, with --json, one JSON object per
(problem, solver) pair, as `mlcp compare --json`). Exit code 0 when everything ran, 2 when a
file could not be read (unless --skip-unreadable) or a path is missing. docs/python.md.
"""

from __future__ import annotations

import argparse
import sys

from mlcp import _core
from mlcp.batch._compare import DEFAULT_THRESHOLD, compare, summary


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python3 -m mlcp.batch",
        description="Compare mlcp solvers over problem files, in process or on a Dask cluster.")
    p.add_argument("paths", nargs="+", help="problem files or directories (as mlcp compare)")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--scheduler", metavar="ADDRESS",
                       help="Dask scheduler to run on, e.g. tcp://HOST:8786 (dask-scheduler); "
                            "the paths must be readable on its workers")
    where.add_argument("--local-workers", type=int, metavar="N",
                       help="start a local Dask cluster of N worker processes for the run")
    p.add_argument("--solvers", default="all", help="comma-separated names, or 'all'")
    p.add_argument("--threshold", type=float, default=DEFAULT_THRESHOLD,
                   help="largest scaled and relative residual that counts as solved (default %(default)g)")
    p.add_argument("--repeat", type=int, default=1, help="solves per pair; the time is the median")
    p.add_argument("--warm-start", action="store_true",
                   help="start iterative solvers from a file's x section")
    p.add_argument("--skip-unreadable", action="store_true",
                   help="leave out files the readers reject (with a note) instead of failing")
    p.add_argument("--json", action="store_true", help="one JSON object per pair on stdout")
    p.add_argument("--csv", metavar="OUT", help="also write the rows as CSV")
    p.add_argument("--profile", metavar="OUT.png", help="draw the performance profile")
    p.add_argument("--max-iterations", type=int, help="iteration limit of every solver")
    p.add_argument("--tol", type=float, help="relative_tolerance of every solver")
    p.add_argument("--relaxation", "--omega", type=float,
                   help="relaxation of the PGS family (--omega: deprecated alias)")
    p.add_argument("--max-seconds", type=float, help="time limit per solve (s)")
    return p


def _options(args: argparse.Namespace) -> dict:
    pairs = {"max_iterations": args.max_iterations, "relative_tolerance": args.tol,
             "relaxation": args.relaxation, "max_seconds": args.max_seconds}
    return {key: value for key, value in pairs.items() if value is not None}


def _client(args: argparse.Namespace):
    if args.scheduler is None and args.local_workers is None:
        return None, None
    from dask.distributed import Client, LocalCluster  # only when a cluster is asked for

    if args.scheduler is not None:
        return Client(args.scheduler), None
    cluster = LocalCluster(n_workers=args.local_workers, threads_per_worker=1,
                           dashboard_address=None)
    return Client(cluster), cluster


def main(argv: list | None = None) -> int:
    args = _parser().parse_args(argv)
    client, cluster = _client(args)
    try:
        frame = compare(args.paths, args.solvers, client, threshold=args.threshold,
                        repeat=args.repeat, warm_start=args.warm_start,
                        skip_unreadable=args.skip_unreadable, **_options(args))
    except (_core.ParseError, OSError) as error:  # OSError: FileNotFoundError for a missing path
        print(f"python3 -m mlcp.batch: {error}", file=sys.stderr)
        return 2
    finally:
        if client is not None:
            client.close()
        if cluster is not None:
            cluster.close()
    for note in frame.attrs["notes"]:
        print(f"python3 -m mlcp.batch: {note}", file=sys.stderr)
    if args.json:
        sys.stdout.write(frame.to_json(orient="records", lines=True))
        sys.stdout.write("\n")
    else:
        print(summary(frame), end="")
    if args.csv:
        frame.to_csv(args.csv, index=False)
    if args.profile:
        from mlcp.batch._profile import profile

        profile(frame, output=args.profile)
    return 0


if __name__ == "__main__":
    sys.exit(main())
