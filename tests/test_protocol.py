"""The evidence protocol (robopolicy/protocol.py): disjoint splits, per-seed training streams, frozen recipes,
and every committed record checked against them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from robopolicy import protocol
from robopolicy.protocol import (
    TEST_SEEDS,
    TEST_TASKS,
    TUNING_SEEDS,
    ProtocolError,
    Recipe,
    RecipeLedger,
    SeedRange,
    check_disjoint,
    check_records,
    check_run,
    seed_blocks,
    split_of,
    training_stream,
)

RESULTS = Path(__file__).resolve().parents[1] / "experiments" / "results"


def test_seed_blocks_are_pairwise_disjoint():
    blocks = list(seed_blocks().values())
    for i, a in enumerate(blocks):
        for b in blocks[i + 1:]:
            assert not a.overlaps(b), (a, b)


def test_overlapping_ranges_are_refused_naming_both():
    with pytest.raises(ProtocolError, match=r"tuning 200000..200029 and test 200010..200109"):
        check_disjoint({"tuning": range(200_000, 200_030), "test": range(200_010, 200_110)})


def test_every_training_seed_has_its_own_stream_outside_every_split():
    streams = [training_stream(s) for s in (0, 1, 2, 9_999)]
    assert streams[0].start == protocol.TRAINING_STREAMS_START
    assert streams[1].start - streams[0].start == protocol.TRAINING_STREAM_LENGTH
    for i, a in enumerate(streams):
        assert not any(a.overlaps(b) for b in streams[i + 1:])
        for name in ("demonstration", "development", "tuning", "calibration", "test"):
            assert not a.overlaps(seed_blocks()[name])
    with pytest.raises(ProtocolError, match=r"seed=10000 is out of range; valid: an integer in 0..9999"):
        training_stream(10_000)


def test_split_of_names_the_split_and_refuses_straddling():
    assert split_of(range(100_000, 100_100)) == "development"
    assert split_of(range(200_000, 200_030)) == "tuning"
    assert split_of(range(TEST_SEEDS.start, TEST_SEEDS.start + 100)) == "test"
    with pytest.raises(ProtocolError, match="straddle the test seeds"):
        split_of(range(TEST_SEEDS.start - 5, TEST_SEEDS.start + 5))


def test_runs_are_refused_outside_their_split():
    test_seeds = range(TEST_SEEDS.start, TEST_SEEDS.start + 100)
    check_run("metaworld/door-lock-v3", "test", test_seeds, range(200_000, 200_030))
    check_run("metaworld/push-v3", "development", range(100_000, 100_100))
    with pytest.raises(ProtocolError, match="task metaworld/door-lock-v3 belongs to the test split"):
        check_run("metaworld/door-lock-v3", "development", range(100_000, 100_100))
    with pytest.raises(ProtocolError, match="task metaworld/push-v3 belongs to the development split"):
        check_run("metaworld/push-v3", "test", test_seeds)
    with pytest.raises(ProtocolError, match="100000..100099 are not test seeds"):
        check_run("robosuite/Stack", "test", range(100_000, 100_100))
    with pytest.raises(ProtocolError, match="reach the test or tuning seeds"):
        check_run("metaworld/push-v3", "development", range(199_990, 200_010))
    with pytest.raises(ProtocolError, match="not inside the tuning split"):
        check_run("robosuite/Stack", "test", test_seeds, range(100_000, 100_030))
    with pytest.raises(ProtocolError, match="split='tuning' is not a split a run reports on"):
        check_run("metaworld/push-v3", "tuning", range(200_000, 200_030))


def test_recipe_digest_follows_every_setting_and_ignores_order():
    a = Recipe("dsrl", 1, {"utd": 10, "num_envs": 4})
    assert a.digest == Recipe("dsrl", 1, {"num_envs": 4, "utd": 10}).digest
    assert a.digest != Recipe("dsrl", 1, {"num_envs": 4, "utd": 20}).digest
    assert len(a.digest) == 16


def test_ledger_runs_only_frozen_recipes_and_a_change_is_a_new_version(tmp_path):
    ledger = RecipeLedger(tmp_path / "frozen.json")
    v1 = Recipe("dppo_flow", 1, {"num_envs": 16})
    with pytest.raises(ProtocolError, match=r"dppo_flow v1 is not frozen \(frozen versions: none\)"):
        ledger.require_frozen(v1)
    ledger.freeze(v1)
    ledger.require_frozen(v1)
    assert RecipeLedger(tmp_path / "frozen.json").frozen("dppo_flow") == {1: v1.digest}  # kept on disk
    changed = Recipe("dppo_flow", 1, {"num_envs": 8})
    with pytest.raises(ProtocolError, match=r"dppo_flow v1 has changed since it was frozen .* as a new version, v2"):
        ledger.require_frozen(changed)
    with pytest.raises(ProtocolError, match="a changed recipe is a new version; freeze it as v2"):
        ledger.freeze(changed)
    ledger.freeze(Recipe("dppo_flow", 2, {"num_envs": 8}))
    assert set(ledger.frozen("dppo_flow")) == {1, 2}   # the old version stays beside the new


def test_record_checks_catch_each_way_of_breaking_the_protocol(tmp_path):
    ledger = RecipeLedger(tmp_path / "frozen.json")
    recipe = Recipe("dsrl", 1, {"utd": 10})
    ledger.freeze(recipe)
    good = {"path": "ok.json", "task": TEST_TASKS[0], "split": "test", "seed": 0,
            "eval_seeds": [TEST_SEEDS.start, TEST_SEEDS.start + 99],
            "recipe": {"name": "dsrl", "version": 1, "digest": recipe.digest}}
    assert check_records([good], ledger) == []
    bad = [
        {**good, "path": "dev_on_test_task.json", "split": "development", "recipe": None,
         "eval_seeds": [100_000, 100_099]},
        {"path": "test_seeds_on_dev.json", "task": "metaworld/push-v3", "eval_seeds": [TEST_SEEDS.start, TEST_SEEDS.start + 9]},
        {**good, "path": "no_recipe.json", "recipe": None},
        {**good, "path": "stale.json", "seed": 1, "recipe": {"name": "dsrl", "version": 1, "digest": "0" * 16}},
        {**good, "path": "dev_seeds.json", "seed": 2, "eval_seeds": [100_000, 100_099]},
        {**good, "path": "again.json"},
    ]
    problems = check_records([good, *bad], ledger)
    assert [p.split(":")[0] for p in problems] == ["dev_on_test_task.json", "test_seeds_on_dev.json",
                                                   "no_recipe.json", "stale.json", "dev_seeds.json", "again.json"]


def test_a_retention_record_measures_a_test_cell_on_training_tasks_and_development_seeds_only(tmp_path):
    ledger = RecipeLedger(tmp_path / "frozen.json")
    recipe = Recipe("adapt", 1, {"lr": 1e-4})
    ledger.freeze(recipe)
    good = {"path": "kept.json", "task": TEST_TASKS[0], "split": "test", "kind": "retention", "demos": 5,
            "arm": "lora", "recipe": {"name": "adapt", "version": 1, "digest": recipe.digest},
            "eval_seeds": [100_000, 100_009], "per_task": {"metaworld/push-v3": [True], "metaworld/reach-v3": [False]}}
    cell = {**good, "path": "cell.json", "kind": None, "eval_seeds": [TEST_SEEDS.start, TEST_SEEDS.start + 99]}
    del cell["per_task"]
    assert check_records([cell, good], ledger) == []     # the cell and its retention are two records, not a rerun
    bad = [
        {**good, "path": "on_test_seeds.json", "arm": "full", "eval_seeds": [TEST_SEEDS.start, TEST_SEEDS.start + 9]},
        {**good, "path": "on_a_test_task.json", "arm": "head", "per_task": {TEST_TASKS[1]: [True]}},
        {**good, "path": "no_recipe.json", "demos": 1, "recipe": None},
        {**good, "path": "again.json"},
    ]
    assert [p.split(":")[0] for p in check_records([good, *bad], ledger)] == [
        "on_test_seeds.json", "on_a_test_task.json", "no_recipe.json", "again.json"]


def committed_records() -> list[dict]:
    records = []
    for path in sorted(RESULTS.rglob("*.json")):
        data = json.loads(path.read_text())
        for r in (data if isinstance(data, list) else [data]):
            if isinstance(r, dict):
                records.append({**r, "path": str(path.relative_to(RESULTS))})
    return records


def test_no_committed_result_was_chosen_on_the_seeds_or_tasks_it_reports():
    """Every result JSON in experiments/results: no test task or test seed outside the test split; every
    test-split record from a frozen recipe. A page cannot show a test number chosen among variants."""
    records = committed_records()
    assert len(records) > 100
    ledger = RecipeLedger(RESULTS / "frozen_recipes.json")
    # split "none": a record that evaluates no policy on any task (the fault probe, whose error lines list env ids)
    text = "\n".join(json.dumps(r) for r in records if r.get("split") not in ("test", "none"))
    for task in TEST_TASKS:
        assert task.split("/", 1)[1] not in text, f"the test task {task} appears in a development result"
    assert check_records(records, ledger) == []


def test_tuning_seeds_default_is_the_tuning_split():
    from robopolicy.finetune.selection import SelectionSettings

    s = SelectionSettings()
    assert TUNING_SEEDS.covers(range(s.select_seed, s.select_seed + s.select_episodes))
    assert isinstance(TUNING_SEEDS, SeedRange)


def test_a_later_feature_left_off_does_not_change_a_frozen_recipe():
    from robopolicy.protocol import without_features_off

    before = {"lr": 1e-4, "init_from": None}
    after = {**before, "adapter": "full", "lora": {"rank": 4}, "dataset_weights": None,
             "paraphrase_instructions": False}
    assert Recipe("r", 1, without_features_off(after)).digest == Recipe("r", 1, before).digest
    on = without_features_off({**after, "adapter": "lora"})
    assert on["adapter"] == "lora" and on["lora"] == {"rank": 4}
    assert without_features_off({**after, "paraphrase_instructions": True})["paraphrase_instructions"] is True


def _provenance_commits(value):
    if isinstance(value, dict):
        if isinstance(value.get("commit"), str) and "dirty" in value:
            yield value["commit"]
        for v in value.values():
            yield from _provenance_commits(v)
    elif isinstance(value, list):
        for v in value:
            yield from _provenance_commits(v)


def test_every_record_names_a_commit_in_the_history_or_a_known_lost_one():
    """A record's provenance commit must be one a reader can check out; the few made on a machine that was shut
    down before its work landed are listed, with where the same tree landed, in experiments/lost_commits.json."""
    import subprocess

    root = RESULTS.parents[1]
    git = ["git", "-C", str(root)]
    shallow = subprocess.run([*git, "rev-parse", "--is-shallow-repository"], capture_output=True, text=True)
    if shallow.returncode != 0 or shallow.stdout.strip() != "false":
        pytest.skip("not a full git checkout: the history cannot be checked")
    lost = json.loads((root / "experiments" / "lost_commits.json").read_text())["lost"]
    commits = set()
    for path in [*RESULTS.rglob("*.json"), *(root / "benchmarks").rglob("*.json"), *(root / "docs").rglob("*.json")]:
        commits |= set(_provenance_commits(json.loads(path.read_text())))
    assert len(commits) > 10
    asked = sorted(commits - set(lost)) + [entry["recovered_in"] for c, entry in lost.items() if c in commits]
    # one git process for every commit: "<name> missing" for a commit not in the history
    answer = subprocess.run([*git, "cat-file", "--batch-check"], input="\n".join(asked) + "\n",
                            capture_output=True, text=True, check=True).stdout.splitlines()
    missing = [line.split()[0] for line in answer if line.endswith(" missing")]
    assert missing == [], f"records name commits that are not in the history: {missing}"
