"""The README's numbers are what the committed JSONs give (experiments/readme.py)."""

from __future__ import annotations

import pytest

from experiments import readme


def test_readme_numbers_are_rendered_from_the_committed_json():
    assert readme.main(["--check"]) == 0, "README.md's results block drifted: run `python -m experiments.readme`"


def test_a_missing_json_is_refused_naming_the_file(tmp_path, monkeypatch):
    monkeypatch.setattr(readme, "QUICKSTART", tmp_path / "quickstart.json")
    with pytest.raises(FileNotFoundError, match=r"quickstart.json is missing: the README block is rendered from it"):
        readme.quickstart_lines()


def test_the_block_says_the_test_split_is_not_measured_until_it_is():
    block = readme.render()
    assert block.startswith(readme.BEGIN) and block.endswith(readme.END)
    records = readme.test_split_records()
    assert ("not measured yet" in block) == (not records)
    assert all(r["recipe"]["name"] in block for r in records if "success_rate" in r)
