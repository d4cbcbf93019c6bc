"""Solver comparisons over problem sets, in process or on a Dask cluster (docs/python.md).

compare() runs `mlcp compare`'s (problem, solver) pairs and returns a pandas DataFrame with
the columns of `mlcp compare --json`, one row per pair; given a dask.distributed.Client it
spreads the problems over the cluster's workers, with the same results (times aside).
profile() draws the performance profile of such a DataFrame with matplotlib, summary() prints
`mlcp compare`'s summary of it. `python3 -m mlcp.batch DIR --scheduler tcp://HOST:8786` runs a
comparison from the command line.
"""

from mlcp.batch._compare import DEFAULT_THRESHOLD, RECORD_KEYS, compare, summary
from mlcp.batch._profile import profile

__all__ = ["DEFAULT_THRESHOLD", "RECORD_KEYS", "compare", "profile", "summary"]
