"""``set_inference_steps``: sampling with another number of denoising steps than the trained config's."""

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
