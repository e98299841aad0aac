"""experiments/eval_chains.py end to end at smoke-test scale: a committed RL-suite base, real Meta-World episodes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from experiments.eval_chains import main
from experiments.provenance import REPO_ROOT

BASE = REPO_ROOT / "experiments/results/rl_suite2/bases/reach-v3_flow_unet_1000"


@pytest.mark.timeout(120)
def test_both_chains_are_evaluated_on_the_same_seeds_and_recorded(tmp_path: Path) -> None:
    out = tmp_path / "chains.json"
    assert main(["--policy", str(BASE), "--env", "metaworld/reach-v3", "--out", str(out), "--episodes", "2",
                 "--max-episode-steps", "20", "--allow-dirty"]) == 0
    record = json.loads(out.read_text())
    assert record["policy_kind"] == "base" and record["checkpoint_hash"].startswith("sha256:")
    assert set(record["results"]) == {"deterministic", "training"}
    for result in record["results"].values():
        assert result["episodes"] == 2 and len(result["outcomes"]) == 2
        assert result["successes"] == sum(result["outcomes"])
    assert record["stochastic_chain"] == {"eta": 1.0, "min_std": 0.1, "noise_clip": 3.0}
    assert record["seed"] == 200_000 and record["provenance"]["commit"]
