"""LeRobotSampler on tiny LeRobot policies: the spec, the noise tensor (steerable for DDIM diffusion, refused
where the sample is not a function of it), agreement with LeRobot's own action selection, the missing extra."""

from __future__ import annotations

import sys

import numpy as np
import pytest
import torch

from experiments.fixtures.lerobot_tiny import (
    ACTION_DIM,
    IMAGE_SIZE,
    STATE_DIM,
    write_tiny_act,
    write_tiny_diffusion,
)
from robopolicy.policies.lerobot import (
    INSTALL_HINT,
    LeRobotPolicyError,
    LeRobotSampler,
    LeRobotUnavailableError,
)
from robopolicy.policies.protocol import Sampler
from tests.lerobot.conftest import require_lerobot


def test_missing_lerobot_extra_says_how_to_install(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "lerobot", None)  # makes `import lerobot` raise ImportError
    with pytest.raises(LeRobotUnavailableError) as err:
        LeRobotSampler(tmp_path)
    assert INSTALL_HINT in str(err.value)
    assert "pip install 'robopolicy[lerobot]'" in str(err.value)


@pytest.fixture(scope="module")
def tiny_diffusion_dir(tmp_path_factory):
    require_lerobot()
    return write_tiny_diffusion(tmp_path_factory.mktemp("lerobot_diffusion"),
                                action_low=torch.tensor([-1.0, 0.0]), action_high=torch.tensor([1.0, 10.0]))


def _obs(batch: int, seed: int = 0, history: int = 2) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    return {"state": rng.standard_normal((batch, history, STATE_DIM)).astype(np.float32),
            "front": rng.integers(0, 256, (batch, history, IMAGE_SIZE, IMAGE_SIZE, 3), dtype=np.uint8)}


def test_lerobot_diffusion_sampler_spec_and_noise_determinism(tiny_diffusion_dir):
    sampler = LeRobotSampler(tiny_diffusion_dir)
    assert isinstance(sampler, Sampler)
    assert (sampler.spec.obs_horizon, sampler.spec.pred_horizon, sampler.spec.exec_horizon) == (2, 16, 8)
    assert sampler.spec.obs_features["front"].shape == (IMAGE_SIZE, IMAGE_SIZE, 3)
    assert sampler.noise_shape == (16, ACTION_DIM)
    obs = _obs(batch=2)
    noise = torch.randn(2, 3, 16, ACTION_DIM, generator=torch.Generator().manual_seed(1))
    a = sampler.sample(obs, n=3, noise=noise)
    b = sampler.sample(obs, n=3, noise=noise)
    assert a.shape == (2, 3, 16, ACTION_DIM)
    assert torch.equal(a, b)
    assert not torch.allclose(a, sampler.sample(obs, n=3, noise=noise + 1.0))
    # raw units: the DDIM sample is clipped to [-1, 1] in normalized space, so actions lie in the stats' limits
    assert a[..., 1].min() >= -1e-4 and a[..., 1].max() <= 10.0 + 1e-4


def test_lerobot_diffusion_noise_steers_each_sample_row_independently(tiny_diffusion_dir):
    """Row (b, i) of the output depends on noise row (b, i) only: what DSRL's per-sample noise action needs."""
    sampler = LeRobotSampler(tiny_diffusion_dir)
    obs = _obs(batch=2, seed=5)
    noise = torch.randn(2, 2, 16, ACTION_DIM, generator=torch.Generator().manual_seed(3))
    base = sampler.sample(obs, n=2, noise=noise)
    moved = noise.clone()
    moved[1, 0] = -moved[1, 0]
    steered = sampler.sample(obs, n=2, noise=moved)
    assert not torch.allclose(steered[1, 0], base[1, 0])
    for b, i in ((0, 0), (0, 1), (1, 1)):
        torch.testing.assert_close(steered[b, i], base[b, i], rtol=1e-5, atol=1e-5)
    # without noise the sampler draws its own: two calls differ
    assert not torch.allclose(sampler.sample(obs, n=1), sampler.sample(obs, n=1))


def test_lerobot_sampler_matches_lerobots_own_action_selection(tiny_diffusion_dir):
    """The executed slice of our chunk equals what LeRobot's select_action path returns for the same noise."""
    sampler = LeRobotSampler(tiny_diffusion_dir)
    frame = _obs(batch=1, seed=3)
    same_twice = {k: np.repeat(v[:, -1:], 2, axis=1) for k, v in frame.items()}  # LeRobot pads history by repeating
    noise = torch.randn(1, 1, 16, ACTION_DIM, generator=torch.Generator().manual_seed(2))
    ours = sampler.sample(same_twice, n=1, noise=noise)[0, 0, sampler.spec.executed]

    policy = sampler.policy
    policy.reset()
    batch = sampler.preprocessor(sampler._frames(same_twice, 1, 1))
    policy.select_action(dict(batch), noise=noise[:, 0])
    batch["observation.images"] = torch.stack([batch[k] for k in policy.config.image_features], dim=-4)
    theirs = sampler.postprocessor(policy.predict_action_chunk(batch, noise=noise[:, 0]))[0]
    torch.testing.assert_close(ours, theirs, rtol=1e-5, atol=1e-5)


def test_lerobot_ddpm_diffusion_is_not_steerable(tmp_path):
    """DDPM adds fresh noise at every step: no noise_shape, and a noise tensor is refused with what would work."""
    require_lerobot()
    sampler = LeRobotSampler(write_tiny_diffusion(tmp_path / "ddpm", scheduler="DDPM"))
    assert sampler.noise_shape is None
    obs = _obs(batch=1)
    assert sampler.sample(obs, n=2).shape == (1, 2, 16, ACTION_DIM)
    with pytest.raises(LeRobotPolicyError, match="noise_scheduler_type=DDIM"):
        sampler.sample(obs, n=1, noise=torch.zeros(1, 1, 16, ACTION_DIM))


def test_lerobot_sampler_names_a_missing_observation_and_short_history(tiny_diffusion_dir):
    sampler = LeRobotSampler(tiny_diffusion_dir)
    obs = _obs(batch=1)
    with pytest.raises(LeRobotPolicyError, match="observation 'front'.*missing"):
        sampler.sample({"state": obs["state"]})
    with pytest.raises(LeRobotPolicyError, match="obs_horizon=2"):
        sampler.sample(_obs(batch=1, history=1))


def test_lerobot_act_samples_its_chunk_and_exposes_no_noise(tmp_path):
    """A single-observation chunking policy (ACT): To = 1, Tp = chunk_size, not steerable through the wrapper."""
    require_lerobot()
    sampler = LeRobotSampler(write_tiny_act(tmp_path / "act"))
    assert (sampler.spec.obs_horizon, sampler.spec.pred_horizon, sampler.spec.exec_horizon) == (1, 8, 8)
    assert sampler.noise_shape is None and not sampler.spec.language
    chunks = sampler.sample(_obs(batch=2, history=3), n=2)
    assert chunks.shape == (2, 2, 8, ACTION_DIM)
    assert torch.isfinite(chunks).all()
    # ACT is deterministic: the n samples of one observation agree
    torch.testing.assert_close(chunks[:, 0], chunks[:, 1])
