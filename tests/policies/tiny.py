"""Tiny policy configs and a tiny real episode store shared by the policy tests (small enough for 2 CPU cores)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import torch

from robopolicy.data.features import Feature
from robopolicy.data.normalizer import Normalizer
from robopolicy.data.store import EpisodeStore
from robopolicy.policies.registry import build_policy, default_normalizer_modes, policy_spec_from_config

POLICY_NAMES = ("diffusion_unet", "flow_unet", "vla_flow", "vla_diffusion")  # the generative heads: all 3 tiers
BASELINE_NAMES = ("mlp_bc",)  # registered, Sampler + TrainablePolicy only (not in POLICY_NAMES: no denoising)
IMAGE_SIZE = 16
STATE_DIM, ACTION_DIM = 4, 2
TASKS = ("push the block left", "lift the cube")

FEATURES = {"state": Feature((STATE_DIM,), "float32", "state"),
            "cam": Feature((IMAGE_SIZE, IMAGE_SIZE, 3), "uint8", "image"),
            "action": Feature((ACTION_DIM,), "float32", "action")}


def tiny_config(name: str, language_encoder: str = "hashing", **head: Any) -> dict[str, Any]:
    cfg: dict[str, Any] = {
        "name": name, "obs_horizon": 2, "pred_horizon": 8, "exec_horizon": 4,
        "state_encoder": {"hidden_dims": [32], "out_dim": 16},
        "image_encoder": {"width": 8, "pool": "avg", "out_dim": 16, "crop_ratio": 0.875},
        "language_encoder": {"name": language_encoder, "out_dim": 16},
        "unet": {"down_dims": [32, 64], "n_groups": 8, "step_embed_dim": 32},
    }
    if name == "mlp_bc":
        del cfg["unet"]
        cfg["mlp"] = {"hidden_dims": [64, 64], **head}
        return cfg
    if name.startswith("vla"):
        cfg["image_encoder"].update(pool="tokens", out_dim=32)
        cfg["trunk"] = {"d_model": 32, "num_layers": 1, "num_heads": 2, "ff_dim": 64, "num_readout_tokens": 2}
    section = "flow" if "flow" in name else "diffusion"
    # the tests were written (and the overfit margins measured) on noise prediction, diffusion_unet's former default
    pinned = {} if section == "flow" else {"prediction_type": "epsilon"}
    cfg[section] = {"num_inference_steps": 5, **pinned, **head}
    return cfg


def make_store(path: Path, num_episodes: int = 4, length: int = 20, seed: int = 0) -> EpisodeStore:
    """Episodes whose actions are smooth functions of the state (so a policy can fit them)."""
    rng = np.random.default_rng(seed)
    store = EpisodeStore.create(path, features=FEATURES, fps=10)
    for e in range(num_episodes):
        state = np.cumsum(rng.normal(0, 0.1, (length, STATE_DIM)), axis=0).astype(np.float32)
        action = np.stack([np.sin(state[:, 0] * 3), np.cos(state[:, 1] * 2)], axis=-1).astype(np.float32)
        cam = rng.integers(0, 256, (length, IMAGE_SIZE, IMAGE_SIZE, 3), dtype=np.uint8)
        store.append_episode({"state": state, "cam": cam, "action": action}, task=TASKS[e % 2], success=True)
    return store


def build_tiny(name: str, store: EpisodeStore, **cfg_kw: Any):
    cfg = tiny_config(name, **cfg_kw)
    spec = policy_spec_from_config(cfg, store.features, obs_keys=["state", "cam"])
    return build_policy(name, cfg, spec, Normalizer.fit(store, default_normalizer_modes(spec)))


def denoise_chain(policy, n: int, eta: float) -> torch.Tensor:
    """``n`` samples of the whole ``denoise_step`` chain (``x = mean + std * z`` from step K-1 down to 0),
    started from float64 Gaussian noise with a zero condition."""
    x = torch.randn(n, *policy.noise_shape, dtype=torch.float64)
    cond = torch.zeros(n, 1)
    with torch.no_grad():
        for k in reversed(range(policy.num_denoising_steps)):
            mean, std = policy.denoise_step(x, k, cond, eta=eta)
            x = mean + std * torch.randn_like(mean)
    return x


def random_obs(spec, batch: int, seed: int = 0) -> dict[str, Any]:
    rng = np.random.default_rng(seed)
    obs: dict[str, Any] = {"state": rng.normal(size=(batch, spec.obs_horizon, STATE_DIM)).astype(np.float32),
                           "cam": rng.integers(0, 256, (batch, spec.obs_horizon, IMAGE_SIZE, IMAGE_SIZE, 3), dtype=np.uint8)}
    if spec.language:
        obs["task"] = [TASKS[i % 2] for i in range(batch)]
    return obs
