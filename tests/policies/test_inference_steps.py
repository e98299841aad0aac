"""Inference-time sampling settings: ``set_inference_steps`` (another number of denoising steps than the trained
config's) and ``set_noise_scale`` (the standard deviation of the initial noise ``sample`` draws; 0: one chunk per
observation)."""

from __future__ import annotations

import pytest
import torch

from robopolicy.errors import RobopolicyError
from tests.policies.tiny import build_tiny, make_store, random_obs

torch.set_num_threads(1)


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    return make_store(tmp_path_factory.mktemp("steps") / "s.zarr")


@pytest.mark.parametrize("name", ["diffusion_unet", "flow_unet"])
def test_the_trained_step_count_reproduces_the_policy_and_another_changes_the_chain(name, store):
    policy = build_tiny(name, store)
    obs = random_obs(policy.spec, 3)
    trained = policy.num_denoising_steps
    torch.manual_seed(0)
    before = policy.sample(obs)
    torch.manual_seed(0)
    assert torch.equal(policy.set_inference_steps(trained).sample(obs), before)
    config_steps = dict(policy.policy_config)
    policy.set_inference_steps(2)
    assert policy.num_denoising_steps == 2 and policy.policy_config == config_steps  # saved checkpoints keep K
    torch.manual_seed(0)
    assert not torch.equal(policy.sample(obs), before)


def test_diffusion_steps_follow_the_ddim_schedule(store):
    """K DDIM steps over T training steps: timesteps T/K apart, the last step lands on the clean sample."""
    policy = build_tiny("diffusion_unet", store).set_inference_steps(4)
    train_steps = policy.train_scheduler.config.num_train_timesteps
    assert policy.step_timesteps.tolist() == [i * (train_steps // 4) for i in range(4)]
    assert policy.alpha_prev[0].item() == 1.0


@pytest.mark.parametrize("steps", [0, -1, 2.5, True])
def test_a_step_count_that_is_not_a_positive_integer_is_refused(store, steps):
    with pytest.raises(RobopolicyError, match="inference steps must be an integer >= 1"):
        build_tiny("flow_unet", store).set_inference_steps(steps)


def test_more_diffusion_steps_than_training_steps_are_refused(store):
    policy = build_tiny("diffusion_unet", store)
    train_steps = policy.train_scheduler.config.num_train_timesteps
    with pytest.raises(RobopolicyError, match=rf"diffusion inference steps must be in \[1, {train_steps}\]"):
        policy.set_inference_steps(train_steps + 1)


@pytest.mark.parametrize("name", ["diffusion_unet", "flow_unet"])
def test_the_scale_multiplies_the_drawn_noise_and_zero_is_the_chain_from_zero(name, store):
    policy = build_tiny(name, store)
    obs = random_obs(policy.spec, 3)
    shape = (3, 4, *policy.noise_shape)
    torch.manual_seed(0)
    drawn = torch.randn(shape)
    assert policy.noise_scale == 1.0
    torch.manual_seed(0)
    assert torch.equal(policy.sample(obs, n=4), policy.sample(obs, n=4, noise=drawn))
    policy.set_noise_scale(0.5)
    torch.manual_seed(0)
    assert torch.equal(policy.sample(obs, n=4), policy.sample(obs, n=4, noise=0.5 * drawn))
    zero = policy.set_noise_scale(0).sample(obs, n=4)
    assert torch.equal(zero, policy.sample(obs, n=4, noise=torch.zeros(shape)))
    assert torch.equal(zero[:, :1].expand_as(zero), zero)  # every sample of an observation is the same chunk
    assert torch.equal(policy.sample(obs, n=4, noise=drawn), policy.set_noise_scale(1).sample(obs, n=4, noise=drawn))


@pytest.mark.parametrize("scale", [-0.1, float("nan"), float("inf"), True, "0"])
def test_a_scale_that_is_not_a_finite_non_negative_number_is_refused(store, scale):
    with pytest.raises(RobopolicyError, match="noise scale must be a finite number >= 0"):
        build_tiny("diffusion_unet", store).set_noise_scale(scale)


def test_a_dppo_fine_tuned_policy_takes_the_same_setting(store):
    from robopolicy.finetune.dppo import DPPOPolicy

    policy = DPPOPolicy(build_tiny("diffusion_unet", store), finetune_steps=1)
    obs = random_obs(policy.spec, 2)
    zero = policy.set_noise_scale(0.0).sample(obs, n=3)
    assert torch.equal(zero, policy.sample(obs, n=3, noise=torch.zeros(2, 3, *policy.noise_shape)))
    with pytest.raises(RobopolicyError, match="noise scale must be a finite number >= 0"):
        policy.set_noise_scale(-1)
