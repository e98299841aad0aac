"""Real fixtures for the fine-tuning tests: Meta-World reach-v3 demos from the scripted expert (with action
noise), and tiny real registry policies behaviour-cloned on them with the real trainer."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from robopolicy.data.store import EpisodeStore

ENV_ID = "metaworld/reach-v3"
MAX_STEPS = 60
DEMO_EPISODES = 6
DEMO_SEED = 1_000

# Tiny sizes for the real registry policies (overrides of configs/policy/<name>.yaml).
TINY_POLICY = ["policy.obs_horizon=2", "policy.pred_horizon=8", "policy.exec_horizon=4",
               "policy.unet.down_dims=[16,32]", "policy.unet.step_embed_dim=16",
               "policy.state_encoder.hidden_dims=[32]", "policy.state_encoder.out_dim=16",
               "policy.diffusion.num_inference_steps=4"]


def collect_demos(path: Path, episodes: int = DEMO_EPISODES, action_noise: float = 0.3, seed: int = DEMO_SEED,
                  with_reward: bool = True, with_success: bool = True) -> Path:
    """Expert episodes with Gaussian action noise; rewards are the sparse success signal."""
    from robopolicy.sim import make_env

    env = make_env(ENV_ID, max_episode_steps=MAX_STEPS)
    spec = {k: f for k, f in env.feature_spec.items() if with_reward or f.kind not in ("reward", "done")}
    store = EpisodeStore.create(path, features=spec, fps=env.fps, robot=env.robot)
    expert = env.expert()
    rng = np.random.default_rng(seed)
    for e in range(episodes):
        obs, _ = env.reset(seed=seed + e)
        steps: dict[str, list] = {k: [] for k in spec}
        success = False
        for _ in range(MAX_STEPS):
            action = np.clip(expert(obs) + action_noise * rng.standard_normal(4), -1, 1).astype(np.float32)
            steps["state"].append(obs["state"])
            steps["action"].append(action)
            obs, _, _, truncated, info = env.step(action)
            success = bool(info["is_success"])
            if with_reward:
                steps["reward"].append(np.float32(success))
                steps["done"].append(success)
            if success or truncated:
                break
        store.append_episode({k: np.stack(v) for k, v in steps.items()}, task=env.instruction,
                             success=success if with_success else None, seed=seed + e)
    env.close()
    return path


def train_policy(store: Path, run_dir: Path, name: str = "diffusion_unet", steps: int = 30, seed: int = 0,
                 prediction_type: str = "epsilon") -> Path:
    """A tiny real policy trained by the real trainer; returns its run directory (load_policy resolves it).

    ``prediction_type`` is the diffusion head's target (the learning margins were measured with ``epsilon``, the
    head's default before the BC suite chose x_0, unless a recipe says otherwise); a flow head ignores it."""
    from robopolicy.train.cli import main

    overrides = [f"policy={name}", f"dataset={store}", f"run_dir={run_dir}", f"steps={steps}", "batch_size=32",
                 "warmup_steps=2", f"val_every={steps}", f"ckpt_every={steps}", "log_every=10", "val_batches=1",
                 "lr=1e-3", "threads=1", "ema.enabled=false", f"seed={seed}", *TINY_POLICY,
                 f"policy.diffusion.prediction_type={prediction_type}"]
    if name.startswith("flow"):
        overrides = [o for o in overrides if not o.startswith("policy.diffusion")]
    assert main(overrides) == 0
    return run_dir


@pytest.fixture(scope="session")
def demo_store(tmp_path_factory) -> Path:
    return collect_demos(tmp_path_factory.mktemp("demos") / "reach.zarr")


@pytest.fixture(scope="session")
def base_checkpoint(demo_store, tmp_path_factory) -> Path:
    return train_policy(demo_store, tmp_path_factory.mktemp("runs") / "bc")
