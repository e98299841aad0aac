"""The adaptation experiment's arms, refusals and table (its runs are hours; these check the wiring only)."""

from __future__ import annotations

from pathlib import Path

import pytest

from experiments import adaptation


def test_each_arm_is_one_robopolicy_train_setting():
    ckpt = Path("/g/ckpt")
    assert adaptation.arm_overrides("scratch", ckpt, 1e-3) == []
    assert adaptation.arm_overrides("full", ckpt, 1e-3) == [f"init_from={ckpt}", "adapter=full"]  # train's lr
    assert adaptation.arm_overrides("lora", ckpt, 1e-3) == [f"init_from={ckpt}", "adapter=lora", "lr=0.001"]
    with pytest.raises(SystemExit, match=r"unknown arm 'lorra'; valid: full, lora, head, scratch"):
        adaptation.arm_overrides("lorra", ckpt, None)
    assert "val_fraction=0" in adaptation.TRAIN and f"steps={adaptation.STEPS}" in adaptation.TRAIN


def test_the_test_split_needs_a_frozen_recipe_and_test_tasks_stay_out_of_the_development_check(monkeypatch, capsys):
    monkeypatch.setattr(adaptation, "DEV_RESULTS", Path("/nonexistent"))
    with pytest.raises(SystemExit, match="the adapters' lr is not chosen yet"):
        adaptation.main(["run", "--demos", "5"])
    with pytest.raises(SystemExit):   # argparse: a test task in the development check is a protocol error
        adaptation.main(["dev", "--tasks", "bin-picking-v3"])
    assert "bin-picking-v3 belongs to the test split" in capsys.readouterr().err


def test_the_table_pairs_every_arm_with_scratch_on_the_same_seeds():
    def record(arm, wins, lr=None):
        return {"task": "metaworld/bin-picking-v3", "demos": 5, "arm": arm, "lr": lr, "split": "test",
                "outcomes": [True] * wins + [False] * (10 - wins), "success": wins / 10}

    lines = adaptation.render([record("scratch", 2), record("full", 9), record("lora", 8, 1e-3)])
    assert lines[0] == "| task | demos | full | lora | scratch |"
    assert lines[2].startswith("| bin-picking-v3 | 5 | 0.90 (+0.70, p 0.016) | 0.80 (+0.60, p 0.031) | 0.20 |")


def test_lora_is_paired_with_full_on_the_same_seeds_per_demo_count():
    def record(arm, outcomes, demos=5, task="metaworld/bin-picking-v3"):
        return {"task": task, "demos": demos, "arm": arm, "outcomes": outcomes, "success": sum(outcomes) / len(outcomes)}

    full = [True] * 8 + [False] * 2
    # LoRA loses seeds 0-5 and wins seeds 8-9: 2 gained, 6 lost (exact two-sided McNemar p = 0.289)
    lora = [False] * 6 + [True] * 2 + [True] * 2
    records = [record("full", full), record("lora", lora), record("scratch", [False] * 10),
               record("full", full, demos=1), record("lora", full, demos=20)]  # no pair at 1 or 20 demos
    assert adaptation.lora_against_full(records) == ["5 demos: bin-picking-v3 -0.40 (p 0.29)"]


def test_the_adapters_lr_is_the_one_with_more_lora_and_head_successes_ties_to_the_lower():
    def cell(arm, lr, wins, task="metaworld/push-v3"):
        return {"task": task, "demos": 5, "arm": arm, "lr": lr, "outcomes": [True] * wins + [False] * (10 - wins)}

    full = [cell("full", None, 9), cell("scratch", None, 1)]
    assert adaptation.choose_adapter_lr(full + [cell("lora", 1e-4, 6)]) is None        # not every cell yet
    lower, higher = sorted(adaptation.DEV_LRS)
    cells = [cell("lora", lower, 6), cell("head", lower, 2), cell("lora", higher, 5), cell("head", higher, 4)]
    assert adaptation.choose_adapter_lr(full + cells) == higher                           # 9 against 8
    cells[1] = cell("head", lower, 3)
    assert adaptation.choose_adapter_lr(full + cells) == lower                            # 9 against 9: the lower


def test_the_frozen_adaptation_recipe_is_what_the_code_runs_today():
    """The recipe the test split runs (its lr chosen from the committed development records) still has the digest
    frozen in the ledger: a changed setting must be frozen as a new version."""
    from robopolicy.protocol import RecipeLedger

    RecipeLedger(adaptation.LEDGER).require_frozen(adaptation.recipe())


def test_retention_rows_read_the_kept_share_and_the_paired_verdict():
    from experiments.adaptation import render_retention

    record = {"task": "metaworld/door-lock-v3", "demos": 5, "arm": "lora", "reference": {"success": 0.86},
              "success": 0.8, "kept": 0.8 / 0.86,
              "verdict": {"verdict": "worse", "gained": 3, "lost": 30, "p_value": 1e-6}}
    other = {**record, "task": "metaworld/box-close-v3", "demos": 1, "arm": "full"}
    lines = render_retention([record, other])
    assert lines[0].startswith("The generalist on the 45 training tasks: 0.86.")
    assert lines[2] == "| held-out task | 1 demo, full | 5 demos, lora |"
    assert lines[4:] == ["| box-close-v3 | 93% (0.80; worse, p 1e-06) | - |",
                         "| door-lock-v3 | - | 93% (0.80; worse, p 1e-06) |"]
    assert render_retention([]) == []


def test_retention_measures_only_the_cells_asked_for(monkeypatch, tmp_path):
    """``retention --arms lora`` skips a full cell before looking for its checkpoint (not here: it would fail)."""
    import json

    monkeypatch.setattr(adaptation, "RESULTS", tmp_path)
    monkeypatch.setattr(adaptation, "RETENTION", tmp_path / "retention")
    monkeypatch.setattr(adaptation, "WORK", tmp_path / "work")
    (tmp_path / "bin-picking-v3_1demos_full.json").write_text(json.dumps(
        {"task": "metaworld/bin-picking-v3", "demos": 1, "arm": "full", "checkpoint_hash": "sha256:0"}))
    assert adaptation.retention([1], {}, arms=["lora"]) == 0
    assert adaptation.retention([1], {}, tasks=["metaworld/box-close-v3"]) == 0
    assert not (tmp_path / "retention").exists()
    with pytest.raises(Exception, match="checkpoint"):
        adaptation.retention([1], {})
