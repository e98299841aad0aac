"""What the suite scripts share: their start (options, provenance) and their results folder's records, and the
``## `` sections of docs/results_archive.md that are still rendered (``experiments/bc_suite.py --render``).

The archive's other sections are frozen: their renderers (``bc_results``, ``dsrl_results``, ``dppo_results``,
``merge_results``, ...) were retired with the helpers only they used; ``git show 32b38e5:experiments/<module>.py``
has them (the note at the top of docs/results_archive.md).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any


def add_result_args(parser: Any, results: Path, section: str) -> None:
    """The options every results script has: ``--render`` (its section of docs/results_archive.md), ``--out``,
    ``--allow-dirty``."""
    parser.add_argument("--render", action="store_true", help=f"write the {section!r} section of docs/results_archive.md")
    parser.add_argument("--out", type=Path, default=results)
    parser.add_argument("--allow-dirty", action="store_true")


def load_records(results: Path) -> list[dict[str, Any]]:
    """Every result JSON in a folder, in file-name order."""
    return [json.loads(p.read_text()) for p in sorted(Path(results).glob("*.json"))]


def write_section(page: Path, heading: str, body: str) -> None:
    """Put ``## heading`` with ``body`` into ``page``: in place of the section (up to the next ``## `` heading),
    else at the end; the rest of the page is left as it is."""
    text = page.read_text()
    block = f"## {heading}\n\n{body.rstrip()}\n\n"
    match = re.search(rf"^## {re.escape(heading)}[ \t]*$", text, flags=re.MULTILINE)
    if match is None:
        page.write_text(text.rstrip("\n") + "\n\n" + block)
        return
    following = re.search(r"^## ", text[match.end():], flags=re.MULTILINE)
    end = match.end() + following.start() if following else len(text)
    page.write_text(text[:match.start()] + block + text[end:])


def page_section(page: Path, heading: str) -> str:
    """The ``## heading`` section of ``page`` as it is on disk (for the tests that re-render it)."""
    text = page.read_text()
    start = text.index(f"## {heading}\n")
    end = text.find("\n## ", start + 1)
    return text[start:end if end >= 0 else None].strip("\n")


def parse_or_render(parser: Any, argv: list[str] | None, render: Any) -> tuple[Any, list[str]] | None:
    """Parse a results script's argv (``sys.argv[1:]`` when None); with ``--render`` call ``render(args.out)`` and
    return None, else ``(args, argv)`` for the run (argv: what the provenance records as the command). A script
    without ``--render`` passes ``render=None``."""
    import sys

    argv = sys.argv[1:] if argv is None else list(argv)
    args = parser.parse_args(argv)
    if render is not None and args.render:
        render(args.out)
        return None
    return args, argv


def start_suite_run(parser: Any, argv: list[str] | None, render: Any, script: str) -> tuple[Any, dict[str, Any]] | None:
    """A suite script's start: ``--render`` renders and returns None; otherwise a stage is required, torch runs
    one thread, the output folder exists, and ``(args, provenance of the command)`` is returned."""
    import torch

    from experiments.provenance import run_provenance

    parsed = parse_or_render(parser, argv, render)
    if parsed is None:
        return None
    args, argv = parsed
    if args.stage is None:
        stages = next(a.choices for a in parser._actions if a.dest == "stage")
        parser.error(f"give a stage ({', '.join(stages)})" + (" or --render" if render is not None else ""))
    torch.set_num_threads(1)
    provenance = run_provenance(args.allow_dirty, command=" ".join([f"python -m {script}", *argv]))
    args.out.mkdir(parents=True, exist_ok=True)
    return args, provenance
