"""cotrain's wiring (its runs are hours): the test run with training and evaluation replaced writes two records the
protocol accepts, once per task, and the page pairs each with the adapted cell of the same task."""

from __future__ import annotations

import json

import pytest

from experiments import adaptation, cotrain, merge_back
from experiments.test_merge_back import generalist_reference
from robopolicy.protocol import TEST_SEEDS, Recipe, RecipeLedger, check_records


def test_a_cotrained_test_cell_writes_two_records_the_protocol_accepts(tmp_path, monkeypatch):
    cells, ledger = tmp_path / "adaptation", RecipeLedger(tmp_path / "frozen.json")
    cells.mkdir()
    r = Recipe("cotrain_generalist", 1, {"old_weight": 0.2})
    ledger.freeze(r)
    monkeypatch.setattr(adaptation, "RESULTS", cells)
    monkeypatch.setattr(adaptation, "RETENTION", cells / "retention")
    monkeypatch.setattr(adaptation, "LEDGER", tmp_path / "frozen.json")
    monkeypatch.setattr(cotrain, "RESULTS", cells / "cotrained")
    monkeypatch.setattr(cotrain, "recipe", lambda: r)
    trained, calls = [], []
    monkeypatch.setattr(cotrain, "train_cell", lambda task, weight, split: trained.append((task, weight, split))
                        or tmp_path / "ckpt")
    monkeypatch.setattr(merge_back, "checkpoint_hash_of", lambda p: "sha256:0")

    def outcomes_on(ckpt, tasks, episodes, seed):
        calls.append((tuple(tasks), episodes, seed))
        return {t: [True, True, True, False] * (episodes // 4) for t in tasks}

    monkeypatch.setattr(merge_back, "outcomes_on", outcomes_on)
    generalist_reference(tmp_path, monkeypatch)
    seeds = [TEST_SEEDS.start, TEST_SEEDS.start + 99]
    (cells / "retention").mkdir()
    (cells / "door-lock-v3_5demos_full.json").write_text(json.dumps(
        {"task": "metaworld/door-lock-v3", "demos": 5, "arm": "full", "eval_seeds": seeds, "success": 1.0,
         "outcomes": [True] * 100}))
    (cells / "retention" / "door-lock-v3_5demos_full.json").write_text(json.dumps({"kept": 0.14}))
    # decoys the page must not pair with: another arm of the same task, the same arm of another task
    (cells / "door-lock-v3_5demos_lora.json").write_text(json.dumps(
        {"task": "metaworld/door-lock-v3", "demos": 5, "arm": "lora", "success": 0.0, "outcomes": [False] * 100}))
    (cells / "retention" / "door-lock-v3_5demos_lora.json").write_text(json.dumps({"kept": 0.5}))
    (cells / "box-close-v3_5demos_full.json").write_text(json.dumps(
        {"task": "metaworld/box-close-v3", "demos": 5, "arm": "full", "success": 0.3,
         "outcomes": [True] * 30 + [False] * 70}))
    (cells / "retention" / "box-close-v3_5demos_full.json").write_text(json.dumps({"kept": 0.42}))
    assert cotrain.run({"commit": "x"}, ("metaworld/door-lock-v3",)) == 0
    assert trained == [("metaworld/door-lock-v3", 0.2, "test")]
    assert calls == [(("metaworld/door-lock-v3",), 100, TEST_SEEDS.start),
                     (("metaworld/push-v3", "metaworld/reach-v3"), 4, 100_000)]
    held = json.loads((cells / "cotrained" / "door-lock-v3_5demos_full.json").read_text())
    kept = json.loads((cells / "cotrained" / "retention" / "door-lock-v3_5demos_full.json").read_text())
    assert (held["success"], held["old_weight"], kept["kind"], kept["kept"]) == (0.75, 0.2, "retention", 1.0)
    assert check_records([held, kept], ledger) == []
    assert cotrain.run({"commit": "x"}, ("metaworld/door-lock-v3",)) == 0 and len(trained) == 1    # once
    rows = cotrain.render(cotrain.load_records(cells / "cotrained"),
                          cotrain.load_records(cells / "cotrained" / "retention"))
    assert rows[2].startswith("| door-lock-v3 | 5 | 0.2 | 1.00 -> 0.75 (worse, p = ")
    assert rows[2].endswith("| 14% -> 100% (against the generalist: no significant change) |") and len(rows) == 3
    assert "| 2 training tasks kept" in rows[0]
    # a second task pairs with its own cell
    monkeypatch.setattr(merge_back, "outcomes_on", lambda ckpt, tasks, episodes, seed: {
        t: [True] * 9 + [False] * (episodes - 9) if episodes == 100 else [True, True, True, False] * (episodes // 4)
        for t in tasks})
    assert cotrain.run({"commit": "x"}, ("metaworld/box-close-v3",)) == 0
    rows = cotrain.render(cotrain.load_records(cells / "cotrained"),
                          cotrain.load_records(cells / "cotrained" / "retention"))
    assert rows[2].startswith("| box-close-v3 | 5 | 0.2 | 0.30 -> 0.09 (worse, p = ") and "| 42% -> 100% (" in rows[2]
    assert rows[3].startswith("| door-lock-v3 | 5 | 0.2 | 1.00 -> 0.75 ")


def test_a_kept_share_just_under_the_bar_never_reads_as_the_bar():
    assert [cotrain.percent(k) for k in (0.8995, 0.895, 0.8949, 0.9, 1.0251, 0.1378)] == [
        "89.9%", "89.5%", "89%", "90%", "103%", "14%"]


def test_the_development_table_marks_the_weight_the_rule_chose(tmp_path, monkeypatch):
    monkeypatch.setattr(cotrain, "DEV_RESULTS", tmp_path)
    for w, kept, n in ((0.2, 0.98, 30), (0.5, 1.01, 41)):
        (tmp_path / f"x_old{w:g}.json").write_text(json.dumps(
            {"weight": w, "adapted": [True] * n + [False] * (50 - n), "per_task": {"a": [], "b": [], "c": []},
             "retention": {"kept": kept, "success": 0.9 * kept, "generalist": 0.9}}))
    lines = cotrain.render_dev(cotrain.dev_rows())
    assert "| 3 other training tasks: kept |" in lines[0]
    assert lines[2:] == ["| 0.2 | 30/50 | 0.88 of 0.90 (98%) |  |", "| 0.5 | 41/50 | 0.91 of 0.90 (101%) | yes |"]


def test_the_development_check_refuses_weights_it_does_not_hold_and_freeze_an_incomplete_check(tmp_path,
                                                                                                monkeypatch, capsys):
    with pytest.raises(SystemExit):
        cotrain.main(["dev", "--weights", "0.3"])
    assert "--weights [0.3]: the development check's weights are [0.2, 0.5]" in capsys.readouterr().err
    monkeypatch.setattr(cotrain, "DEV_RESULTS", tmp_path)
    (tmp_path / "a.json").write_text(json.dumps({"weight": 0.2, "adapted": [True], "retention": {"kept": 1.0}}))
    with pytest.raises(SystemExit, match="the development check is incomplete"):
        cotrain.recipe()
