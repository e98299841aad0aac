"""The RL-on-generalist table's target reading (experiments/generalist_rl.py)."""

import json

import experiments.generalist_rl as generalist_rl


def record(before: int, after: int, worse: int) -> dict:
    tasks = {f"t{i}": {"verdict": "worse" if i < worse else "no significant difference"} for i in range(10)}
    return {"method": "dsrl", "verdict": {"before": before, "after": after, "episodes": 1000, "verdict": "improved",
                                          "gained": 60, "lost": 10, "p_value": 1e-9},
            "per_task": tasks, "zero_noise": None, "env_steps": 20_000}


def test_the_target_needs_five_points_and_no_task_worse(tmp_path, monkeypatch):
    assert generalist_rl.meets_target(record(800, 850, 0))
    assert not generalist_rl.meets_target(record(800, 849, 0))      # +0.049
    assert not generalist_rl.meets_target(record(800, 900, 1))      # one task significantly worse
    monkeypatch.setattr(generalist_rl, "RESULTS", tmp_path)
    (tmp_path / "mt10_dsrl_seed0.json").write_text(json.dumps(record(800, 850, 0)))
    assert "| dsrl | 0.80 | - | 0.85 | improved (60 gained, 10 lost, p = 1e-09) | 0 / 0 | met | 20,000 | - |" in \
        generalist_rl.render()


def test_rl_after_adaptation_needs_its_frozen_recipe_and_reads_the_target_per_task(tmp_path, monkeypatch, capsys):
    import pytest

    from robopolicy.protocol import RecipeLedger

    monkeypatch.setattr(generalist_rl.headline, "LEDGER", tmp_path / "ledger.json")
    monkeypatch.setattr(generalist_rl, "ADAPTED_RESULTS", tmp_path / "rl_adapted")   # no committed run is done here
    with pytest.raises(SystemExit, match="rl_adapted_generalist v1 is not frozen"):
        generalist_rl.run_adapted("metaworld/box-close-v3", 0, allow_dirty=True)
    RecipeLedger(tmp_path / "ledger.json").freeze(generalist_rl.adapted_recipe())
    with pytest.raises(SystemExit, match="belongs to the development split"):   # a development task is refused
        generalist_rl.run_adapted("metaworld/push-v3", 0, allow_dirty=True)

    def rec(before: int, after: int) -> dict:
        return {"task": "metaworld/box-close-v3", "seed": 0, "recipe": {"version": 1},
                "before": [True] * before + [False] * (100 - before),
                "after": [True] * after + [False] * (100 - after), "zero_noise": None, "env_steps": 100_000,
                "vs_better_control": {"verdict": "improved", "control": "base", "gained": 1, "lost": 0,
                                      "p_value": 0.01}}
    assert generalist_rl.adapted_meets(rec(10, 90)) and generalist_rl.adapted_meets(rec(40, 70))
    assert not generalist_rl.adapted_meets(rec(60, 89))
    (tmp_path / "rl_adapted").mkdir()
    (tmp_path / "rl_adapted" / "box-close-v3_dsrl_seed0.json").write_text(json.dumps(rec(60, 89)))
    assert "| box-close-v3 | v1 | 0 | 0.60 | - | 0.89 | improved vs base (1 gained, 0 lost, p = 0.01) | missed | 100,000 | - |" \
        in generalist_rl.render_adapted()


def test_v2_adds_the_selection_budget_the_simulation_chose_and_is_frozen_on_its_own(tmp_path, monkeypatch):
    import pytest

    from experiments import selection_budget
    from robopolicy.protocol import RecipeLedger

    choice = json.loads(selection_budget.RESULT.read_text())["choice"]
    assert generalist_rl.SELECTION_V2 == {k: choice[k] for k in generalist_rl.SELECTION_V2}
    assert generalist_rl.adapted_settings(2) == [*generalist_rl.adapted_settings(1), "finetune.select_episodes=150",
                                                 "finetune.select_every=20000", "finetune.select_sequential=true"]
    assert generalist_rl.adapted_recipe(1).digest != generalist_rl.adapted_recipe(2).digest
    monkeypatch.setattr(generalist_rl.headline, "LEDGER", tmp_path / "ledger.json")
    monkeypatch.setattr(generalist_rl, "ADAPTED_RESULTS", tmp_path / "rl_adapted")   # no committed run is done here
    RecipeLedger(tmp_path / "ledger.json").freeze(generalist_rl.adapted_recipe(1))
    with pytest.raises(SystemExit, match="rl_adapted_generalist v2 is not frozen"):
        generalist_rl.run_adapted("metaworld/box-close-v3", 0, allow_dirty=True, version=2)
    with pytest.raises(SystemExit, match="no version 3"):
        generalist_rl.adapted_settings(3)


def test_the_selection_budget_rule_takes_the_smallest_powerful_budget_then_the_densest_affordable_schedule():
    from experiments import selection_budget as sb

    rows = [{"p0": p0, "delta": d, "budget": n, "sequential_power": min(1.0, n / 200) if d else 0.05,
             "sequential_episodes": 0.9 * n} for p0 in sb.STARTS for d in sb.DELTAS for n in sb.BUDGETS]
    c = sb.choose(rows)   # power n/200 >= 0.8 first at 200; a null point costs 180: 200 + 5 * 180 = 1100 <= 1260
    assert (c["select_episodes"], c["select_every"], c["expected_tuning_episodes"]) == (200, 20_000, 1100)
