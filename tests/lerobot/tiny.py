"""Tiny LeRobot policies written as ``pretrained_model`` directories, from LeRobot's own config classes (no Hub).

Weights are random (a fixed seed); statistics are made up. What is tested is the bridge, not the policy."""

from __future__ import annotations

from pathlib import Path

import torch

STATE_DIM, ACTION_DIM, IMAGE_SIZE = 3, 2, 32
METAWORLD_STATE_DIM, METAWORLD_ACTION_DIM = 39, 4  # sim/metaworld_env.py


def _stats(features: dict[str, tuple[int, ...]], action_low: torch.Tensor,
           action_high: torch.Tensor) -> dict[str, dict[str, torch.Tensor]]:
    stats = {}
    for key, shape in features.items():
        if key.startswith("observation.images."):
            stats[key] = {"mean": torch.full((3, 1, 1), 0.5), "std": torch.full((3, 1, 1), 0.25),
                          "min": torch.zeros(3, 1, 1), "max": torch.ones(3, 1, 1)}
        else:
            stats[key] = {"min": torch.full(shape, -2.0), "max": torch.full(shape, 2.0),
                          "mean": torch.zeros(shape), "std": torch.ones(shape)}
    dim = action_low.shape[0]
    stats["action"] = {"min": action_low, "max": action_high, "mean": torch.zeros(dim), "std": torch.ones(dim)}
    return stats


def _input_features(state_dim: int, cameras: dict[str, int]):
    from lerobot.configs.types import FeatureType, PolicyFeature

    features = {"observation.state": PolicyFeature(FeatureType.STATE, (state_dim,))}
    for camera, size in cameras.items():
        features[f"observation.images.{camera}"] = PolicyFeature(FeatureType.VISUAL, (3, size, size))
    return features


def _save(policy, config, stats, out: Path) -> Path:
    from lerobot.policies.factory import make_pre_post_processors

    pre, post = make_pre_post_processors(config, dataset_stats=stats)
    out.mkdir(parents=True, exist_ok=True)
    policy.save_pretrained(out)
    pre.save_pretrained(out)
    post.save_pretrained(out)
    return out


def write_tiny_diffusion(out: Path, *, state_dim: int = STATE_DIM, action_dim: int = ACTION_DIM,
                         cameras: dict[str, int] | None = None, action_low: torch.Tensor | None = None,
                         action_high: torch.Tensor | None = None, scheduler: str = "DDIM", seed: int = 0) -> Path:
    """A ~0.2M-parameter Diffusion Policy (To=2, Tp=16, Ta=8, 5 denoising steps) saved to ``out``."""
    from lerobot.configs.types import FeatureType, PolicyFeature
    from lerobot.policies.diffusion.configuration_diffusion import DiffusionConfig
    from lerobot.policies.diffusion.modeling_diffusion import DiffusionPolicy

    cameras = {"front": IMAGE_SIZE} if cameras is None else cameras
    action_low = torch.full((action_dim,), -1.0) if action_low is None else action_low
    action_high = torch.full((action_dim,), 1.0) if action_high is None else action_high
    torch.manual_seed(seed)
    config = DiffusionConfig(
        input_features=_input_features(state_dim, cameras),
        output_features={"action": PolicyFeature(FeatureType.ACTION, (action_dim,))},
        n_obs_steps=2, horizon=16, n_action_steps=8, crop_shape=None, pretrained_backbone_weights=None,
        use_group_norm=True, down_dims=(16, 32), diffusion_step_embed_dim=16, spatial_softmax_num_keypoints=8,
        noise_scheduler_type=scheduler, num_train_timesteps=10, num_inference_steps=5, device="cpu")
    stats = _stats({k: tuple(f.shape) for k, f in config.input_features.items()}, action_low, action_high)
    return _save(DiffusionPolicy(config), config, stats, out)


def write_tiny_act(out: Path, *, state_dim: int = STATE_DIM, action_dim: int = ACTION_DIM, seed: int = 0) -> Path:
    """A small ACT (chunk 8, one encoder and one decoder layer, no VAE, untrained ResNet-18) saved to ``out``."""
    from lerobot.configs.types import FeatureType, PolicyFeature
    from lerobot.policies.act.configuration_act import ACTConfig
    from lerobot.policies.act.modeling_act import ACTPolicy

    torch.manual_seed(seed)
    config = ACTConfig(
        input_features=_input_features(state_dim, {"front": IMAGE_SIZE}),
        output_features={"action": PolicyFeature(FeatureType.ACTION, (action_dim,))},
        chunk_size=8, n_action_steps=8, pretrained_backbone_weights=None, dim_model=32, n_heads=2,
        dim_feedforward=64, n_encoder_layers=1, n_decoder_layers=1, use_vae=False, device="cpu")
    stats = _stats({k: tuple(f.shape) for k, f in config.input_features.items()},
                   torch.full((action_dim,), -1.0), torch.full((action_dim,), 1.0))
    return _save(ACTPolicy(config), config, stats, out)
