"""mlcp.batch.profile: the performance profile of a comparison, with matplotlib."""

from __future__ import annotations

from typing import Any, Optional, Union

import os

import pandas as pd

from mlcp import _core
from mlcp.batch._compare import DEFAULT_THRESHOLD


def _steps(curve: Any, tau_max: float) -> tuple:
    """The steps of a curve: (tau, rho(tau)) at tau = 1, at each larger ratio, at tau_max."""
    taus = [1.0] + sorted({r for r in curve.ratios if r > 1.0}) + [tau_max]
    return taus, [curve.fraction(tau) for tau in taus]


def profile(frame: pd.DataFrame,
            *,
            threshold: Optional[float] = None,
            output: Union[str, "os.PathLike[str]", None] = None,
            ax: Optional[Any] = None) -> Any:
    """The performance profile [Dolan & More 2002] of a compare() DataFrame, as
    `mlcp compare --profile` draws it with gnuplot.

    For each solver s, rho_s(tau) is the fraction of the problems s applies to (n/a pairs are
    left out) that it solved within tau times the fastest time on the problem; "solved" means
    the scaled and the relative residual of its answer at most `threshold` (the status does not
    count), so a
    fast wrong answer never wins. tau is on a log2 axis; rho_s(1) is the fraction s won, the
    right end the fraction it solved. The title states the problems, the residual and threshold,
    and the time measure (the median over the repeats).

    threshold: default frame.attrs['threshold'] (or DEFAULT_THRESHOLD); winners are marked anew
        at it, so a DataFrame filtered to some solvers gives their own profile.
    output: when given, the figure is written there as PNG.
    ax: a matplotlib Axes to draw in; by default a new Figure (Agg canvas, no pyplot, no
        display needed) of 11 x 7 inches.
    Returns the matplotlib Figure.
    Raises ValueError when no solver applies to any problem.

    [Dolan & More 2002] E. D. Dolan, J. J. More, "Benchmarking optimization software with
    performance profiles", Mathematical Programming 91(2), 201-213, 2002.
    """
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    if threshold is None:
        threshold = frame.attrs.get("threshold", DEFAULT_THRESHOLD)
    repeats = int(frame["repeats"].max()) if len(frame) else 1
    curves = [c for c in _core.performance_profile(frame.to_dict("records"), threshold)
              if c.problems > 0]
    if not curves:
        raise ValueError("no solver applies to any problem: no performance profile to draw")
    if ax is None:
        figure = Figure(figsize=(11, 7), layout="constrained")
        FigureCanvasAgg(figure)
        ax = figure.add_subplot()
    figure = ax.figure
    tau_max = _core.profile_tau_max(curves)
    colours = [f"C{k}" for k in range(8)]
    dashes = ["-", "--", ":", "-."]
    for k, curve in enumerate(curves):
        taus, fractions = _steps(curve, tau_max)
        ax.step(taus, fractions, where="post", linewidth=2, color=colours[k % 8],
                linestyle=dashes[(k // 8) % len(dashes)], label=curve.legend)
    title, x_label, y_label = _core.profile_text(int(frame["problem"].nunique()), threshold,
                                                 repeats)
    ax.set_title("\n".join(title))
    ax.set_xlabel(x_label)
    ax.set_ylabel(y_label)
    ax.set_xscale("log", base=2)
    ax.set_xlim(1.0, tau_max)
    ax.set_ylim(0.0, 1.02)
    ax.grid(True, which="major")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0))
    if output is not None:
        figure.savefig(os.fspath(output), format="png", dpi=100)
    return figure
