"""The 'Learning-test margins' section of docs/results_archive.md is rendered from the committed JSONs, never by hand."""

from __future__ import annotations

from experiments.learning_margins import PAGE, RESULTS, SECTION, render_section


def test_margins_section_matches_the_committed_results():
    text = PAGE.read_text()
    start = text.index(f"## {SECTION}\n")
    end = text.find("\n## ", start + 1)
    current = text[start:end if end >= 0 else None].rstrip("\n")
    assert current == render_section(RESULTS).rstrip("\n"), (
        "docs/results_archive.md is out of date: run python -m experiments.learning_margins --render")
