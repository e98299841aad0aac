"""DSRL with real registry policies in real Meta-World: the base stays bit-identical, identity steering is the
base, action_magnitude bounds the noise, refusals, NaN handling, save/load, the CLI."""

from __future__ import annotations

import json

import numpy as np
import pytest
import torch

import robopolicy
from experiments.learning_recipes import ENV_ID, MAX_STEPS
from robopolicy.data.store import EpisodeStore
from robopolicy.eval.rollout import run_episodes
from robopolicy.eval.stats import wilson_interval
from robopolicy.finetune.critics import load_critic
from robopolicy.finetune.divergence import TrainingDivergedError
from robopolicy.finetune.dsrl import DSRLAgent, DSRLConfig, run_dsrl
from robopolicy.finetune.steered import MissingNoiseShapeError, SteeredPolicy, state_dict_sha256
from robopolicy.finetune.vgps import ValueGuidedSampler

MIN_GAIN = 5          # successes out of 50 over the base (measured minimum over 10 seeds: 18; one float-perturbed
                      # rerun of seed 0: 7, see the test)
UNTRAINED_SLACK = 5   # the kept policy may trail its untrained start by this much (selection noise; measured 0)

TINY = {"num_envs": 2, "batch_size": 16, "hidden_dims": (32, 32), "max_episode_steps": 16, "eval_every": 0,
        "checkpoint_every": 0, "utd": 2, "select_every": 0}


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


def test_noise_rows_repeat_latent_rows_over_the_chunk_and_bad_values_are_refused(base):
    from robopolicy.errors import RobopolicyError

    tp, da = base.noise_shape
    agent = DSRLAgent(base, DSRLConfig(noise_rows=2, hidden_dims=(8,)))
    assert agent.actor.noise_dim == 2 * da
    w, logp = agent.actor.rsample(observation(base, 5))
    assert w.shape == (5, tp, da) and logp.shape == (5,)
    half = tp // 2
    assert torch.equal(w[:, :half], w[:, :1].expand(-1, half, -1)) and not torch.equal(w[:, 0], w[:, half])
    steered = SteeredPolicy(base, agent.actor, mode="stochastic")
    noise = torch.randn(4, 2, tp, da)
    assert torch.equal(steered.steering_noise(observation(base), 2, noise),
                       steered.steering_noise(observation(base), 2, noise))    # deterministic given its noise
    with pytest.raises(RobopolicyError, match="noise_rows must divide"):
        DSRLAgent(base, DSRLConfig(noise_rows=3, hidden_dims=(8,)))


def test_warmup_noise_is_the_base_policys_clipped_normal_or_uniform():
    from robopolicy.errors import RobopolicyError
    from robopolicy.finetune.dsrl import warmup_latent

    torch.manual_seed(0)
    base_like = warmup_latent(DSRLConfig(warmup="base", action_magnitude=1.5, num_envs=4000), 8, 4)
    torch.manual_seed(0)
    assert torch.equal(base_like, torch.randn(4000, 8, 4).clamp(-1.5, 1.5))
    assert abs(base_like.std().item() - 0.882) < 0.02         # N(0, 1) clipped at 1.5 sigma, not U[-1.5, 1.5]
    uniform = warmup_latent(DSRLConfig(warmup="uniform", action_magnitude=1.5, num_envs=4000), 8, 4)
    assert uniform.abs().max() <= 1.5 and abs(uniform.std().item() - 1.5 / 3 ** 0.5) < 0.03
    with pytest.raises(RobopolicyError, match="dsrl: warmup='gauss' is not a choice; valid: base, uniform"):
        DSRLConfig(warmup="gauss")
    with pytest.raises(RobopolicyError, match="dsrl: na_target='q' is not a choice; valid: action, noise"):
        DSRLConfig(na_target="q")


def test_a_narrow_start_stays_near_w_zero(base):
    """zero_init with init_std: mean 0 and the given pre-tanh std at the start; warmup_scale narrows the warm-up."""
    from robopolicy.finetune.dsrl import warmup_latent

    agent = DSRLAgent(base, DSRLConfig(zero_init=True, init_std=0.3, hidden_dims=(8,)))
    mean, std = agent.actor.gaussian(observation(base))
    assert torch.equal(mean, torch.zeros_like(mean)) and torch.allclose(std, torch.full_like(std, 0.3))
    torch.manual_seed(0)
    narrow = warmup_latent(DSRLConfig(warmup="base", warmup_scale=0.3, num_envs=4000), 8, 4)
    torch.manual_seed(0)
    assert torch.equal(narrow, (0.3 * torch.randn(4000, 8, 4)).clamp(-1.5, 1.5))
    with pytest.raises(Exception, match="init_std"):
        DSRLConfig(init_std=0.0)


def test_reward_offset_is_paid_per_env_step_and_not_written_to_the_store(base, tmp_path):
    from robopolicy.finetune.replay import EpisodeRecorder
    from robopolicy.finetune.vector_env import VectorChunkEnv

    vec = VectorChunkEnv(ENV_ID, base.spec, 2, seed=0, max_episode_steps=6)
    recorder = EpisodeRecorder(tmp_path / "online.zarr", dict(vec.envs[0].feature_spec), vec.envs[0].fps,
                               vec.envs[0].robot, policy_id="test")
    zeros = np.zeros((2, 4, base.spec.action_dim))
    _, out, _ = vec.step_chunks(zeros, True, recorder, reward_offset=1.0)
    assert out["steps"].tolist() == [4, 4] and out["reward"].tolist() == [-4.0, -4.0]   # no success in 4 steps
    _, out, finished = vec.step_chunks(zeros, True, recorder, reward_offset=1.0)
    assert out["steps"].tolist() == [2, 2] and out["reward"].tolist() == [-2.0, -2.0] and finished == [False] * 2
    vec.close()
    online = EpisodeStore.open(tmp_path / "online.zarr")
    rewards = np.concatenate([online.episode(i, ["reward"])["reward"] for i in range(2)])
    assert online.num_episodes == 2 and len(rewards) == 12 and set(rewards.tolist()) == {0.0}   # the env reward


@pytest.mark.parametrize("na_target, distill_steps", [("noise", 1), ("action", 2)])
def test_na_base_calls_follow_the_target_and_distillation_settings(na_target, distill_steps, base, tmp_path):
    """The base is called once per decision to act, plus once per update for an "action" target, plus once per
    distillation step; nothing else."""
    calls = []
    original = type(base).sample

    def counting(self, obs, n=1, noise=None):
        calls.append(len(noise))
        return original(self, obs, n=n, noise=noise)

    type(base).sample = counting
    try:
        cfg = DSRLConfig(variant="na", na_target=na_target, distill_steps=distill_steps, total_env_steps=48,
                         learning_starts=16, **TINY)
        _, summary = run_dsrl(base, ENV_ID, cfg, tmp_path / "run", progress=False)
    finally:
        type(base).sample = original
    learning_decisions = summary["updates"] // cfg.utd
    per_update = cfg.utd if na_target == "action" else 0
    assert learning_decisions > 0
    assert len(calls) == summary["decisions"] + learning_decisions * (per_update + distill_steps)
    assert calls.count(cfg.num_envs) == summary["decisions"]            # acting: one batched call for N envs


@pytest.mark.parametrize("variant, extra", [("sac", {}), ("na", {"distill_steps": 2})])
def test_flat_adam_trains_the_same_weights_as_torchs_adam_loop(variant, extra, base, demo_store, tmp_path,
                                                             monkeypatch):
    """The fine-tuner's optimizers (``FlatAdam``) take torch's per-tensor Adam steps bit for bit over a whole run,
    na's separate distillation steps (which step one critic alone) included."""
    from robopolicy.finetune import dsrl

    def run(tag: str):
        torch.manual_seed(0)
        cfg = DSRLConfig(variant=variant, total_env_steps=64, learning_starts=16, seed=0, **TINY,
                         **({"offline_store": str(demo_store)} if variant == "na" else {}), **extra)
        policy, _ = run_dsrl(base, ENV_ID, cfg, tmp_path / tag, progress=False)
        return {k: v.clone() for k, v in policy.noise_policy.state_dict().items()}

    flat = run("flat")
    monkeypatch.setattr(dsrl, "FlatAdam", lambda params, **kw: torch.optim.Adam(
        [p for g in params for p in (g if isinstance(g, list) else [g])], foreach=False, **kw))
    loop = run("loop")
    assert flat.keys() == loop.keys() and all(torch.equal(flat[k], loop[k]) for k in flat)


def test_distillation_noise_mixes_actor_samples_in_by_the_configured_fraction(base):
    from robopolicy.errors import RobopolicyError

    agent = DSRLAgent(base, DSRLConfig(variant="na", distill_on_actor=0.25, hidden_dims=(8,)))
    with torch.no_grad():
        agent.actor.net.head.bias[: agent.actor.noise_dim].fill_(3.0)       # actor mean: w = m*tanh(3) ~ 1.49
        agent.actor.net.head.bias[agent.actor.noise_dim:].fill_(-5.0)      # tiny std
        agent.actor.net.head.weight.zero_()
    w0 = agent.distillation_noise(observation(base, 8), 8)
    assert w0.shape == (8, *base.noise_shape)
    torch.testing.assert_close(w0[:2], torch.full_like(w0[:2], 1.5 * float(np.tanh(3.0))), atol=1e-2, rtol=0)
    assert (w0[2:] - 1.5 * np.tanh(3.0)).abs().mean() > 0.5                # the rest is N(0, I)
    with pytest.raises(RobopolicyError, match=r"distill_on_actor=1.5 is out of range; valid: a number in \[0, 1\]"):
        DSRLConfig(distill_on_actor=1.5)


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


@pytest.mark.parametrize("eval_mode", ["mean", "stochastic"])
def test_finetune_cli_dsrl_writes_a_loadable_steered_policy(eval_mode, base_checkpoint, tmp_path):
    from robopolicy.finetune.cli import main

    run = tmp_path / "cli"
    assert main(["method=dsrl", f"policy={base_checkpoint}", f"env={ENV_ID}", f"run_dir={run}", "progress=false",
                 "finetune.variant=sac", "finetune.total_env_steps=32", "finetune.learning_starts=16", "finetune.select_every=0",
                 "finetune.num_envs=2", "finetune.utd=1", "finetune.batch_size=8", "finetune.hidden_dims=[16]",
                 "finetune.max_episode_steps=16", "eval.episodes=2", "eval.envs_per_worker=2",
                 f"finetune.eval_mode={eval_mode}", f"eval.max_episode_steps={MAX_STEPS}"]) == 0
    summary = json.loads((run / "summary.json").read_text())
    assert summary["env_steps"] >= 32 and [e["policy"] for e in summary["evaluations"]] == ["base", "dsrl"]
    base, steered = summary["evaluations"]
    assert summary["verdict"]["before"] == sum(base["outcomes"]) and summary["verdict"]["episodes"] == 2
    assert summary["verdict"]["verdict"] in ("improved", "no significant change", "worse")
    loaded = robopolicy.load_policy(run / "steered")
    assert isinstance(loaded, SteeredPolicy) and loaded.mode == eval_mode   # evaluated and saved in that mode
    zero = summary["zero_noise_base"]  # the base from zero noise, no training, on the same seeds: for reference
    assert zero["policy"] == "base, noise_scale=0 (no training)" and zero["episodes"] == 2
    assert zero["vs_finetuned"]["before"] == sum(steered["outcomes"]) and zero["vs_base"]["after"] == sum(zero["outcomes"])
    assert "zero noise" in zero["note"]
    lines = [json.loads(x) for x in (run / "metrics.jsonl").read_text().splitlines()]
    assert any("eval_success" in x for x in lines)


@pytest.mark.slow
def test_short_dsrl_run_raises_success_of_a_weak_policy(tmp_path):
    """DSRL-SAC steers a briefly cloned reach-v3 diffusion policy (recipes.DSRL_REACH: 15k env steps, best of
    every 2.5k on 30 tuning episodes) well above its base, and never below its own untrained start.

    Margin over seeds 0-9 (experiments/results/learning_margins/dsrl_reach_sel15k_seed*.json, AMD EPYC), out of
    50 paired evaluation episodes: base 25/17/20/20/17/28/27/24/15/13 -> 44/50/50/47/35/49/48/49/44/44, gains
    +19/+33/+30/+27/+18/+21/+21/+25/+29/+31 (minimum 18); untrained steering (w = 0) 11/50/13/37/35/15/1/33/6/37,
    after - untrained >= 0 on every seed (asserted >= -5). A float change alone moves a run a lot: with the base
    trained by torch's fused AdamW instead of the default loop, seed 0 gave 25 -> 32 (+7) on a CI machine, so the
    assertion is +5, not the seeds' minimum; a DSRL that learns nothing keeps its start here (11/50), below base.
    Without selection the same recipe ended 47 -> 19 on seed 1 at 20k steps (dsrl_reach_t20k_seed1.json).
    """
    from experiments import learning_recipes as recipes

    result = recipes.dsrl_reach(0, tmp_path)
    before, untrained, after = (sum(result[k]) for k in ("before", "untrained", "after"))
    assert result["env_steps"] >= recipes.DSRL_REACH["total_env_steps"]
    assert result["selection"]["history"][0]["env_steps"] == 0  # the untrained start is a candidate
    assert after >= before + MIN_GAIN, (before, untrained, after)
    assert after >= untrained - UNTRAINED_SLACK, (before, untrained, after)


@pytest.mark.slow
def test_dsrl_with_the_shipped_selection_never_ends_below_its_base(tmp_path):
    """The same recipe with the selection rule DSRL ships (``select_alpha=0.05``, the base as the reference): a
    later point must beat the base on the tuning seeds at p <= 0.05, so a run either learns or keeps the base.

    Margin over seeds 0-4 (experiments/results/learning_margins/dsrl_reach_shipped_seed*.json, Intel Xeon, round 3),
    base / untrained / kept of 50: 26/11/26, 17/50/50, 20/13/45, 20/36/43, 17/35/47: gains +0/+33/+25/+23/+30 (seed 0
    kept the base: its best point, 28 of 30 tuning episodes against the base's 23, was not significant), kept -
    untrained >= 0 on every seed. So what holds on every seed is never-worse, asserted with a slack of 3 episodes
    for another CPU's floats; the gain is a development result (4 of 5 seeds), not a per-seed guarantee."""
    from experiments import learning_recipes as recipes

    result = recipes.dsrl_reach(0, tmp_path, select_alpha=0.05, select_base=True)
    before, untrained, after = (sum(result[k]) for k in ("before", "untrained", "after"))
    assert result["selection"]["history"][0]["policy"] == "base"   # the base itself is the reference
    assert after >= before - 3, (before, untrained, after)
    assert after >= untrained - UNTRAINED_SLACK, (before, untrained, after)


@pytest.mark.parametrize("select_base", [True, False])
def test_selection_keeps_the_base_itself_when_no_point_beats_it(select_base, base, base_checkpoint, tmp_path,
                                                                 monkeypatch):
    """With ``select_base`` the base itself (w ~ N(0, I)) is the first tuning point: the reference later points must
    beat, and, when none does, the policy returned, in ``standard_normal`` mode (the base exactly). Without it the
    untrained steering is the start (the rule the learning tests' margins were measured with). The tuning
    evaluations are scripted here (the real ones: tests/finetune/test_selection.py)."""
    import robopolicy.eval.rollout as rollout

    modes, scores = [], iter([3, 1, 2] if select_base else [1, 2])
    monkeypatch.setattr(rollout, "success_outcomes",
                        lambda policy, *a, **k: modes.append(policy.mode) or [True] * (n := next(scores)) + [False] * (4 - n))
    cfg = DSRLConfig(total_env_steps=32, learning_starts=16, **{**TINY, "select_every": 1000, "select_episodes": 4,
                                                               "select_base": select_base})
    steered, summary = run_dsrl(base, ENV_ID, cfg, tmp_path / "run", base_checkpoint=base_checkpoint, progress=False)
    history = summary["selection"]["history"]
    if select_base:
        assert modes == ["standard_normal", "mean", "mean"] and history[0]["policy"] == "base"
        assert summary["selection"]["kept"]["policy"] == "base" and steered.mode == "standard_normal"
    else:
        assert modes == ["mean", "mean"] and "policy" not in history[0]
        assert summary["selection"]["kept"] == history[0] and steered.mode == "mean"
