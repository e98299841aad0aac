"""A number rendered from a result JSON that git cannot reproduce carries a visible mark (issue [1/6]): ``†`` when the
record was measured from a tree with uncommitted changes, ``‡`` when it records no commit at all, each with a footnote
naming the file (and the commit). The marks are written by the renderers from the records' provenance; this test
finds the dirty and unprovenanced records on its own and checks every rendered page block built from them."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest

from experiments import dppo_results, dsrl_results, merge_results, readme
from experiments.provenance import REPO_ROOT
from experiments.results_markdown import record_provenance, replace_sections

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
    archive = replace_sections(dsrl_results.RESULTS_PAGE.read_text(), {
        dsrl_results.HEADING: dsrl_results.render_section(*dsrl_results.committed()),
        dppo_results.HEADING: dppo_results.render_section(json.loads(dppo_results.RESULTS.read_text()),
                                                          dppo_results.load_margins()),
        merge_results.SECTION: merge_results.render_page_section(
            json.loads(merge_results.RESULTS_JSON.read_text()), json.loads(merge_results.BY_MODULE_JSON.read_text())),
    })
    return {dsrl_results.RESULTS_PAGE: archive, **readme.rendered()}


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
    shown: set[Path] = set()
    for page, text in rendered_pages().items():
        for part in parts(text):
            shown |= set(check_part(part, f"{page.relative_to(REPO_ROOT)} {(part or [''])[0][:50]!r}"))
    # the check saw them: every dirty or unprovenanced record the archive's renderers read
    read = [dsrl_results.RESULTS, dsrl_results.DPPO_RESULTS, merge_results.RESULTS_JSON, merge_results.BY_MODULE_JSON,
            *sorted(RESULTS.glob("vgps_results_cpu*.json"))]
    assert {p for p in read if state_of(p)[0] != "clean"} <= shown


def test_the_committed_pages_carry_the_marks():
    """What is on disk is what the renderers give (the section tests check it too); here: the marks and notes."""
    for page in rendered_pages():
        for part in parts(page.read_text()):
            check_part(part, f"{page.relative_to(REPO_ROOT)} {(part or [''])[0][:50]!r}")


# ------------------------------------------------------------------------- the marks follow the JSON, not a list
def test_record_provenance_reads_every_stamp():
    assert record_provenance({"provenance": {"commit": "a" * 40, "dirty": True}}) == {"state": "dirty",
                                                                                      "commit": "a" * 10}
    assert record_provenance({"machine": {"code_version": "0.1.0+g28bed8adb4.dirty"}})["state"] == "dirty"
    assert record_provenance({"code_version": "0.1.0+g28bed8adb4"}) == {"state": "clean", "commit": "28bed8adb4"}
    assert record_provenance({"rows": []})["state"] == "none"
    assert record_provenance({"code_version": "0.0.0+unknown"})["state"] == "none"
    clean = {"provenance": {"commit": "b" * 40, "dirty": False}}
    assert record_provenance([clean, {"machine": {"code_version": "1+gcccccccccc.dirty"}}])["state"] == "dirty"
    assert record_provenance([clean, {}])["state"] == "none"


@pytest.fixture
def merge_records() -> tuple[dict, dict]:
    return json.loads(merge_results.RESULTS_JSON.read_text()), json.loads(merge_results.BY_MODULE_JSON.read_text())


def test_a_clean_record_renders_without_marks(merge_records):
    data, by_module = map(copy.deepcopy, merge_records)
    data["machine"]["code_version"] = "0.1.0+g28bed8adb4"
    by_module["provenance"] = {"commit": "28bed8adb4" + "0" * 30, "dirty": False}
    text = merge_results.render_page_section(data, by_module)
    assert "**Per-module α" in text and "†" not in text and "‡" not in text


def test_the_marks_and_commits_come_from_the_record(merge_records):
    data, by_module = map(copy.deepcopy, merge_records)
    data["machine"]["code_version"] = "0.1.0+g28bed8adb4"
    by_module["provenance"] = {"commit": "feedfacecafe" + "0" * 28, "dirty": True}
    text = merge_results.render_page_section(data, by_module)
    assert "‡" not in text and "| α (all groups but the action head)† |" in text
    assert "`experiments/results/merge_by_module_cpu.json` (commit `feedfacec`" not in text  # 10 characters
    assert "`experiments/results/merge_by_module_cpu.json` (commit `feedfaceca`)" in text
    assert "`experiments/results/merge_results_cpu.json`" in text and "merge_results_cpu.json` (commit" not in text
