"""Every registered policy: the three protocol tiers, determinism given noise, one encoding per chunk,
save/load through safetensors, and clear errors on bad input."""

from __future__ import annotations

import numpy as np
import pytest
import torch
from safetensors.torch import load_file, save_file

from robopolicy.data.normalizer import Normalizer
from robopolicy.errors import ConfigError
from robopolicy.policies.chunk_policy import PolicyInputError
from robopolicy.policies.protocol import DenoisingPolicy, Sampler, TrainablePolicy
from robopolicy.policies.registry import POLICIES, PolicySpecError, build_policy
from tests.policies.tiny import BASELINE_NAMES, POLICY_NAMES, build_tiny, random_obs, tiny_config


@pytest.fixture(scope="module", params=POLICY_NAMES)
def policy(request, tiny_store):
    torch.manual_seed(0)
    return build_tiny(request.param, tiny_store)


def test_registry_lists_the_four_generative_heads_and_the_baseline():
    assert set(POLICIES) == {*POLICY_NAMES, *BASELINE_NAMES}


def test_policy_implements_all_three_tiers_and_carries_its_config(policy):
    assert isinstance(policy, Sampler) and isinstance(policy, TrainablePolicy) and isinstance(policy, DenoisingPolicy)
    assert policy.name in POLICIES and policy.policy_config["name"] == policy.name
    assert policy.noise_shape == (policy.spec.pred_horizon, policy.spec.action_dim)
    assert any(k.startswith("normalizer.") for k in policy.state_dict())
    assert policy.spec.language == policy.name.startswith("vla")


def test_sample_is_bit_identical_given_noise_and_random_without(policy):
    obs = random_obs(policy.spec, batch=3)
    noise = torch.randn(3, 4, *policy.noise_shape, generator=torch.Generator().manual_seed(1))
    first, second = policy.sample(obs, n=4, noise=noise), policy.sample(obs, n=4, noise=noise)
    assert first.shape == (3, 4, *policy.noise_shape)
    assert torch.equal(first, second)
    assert not torch.equal(policy.sample(obs, n=4), policy.sample(obs, n=4))
    policy.train()  # sampling is inference whatever the mode: center crop, same result
    assert torch.equal(policy.sample(obs, n=4, noise=noise), first)


def test_bf16_inference_is_opt_in_close_to_fp32_and_refuses_unknown_precisions(policy):
    """``set_inference_precision("bf16")`` autocasts the encoders and the chain: actions within bf16 rounding of
    fp32's (same weights, same noise), returned as fp32; back to fp32 gives the fp32 actions bit for bit."""
    obs = random_obs(policy.spec, batch=2)
    noise = torch.randn(2, 3, *policy.noise_shape, generator=torch.Generator().manual_seed(2))
    fp32 = policy.sample(obs, n=3, noise=noise)
    try:
        bf16 = policy.set_inference_precision("bf16").sample(obs, n=3, noise=noise)
        assert bf16.dtype == torch.float32 and not torch.equal(bf16, fp32)
        scale = fp32.abs().max().item() + 1e-6
        assert (bf16 - fp32).abs().max().item() <= 0.1 * scale
    finally:
        policy.set_inference_precision("fp32")
    assert torch.equal(policy.sample(obs, n=3, noise=noise), fp32)
    with pytest.raises(PolicyInputError, match=r"precision='fp16'.*valid: fp32, bf16"):
        policy.set_inference_precision("fp16")


def test_observation_is_encoded_once_per_chunk_whatever_n(policy):
    calls = {"encoder": 0, "denoiser": 0}
    hooks = [policy.obs_encoder.register_forward_hook(lambda *_: calls.__setitem__("encoder", calls["encoder"] + 1)),
             policy.denoiser.register_forward_hook(lambda *_: calls.__setitem__("denoiser", calls["denoiser"] + 1))]
    try:
        policy.sample(random_obs(policy.spec, batch=2), n=7)
    finally:
        for h in hooks:
            h.remove()
    assert calls == {"encoder": 1, "denoiser": policy.num_denoising_steps}


def test_n_samples_share_the_condition_of_their_observation(policy):
    """Sample j of observation b equals a batch-1 call on observation b with the same noise row."""
    obs = random_obs(policy.spec, batch=2, seed=3)
    noise = torch.randn(2, 3, *policy.noise_shape)
    together = policy.sample(obs, n=3, noise=noise)
    one = {k: (v[1:2] if not isinstance(v, list) else v[1:2]) for k, v in obs.items()}
    alone = policy.sample(one, n=3, noise=noise[1:2])
    torch.testing.assert_close(together[1:2], alone, rtol=1e-5, atol=1e-5)


def test_manual_denoising_chain_reproduces_sample(policy):
    policy.eval()
    obs = random_obs(policy.spec, batch=2, seed=5)
    noise = torch.randn(2, 1, *policy.noise_shape)
    with torch.no_grad():
        cond = policy.encode(obs)
        x = noise[:, 0]
        for k in reversed(range(policy.num_denoising_steps)):
            mean, std = policy.denoise_step(x, k, cond, eta=0.0)
            assert mean.shape == x.shape and std.shape == x.shape and torch.all(std == 0)
            x = mean
        manual = policy.normalizer.unnormalize("action", x)
    assert torch.equal(manual, policy.sample(obs, n=1, noise=noise)[:, 0])


def test_stochastic_steps_have_positive_std_and_vary(policy):
    policy.eval()
    obs = random_obs(policy.spec, batch=2)
    with torch.no_grad():
        cond = policy.encode(obs)
        x = torch.randn(2, *policy.noise_shape)
        k = policy.num_denoising_steps - 1
        mean0, _ = policy.denoise_step(x, k, cond, eta=0.0)
        mean1, std1 = policy.denoise_step(x, k, cond, eta=1.0)
    assert torch.all(std1 > 0)
    assert not torch.allclose(mean0, mean1)  # eta changes the mean too (DDIM direction term / SDE score term)


@pytest.mark.parametrize("eta", [0.0, 1.0])
def test_per_row_steps_equal_one_step_at_a_time(policy, eta):
    """``denoise_step`` with an ``(N,)`` tensor of steps (DPPO's batched update) gives each row what its own step
    gives; a step outside [0, K) is refused either way."""
    policy.eval()
    k_count = policy.num_denoising_steps
    steps = torch.tensor([k_count - 1, 0, k_count // 2, 0, k_count - 1])
    obs = random_obs(policy.spec, batch=len(steps), seed=7)
    with torch.no_grad():
        cond = policy.encode(obs)
        x = torch.randn(len(steps), *policy.noise_shape)
        mean, std = policy.denoise_step(x, steps, cond, eta=eta)
        for row, k in enumerate(steps.tolist()):
            m1, s1 = policy.denoise_step(x[row:row + 1], k, cond[row:row + 1], eta=eta)
            torch.testing.assert_close(mean[row:row + 1], m1, rtol=1e-5, atol=1e-6)
            torch.testing.assert_close(std[row:row + 1], s1, rtol=1e-6, atol=1e-7)
        with pytest.raises(IndexError, match=f"denoising step {k_count} outside"):
            policy.denoise_step(x, steps.clone().fill_(k_count), cond, eta=eta)
        with pytest.raises(IndexError, match="denoising step -1 outside"):
            policy.denoise_step(x[:1], -1, cond[:1], eta=eta)


def test_state_dict_round_trip_through_safetensors_gives_identical_actions(policy, tiny_store, tmp_path):
    path = tmp_path / "model.safetensors"
    save_file({k: v.contiguous() for k, v in policy.state_dict().items()}, str(path))
    weights = load_file(str(path))
    normalizer = Normalizer.from_state_dict(weights, prefix="normalizer.")
    rebuilt = build_policy(policy.name, policy.policy_config, policy.spec, normalizer)
    rebuilt.load_state_dict(weights)
    obs = random_obs(policy.spec, batch=2, seed=9)
    noise = torch.randn(2, 3, *policy.noise_shape)
    assert torch.equal(rebuilt.sample(obs, n=3, noise=noise), policy.sample(obs, n=3, noise=noise))


def test_loss_is_finite_and_backpropagates_to_encoder_and_denoiser(policy, tiny_store):
    from robopolicy.data.sampler import WindowSampler

    spec = policy.spec
    ds = WindowSampler(tiny_store, obs_keys=list(spec.obs_features), obs_horizon=spec.obs_horizon,
                       pred_horizon=spec.pred_horizon, exec_horizon=spec.exec_horizon, include_task=spec.language)
    policy.train()
    policy.zero_grad()
    loss, info = policy.loss(ds.get_batch(np.arange(6)))
    loss.backward()
    assert torch.isfinite(loss) and info["loss"] == pytest.approx(loss.item())
    assert policy.denoiser.final[-1].weight.grad.abs().sum() > 0
    image_encoder = policy.obs_encoder.image_encoders["cam"]
    assert image_encoder.stem[0].weight.grad.abs().sum() > 0


def test_missing_observation_key_and_bad_noise_shape_are_named(policy):
    obs = random_obs(policy.spec, batch=1)
    del obs["cam"]
    with pytest.raises(PolicyInputError, match="cam"):
        policy.sample(obs)
    with pytest.raises(PolicyInputError, match=r"\(B, n, Tp, Da\)"):
        policy.sample(random_obs(policy.spec, batch=1), n=2, noise=torch.zeros(1, 1, *policy.noise_shape))
    bad = random_obs(policy.spec, batch=1)
    bad["state"] = bad["state"][:, :1]
    with pytest.raises(PolicyInputError, match="state"):
        policy.sample(bad)


def test_unknown_policy_name_lists_valid_names(tiny_store):
    with pytest.raises(ConfigError, match="diffusion_unet.*flow_unet.*vla_flow.*vla_diffusion"):
        build_tiny("difusion_unet", tiny_store)


def test_unknown_config_key_lists_valid_keys(tiny_store):
    cfg = tiny_config("diffusion_unet")
    cfg["unet"]["down_dim"] = [8]
    with pytest.raises(ConfigError, match="down_dim.*valid keys: down_dims"):
        build_tiny_from(cfg, tiny_store)
    cfg = tiny_config("diffusion_unet")
    cfg["flow"] = {}
    with pytest.raises(ConfigError, match="flow"):
        build_tiny_from(cfg, tiny_store)


def test_normalizer_without_action_stats_is_refused(tiny_store):
    from robopolicy.policies.registry import policy_spec_from_config

    cfg = tiny_config("flow_unet")
    spec = policy_spec_from_config(cfg, tiny_store.features)
    with pytest.raises(PolicySpecError, match="action"):
        build_policy("flow_unet", cfg, spec, Normalizer.fit(tiny_store, {"state": "limits"}))


def build_tiny_from(cfg, store):
    from robopolicy.policies.registry import default_normalizer_modes, policy_spec_from_config

    spec = policy_spec_from_config(cfg, store.features)
    return build_policy(cfg["name"], cfg, spec, Normalizer.fit(store, default_normalizer_modes(spec)))
