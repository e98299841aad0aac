"""Shared set-up for the scale tests: one local Ray per session (its files in a temp dir, no auth token left
behind) and a tiny real diffusion checkpoint trained on a few Meta-World push expert episodes."""

from __future__ import annotations

from pathlib import Path

import pytest

ENV_ID = "metaworld/push-v3"
SHORT_EPISODE = 12  # env steps per test episode: enough for several policy rounds, cheap on 2 shared cores
RAY_CPUS = 4  # logical CPUs for the local Ray: a learner and actors are mostly waiting on each other
TINY_POLICY = ["policy.obs_horizon=2", "policy.pred_horizon=8", "policy.exec_horizon=4",
               "policy.unet.down_dims=[16,32]", "policy.unet.step_embed_dim=16",
               "policy.state_encoder.hidden_dims=[32]", "policy.state_encoder.out_dim=16",
               "policy.diffusion.num_inference_steps=4"]


def tiny_train_overrides(store: Path, run_dir: Path, **extra) -> list[str]:
    base = {"dataset": str(store), "run_dir": str(run_dir), "steps": 4, "batch_size": 8, "warmup_steps": 1,
            "val_every": 100, "ckpt_every": 100, "log_every": 1, "val_batches": 1, "lr": 1e-3, "threads": 1,
            "ema.enabled": "false", "val_fraction": 0.3,
            "allow_failed_demos": "true"}  # the expert stores are cut at 20 steps, before push succeeds
    base.update(extra)
    return [f"{k}={v}" for k, v in base.items()] + TINY_POLICY


@pytest.fixture(scope="session")
def expert_store(tmp_path_factory) -> Path:
    from robopolicy.eval.collect import collect_episodes

    path = tmp_path_factory.mktemp("stores") / "push.zarr"
    collect_episodes(ENV_ID, "expert", 3, path, max_steps=20, progress=False)
    return path


@pytest.fixture(scope="session")
def checkpoint(expert_store, tmp_path_factory) -> Path:
    """A tiny diffusion_unet trained 4 steps on the expert store: a real checkpoint directory."""
    from robopolicy.train.config import compose_train_config
    from robopolicy.train.trainer import Trainer

    run_dir = tmp_path_factory.mktemp("runs") / "bc"
    result = Trainer(compose_train_config(tiny_train_overrides(expert_store, run_dir))).run()
    return result.checkpoint


@pytest.fixture(scope="session")
def local_ray(tmp_path_factory):
    """A local Ray for the whole session; shut down (and its session files removed) at the end."""
    import ray

    from robopolicy.scale.cluster import init_ray

    temp_dir = Path("/tmp") / f"rp-ray-{tmp_path_factory.getbasetemp().name}"  # short: Ray socket paths
    assert init_ray(num_cpus=RAY_CPUS, temp_dir=str(temp_dir))
    yield
    ray.shutdown()
    import shutil

    shutil.rmtree(temp_dir, ignore_errors=True)
