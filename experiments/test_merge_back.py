"""merge_back's rule and refusals (its runs are hours; these check the rule exactly and the wiring)."""

from __future__ import annotations

import json

import pytest

from experiments import merge_back


def row(arm, alpha, kept, adapted):
    return {"arm": arm, "alpha": alpha, "retention": {"kept": kept, "success": kept, "generalist": 1.0},
            "adapted": [True] * adapted + [False] * (50 - adapted)}


def generalist_reference(tmp_path, monkeypatch):
    """A stand-in for the generalist's last-step record (two tasks, 4 episodes each, 0.75), which ``run`` reads."""
    from experiments import generalist

    monkeypatch.setattr(generalist, "RESULTS", tmp_path)
    ref = {"checkpoint_hash": "sha256:1", "success": 0.75, "eval_seeds": [100_000, 100_003],
           "per_task": {"metaworld/push-v3": [True, True, True, False], "metaworld/reach-v3": [True] * 3 + [False]}}
    (tmp_path / f"{generalist.ML45.name}_step{generalist.STEPS}.json").write_text(json.dumps(ref))
    return ref


def test_the_rule_takes_the_best_adapted_task_among_the_alphas_that_keep_90_percent():
    rows = [row("full", 0.25, 0.97, 20), row("full", 0.5, 0.93, 31), row("full", 0.75, 0.90, 31),
            row("full", 1.0, 0.60, 45)]
    assert merge_back.choose_alpha(rows) == 0.75     # 0.5 and 0.75 tie on the task: the larger alpha
    rows[2]["retention"]["kept"] = 0.8999
    assert merge_back.choose_alpha(rows) == 0.5      # 90% is the bar, not 89.99%
    none = [row("lora", a, k, 40) for a, k in ((0.25, 0.85), (0.5, 0.85), (0.75, 0.7), (1.0, 0.6))]
    assert merge_back.choose_alpha(none) == 0.5      # none keeps 90%: the most kept, a tie to the larger alpha


def test_freeze_refuses_an_incomplete_development_check_and_the_page_marks_the_choice(tmp_path, monkeypatch):
    monkeypatch.setattr(merge_back, "DEV_RESULTS", tmp_path)
    for alpha, kept in zip(merge_back.DEV_ALPHAS, (0.99, 0.95, 0.91, 0.5)):
        (tmp_path / f"x_full_alpha{alpha:g}.json").write_text(json.dumps(row("full", alpha, kept, int(40 * alpha))))
    with pytest.raises(SystemExit, match=r"incomplete \(\['full'\] of \['full', 'lora', 'head'\] arms\)"):
        merge_back.recipe()
    lines = merge_back.render_dev(merge_back.dev_rows())
    assert [line.endswith("| yes |") for line in lines[2:]] == [False, False, True, False]
    with pytest.raises(SystemExit):
        merge_back.main([])


def test_cotrain_chooses_its_old_weight_by_the_same_rule():
    from experiments import cotrain

    rows = [{**row("full", 0, kept, n), "weight": w} for w, kept, n in ((0.2, 0.92, 30), (0.5, 0.97, 30))]
    assert cotrain.choose_weight(rows) == 0.2          # a tie on the task goes to the smaller old weight
    rows[0]["retention"]["kept"] = 0.85
    assert cotrain.choose_weight(rows) == 0.5          # 0.2 no longer keeps 90%


def test_a_merged_test_cell_writes_two_records_the_protocol_accepts(tmp_path, monkeypatch):
    """``run``'s wiring with the evaluator replaced (the evaluations are hours): the held-out record and the
    retention record pass ``check_records``, and a second run skips the cell."""
    from experiments import adaptation
    from robopolicy.protocol import TEST_SEEDS, Recipe, RecipeLedger, check_records

    cells, ledger = tmp_path / "adaptation", RecipeLedger(tmp_path / "frozen.json")
    cells.mkdir()
    r = Recipe("merge_adapted", 1, {"alpha": {"full": 0.25, "head": 1.0}})
    ledger.freeze(r)
    monkeypatch.setattr(adaptation, "RESULTS", cells)
    monkeypatch.setattr(adaptation, "LEDGER", tmp_path / "frozen.json")
    monkeypatch.setattr(merge_back, "RESULTS", cells / "merged")
    monkeypatch.setattr(merge_back, "recipe", lambda: r)
    monkeypatch.setattr(adaptation, "generalist_checkpoint", lambda: tmp_path / "gen")
    monkeypatch.setattr(merge_back, "merged", lambda base, cell, alpha, out: out)
    monkeypatch.setattr(merge_back, "checkpoint_hash_of", lambda p: "sha256:0")
    calls = []

    def outcomes_on(ckpt, tasks, episodes, seed):
        calls.append((tuple(tasks), episodes, seed))
        return {t: [True, False] * (episodes // 2) for t in tasks}

    monkeypatch.setattr(merge_back, "outcomes_on", outcomes_on)
    ref = generalist_reference(tmp_path, monkeypatch)
    seeds = [TEST_SEEDS.start, TEST_SEEDS.start + 99]
    (cells / "door-lock-v3_5demos_full.json").write_text(json.dumps(
        {"task": "metaworld/door-lock-v3", "demos": 5, "arm": "full", "eval_seeds": seeds, "success": 1.0,
         "outcomes": [True] * 100}))
    (cells / "door-lock-v3_5demos_scratch.json").write_text(json.dumps(
        {"task": "metaworld/door-lock-v3", "demos": 5, "arm": "scratch", "eval_seeds": seeds, "success": 0.7}))
    assert merge_back.run([5], {"commit": "x"}) == 0
    assert calls == [(("metaworld/door-lock-v3",), 100, TEST_SEEDS.start),
                     (("metaworld/push-v3", "metaworld/reach-v3"), 4, 100_000)]
    held = json.loads((cells / "merged" / "door-lock-v3_5demos_full.json").read_text())
    kept = json.loads((cells / "merged" / "retention" / "door-lock-v3_5demos_full.json").read_text())
    assert (held["success"], held["alpha"], kept["kind"]) == (0.5, 0.25, "retention")
    assert kept["kept"] == 0.5 / 0.75 and kept["verdict"]["episodes"] == 8
    assert check_records([held, kept], ledger) == []
    assert merge_back.run([5], {"commit": "x"}) == 0 and len(calls) == 2    # once
    # alpha 1 is the adapted cell itself: its own held-out and retention outcomes stand, nothing is evaluated
    monkeypatch.setattr(adaptation, "RETENTION", cells / "retention")
    (cells / "retention").mkdir()
    (cells / "door-lock-v3_5demos_head.json").write_text(json.dumps(
        {"task": "metaworld/door-lock-v3", "demos": 5, "arm": "head", "eval_seeds": seeds, "success": 0.5,
         "outcomes": [True, False] * 50}))
    (cells / "retention" / "door-lock-v3_5demos_head.json").write_text(json.dumps({"per_task": ref["per_task"],
                                                                                          "kept": 1.0}))
    assert merge_back.run([5], {"commit": "x"}) == 0 and len(calls) == 2
    kept = json.loads((cells / "merged" / "retention" / "door-lock-v3_5demos_head.json").read_text())
    assert kept["kept"] == 1.0 and kept["reused"] == "door-lock-v3_5demos_head.json"
    load = lambda folder: [json.loads(p.read_text()) for p in sorted(folder.glob("*.json"))]  # noqa: E731
    rows = merge_back.render(load(cells / "merged"), load(cells / "merged" / "retention"))
    assert rows[2].startswith("| door-lock-v3 | 5 | full | 0.25 | 1.00 -> 0.50 (worse, p = ")
    assert rows[2].endswith("| 67% (against the generalist: no significant change) |") and "| 100% -> 100% (" in rows[3]
