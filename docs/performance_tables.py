#!/usr/bin/env python3
"""Copies the tables of docs/performance/{peers,scaling,sparse_dantzig,mass_ratio,families,
whole_step}.md (written by docs/performance.sh) into docs/performance.md, between its section
headings. The section on Dantzig's sparse form keeps its prose: only its table and geometric
mean are replaced, and only when sparse_dantzig.md exists."""
import pathlib

root = pathlib.Path(__file__).resolve().parent
peers = (root / "performance" / "peers.md").read_text()
page = (root / "performance.md").read_text()


def between(text, start, end):
    i = text.index(start)
    j = text.index(end, i) if end else len(text)
    return text[i:j]


def sparse_dantzig_table(text):
    """The peer table of mlcp_bench_sparse_dantzig with its geometric-mean line."""
    start = text.index("| problem | n | density")
    mean = text.index("Geometric mean of the ratio over", start)
    return text[start:text.index("\n", mean)]


def sparse_dantzig_section():
    section = between(page, "## Dantzig's sparse form", "## Mass ratio")
    generated = root / "performance" / "sparse_dantzig.md"
    if not generated.exists():
        return section
    return section.replace(sparse_dantzig_table(section),
                           sparse_dantzig_table(generated.read_text()))



tables = (
    between(peers, "## Pivoting methods", "### Dantzig").replace(
        "## Pivoting methods", "## Pivoting methods (`mlcp_bench_peers`)")
    + between(peers, "### Dantzig's friction rounds", "## Exact solvers").replace(
        "### Dantzig's friction rounds\n",
        "### Dantzig's friction rounds\n\nRound 1 is the ODE-mode pass; the share of the later "
        "rounds is 1 - t(ODE mode) / t(default).\n")
    + between(peers, "## Exact solvers", "## Iterative").replace(
        "## Exact solvers against the peers' Dantzig",
        "## Exact solvers against the peers' Dantzig (`mlcp_bench_peers`)")
    + between(peers, "## Iterative methods", "## Siconos").replace(
        "## Iterative methods", "## Iterative methods (`mlcp_bench_peers`)")
    + "## Matrix-free scaling (`mlcp_bench_scaling`)\n\nBox stacks (columns of 2 cubes, 4 "
    "contacts per face, 24 rows a column).\n\n" + (root / "performance" / "scaling.md").read_text()
    + "\n" + sparse_dantzig_section()
    + "## Mass ratio: APGD, NSGS, NNCG and PGS-SM against PGS (`mlcp_bench_mass_ratio`)\n\n"
    "Matrix-free, to relative residual 1e-6, limit 100,000 iterations.\n\n"
    + (root / "performance" / "mass_ratio.md").read_text()
    + "\n## Solver families: iterations and time to 1e-6 (`mlcp_bench_families`)\n\n"
    + (root / "performance" / "families.md").read_text()
    + "\n## Whole step (`mlcp_bench_whole_step`)\n\n"
    + (root / "performance" / "whole_step.md").read_text() + "\n")
start = page.index("## Pivoting methods (`mlcp_bench_peers`)")
end = page.index("## Figures")
(root / "performance.md").write_text(page[:start] + tables + page[end:])
