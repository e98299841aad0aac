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


def test_the_few_shot_target_is_read_at_five_demos_only():
    def cell(task, demos, arm, success):
        return {"task": task, "demos": demos, "arm": arm, "success": success}

    records = [cell("a", 1, "full", 0.6), cell("a", 1, "scratch", 0.1), cell("a", 5, "full", 0.9),
               cell("a", 5, "scratch", 0.5), cell("a", 5, "lora", 0.86), cell("b", 5, "full", 0.5),
               cell("b", 5, "scratch", 0.4), cell("a", 1, "lora", 0.7)]
    assert readme.few_shot_reading(records) == [
        "", "- 1 demo: full beats scratch by >= 0.15 on 1 of the 1 task with both cells; LoRA at most 0.05 below "
        "full on 1 of 1 (more than 0.05 above it on 1).",
        "- 5 demos: full beats scratch by >= 0.15 on 1 of the 2 tasks with both cells (target >= 3 of 5: not yet "
        "(3 of 5 tasks still to run)); LoRA at most 0.05 below full on 1 of 1."]
