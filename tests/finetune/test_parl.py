"""PA-RL: Q-guided action improvement (global sampling, top-k, gradient ascent, argmax) distilled with the
policy's own supervised loss, for every trainable head."""

from __future__ import annotations

import copy

import pytest
import torch

from robopolicy.data import WindowSampler
from robopolicy.finetune.critics import ChunkCritic, CriticSpec
from robopolicy.finetune.parl import (
    ActionImprover,
    PARLConfig,
    PARLError,
    action_limits,
    distill_step,
    require_trainable,
    train_parl,
)
from tests.policies.tiny import POLICY_NAMES, STATE_DIM, build_tiny, make_store, random_obs

torch.set_num_threads(1)
CFG = PARLConfig(num_samples=6, top_k=3, grad_steps=3, action_lr=3e-4, steps=2, batch_size=4, policy_lr=1e-3)


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    return make_store(tmp_path_factory.mktemp("parl") / "s.zarr")


def critic_for(policy, seed: int = 0) -> ChunkCritic:
    torch.manual_seed(seed)
    critic = ChunkCritic(CriticSpec({"state": STATE_DIM}, policy.spec.action_dim, action_horizon=2, hidden_dims=[32],
                                    num_q=2))
    low, high = action_limits(policy)
    critic.action_scaler.low.copy_(low)
    critic.action_scaler.high.copy_(high)
    return critic


@pytest.mark.parametrize("name", POLICY_NAMES)
def test_policy_changes_only_through_its_supervised_loss(name, store):
    torch.manual_seed(0)
    policy = build_tiny(name, store)
    twin = copy.deepcopy(policy)
    obs = random_obs(policy.spec, 3)
    improver = ActionImprover(policy, critic_for(policy), CFG)
    policy.eval()
    improved, stats = improver.improve(obs)
    assert improved.shape == (3, 8, 2)
    assert all(p.grad is None for p in policy.parameters())          # the search touched no policy weight
    assert all(torch.equal(a, b) for a, b in zip(policy.parameters(), twin.parameters()))
    assert stats["q_best_mean"] >= stats["q_topk_mean"] >= stats["q_sampled_mean"] - 1e-6

    snapshot = [p.detach().clone() for p in policy.parameters()]
    optimizer = torch.optim.AdamW(policy.parameters(), lr=1e-3)
    twin_optimizer = torch.optim.AdamW(twin.parameters(), lr=1e-3)
    policy.train()
    twin.train()
    torch.manual_seed(7)
    distill_step(policy, optimizer, obs, improved)
    torch.manual_seed(7)                                               # the same step, by hand: policy.loss alone
    twin_optimizer.zero_grad()
    loss, _ = twin.loss({**obs, "action": improved, "action_is_pad": torch.zeros(3, 8, dtype=torch.bool)})
    loss.backward()
    twin_optimizer.step()
    for (n, a), b in zip(policy.named_parameters(), twin.parameters()):
        assert torch.equal(a, b), n
    assert any(not torch.equal(a, s) for a, s in zip(policy.parameters(), snapshot))


def test_gradient_ascent_raises_q_and_stays_in_the_action_range(store):
    policy = build_tiny("diffusion_unet", store).eval()
    critic = critic_for(policy, seed=3)
    cfg = PARLConfig(num_samples=8, top_k=4, grad_steps=10, action_lr=0.05)
    improver = ActionImprover(policy, critic, cfg)
    obs = random_obs(policy.spec, 5, seed=1)
    improved, stats = improver.improve(obs)
    assert stats["q_optimized_mean"] > stats["q_topk_mean"]
    low, high = action_limits(policy)
    assert bool((improved >= low - 1e-6).all() and (improved <= high + 1e-6).all())
    with torch.no_grad():  # the returned chunks are the argmax candidates
        chosen_q = improver.q(obs, improved)
    assert chosen_q.mean().item() == pytest.approx(stats["q_best_mean"], abs=1e-5)


def test_train_parl_distils_on_store_windows_and_refuses_untrainable(store):
    policy = build_tiny("flow_unet", store)
    before = [p.detach().clone() for p in policy.parameters()]
    spec = policy.spec
    windows = WindowSampler(store, obs_keys=list(spec.obs_features), obs_horizon=spec.obs_horizon,
                            pred_horizon=spec.pred_horizon, exec_horizon=spec.exec_horizon)
    summary = train_parl(policy, critic_for(policy), windows, CFG, progress=False)
    assert summary["steps"] == 2 and "distill_loss" in summary["last"]
    assert any(not torch.equal(a, b) for a, b in zip(before, policy.parameters()))

    class SamplerOnly:
        spec = policy.spec
        noise_shape = None

        def sample(self, obs, n=1, noise=None):
            return policy.sample(obs, n, noise)

    with pytest.raises(PARLError, match="TrainablePolicy tier.*implements Sampler"):
        require_trainable(SamplerOnly())
