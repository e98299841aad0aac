"""The RL headline runner (experiments/headline.py): frozen recipes only, test tasks only, controls in every row."""

from __future__ import annotations

import pytest

from experiments import headline
from robopolicy.protocol import TEST_SEEDS, RecipeLedger


def test_every_recipe_has_a_stable_digest_and_changes_with_a_default(monkeypatch):
    first = {r.name: r.digest for r in headline.all_recipes()}
    assert set(first) == {"rl_base_diffusion_unet", "rl_base_flow_unet", *(f"rl_{m}" for m in headline.METHODS)}
    assert first == {r.name: r.digest for r in headline.all_recipes()}
    monkeypatch.setitem(headline.METHODS, "dsrl_sac", ("dsrl", "diffusion_unet", ["finetune.utd=20"]))
    assert headline.method_recipe("dsrl_sac").digest != first["rl_dsrl_sac"]


def test_runs_refuse_unfrozen_recipes_and_development_tasks(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(headline, "LEDGER", tmp_path / "frozen.json")
    with pytest.raises(SystemExit, match="rl_dsrl_sac v1 is not frozen"):
        headline.run_job("metaworld/door-lock-v3", "dsrl_sac", 0, {}, tmp_path)
    with pytest.raises(SystemExit):
        headline.main(["run", "--tasks", "push-v3", "--methods", "dsrl_sac", "--out", str(tmp_path)])
    assert "task metaworld/push-v3 belongs to the development split" in capsys.readouterr().err
    headline.main(["freeze"])
    ledger = RecipeLedger(tmp_path / "frozen.json")
    assert set(ledger.entries) == {r.name for r in headline.all_recipes()}
    monkeypatch.setitem(headline.METHODS, "dsrl_sac", ("dsrl", "diffusion_unet", ["finetune.utd=20"]))
    with pytest.raises(SystemExit, match="rl_dsrl_sac v1 has changed since it was frozen"):
        headline.frozen(headline.method_recipe("dsrl_sac"))


def test_the_gain_is_judged_against_the_better_control():
    before, zero = [True] * 20 + [False] * 80, [True] * 60 + [False] * 40
    after = [True] * 70 + [False] * 30
    v = headline.controls_verdict(before, zero, after)
    assert v["control"] == "zero noise" and v["before"] == 60 and v["after"] == 70
    assert headline.controls_verdict(before, None, after)["control"] == "base"


def test_the_table_shows_every_seed_the_bar_and_the_control():
    base = [True] * 30 + [False] * 70
    rows = [{"method": "dsrl_sac", "recipe": {"version": 1}, "task": "metaworld/door-lock-v3", "seed": s,
             "before": base, "zero_noise": [True] * 40 + [False] * 60, "after": [True] * a + [False] * (100 - a),
             "vs_better_control": headline.controls_verdict(base, [True] * 40 + [False] * 60,
                                                            [True] * a + [False] * (100 - a))}
            for s, a in ((0, 91), (1, 55))]
    table = headline.render_table(rows)
    assert table[2] == "| dsrl_sac v1 | door-lock-v3 | 30 | 40 | 91 / 55 | 1 of 2 | 2 of 2 |"
    assert headline.render_table([]) == ["No test-split RL run has finished yet."]
    assert TEST_SEEDS.start == 1_000_000


def test_the_base_rule_can_be_checked_on_development_tasks_only(tmp_path, capsys):
    with pytest.raises(SystemExit):
        headline.main(["bases", "--split", "development", "--tasks", "door-lock-v3", "--out", str(tmp_path)])
    assert "task metaworld/door-lock-v3 belongs to the test split" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        headline.main(["run", "--split", "development", "--tasks", "push-v3", "--out", str(tmp_path)])
    assert "checks the base rule only" in capsys.readouterr().err


def test_the_frozen_recipes_are_what_the_code_runs_today():
    """Every frozen recipe (BC and the RL headline) still resolves to its ledger digest: a changed default is a new
    version to freeze, never a silent change under a frozen name (features added later, while off, are no change)."""
    from experiments.bc_suite import bc_recipe
    from experiments.headline import LEDGER, all_recipes
    from robopolicy.protocol import RecipeLedger

    ledger = RecipeLedger(LEDGER)
    for recipe in [*all_recipes(), bc_recipe("diffusion_unet"), bc_recipe("flow_unet")]:
        ledger.require_frozen(recipe)


def test_the_noise_diagnostic_skips_a_base_that_is_not_here_and_renders_from_its_records(tmp_path, capsys):
    """``noise`` measures a base only from its recorded checkpoint (hash-checked), and the page's sentence comes from
    the diagnostic's records and the committed reach records alone."""
    import json

    bases = tmp_path / "bases"
    bases.mkdir()
    (bases / "door-lock-v3_diffusion_unet.json").write_text(json.dumps(
        {"recipe": {"name": "rl_base_diffusion_unet", "version": 1, "digest": "0" * 16},
         "chosen": {"checkpoint": str(tmp_path / "gone"), "checkpoint_hash": "sha256:0", "demos": 2}}))
    assert headline.base_noise("metaworld/door-lock-v3", "diffusion_unet", {}, tmp_path) is None
    assert "is not here" in capsys.readouterr().out
    assert headline.noise_line(tmp_path) is None
    (bases / "noise").mkdir()
    (bases / "noise" / "door-lock-v3_diffusion_unet.json").write_text(json.dumps(
        {"task": "metaworld/door-lock-v3", "head": "diffusion_unet", "action_std": [0.01, 0.03],
         "demo_action_std": 0.5, "draws": 64, "calibration_seeds": [7, 46]}))
    line = headline.noise_line(tmp_path)
    assert "diffusion_unet bases' executed actions move by door-lock-v3 0.020 (4% of its demos' action spread)" in line
    assert "of 40 calibration seeds" in line
    assert "epsilon 0.30 to 0.37; sample 0.14 to 0.18" in line
    (bases / "noise" / "door-lock-v3_flow_unet.json").write_text(json.dumps(
        {"task": "metaworld/door-lock-v3", "head": "flow_unet", "action_std": [0.1, 0.1], "demo_action_std": 0.5,
         "draws": 64, "calibration_seeds": [7, 46]}))
    assert "door-lock-v3 (flow_unet) 0.100 (20% of" in headline.noise_line(tmp_path)
