"""experiments/latency_results.py: the page section is rendered from the committed JSONs only, and a row's paired
verdict compares it with sync on the same episodes."""

from __future__ import annotations

from experiments.latency_results import PAGE, RESULTS, SECTION, render_section
from experiments.results_markdown import load_records, page_section


def record(strategy: str, delay: int, successes: list[bool]) -> dict:
    n = len(successes)
    return {"task": "metaworld/reach-v3", "strategy": strategy, "delay": delay, "episodes": n, "successes": successes,
            "ci95": [0.0, 1.0], "jump": [0.1] * n, "step": [0.05] * n, "jerk": [0.02] * n, "checkpoint_hash": "sha256:x",
            "provenance": {"commit": "0" * 40, "cpu": "AMD EPYC"}}


def test_rows_are_compared_with_sync_on_the_same_episodes():
    sync = record("sync", 0, [True] * 20)
    naive = record("naive", 8, [False] * 12 + [True] * 8)
    text = render_section([naive, sync])
    assert text.index("| sync | 0 |") < text.index("| naive | 8 |")  # strategies in their fixed order
    assert "worse (+0/-12, p = 0.00049)" in text and "| 8/20 |" in text


def test_latency_section_matches_the_committed_results():
    current = page_section(PAGE, SECTION)
    expected = f"## {SECTION}\n\n" + render_section(load_records(RESULTS)).strip("\n")
    assert current == expected, "docs/results_archive.md is out of date: run python -m experiments.latency_results --render"
