"""DPPO: PPO on the last K' denoising steps through a trainable copy, for diffusion and flow heads.

Fast tests run real Meta-World reach-v3 episodes with tiny untrained registry policies (state only); the slow
test behaviour-clones a deliberately weak base on a few noisy demos and checks that DPPO raises its success.
"""

from __future__ import annotations

import json
import math
import os

import numpy as np
import pytest
import torch

from experiments import learning_recipes as recipes
from robopolicy.data.normalizer import Normalizer
from robopolicy.errors import ConfigError
from robopolicy.finetune.dppo import DPPOConfig, DPPOError, DPPOPolicy, clip_epsilons, train_dppo
from robopolicy.finetune.gae import RunningReturnScaler, gae_advantages
from robopolicy.finetune.steered import state_dict_sha256
from robopolicy.policies.registry import build_policy, default_normalizer_modes, policy_spec_from_config

torch.set_num_threads(1)
os.environ.setdefault("MUJOCO_GL", "egl")
ENV_ID = "metaworld/reach-v3"
K = 4


def tiny_env_policy(name: str, seed: int = 0):
    """A tiny untrained registry policy over reach-v3's state and action features."""
    from robopolicy.sim import make_env

    env = make_env(ENV_ID, state=True)
    features = env.feature_spec
    states = np.stack([env.reset(seed=s)[0]["state"] for s in range(4)])
    env.close()
    section = "flow" if name.startswith("flow") else "diffusion"
    cfg = {"name": name, "obs_horizon": 2, "pred_horizon": 8, "exec_horizon": 4,
           "state_encoder": {"hidden_dims": [16], "out_dim": 8}, "unet": {"down_dims": [16, 32], "step_embed_dim": 16},
           section: {"num_inference_steps": K, **({} if section == "flow" else {"prediction_type": "epsilon"})}}
    spec = policy_spec_from_config(cfg, features, obs_keys=["state"])
    rng = np.random.default_rng(seed)
    data = {"state": np.concatenate([states, states + rng.normal(0, 0.3, states.shape)]).astype(np.float32),
            "action": rng.uniform(-1, 1, (64, spec.action_dim)).astype(np.float32)}
    torch.manual_seed(seed)
    return build_policy(name, cfg, spec, Normalizer.fit(data, default_normalizer_modes(spec)))


def quick_cfg(**kw) -> DPPOConfig:
    values = dict(finetune_steps=2, total_env_steps=2 * 3 * 4 * 2, num_envs=2, rollout_steps=3, update_epochs=2,
                  minibatch_size=4, max_episode_steps=20, critic_hidden_dims=(16,), actor_lr=1e-3,
                  critic_warmup_updates=0, select_every=0,
                  # the defaults before they became the development split's recipe (what these tests were built on)
                  gamma=0.999, target_kl=None, min_sampling_std=0.1, min_logprob_std=0.1, eval_chain="deterministic")
    values.update(kw)
    return DPPOConfig(**values)


def obs_batch(policy, batch: int = 3, seed: int = 0) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    low = policy.normalizer.unnormalize("state", torch.zeros(1, 39)).numpy()
    return {"state": (low + rng.normal(0, 0.1, (batch, 2, 39))).astype(np.float32)}


@pytest.mark.parametrize("name", ["diffusion_unet", "flow_unet"])
def test_first_minibatch_ratio_is_one_and_base_is_untouched(name, tmp_path):
    base = tiny_env_policy(name)
    before = state_dict_sha256(base)
    policy, summary = train_dppo(base, ENV_ID, quick_cfg(), tmp_path, progress=False)
    assert len(summary["updates"]) == 2
    for update in summary["updates"]:
        assert update["first_ratio_max_deviation"] <= 1e-6
        assert abs(update["first_approx_kl"]) <= 1e-6
        assert math.isfinite(update["pg_loss"]) and math.isfinite(update["v_loss"])
        assert math.isfinite(update["explained_variance"]) or np.isnan(update["explained_variance"])
    assert state_dict_sha256(policy.base) == before
    # each update's rollout_success counts that rollout's episodes alone; weighted, they add up to train_success
    episodes = np.diff([0] + [u["train_episodes"] for u in summary["updates"]])
    assert episodes.sum() > 0
    wins = sum(u["rollout_success"] * n for u, n in zip(summary["updates"], episodes) if n)
    assert wins == pytest.approx(summary["updates"][-1]["train_success"] * episodes.sum())
    assert all(np.isnan(u["rollout_success"]) for u, n in zip(summary["updates"], episodes) if not n)
    # the copy did move (the update did something) and later minibatches saw ratios != 1
    moved = any(not torch.equal(a, b) for a, b in zip(policy.finetuned.denoiser.parameters(),
                                                      base.denoiser.parameters()))
    assert moved
    assert any(u["ratio_max"] > 1 + 1e-7 or u["ratio_min"] < 1 - 1e-7 for u in summary["updates"])


@pytest.mark.parametrize("name", ["diffusion_unet", "flow_unet"])
def test_only_the_copy_receives_gradients(name):
    from robopolicy.finetune.dppo import DPPOAgent

    policy = DPPOPolicy(tiny_env_policy(name), finetune_steps=2)
    agent = DPPOAgent(policy, quick_cfg())
    cond = policy.encode(obs_batch(policy.base))
    chain, _ = agent.sample_chain(cond)
    assert chain.shape == (3, 3, 8, 4)
    logp = sum(agent.log_prob(chain[:, i], chain[:, i + 1], i, cond).sum() for i in range(2))
    logp.backward()
    assert all(p.grad is None for p in policy.base.parameters())
    assert all(p.grad is None for name_, p in policy.finetuned.named_parameters() if not name_.startswith("denoiser."))
    assert all(p.grad is not None for p in policy.finetuned.denoiser.parameters())


@pytest.mark.parametrize("normalize", [True, False])
def test_advantages_are_normalized_over_the_rollout_only_when_asked(normalize):
    """One minibatch of every pair at ratio 1 (the actor still in its critic warm-up): the policy loss is
    -mean(A_i * gamma_denoise^(K'-1-i)) over the pairs, with A normalized over the rollout (mean 0, so the loss is 0
    at any scale) or as given (the loss triples with the advantages)."""
    from robopolicy.finetune.dppo import DPPOAgent

    policy = DPPOPolicy(tiny_env_policy("flow_unet"), finetune_steps=2)
    cfg = quick_cfg(update_epochs=1, minibatch_size=1000, critic_warmup_updates=1, normalize_advantages=normalize)
    cond = policy.encode(obs_batch(policy.base, batch=6))
    chain, _ = DPPOAgent(policy, cfg).sample_chain(cond)
    adv = torch.tensor([0.5, -1.0, 2.0, 0.0, 0.25, 1.5])
    losses = []
    for scale in (1.0, 3.0):
        agent = DPPOAgent(policy, cfg)
        batch = {"cond": cond, "chain": chain, "advantages": adv * scale, "returns": torch.zeros(6)}
        losses.append(agent.update(batch, torch.Generator().manual_seed(0))["pg_loss"])
    a = (adv - adv.mean()) / adv.std(unbiased=False) if normalize else adv
    weights = cfg.gamma_denoise ** torch.tensor([1.0, 0.0])               # positions 0 (noisier), 1 (final)
    expected = -(a[:, None] * weights).mean().item()
    assert losses[0] == pytest.approx(expected, rel=1e-5, abs=1e-6)
    assert losses[1] == pytest.approx(expected * (1.0 if normalize else 3.0), rel=1e-5, abs=1e-6)
    assert (abs(expected) < 1e-6) == normalize


@pytest.mark.parametrize("name", ["diffusion_unet", "flow_unet"])
def test_log_probs_of_all_positions_at_once_equal_one_position_at_a_time(name):
    """The update evaluates every (decision, position) pair of a minibatch in one forward pass; a policy outside our
    heads (``rows_at_once`` false) takes one pass per position. Both give the per-position log-probs."""
    from robopolicy.finetune.dppo import DPPOAgent

    policy = DPPOPolicy(tiny_env_policy(name), finetune_steps=3)
    agent = DPPOAgent(policy, quick_cfg(finetune_steps=3))
    assert agent.rows_at_once
    cond = policy.encode(obs_batch(policy.base, batch=4))
    chain, _ = agent.sample_chain(cond)
    with torch.no_grad():
        one_by_one = torch.stack([agent.log_prob(chain[:, i], chain[:, i + 1], i, cond) for i in range(3)], dim=1)
        together = agent.chain_log_probs(cond, chain)
        agent.rows_at_once = False
        looped = agent.chain_log_probs(cond, chain)
    assert together.shape == (4, 3)
    torch.testing.assert_close(together, one_by_one, rtol=1e-5, atol=1e-6)
    torch.testing.assert_close(looped, one_by_one, rtol=1e-5, atol=1e-6)


def test_periodic_evaluation_records_counts_on_the_fixed_seeds(tmp_path):
    """``eval_every`` gives one curve point per threshold crossed, with the counts a Wilson interval needs."""
    cfg = quick_cfg(eval_every=24, eval_episodes=2, eval_seed=123)
    _, summary = train_dppo(tiny_env_policy("diffusion_unet"), ENV_ID, cfg, tmp_path, progress=False)
    curve = summary["curve"]
    assert [p["updates"] for p in curve] == [1, 2]
    assert [p["env_steps"] for p in curve] == [u["env_steps"] for u in summary["updates"]]
    for p in curve:
        assert p["episodes"] == 2 and 0 <= p["successes"] <= 2
        assert p["success"] == p["successes"] / p["episodes"] and p["seconds"] > 0


def test_k_prime_one_runs_with_finite_losses(tmp_path):
    assert torch.allclose(clip_epsilons(1, 0.001, 0.01, 3.0), torch.tensor([0.01]))
    eps = clip_epsilons(4, 0.001, 0.01, 3.0)
    assert eps[0].item() == pytest.approx(0.001) and eps[-1].item() == pytest.approx(0.01)
    assert bool((eps[1:] > eps[:-1]).all())
    _, summary = train_dppo(tiny_env_policy("diffusion_unet"), ENV_ID, quick_cfg(finetune_steps=1), tmp_path,
                            progress=False)
    for u in summary["updates"]:
        assert all(math.isfinite(u[k]) for k in ("pg_loss", "v_loss", "approx_kl", "clipfrac"))


@pytest.mark.parametrize("name", ["diffusion_unet", "flow_unet"])
def test_executed_log_probs_average_over_the_executed_actions_only(name):
    """``logprob_actions=executed`` (the reference's reward horizon): each step's log-prob is the mean over the Ta
    actions the env executes (rows To-1 .. To+Ta-2 of the chunk); a never-executed action moves only ``all``'s."""
    from robopolicy.finetune.dppo import DPPOAgent

    policy = DPPOPolicy(tiny_env_policy(name), finetune_steps=2)
    every, executed = DPPOAgent(policy, quick_cfg()), DPPOAgent(policy, quick_cfg(logprob_actions="executed"))
    assert policy.spec.executed == slice(1, 5)
    cond = policy.encode(obs_batch(policy.base))
    chain, _ = every.sample_chain(cond)
    x_in, x_out = chain[:, 1], chain[:, 2]        # position 1 = the final step, k = 0
    with torch.no_grad():
        mean, std = policy.finetuned.denoise_step(x_in, 0, cond, eta=1.0)
        per_element = torch.distributions.Normal(mean, std.clamp_min(0.1)).log_prob(x_out).clamp(-5.0, 2.0)
        torch.testing.assert_close(executed.log_prob(x_in, x_out, 1, cond), per_element[:, 1:5].mean(dim=(-1, -2)))
        torch.testing.assert_close(every.log_prob(x_in, x_out, 1, cond), per_element.mean(dim=(-1, -2)))
        changed = x_out.clone()
        changed[:, 7] += 0.5                      # the last predicted action: never executed
        assert torch.equal(executed.log_prob(x_in, changed, 1, cond), executed.log_prob(x_in, x_out, 1, cond))
        assert not torch.equal(every.log_prob(x_in, changed, 1, cond), every.log_prob(x_in, x_out, 1, cond))


def test_target_kl_ends_an_update_at_the_first_minibatch_past_it(tmp_path):
    """``target_kl`` (the reference's early stop): the update's epochs end after the minibatch whose approximate KL
    exceeds it. The first minibatch has ratio 1 (KL 0), so a tiny target stops each update at the second."""
    base = tiny_env_policy("diffusion_unet")
    _, free = train_dppo(base, ENV_ID, quick_cfg(), tmp_path / "free", progress=False)
    _, capped = train_dppo(base, ENV_ID, quick_cfg(target_kl=1e-9), tmp_path / "capped", progress=False)
    assert [u["minibatches"] for u in free["updates"]] == [6, 6]   # 2 epochs x (6 decisions x K'=2) / 4
    assert [u["minibatches"] for u in capped["updates"]] == [2, 2]


@pytest.mark.fault("config")
def test_an_unknown_logprob_actions_value_is_refused_naming_the_valid_ones():
    """``finetune.logprob_actions`` other than all / executed: a one-line refusal naming the valid values."""
    with pytest.raises(ConfigError, match=r"dppo: logprob_actions='exec' is not a choice; valid: all, executed"):
        quick_cfg(logprob_actions="exec")


@pytest.mark.fault("config")
def test_an_unknown_eval_chain_is_refused_naming_the_valid_ones():
    """``finetune.eval_chain`` other than deterministic / training / select: a one-line refusal naming the valid
    values; ``select`` without selection (``select_every=0`` or the env's own reward) is refused, saying why."""
    with pytest.raises(ConfigError, match=r"dppo: eval_chain='ode' is not a choice; valid: deterministic, training, "
                                          r"select"):
        quick_cfg(eval_chain="ode")
    with pytest.raises(ConfigError, match=r"eval_chain='select' chooses the chain on the tuning seeds, and "
                                          r"select_every=0 turns selection off"):
        quick_cfg(eval_chain="select", select_every=0)
    with pytest.raises(ConfigError, match=r"and sparse_reward=false \(selection counts successes\) turns"):
        quick_cfg(eval_chain="select", select_every=24, sparse_reward=False)


def test_refusals():
    base = tiny_env_policy("diffusion_unet")
    with pytest.raises(DPPOError, match=r"K'=5 must be in \[1, K\] = \[1, 4\]"):
        DPPOPolicy(base, finetune_steps=K + 1)

    class SamplerOnly(torch.nn.Module):
        spec = base.spec
        noise_shape = None

        def sample(self, obs, n=1, noise=None):
            return base.sample(obs, n, noise)

    with pytest.raises(DPPOError, match="lacks encode, denoise_step, num_denoising_steps.*Sampler"):
        DPPOPolicy(SamplerOnly(), finetune_steps=1)


@pytest.mark.parametrize("name", ["diffusion_unet", "flow_unet"])
def test_sample_uses_the_copy_for_the_last_steps_and_base_for_early_ones(name):
    base = tiny_env_policy(name)
    obs = obs_batch(base)
    noise = torch.randn(3, 1, 8, 4, generator=torch.Generator().manual_seed(0))
    policy = DPPOPolicy(base, finetune_steps=2)
    reference = policy.sample(obs, noise=noise)
    assert torch.equal(reference, policy.sample(obs, noise=noise))          # deterministic given the noise
    # before any training the split chain is the base's own deterministic chain (clipped to +-1 normalized)
    expected = base.normalizer.unnormalize("action", base.denoise_chain(
        noise.reshape(3, 8, 4), base.encode(obs)).clamp(-1, 1)).reshape(3, 1, 8, 4)
    assert torch.allclose(reference, expected, atol=1e-5)
    with torch.no_grad():
        for p in policy.finetuned.denoiser.parameters():
            p.add_(0.05 * torch.randn_like(p))
    perturbed_copy = policy.sample(obs, noise=noise)
    assert not torch.allclose(perturbed_copy, reference, atol=1e-4)
    with torch.no_grad():  # the base's denoiser runs the early steps: perturbing it changes the action too
        for p in policy.base.denoiser.parameters():
            p.add_(0.05 * torch.randn_like(p))
    assert not torch.allclose(policy.sample(obs, noise=noise), perturbed_copy, atol=1e-4)
    # with K' = K the base's denoiser is never used
    full = DPPOPolicy(tiny_env_policy(name), finetune_steps=K)
    a = full.sample(obs, noise=noise)
    with torch.no_grad():
        for p in full.base.denoiser.parameters():
            p.add_(0.05 * torch.randn_like(p))
    assert torch.equal(full.sample(obs, noise=noise), a)


def test_saved_policy_loads_with_the_split_chain(tmp_path):
    from robopolicy import load_policy

    policy = DPPOPolicy(tiny_env_policy("flow_unet"), finetune_steps=3)
    with torch.no_grad():
        for p in policy.finetuned.denoiser.parameters():
            p.add_(0.05 * torch.randn_like(p))
    path = policy.save(tmp_path / "dppo")
    loaded = load_policy(path)
    assert isinstance(loaded, DPPOPolicy) and loaded.finetune_steps == 3
    obs = obs_batch(policy.base)
    noise = torch.randn(3, 2, 8, 4)
    assert torch.equal(loaded.sample(obs, n=2, noise=noise), policy.sample(obs, n=2, noise=noise))


@pytest.mark.parametrize("name", ["diffusion_unet", "flow_unet"])
def test_the_training_eval_chain_samples_the_chain_ppo_trains_and_is_saved(name, tmp_path):
    """``eval_chain=training``: ``sample`` runs every step as the training chain does (the step's mean at train_eta
    plus its std floored at min_std times noise clipped to +-noise_clip), run by hand here from the same generator
    state; it is random beyond the initial noise, and the checkpoint records the chain."""
    from robopolicy import load_policy
    from robopolicy.finetune.dppo import StochasticChain

    base = tiny_env_policy(name)
    chain = StochasticChain(eta=1.0, min_std=0.1, noise_clip=0.5)
    policy = DPPOPolicy(base, finetune_steps=2, chain=chain)
    with torch.no_grad():
        for p in policy.finetuned.denoiser.parameters():
            p.add_(0.05 * torch.randn_like(p))
    obs = obs_batch(base)
    noise = torch.randn(3, 1, 8, 4)
    torch.manual_seed(5)
    chunks = policy.sample(obs, noise=noise)
    torch.manual_seed(5)
    with torch.no_grad():
        cond = base.encode(obs)
        x = noise.reshape(3, 8, 4)
        for k in reversed(range(K)):
            net = policy.finetuned if k < 2 else base
            mean, std = net.denoise_step(x, k, cond, eta=1.0)
            x = mean + std.clamp_min(0.1) * torch.randn_like(x).clamp(-0.5, 0.5)
    expected = base.normalizer.unnormalize(base.spec.action_key, x.clamp(-1.0, 1.0)).reshape(3, 1, 8, 4)
    assert torch.equal(chunks, expected)
    assert not torch.allclose(policy.sample(obs, noise=noise), chunks, atol=1e-4)
    assert not torch.allclose(DPPOPolicy(base, 2, finetuned=policy.finetuned).sample(obs, noise=noise), chunks,
                              atol=1e-4)
    loaded = load_policy(policy.save(tmp_path / "dppo"))
    assert loaded.chain == chain
    torch.manual_seed(5)
    assert torch.equal(loaded.sample(obs, noise=noise), chunks)
    assert load_policy(DPPOPolicy(base, 2).save(tmp_path / "plain")).chain is None


def test_dppo_with_the_training_eval_chain_keeps_and_saves_that_chain(tmp_path):
    from robopolicy import load_policy
    from robopolicy.finetune.dppo import StochasticChain

    cfg = quick_cfg(eval_chain="training", select_every=24, select_episodes=2, train_eta=0.5)
    policy, summary = train_dppo(tiny_env_policy("flow_unet"), ENV_ID, cfg, tmp_path, progress=False)
    assert policy.chain == StochasticChain(eta=0.5, min_std=0.1, noise_clip=3.0)
    assert len(summary["selection"]["history"]) >= 2
    assert load_policy(summary["policy_dir"]).chain == policy.chain


def test_dppo_with_eval_chain_select_considers_both_chains_and_saves_the_kept_one(tmp_path):
    """``eval_chain=select``: every selection point evaluates the deterministic chain, then the training chain; the
    kept point's chain is the policy's and the checkpoint's."""
    from robopolicy import load_policy
    from robopolicy.finetune.dppo import StochasticChain

    cfg = quick_cfg(eval_chain="select", select_every=24, select_episodes=2, train_eta=0.5)
    policy, summary = train_dppo(tiny_env_policy("flow_unet"), ENV_ID, cfg, tmp_path, progress=False)
    history = summary["selection"]["history"]
    assert len(history) >= 4 and len(history) % 2 == 0
    assert [p["variant"] for p in history] == ["deterministic", "training"] * (len(history) // 2)
    assert [p["env_steps"] for p in history[::2]] == [p["env_steps"] for p in history[1::2]]
    training = summary["selection"]["kept"]["variant"] == "training"
    assert policy.chain == (StochasticChain(eta=0.5, min_std=0.1, noise_clip=3.0) if training else None)
    assert load_policy(summary["policy_dir"]).chain == policy.chain


@pytest.mark.parametrize("name", ["diffusion_unet", "flow_unet"])
def test_the_base_kl_is_the_step_gaussians_kl_and_pulls_a_signal_less_copy_back(name):
    """``base_kl_coef``: each pair's KL of the copy's step from the base's is (mean - base_mean)^2 / (2 std^2),
    averaged over the chunk (hand-computed here), zero while the copy is the base; with zero advantages (a rollout
    with no signal) an update moves a drifted copy back toward the base."""
    from robopolicy.finetune.dppo import DPPOAgent

    base = tiny_env_policy(name)
    policy = DPPOPolicy(base, finetune_steps=2)
    agent = DPPOAgent(policy, quick_cfg(base_kl_coef=1.0, normalize_advantages=False, update_epochs=3))
    cond = policy.encode(obs_batch(base, batch=6))
    chain, _ = agent.sample_chain(cond)
    s, i = torch.arange(6).repeat_interleave(2), torch.arange(2).repeat(6)
    with torch.no_grad():
        assert torch.equal(agent.base_kl(chain[s, i], i, cond[s]), torch.zeros(12))
        for p in policy.finetuned.denoiser.parameters():
            p.add_(0.05 * torch.randn_like(p))
        kl = agent.base_kl(chain[s, i], i, cond[s])
        expected = []
        for row, pos in zip(s.tolist(), i.tolist()):
            x, k = chain[row:row + 1, pos], 1 - pos
            mean, std = policy.finetuned.denoise_step(x, k, cond[row:row + 1], eta=1.0)
            base_mean, _ = base.denoise_step(x, k, cond[row:row + 1], eta=1.0)
            expected.append(((mean - base_mean) ** 2 / (2 * std.clamp_min(0.1) ** 2)).mean())
    torch.testing.assert_close(kl, torch.stack(expected), rtol=1e-5, atol=1e-7)
    assert (kl > 0).all()
    agent.rows_at_once = False            # a policy outside our heads: one pass per position, the same KLs
    with torch.no_grad():
        torch.testing.assert_close(agent.base_kl(chain[s, i], i, cond[s]), kl, rtol=1e-5, atol=1e-7)
    agent.rows_at_once = True
    batch = {"cond": cond, "chain": chain, "advantages": torch.zeros(6), "returns": torch.zeros(6)}
    info = agent.update(batch, torch.Generator().manual_seed(0))
    assert info["base_kl"] > 0 and info["pg_loss"] == 0
    with torch.no_grad():
        assert agent.base_kl(chain[s, i], i, cond[s]).mean() < kl.mean()


def test_the_base_kl_skips_a_minibatch_of_learned_noise_positions_only():
    """With a learned initial noise, position 0 has no base step: a minibatch holding only such pairs adds no KL
    (it added the mean of an empty tensor, NaN, which then spoilt the weights)."""
    from robopolicy.finetune.dppo import DPPOAgent

    base = tiny_env_policy("flow_unet")
    policy = DPPOPolicy(base, finetune_steps=2, noise_step=noise_step_for(base))
    agent = DPPOAgent(policy, quick_cfg(noise_policy=True, base_kl_coef=0.1, minibatch_size=1, update_epochs=2))
    cond = policy.encode(obs_batch(base, batch=4))
    chain, _ = agent.sample_chain(cond)
    batch = {"cond": cond, "chain": chain, "advantages": torch.randn(4), "returns": torch.zeros(4)}
    info = agent.update(batch, torch.Generator().manual_seed(0))
    assert math.isfinite(info["base_kl"]) and math.isfinite(info["pg_loss"])
    assert all(torch.isfinite(p).all() for p in policy.finetuned.denoiser.parameters())


def noise_step_for(base, hidden=(16,)):
    from robopolicy.finetune.dppo import NoiseStep

    return NoiseStep(int(base.obs_encoder.cond_dim), hidden, (8, 4), min_std=0.1)


@pytest.mark.parametrize("name", ["diffusion_unet", "flow_unet"])
def test_a_learned_initial_noise_starts_as_the_base_and_survives_save_and_load(name, tmp_path):
    """``noise_policy``: at the start mean 0 and std 1, so the policy samples the plain DPPO policy's chunks exactly;
    once moved, its chunks change, and a saved policy loads with the same noise step."""
    from robopolicy import load_policy

    base = tiny_env_policy(name)
    obs = obs_batch(base)
    noise = torch.randn(3, 2, 8, 4, generator=torch.Generator().manual_seed(0))
    plain = DPPOPolicy(base, finetune_steps=2)
    learned = DPPOPolicy(base, finetune_steps=2, finetuned=plain.finetuned, noise_step=noise_step_for(base))
    assert torch.equal(learned.sample(obs, n=2, noise=noise), plain.sample(obs, n=2, noise=noise))
    with torch.no_grad():
        learned.noise_step.net.head.bias.add_(0.3)
        learned.noise_step.log_std.fill_(math.log(0.5))
    moved = learned.sample(obs, n=2, noise=noise)
    assert not torch.allclose(moved, plain.sample(obs, n=2, noise=noise), atol=1e-4)
    # the chain starts from mean + std * noise: the same chunks as the plain policy given that noise
    assert torch.allclose(moved, plain.sample(obs, n=2, noise=0.3 + 0.5 * noise), atol=1e-5)
    loaded = load_policy(learned.save(tmp_path / "dppo"))
    assert loaded.noise_step is not None and loaded.noise_step.min_std == 0.1
    assert torch.equal(loaded.sample(obs, n=2, noise=noise), moved)
    assert load_policy(plain.save(tmp_path / "plain")).noise_step is None


def test_the_noise_steps_log_prob_is_its_gaussians_averaged_over_the_chunk_and_leads_the_positions():
    """Position 0 of each decision is the initial noise's log-prob under N(mean, std^2), averaged over the chunk's
    elements (hand-computed here); positions 1 .. K' are the chain's steps, as without the noise step; std is kept in
    [min_std, 1]."""
    from robopolicy.finetune.dppo import DPPOAgent

    base = tiny_env_policy("flow_unet")
    policy = DPPOPolicy(base, finetune_steps=2, noise_step=noise_step_for(base))
    with torch.no_grad():
        policy.noise_step.net.head.bias.copy_(torch.linspace(-0.5, 0.5, 32))
        policy.noise_step.log_std.copy_(torch.linspace(-4.0, 0.5, 32).view(8, 4))   # below 0.1 and above 1: clamped
    agent = DPPOAgent(policy, quick_cfg(noise_policy=True))
    assert agent.num_positions == 3
    cond = policy.encode(obs_batch(base, batch=4))
    chain, action = agent.sample_chain(cond)
    assert chain.shape == (4, 4, 8, 4)
    mean = torch.linspace(-0.5, 0.5, 32).view(1, 8, 4)
    std = torch.linspace(-4.0, 0.5, 32).view(1, 8, 4).exp().clamp(0.1, 1.0)
    z = (chain[:, 0] - mean) / std
    expected = (-0.5 * z**2 - std.log() - 0.5 * math.log(2 * math.pi)).clamp(-5.0, 2.0).mean(dim=(-1, -2))
    with torch.no_grad():
        together = agent.chain_log_probs(cond, chain)
        steps = torch.stack([agent.log_prob(chain[:, i + 1], chain[:, i + 2], i, cond) for i in range(2)], dim=1)
    torch.testing.assert_close(together[:, 0], expected, rtol=1e-5, atol=1e-5)
    torch.testing.assert_close(together[:, 1:], steps, rtol=1e-5, atol=1e-6)
    # the noise step, the noisiest position, gets the noisiest clip
    assert agent.clip_eps[0] == pytest.approx(0.02) and agent.clip_eps[-1] == pytest.approx(0.1)


def test_dppo_with_a_learned_initial_noise_trains_it_and_keeps_the_base(tmp_path):
    base = tiny_env_policy("flow_unet")
    before = state_dict_sha256(base)
    policy, summary = train_dppo(base, ENV_ID, quick_cfg(noise_policy=True, noise_policy_hidden_dims=(16,)), tmp_path,
                                 progress=False)
    assert state_dict_sha256(policy.base) == before
    for update in summary["updates"]:
        assert update["first_ratio_max_deviation"] <= 1e-6
        assert math.isfinite(update["noise_std"]) and update["noise_std"] <= 1.0
    assert summary["updates"][-1]["noise_mean_abs"] > 0           # the noise step's mean moved off zero
    assert policy.noise_step is not None


def test_gae_matches_monte_carlo_and_stops_at_episode_ends():
    rewards = torch.tensor([[1.0], [0.0], [2.0], [1.0]])
    values = torch.zeros(4, 1)
    terminated = torch.tensor([[0], [1], [0], [0]], dtype=torch.bool)
    ended = torch.tensor([[0], [1], [0], [1]], dtype=torch.bool)   # terminal at 1, truncation at 3
    next_values = torch.tensor([[0.0], [9.0], [0.0], [5.0]])       # 9 is ignored (terminal), 5 bootstraps
    adv, ret = gae_advantages(rewards, values, next_values, terminated, ended, gamma=0.5, gae_lambda=1.0)
    assert torch.allclose(ret.flatten(), torch.tensor([1.0, 0.0, 2 + 0.5 * (1 + 0.5 * 5), 1 + 0.5 * 5]))
    scaler = RunningReturnScaler(2, gamma=0.9)
    out = scaler.scale(np.array([1.0, 3.0]), np.array([False, True]))
    assert out.shape == (2,) and np.all(np.isfinite(out)) and scaler.returns[1] == 0.0


MIN_GAIN = 6                       # successes out of 50 (measured minimum over 5 seeds: 13)
RETURN_MARGIN = 0.5                # asserted gain in mean return; measured over seeds 0-4: >= 1.46 (docstring)


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_short_dppo_run_raises_the_return_on_reacher(tmp_path):
    """DPPO on Gymnasium MuJoCo Reacher-v5 (dense reward) from a base cloned on biased demos.

    Base: tiny diffusion UNet (K=5 DDIM steps, To=1, Tp=Ta=4) cloned for 600 steps on 20 episodes of a PD
    controller with a +0.3 torque bias and 0.3 noise. DPPO: K'=3, 8 envs, 13 decisions per env per update
    (~1 episode), 10 epochs of 64-pair minibatches (~50 gradient steps per update, 25 updates, 10k env steps),
    2 critic warm-up updates, clip 0.02 -> 0.1, actor lr 1e-4 (recipes.dppo_reacher; 32 fixed-seed episodes).

    Margin over seeds 0-4 (experiments/results/learning_margins/dppo_reacher_seed*.json, AMD EPYC), mean return
    before -> after: -18.9 -> -13.3, -17.4 -> -13.2, -20.9 -> -16.8, -16.0 -> -13.2, -16.3 -> -14.8; gains
    +5.6/+4.2/+4.1/+2.9/+1.5. The former margin of 2.0 (set from seeds 0 and 1) fails seed 4; asserted 0.5.
    The spread of the gain (1.5 to 5.6 at 10k env steps) is a finding for the RL suite (issue [3/6]).
    """
    result = recipes.dppo_reacher(0, tmp_path)
    assert result["first_ratio_max_deviation"] <= 1e-6
    assert result["after"] > result["before"] + RETURN_MARGIN, result


def test_finetune_cli_runs_dppo_and_saves_a_loadable_policy(tmp_path):
    from robopolicy import load_policy
    from robopolicy.finetune.cli import main
    from tests.finetune.test_merge import save_policy

    checkpoint = save_policy(tiny_env_policy("flow_unet"), tmp_path / "base")
    run_dir = tmp_path / "run"
    assert main(["method=dppo", f"policy={checkpoint}", f"env={ENV_ID}", f"run_dir={run_dir}", "progress=false",
                 "finetune.total_env_steps=16", "finetune.num_envs=2", "finetune.rollout_steps=2", "finetune.select_every=0",
                 "finetune.minibatch_size=4", "finetune.update_epochs=1", "finetune.finetune_steps=2",
                 "finetune.max_episode_steps=10", "finetune.critic_hidden_dims=[16]", "eval.episodes=2",
                 "eval.envs_per_worker=2", "eval.max_episode_steps=10", "eval.zero_noise_reference=false"]) == 0
    assert "zero_noise_base" not in json.loads((run_dir / "summary.json").read_text())  # turned off
    loaded = load_policy(run_dir / "dppo")
    assert isinstance(loaded, DPPOPolicy) and loaded.finetune_steps == 2
    assert (run_dir / "summary.json").exists()


@pytest.mark.slow
@pytest.mark.timeout(1200)
def test_short_dppo_run_raises_success_on_metaworld_reach(tmp_path):
    """DPPO through the flow head's stochastic sampler raises the weak reach-v3 base (sparse success reward).

    Base: the weak flow_unet of experiments/rl_base.py's recipe (20 noisy expert demos, 1,500 BC steps). DPPO
    (recipes.DPPO_REACH): K'=3 of 10, 8 envs, clip 0.02 -> 0.1, actor lr 1e-4, 20k env steps, keeping the best
    of every 2.5k steps on 30 tuning episodes (seeds 200,000+); 50 paired evaluation episodes (seeds 50,000+).

    Margin over seeds 0-4 (experiments/results/learning_margins/dppo_reach_sel20k_seed*.json, AMD EPYC): base
    24/25/32/30/35 -> 38/50/47/48/48, gains +14/+25/+15/+18/+13 (minimum 13, asserted 6). The former test (10k
    env steps, last policy, 20 episodes) failed on AMD (9 -> 9): seed 0 collapses from 21/30 to 3/30 on the tuning
    seeds within 3k env steps and only recovers by 20k (its kept point), so at 10k even the best policy is the
    start. That early collapse is a finding for the RL suite (issue [3/6]).
    """
    result = recipes.dppo_reach(0, tmp_path)
    before, after = sum(result["before"]), sum(result["after"])
    assert result["first_ratio_max_deviation"] <= 1e-6
    assert result["selection"]["history"][0]["env_steps"] == 0  # the base's own chain is a candidate
    assert before <= len(result["before"]) - MIN_GAIN, f"the base is not weak ({before}/{len(result['before'])})"
    assert after >= before + MIN_GAIN, (before, after)


def tiny_vla(seed: int = 0):
    """A tiny untrained vla_flow policy over reach-v3's state and action features, reading the instruction."""
    from robopolicy.sim import make_env

    env = make_env(ENV_ID, state=True)
    features = env.feature_spec
    states = np.stack([env.reset(seed=s)[0]["state"] for s in range(4)])
    env.close()
    cfg = {"name": "vla_flow", "obs_horizon": 2, "pred_horizon": 8, "exec_horizon": 4,
           "state_encoder": {"hidden_dims": [16], "out_dim": 8}, "language_encoder": {"name": "hashing", "out_dim": 16},
           "unet": {"down_dims": [16, 32], "step_embed_dim": 16},
           "trunk": {"d_model": 32, "num_layers": 1, "num_heads": 2, "ff_dim": 64, "num_readout_tokens": 2},
           "flow": {"num_inference_steps": K}}
    spec = policy_spec_from_config(cfg, features, obs_keys=["state"])
    data = {"state": np.concatenate([states, states]).astype(np.float32),
            "action": np.random.default_rng(seed).uniform(-1, 1, (8, spec.action_dim)).astype(np.float32)}
    torch.manual_seed(seed)
    return build_policy("vla_flow", cfg, spec, Normalizer.fit(data, default_normalizer_modes(spec)))


def test_dppo_fine_tunes_a_language_conditioned_policy(tmp_path):
    """A vla_flow policy reads the instruction with every observation: DPPO's rollouts carry it (issue [2/6]: it
    stopped with "observation lacks ['task']"), and the base stays bit-identical."""
    base = tiny_vla()
    assert base.spec.language
    policy, summary = train_dppo(base, ENV_ID, quick_cfg(), tmp_path / "run", progress=False)
    assert summary["env_steps"] >= quick_cfg().total_env_steps and len(summary["updates"]) == 2
    assert summary["base_sha256"] == state_dict_sha256(policy.base)
