"""DSRL with real registry policies in real Meta-World: the base stays bit-identical, identity steering is the
base, action_magnitude bounds the noise, refusals, NaN handling, save/load, the CLI."""

from __future__ import annotations

import json

import numpy as np
import pytest
import torch

import robopolicy
from robopolicy.data.store import EpisodeStore
from robopolicy.eval.rollout import run_episodes
from robopolicy.eval.stats import wilson_interval
from robopolicy.finetune.critics import load_critic
from robopolicy.finetune.divergence import TrainingDivergedError
from robopolicy.finetune.dsrl import DSRLAgent, DSRLConfig, run_dsrl
from robopolicy.finetune.steered import MissingNoiseShapeError, SteeredPolicy, state_dict_sha256
from robopolicy.finetune.vgps import ValueGuidedSampler

from .conftest import ENV_ID, MAX_STEPS

TINY = {"num_envs": 2, "batch_size": 16, "hidden_dims": (32, 32), "max_episode_steps": 16, "eval_every": 0,
        "checkpoint_every": 0, "utd": 2}


@pytest.fixture(scope="module")
def base(base_checkpoint):
    return robopolicy.load_policy(base_checkpoint)


def observation(policy, b: int = 4) -> dict:
    rng = np.random.default_rng(0)
    shape = policy.spec.obs_features["state"].shape
    return {"state": rng.uniform(-0.5, 0.5, (b, policy.spec.obs_horizon, *shape)).astype(np.float32)}


@pytest.mark.parametrize("variant", ["sac", "na"])
def test_dsrl_keeps_base_weights_bit_identical_and_counts_env_steps(variant, base, base_checkpoint, demo_store,
                                                                    tmp_path):
    before = state_dict_sha256(base)
    cfg = DSRLConfig(variant=variant, total_env_steps=64, learning_starts=16, online_store=str(tmp_path / "online.zarr"),
                     offline_store=str(demo_store) if variant == "na" else None, **TINY)
    steered, summary = run_dsrl(base, ENV_ID, cfg, tmp_path / "run", base_checkpoint=base_checkpoint, progress=False)
    assert state_dict_sha256(base) == before == summary["base_sha256"]
    assert all(p.grad is None for p in base.parameters())
    Ta = base.spec.exec_horizon
    assert summary["env_steps"] >= 64 and summary["env_steps"] <= summary["decisions"] * Ta * cfg.num_envs
    # utd updates per decision once learning started (after the warm-up decisions)
    assert summary["updates"] % cfg.utd == 0 and 0 < summary["updates"] < cfg.utd * summary["decisions"]
    online = EpisodeStore.open(tmp_path / "online.zarr")
    # every finished episode was appended; its steps are real env steps
    assert 0 < online.num_steps <= summary["env_steps"] and online.column("source").max() == 1  # "rollout"
    # the steered policy saves and loads through load_policy's kind registry, same actions given the noise
    steered.save(tmp_path / "steered")
    loaded = robopolicy.load_policy(tmp_path / "steered")
    obs, noise = observation(base), torch.randn(4, 1, *base.noise_shape)
    assert torch.equal(loaded.sample(obs, noise=noise), steered.sample(obs, noise=noise))
    meta = json.loads((tmp_path / "steered" / "policy.json").read_text())
    assert meta["kind"] == "dsrl" and meta["base"]["checkpoint_hash"].startswith("sha256:")


def test_standard_normal_steering_reproduces_the_base_policy(base):
    steered = SteeredPolicy(base, DSRLAgent(base, DSRLConfig(hidden_dims=(8,))).actor, mode="standard_normal")
    obs, noise = observation(base), torch.randn(4, 3, *base.noise_shape)
    assert torch.equal(steered.sample(obs, n=3, noise=noise), base.sample(obs, n=3, noise=noise))
    # on a fixed seed set, identical noise gives identical episodes, so the success rates agree exactly
    seeds = list(range(4))
    base_results = run_episodes(base, ENV_ID, 4, seeds=seeds, envs_per_worker=4, max_episode_steps=MAX_STEPS // 2,
                                progress=False)
    steered_results = run_episodes(steered, ENV_ID, 4, seeds=seeds, envs_per_worker=4, max_episode_steps=MAX_STEPS // 2,
                                   progress=False)
    assert [r.ret for r in base_results] == [r.ret for r in steered_results]
    base_rate = np.mean([r.success for r in base_results])
    low, high = wilson_interval(sum(r.success for r in base_results), 4)
    assert low <= np.mean([r.success for r in steered_results]) <= high and low <= base_rate <= high


def test_action_magnitude_sets_the_noise_range(base, tmp_path):
    ranges = {}
    for m in (0.5, 2.0):
        agent = DSRLAgent(base, DSRLConfig(action_magnitude=m, hidden_dims=(8,)))
        with torch.no_grad():
            agent.actor.net.head.bias[agent.actor.noise_dim:].fill_(2.0)     # wide Gaussian: saturates tanh
        w, _ = agent.actor.rsample(observation(base, 64))
        ranges[m] = w.abs().max().item()
        assert ranges[m] <= m and ranges[m] > 0.95 * m
        steered = SteeredPolicy(base, agent.actor, mode="stochastic")
        assert steered.steering_noise(observation(base), 2).abs().max() <= m
    # and in the training loop: the replay (variant sac stores w) holds warm-up noise drawn in [-m, m]
    cfg = DSRLConfig(variant="sac", action_magnitude=0.25, total_env_steps=32, learning_starts=10_000, **TINY)
    from robopolicy.finetune import dsrl as dsrl_module

    captured = {}
    original = dsrl_module.ChunkReplayBuffer.add

    def spy(self, obs, action, *args, **kwargs):
        captured.setdefault("w", []).append(np.asarray(action))
        return original(self, obs, action, *args, **kwargs)

    dsrl_module.ChunkReplayBuffer.add = spy
    try:
        run_dsrl(base, ENV_ID, cfg, tmp_path / "m", progress=False)
    finally:
        dsrl_module.ChunkReplayBuffer.add = original
    w = np.concatenate(captured["w"])
    assert np.abs(w).max() <= 0.25 and np.abs(w).max() > 0.2


def test_policy_without_noise_shape_is_refused(base, demo_store, tmp_path):
    from robopolicy.finetune.offline import OfflineCriticConfig
    from robopolicy.finetune.rewards import SparseRewardConfig
    from robopolicy.finetune.vgps import train_vgps_critic

    critic_dir = tmp_path / "critic"
    train_vgps_critic(demo_store, critic_dir, OfflineCriticConfig(steps=2, batch_size=8), SparseRewardConfig(),
                      hidden_dims=(8,), progress=False)
    reranked = ValueGuidedSampler(base, load_critic(critic_dir)[0], K=4)  # random choice: not deterministic
    assert reranked.noise_shape is None
    with pytest.raises(MissingNoiseShapeError, match="noise_shape.*Sampler"):
        run_dsrl(reranked, ENV_ID, DSRLConfig(**TINY), tmp_path / "run", progress=False)


def test_diverging_loss_stops_naming_the_step_and_keeps_the_last_checkpoint(base, tmp_path):
    cfg = DSRLConfig(variant="sac", total_env_steps=200, learning_starts=16, critic_lr=1e30,
                     **{**TINY, "checkpoint_every": 8})
    with pytest.raises(TrainingDivergedError, match=r"loss is (nan|inf|-inf) at gradient step \d+.*checkpoints/last"):
        run_dsrl(base, ENV_ID, cfg, tmp_path / "run", progress=False)
    noise_policy = tmp_path / "run" / "checkpoints" / "last" / "noise_policy.safetensors"
    from safetensors.torch import load_file

    assert all(torch.isfinite(t).all() for t in load_file(str(noise_policy)).values())


def test_finetune_cli_dsrl_writes_a_loadable_steered_policy(base_checkpoint, tmp_path):
    from robopolicy.finetune.cli import main

    run = tmp_path / "cli"
    assert main(["method=dsrl", f"policy={base_checkpoint}", f"env={ENV_ID}", f"run_dir={run}", "progress=false",
                 "finetune.variant=sac", "finetune.total_env_steps=32", "finetune.learning_starts=16",
                 "finetune.num_envs=2", "finetune.utd=1", "finetune.batch_size=8", "finetune.hidden_dims=[16]",
                 "finetune.max_episode_steps=16", "eval.episodes=2", "eval.envs_per_worker=2",
                 f"eval.max_episode_steps={MAX_STEPS}"]) == 0
    summary = json.loads((run / "summary.json").read_text())
    assert summary["env_steps"] >= 32 and [e["policy"] for e in summary["evaluations"]] == ["base", "dsrl"]
    assert isinstance(robopolicy.load_policy(run / "steered"), SteeredPolicy)
    lines = [json.loads(x) for x in (run / "metrics.jsonl").read_text().splitlines()]
    assert any("eval_success" in x for x in lines)


@pytest.mark.slow
def test_short_dsrl_run_raises_success_of_a_weak_policy(tmp_path):
    """A briefly cloned (weak) diffusion policy on reach-v3, steered by DSRL-NA with the noisy demos preloaded."""
    from .conftest import collect_demos, train_policy

    demos = collect_demos(tmp_path / "demos.zarr", episodes=10, action_noise=0.3)
    checkpoint = train_policy(demos, tmp_path / "bc", steps=400)
    base = robopolicy.load_policy(checkpoint)
    seeds = list(range(50_000, 50_020))

    def successes(policy) -> int:
        results = run_episodes(policy, ENV_ID, len(seeds), seeds=seeds, envs_per_worker=4,
                               max_episode_steps=MAX_STEPS, progress=False)
        return sum(r.success for r in results)

    before = successes(base)
    cfg = DSRLConfig(variant="na", total_env_steps=8000, num_envs=4, utd=4, batch_size=64, learning_starts=400,
                     init_temperature=0.01,  # sparse rewards are O(1): a unit temperature drowns them in entropy
                     max_episode_steps=MAX_STEPS, eval_every=0, checkpoint_every=0, hidden_dims=(64, 64),
                     offline_store=str(demos), seed=0)
    steered, _ = run_dsrl(base, ENV_ID, cfg, tmp_path / "dsrl", base_checkpoint=checkpoint, progress=False)
    after = successes(steered)
    assert after >= before + 3, (before, after)
