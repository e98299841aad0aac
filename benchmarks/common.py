"""What the benchmark scripts share: the page options of their command lines, a measuring run's provenance, the
record written as the JSON beside the page, and the provenance prose of the pages.

A benchmark writes ``docs/benchmarks/<name>.json`` and renders ``<name>.md`` from it alone; ``--render`` redraws
the page from the JSON without measuring. A script imports this module as ``from benchmarks import common`` (run
as ``python -m benchmarks.<name>`` from the repository root, or loaded by path by the tests) or, run as a file
(``python benchmarks/<name>.py``), as ``import common``: the script's folder is then on ``sys.path``.
``real_size.py`` imports it inside ``main`` only, as its LeRobot worker runs isolated (``python -I``).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from robopolicy.provenance import provenance_line, render_page_only, run_provenance, write_page

__all__ = ["PAGES", "REPO", "command", "commit_mark", "interleaved", "measured_line", "page_args", "record",
           "render_page_only", "start", "train_steps", "write_page", "write_record"]

REPO = Path(__file__).resolve().parents[1]
PAGES = REPO / "docs" / "benchmarks"  # <name>.md, each rendered from the <name>.json beside it

Render = Callable[[dict], str]


def page_args(parser: argparse.ArgumentParser, out: Path | None, render: Render | None = None,
              argv: list[str] | None = None) -> argparse.Namespace:
    """Add ``--out`` (the page, default ``out``; its JSON beside it) and ``--render`` to ``parser``, and parse
    ``argv``. With ``--render`` and a ``render`` function the page is redrawn from its JSON and the process exits
    (status 0) here; without a ``render`` function the caller handles ``--render`` itself."""
    parser.add_argument("--out", type=Path, default=out, help="the page; its JSON is written beside it")
    parser.add_argument("--render", action="store_true", help="only re-render the page from its JSON")
    args = parser.parse_args(argv)
    if args.render and render is not None:
        render_page_only(args.out, render)
        raise SystemExit(0)
    return args


def command(prefix: str, argv: list[str] | None = None) -> str:
    """The command a record names: ``prefix`` (how the script is run, ``python benchmarks/eval.py``) and the
    arguments (``argv``, else this process's)."""
    return " ".join([prefix, *(sys.argv[1:] if argv is None else argv)])


def start(prefix: str, argv: list[str] | None = None, threads: int | None = None) -> dict[str, Any]:
    """A measuring run's provenance (``run_provenance``, a dirty tree allowed and marked) under ``command(prefix,
    argv)``, after setting torch's threads to ``threads`` (``None``: as they are)."""
    if threads is not None:
        import torch

        torch.set_num_threads(threads)
    return run_provenance(allow_dirty=True, command=command(prefix, argv))


def record(provenance: dict, **fields: Any) -> dict[str, Any]:
    """A benchmark record: ``provenance`` (from ``start``), the load average now (the end of the measurement), then
    ``fields``."""
    return {"provenance": provenance, "load_average_end": list(os.getloadavg()), **fields}


def write_record(out: Path, render: Render, provenance: dict, **fields: Any) -> None:
    """``record(provenance, **fields)`` as the JSON beside the page ``out``, and the page rendered from it."""
    write_page(out, record(provenance, **fields), render)


def measured_line(record: dict, json_name: str) -> str:
    """Where and when a record (``provenance`` and ``load_average_end``) was measured, for a page rendered from
    ``json_name``."""
    return provenance_line(record["provenance"], record["load_average_end"], json_name)


def commit_mark(p: dict) -> str:
    """The commit of a provenance ``p`` as a page names it, with `` (with uncommitted changes)`` for a dirty tree."""
    return f"`{p['commit'][:10]}`{' (with uncommitted changes)' if p.get('dirty') else ''}"


def interleaved(fns: dict[str, Callable[[], object]], repeats: int, warmup: int = 1) -> dict[str, list[float]]:
    """Wall seconds of every timed call of each function, the functions called in turn in every repeat (so all see
    the same load); ``warmup`` untimed rounds, in the same order, first."""
    times: dict[str, list[float]] = {name: [] for name in fns}
    for round_ in range(warmup + repeats):
        for name, fn in fns.items():
            start = time.perf_counter()
            fn()
            if round_ >= warmup:
                times[name].append(time.perf_counter() - start)
    return times


def train_steps(trainer: Any, batches: Any, steps: int) -> None:
    """``steps`` calls of ``trainer.train_step`` on the next batches of ``batches`` (``trainer._batches()``)."""
    for _ in range(steps):
        epoch, index, batch = next(batches)
        trainer.train_step(batch, epoch, index)
