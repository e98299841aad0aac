"""experiments/results_markdown.py: a script's section is replaced in place, the rest of the page is untouched."""

from __future__ import annotations

from experiments.results_markdown import page_section, write_section

PAGE = "# Results\n\nIntro.\n\n## Mine\n\nold body\n\n## Someone else's\n\nTheirs.\n"


def test_a_section_is_replaced_in_place_and_the_rest_is_left_as_it_is(tmp_path):
    page = tmp_path / "results.md"
    page.write_text(PAGE)
    write_section(page, "Mine", "new body")
    assert page.read_text() == PAGE.replace("old body", "new body")
    assert page_section(page, "Mine") == "## Mine\n\nnew body"
    write_section(page, "Mine", "new body")
    assert page.read_text() == PAGE.replace("old body", "new body")   # idempotent


def test_a_missing_section_is_added_at_the_end(tmp_path):
    page = tmp_path / "results.md"
    page.write_text(PAGE)
    write_section(page, "New", "body")
    assert page.read_text().startswith(PAGE.rstrip("\n") + "\n\n## New\n\nbody\n")
    assert page_section(page, "Someone else's") == "## Someone else's\n\nTheirs."
