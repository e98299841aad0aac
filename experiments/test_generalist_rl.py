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
