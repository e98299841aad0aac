"""LeRobotSampler: the missing-extra error always; the real wrapper where the ``lerobot`` extra is installed."""

from __future__ import annotations

import sys

import numpy as np
import pytest
import torch

from robopolicy.policies.lerobot import INSTALL_HINT, LeRobotSampler, LeRobotUnavailableError
from robopolicy.policies.protocol import Sampler

STATE_DIM, ACTION_DIM, IMAGE_SIZE = 3, 2, 32


def test_missing_lerobot_extra_says_how_to_install(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "lerobot", None)  # makes `import lerobot` raise ImportError
    with pytest.raises(LeRobotUnavailableError) as err:
        LeRobotSampler(tmp_path)
    assert INSTALL_HINT in str(err.value)
    assert "pip install 'robopolicy[lerobot]'" in str(err.value)


@pytest.fixture(scope="module")
def tiny_diffusion_dir(tmp_path_factory):
    pytest.importorskip("lerobot", reason="the optional lerobot extra is not installed (its torch pin conflicts "
                                          "with the project's); run this test in an environment with lerobot")
    from lerobot.configs.types import FeatureType, PolicyFeature
    from lerobot.policies.diffusion.configuration_diffusion import DiffusionConfig
    from lerobot.policies.diffusion.modeling_diffusion import DiffusionPolicy
    from lerobot.policies.factory import make_pre_post_processors

    torch.manual_seed(0)
    config = DiffusionConfig(
        input_features={"observation.state": PolicyFeature(FeatureType.STATE, (STATE_DIM,)),
                        "observation.images.front": PolicyFeature(FeatureType.VISUAL, (3, IMAGE_SIZE, IMAGE_SIZE))},
        output_features={"action": PolicyFeature(FeatureType.ACTION, (ACTION_DIM,))},
        n_obs_steps=2, horizon=16, n_action_steps=8, crop_shape=None, pretrained_backbone_weights=None,
        use_group_norm=True, down_dims=(16, 32), diffusion_step_embed_dim=16, spatial_softmax_num_keypoints=8,
        noise_scheduler_type="DDIM", num_train_timesteps=10, num_inference_steps=5, device="cpu")
    stats = {"observation.state": {"min": torch.full((STATE_DIM,), -2.0), "max": torch.full((STATE_DIM,), 2.0),
                                   "mean": torch.zeros(STATE_DIM), "std": torch.ones(STATE_DIM)},
             "observation.images.front": {"mean": torch.full((3, 1, 1), 0.5), "std": torch.full((3, 1, 1), 0.25),
                                          "min": torch.zeros(3, 1, 1), "max": torch.ones(3, 1, 1)},
             "action": {"min": torch.tensor([-1.0, 0.0]), "max": torch.tensor([1.0, 10.0]),
                        "mean": torch.zeros(ACTION_DIM), "std": torch.ones(ACTION_DIM)}}
    policy = DiffusionPolicy(config)
    pre, post = make_pre_post_processors(config, dataset_stats=stats)
    out = tmp_path_factory.mktemp("lerobot_policy")
    policy.save_pretrained(out)
    pre.save_pretrained(out)
    post.save_pretrained(out)
    return out


def _obs(batch: int, seed: int = 0) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    return {"state": rng.standard_normal((batch, 2, STATE_DIM)).astype(np.float32),
            "front": rng.integers(0, 256, (batch, 2, IMAGE_SIZE, IMAGE_SIZE, 3), dtype=np.uint8)}


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
