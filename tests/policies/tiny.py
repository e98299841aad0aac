"""Tiny policy configs and a tiny real episode store shared by the policy tests (small enough for 2 CPU cores).

The configs and the store live in ``experiments/fixtures/tiny.py`` (the learning recipes and the fault probe use
them too); the sampling helpers below are the tests' own."""

from __future__ import annotations

from typing import Any

import numpy as np
import torch

from experiments.fixtures.tiny import (  # noqa: F401 (re-exported: the policy tests import them from here)
    ACTION_DIM,
    BASELINE_NAMES,
    FEATURES,
    IMAGE_SIZE,
    POLICY_NAMES,
    STATE_DIM,
    TASKS,
    build_tiny,
    make_store,
    tiny_config,
)


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
