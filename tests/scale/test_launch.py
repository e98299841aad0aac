"""Data-parallel training for real (gloo on 127.0.0.1, spawned processes): 2 processes give the same weights
and losses as 1 process at the same global batch, and the checkpoint is written once."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import torch

from robopolicy.checkpoint import load_model_state
from robopolicy.data.store import EpisodeStore
from robopolicy.scale.launch import LaunchError, check_layout, launch_training

from .conftest import TINY_POLICY

STATE_DIM, ACTION_DIM, EPISODES, LENGTH = 3, 2, 4, 20
STEPS, BATCH, MICRO = 3, 8, 4
WEIGHT_TOLERANCE = 1e-5


@pytest.fixture(scope="module")
def curve_store(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("ddp") / "curve.zarr"
    store = EpisodeStore.create(path, features={
        "state": {"shape": (STATE_DIM,), "dtype": "float32", "kind": "state"},
        "action": {"shape": (ACTION_DIM,), "dtype": "float32", "kind": "action"}}, fps=10)
    rng = np.random.default_rng(0)
    t = np.arange(LENGTH, dtype=np.float32)[:, None]
    for e in range(EPISODES):
        state = np.sin(t * rng.uniform(0.1, 0.3, STATE_DIM) + rng.uniform(0, 6, STATE_DIM)).astype(np.float32)
        store.append_episode({"state": state, "action": (3 * state[:, :ACTION_DIM] + 1).astype(np.float32)},
                             task="follow", success=True, seed=e)
    return path


def overrides(store: Path, run_dir: Path) -> list[str]:
    base = {"dataset": store, "run_dir": run_dir, "steps": STEPS, "batch_size": BATCH, "warmup_steps": 1,
            "lr": 1e-3, "ckpt_every": 100, "ema.enabled": "false", "val_fraction": 0.25, "threads": 1}
    return [f"{k}={v}" for k, v in base.items()] + TINY_POLICY


@pytest.mark.slow
def test_two_processes_match_one_process_at_the_same_global_batch(curve_store, tmp_path):
    one = launch_training(overrides(curve_store, tmp_path / "one"), processes=1, micro_batch_size=MICRO)
    two = launch_training(overrides(curve_store, tmp_path / "two"), processes=2, micro_batch_size=MICRO)
    assert sorted(one.losses) == sorted(two.losses) == list(range(1, STEPS + 1))
    np.testing.assert_allclose([one.losses[s] for s in one.losses], [two.losses[s] for s in one.losses],
                               rtol=1e-5)
    w1, _ = load_model_state(one.checkpoint)
    w2, _ = load_model_state(two.checkpoint)
    assert w1.keys() == w2.keys()
    for k in w1:
        torch.testing.assert_close(w1[k], w2[k], atol=WEIGHT_TOLERANCE, rtol=0)
    # Written once: one checkpoint directory, no leftovers from the other rank.
    assert [p.name for p in (two.run_dir / "checkpoints").iterdir()] == [f"step_{STEPS:06d}"]
    # The comparison can fail: another noise layout (one micro-batch of 8) trains to other weights.
    other = launch_training(overrides(curve_store, tmp_path / "other"), processes=1, micro_batch_size=BATCH)
    w3, _ = load_model_state(other.checkpoint)
    assert any(not torch.allclose(w1[k], w3[k], atol=WEIGHT_TOLERANCE) for k in w1)


def test_layouts_that_cannot_split_the_global_batch_are_refused_with_the_valid_choices():
    assert check_layout(8, 4, 2) == 2
    with pytest.raises(LaunchError, match=r"micro_batch_size in \[1, 2, 4\]"):
        check_layout(8, 8, 2)
    with pytest.raises(LaunchError, match="must divide"):
        check_layout(8, 3, 1)


def test_train_command_line_launch_keys_are_split_from_the_train_overrides():
    from robopolicy.scale.launch import split_launch_args, train_with_launcher

    launch, rest = split_launch_args(["launcher=accelerate", "processes=2", "steps=5", "dataset=x.zarr"])
    assert launch == {"launcher": "accelerate", "processes": 2} and rest == ["steps=5", "dataset=x.zarr"]
    # No launcher: the caller's single-process Trainer runs on the overrides, launch keys removed.
    assert train_with_launcher(["launcher=none", "steps=5"]) == (None, ["steps=5"])
    with pytest.raises(LaunchError, match="valid: none, accelerate"):
        split_launch_args(["launcher=mpi"])
    with pytest.raises(LaunchError, match="needs launcher=accelerate"):
        train_with_launcher(["processes=2"])
