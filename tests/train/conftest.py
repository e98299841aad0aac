"""Tiny episode stores and train configs for the trainer tests (real Zarr stores on disk, tiny real policies)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from robopolicy.data.store import EpisodeStore

STATE_DIM, ACTION_DIM = 4, 2
EPISODES, EPISODE_LENGTH = 6, 24
FPS = 10
IMAGE_SIZE = 16
# Smooth state -> action map: a = tanh(W s) * ACTION_SCALE + ACTION_OFFSET (raw units far from [-1, 1], so
# normalization matters).
ACTION_SCALE, ACTION_OFFSET = 3.0, 5.0
W = np.array([[0.8, -0.5, 0.3, 0.1], [-0.2, 0.6, -0.7, 0.4]], dtype=np.float32)

# Tiny sizes for the real registry policies (overrides of configs/policy/diffusion_unet.yaml).
TINY_POLICY = ["policy.obs_horizon=2", "policy.pred_horizon=8", "policy.exec_horizon=4",
               "policy.unet.down_dims=[16,32]", "policy.unet.step_embed_dim=16",
               "policy.state_encoder.hidden_dims=[32]", "policy.state_encoder.out_dim=16",
               "policy.image_encoder.width=8", "policy.image_encoder.out_dim=16",
               "policy.image_encoder.pool=avg"]


def make_store(path: Path, *, with_image: bool = False, episodes: int = EPISODES, scale: float = 1.0) -> Path:
    """Episodes where the state moves on a smooth curve and the action is a fixed smooth function of it."""
    features = {"state": {"shape": (STATE_DIM,), "dtype": "float32", "kind": "state"},
                "action": {"shape": (ACTION_DIM,), "dtype": "float32", "kind": "action"}}
    if with_image:
        features["cam"] = {"shape": (IMAGE_SIZE, IMAGE_SIZE, 3), "dtype": "uint8", "kind": "image"}
    store = EpisodeStore.create(path, features=features, fps=FPS, robot="test")
    rng = np.random.default_rng(0)
    t = np.arange(EPISODE_LENGTH, dtype=np.float32)[:, None]
    for e in range(episodes):
        phase, freq = rng.uniform(0, 2 * np.pi, STATE_DIM), rng.uniform(0.1, 0.3, STATE_DIM)
        state = (np.sin(freq * t + phase) * scale).astype(np.float32)
        action = (np.tanh(state / scale @ W.T) * ACTION_SCALE + ACTION_OFFSET) * scale
        data = {"state": state, "action": action.astype(np.float32)}
        if with_image:
            level = ((state[:, :1] + scale) / (2 * scale) * 255).astype(np.uint8)
            data["cam"] = np.broadcast_to(level[:, :, None, None], (EPISODE_LENGTH, IMAGE_SIZE, IMAGE_SIZE, 3)).copy()
        store.append_episode(data, task="follow the curve", success=True, seed=e)
    return path


@pytest.fixture(scope="session")
def state_store(tmp_path_factory) -> Path:
    return make_store(tmp_path_factory.mktemp("stores") / "curve.zarr")


def train_overrides(store: Path, run_dir: Path, **extra) -> list[str]:
    """Overrides for a few-step CPU run on a tiny store."""
    base = {"dataset": str(store), "run_dir": str(run_dir), "steps": 20, "batch_size": 16, "warmup_steps": 2,
            "val_every": 10, "ckpt_every": 10, "log_every": 1, "val_batches": 2, "lr": 1e-3, "threads": 1}
    base.update(extra)
    return [f"{k}={v}" for k, v in base.items()] + TINY_POLICY


def train_config(store: Path, run_dir: Path, **extra):
    from robopolicy.train.config import compose_train_config

    return compose_train_config(train_overrides(store, run_dir, **extra))
