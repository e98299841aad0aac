"""A number rendered from a result JSON that git cannot reproduce carries a visible mark (issue [1/6]): ``†`` when the
record was measured from a tree with uncommitted changes, ``‡`` when it records no commit at all, each with a footnote
naming the file (and the commit). This test finds the dirty and unprovenanced records on its own and checks every
block of the current pages (``experiments/readme.py``'s) that cites them. The frozen archive's marks were written by
its renderers, retired in issue 51 (docs/results_archive.md, the note at its top)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from experiments import readme
from experiments.provenance import REPO_ROOT

RESULTS = REPO_ROOT / "experiments" / "results"
MARK = {"dirty": "†", "none": "‡"}
MENTION = re.compile(r"`(experiments/results/[^`\s]+\.json)`([†‡]*)")


# ------------------------------------------------------------------------- the test's own reading of provenance
def _stamps(record: Any) -> list[tuple[str, str | None]]:
    """Every provenance stamp anywhere in ``record``: ``(state, commit)``."""
    found = []
    if isinstance(record, dict):
        p = record.get("provenance")
        if isinstance(p, dict) and "commit" in p:
            found.append(("dirty" if p.get("dirty") else "clean", p["commit"][:10]))
        for key, value in record.items():
            if key == "code_version" and isinstance(value, str) and "+g" in value:
                sha = value.split("+g", 1)[1]
                found.append(("dirty" if sha.endswith(".dirty") else "clean", sha.removesuffix(".dirty")[:10]))
            elif key != "provenance":
                found += _stamps(value)
    elif isinstance(record, list):
        for item in record:
            found += _stamps(item)
    return found


def state_of(path: Path) -> tuple[str, set[str]]:
    """``("clean" | "dirty" | "none", commits)`` of one committed JSON: dirty when any stamp says so."""
    stamps = _stamps(json.loads(path.read_text()))
    if not stamps:
        return "none", set()
    dirty = {c for s, c in stamps if s == "dirty"}
    return ("dirty", dirty) if dirty else ("clean", {c for _, c in stamps})


def expected_marks(pattern: str) -> tuple[str, dict[Path, tuple[str, set[str]]]]:
    """The marks a citation of ``pattern`` (a file or a glob) must carry, and its unclean files; a name template
    (``<head>``) or a file not committed matches nothing and needs none."""
    files = sorted(REPO_ROOT.glob(pattern))
    states = {f: state_of(f) for f in files}
    kinds = {s for s, _ in states.values()}
    marks = "".join(MARK[k] for k in ("dirty", "none") if k in kinds)
    return marks, {f: s for f, s in states.items() if s[0] != "clean"}


# ------------------------------------------------------------------------- the pages, rendered by their renderers
def rendered_pages() -> dict[Path, str]:
    return readme.rendered()


def parts(text: str) -> list[list[str]]:
    """The page cut at its headings, code fences blanked (their paths are commands, not citations)."""
    out: list[list[str]] = [[]]
    fenced = False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
            out[-1].append("")
        elif fenced:
            out[-1].append("")
        elif line.startswith("#"):
            out.append([line])
        else:
            out[-1].append(line)
    return out


def is_footnote(line: str) -> bool:
    return line[:2] in ("† ", "‡ ")


def check_part(lines: list[str], where: str) -> list[Path]:
    """Check one part; return the unclean files it shows."""
    shown: list[Path] = []
    for line in lines:
        if is_footnote(line):
            continue
        for pattern, marks in MENTION.findall(line):
            want, unclean = expected_marks(pattern)
            shown += unclean
            assert marks == want, f"{where}: `{pattern}` is shown with {marks!r}, its provenance says {want!r}"
    tables = [i for i, line in enumerate(lines) if line.startswith("|") and (i == 0 or not lines[i - 1].startswith("|"))]
    part_mentions = [m for line in lines if not is_footnote(line) for m, _ in MENTION.findall(line)]
    for start in tables:
        before = next((MENTION.findall(line) for line in reversed(lines[:start])
                       if not is_footnote(line) and MENTION.search(line)), None)
        sources = [m for m, _ in before] if before else part_mentions
        want, unclean = set(), {}
        for pattern in sources:
            marks, files = expected_marks(pattern)
            want |= set(marks)
            unclean.update(files)
        header = lines[start].split("|")[1]
        assert want <= set(header), f"{where}: the table `{lines[start][:60]}` is built from {sorted(map(str, unclean))} " \
                                    f"but its header carries {header!r}"
        if not unclean:
            continue
        end = next((j for j in range(start, len(lines)) if not lines[j].startswith("|")), len(lines))
        notes = []
        for line in lines[end:]:
            if is_footnote(line):
                notes.append(line)
            elif line.strip() or notes:
                break
        for f, (state, commits) in unclean.items():
            name = str(f.relative_to(REPO_ROOT))
            note = next((n for n in notes if n.startswith(MARK[state]) and f"`{name}`" in n), None)
            assert note, f"{where}: the table `{lines[start][:60]}` has no {MARK[state]} footnote naming {name}"
            assert state == "none" or any(f"`{c}`" in note for c in commits), f"{where}: {name}'s commit is not named"
    return shown


def test_every_block_built_from_a_dirty_or_unprovenanced_record_is_marked():
    """Each current page as its renderer gives it (on disk it is the same: experiments/test_readme.py)."""
    for page, text in rendered_pages().items():
        for part in parts(text):
            check_part(part, f"{page.relative_to(REPO_ROOT)} {(part or [''])[0][:50]!r}")


def test_the_check_finds_an_unmarked_citation_of_a_dirty_record():
    """The check is not vacuous: the frozen archive cites dirty records, and an unmarked citation of one fails."""
    dirty = next(p for p in sorted(RESULTS.glob("*.json")) if state_of(p)[0] == "dirty")
    name = str(dirty.relative_to(REPO_ROOT))
    try:
        check_part([f"From `{name}`.", "", "| a | b |", "|---|---|", "| 1 | 2 |"], "a made-up block")
    except AssertionError as e:
        assert name in str(e)
    else:
        raise AssertionError("an unmarked citation of a dirty record passed the check")
