"""``robopolicy finetune``: method selection, required keys, and a V-GPS critic run end to end."""

from __future__ import annotations

import json

import pytest

from robopolicy.config import compose
from robopolicy.errors import ConfigError
from robopolicy.finetune.cli import main, parse_overrides
from robopolicy.finetune.critics import load_critic


def test_method_selects_the_group_and_policy_env_are_renamed():
    method, overrides = parse_overrides(["method=vgps", "policy=ck", "env=metaworld/reach-v3"])
    assert method == "vgps"
    assert overrides == ["finetune=vgps", "method=vgps", "policy=ck", "env=metaworld/reach-v3"]
    cfg = compose("finetune", overrides)
    assert (cfg.checkpoint, cfg.env_id, cfg.method) == ("ck", "metaworld/reach-v3", "vgps")
    with pytest.raises(ConfigError, match="valid: dsrl, vgps, dppo, parl"):
        parse_overrides(["method=ppo"])


def test_missing_inputs_are_named(tmp_path):
    with pytest.raises(ConfigError, match="policy=.*env="):
        main(["method=dsrl", f"run_dir={tmp_path / 'r'}"])
    with pytest.raises(ConfigError, match="dataset="):
        main(["method=vgps", f"run_dir={tmp_path / 'r2'}"])


def test_vgps_cli_trains_and_saves_a_critic(demo_store, tmp_path):
    run = tmp_path / "vgps"
    assert main(["method=vgps", f"dataset={demo_store}", f"run_dir={run}", "progress=false",
                 "finetune.critic.steps=10", "finetune.critic.batch_size=16", "finetune.critic.hidden_dims=[16]",
                 "finetune.critic.method=calql"]) == 0
    critic, meta = load_critic(run / "critic")
    assert meta["method"] == "calql" and meta["gamma"] == 0.98 and meta["reward_last_k"] == 3
    assert critic.spec.action_dim == 4 and critic.spec.obs_dims == {"state": 39}
    assert "final_losses" in json.loads((run / "summary.json").read_text())
