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


@pytest.mark.parametrize(("override", "message"), [
    ("finetune.critic.steps=-5", "vgps: critic.steps=-5 is out of range; valid: an integer >= 1"),
    ("finetune.critic.gamma=2", "vgps: critic.gamma=2 is out of range; valid: a number in [0, 1]"),
    ("finetune.critic.method=sac", "vgps: critic.method='sac' is not a choice; valid: iql, calql"),
    ("finetune.steering.beta=-1", "vgps: steering.beta=-1 is out of range; valid: a number >= 0"),
])
def test_vgps_bad_values_are_refused_in_one_line_before_anything_loads(tmp_path, override, message):
    """V-GPS's keys have a schema (``VGPSConfig``) like every other method's: a bad value is the standard one-line
    range error at start-up, before the store is read or a run directory is made."""
    run = tmp_path / "never"
    with pytest.raises(ConfigError) as error:
        main(["method=vgps", "dataset=nowhere.zarr", f"run_dir={run}", override])
    assert str(error.value) == message
    assert not run.exists()


def selection_cfg(select_seed=200_000, eval_seed=100_000):
    from omegaconf import OmegaConf

    return OmegaConf.create({"env_id": "metaworld/reach-v3",
                             "finetune": {"steering": {"select_seed": select_seed, "select_episodes": 2}},
                             "eval": {"seed": eval_seed, "episodes": 10, "envs_per_worker": 2, "max_episode_steps": 150}})


def test_vgps_chooses_k_on_tuning_seeds_and_ties_go_to_the_smaller_k():
    """The K to deploy is the best on the tuning seeds; a tie keeps the smaller K (a critic no better than chance
    leaves the policy's own samples)."""
    import torch

    from experiments.fixtures.samplers import MetaWorldExpertSampler
    from robopolicy.finetune.vgps import select_k

    expert = MetaWorldExpertSampler("reach-v3")

    class Still:  # zero actions: the arm never reaches
        spec, noise_shape = expert.spec, expert.noise_shape

        def sample(self, obs, n=1, noise=None):
            return torch.zeros_like(expert.sample(obs, n, noise))

    chosen = select_k({1: Still(), 10: expert}, selection_cfg())
    assert chosen["chosen_K"] == 10 and chosen["tuning_successes"] == {1: 0, 10: 2}
    assert select_k({1: expert, 10: expert}, selection_cfg())["chosen_K"] == 1


@pytest.mark.fault("config")
def test_vgps_tuning_seeds_overlapping_the_evaluation_seeds_are_refused():
    """V-GPS tuning seeds (`finetune.steering.select_seed`, `select_episodes`) that overlap the evaluation seeds
    (K would be chosen on the seeds it is reported on): refused before any episode runs, naming both ranges."""
    from robopolicy.finetune.vgps import select_k

    with pytest.raises(ConfigError, match=r"tuning seeds 100005\.\.100006 .* overlap the evaluation seeds "
                                          r"100000\.\.100009 .*move finetune\.steering\.select_seed"):
        select_k({}, selection_cfg(select_seed=100_005))
