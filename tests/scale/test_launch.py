"""Data-parallel training for real (the Trainer under Accelerate, gloo on 127.0.0.1, spawned processes): 2
processes give the same weights and losses as 1 process at the same global batch, the checkpoint is written
once, init_from and resume work as on one process, and refusals from the workers arrive as one line."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import torch

from robopolicy import checkpoint as ckpt
from robopolicy.checkpoint import load_model_state
from robopolicy.data.store import EpisodeStore
from robopolicy.errors import RobopolicyError, TrainingDivergedError
from robopolicy.scale.launch import LaunchError, LayoutError, check_layout, launch_training

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


def overrides(store: Path, run_dir: Path, **extra) -> list[str]:
    base = {"dataset": store, "run_dir": run_dir, "steps": STEPS, "batch_size": BATCH, "warmup_steps": 1,
            "lr": 1e-3, "ckpt_every": 100, "ema.enabled": "false", "val_fraction": 0.25, "threads": 1, **extra}
    return [f"{k}={v}" for k, v in base.items()] + TINY_POLICY


def metrics(run_dir: Path) -> list[dict]:
    import json

    return [json.loads(line) for line in (run_dir / "metrics.jsonl").read_text().splitlines()]


def assert_same_weights(a: Path, b: Path, atol: float = 0.0) -> None:
    wa, _ = load_model_state(a)
    wb, _ = load_model_state(b)
    assert wa.keys() == wb.keys()
    for k in wa:
        torch.testing.assert_close(wa[k], wb[k], atol=atol, rtol=0, msg=k)


@pytest.mark.slow
def test_two_processes_match_one_process_at_the_same_global_batch(curve_store, tmp_path):
    one = launch_training(overrides(curve_store, tmp_path / "one"), processes=1, micro_batch_size=MICRO)
    two = launch_training(overrides(curve_store, tmp_path / "two"), processes=2, micro_batch_size=MICRO)
    assert sorted(one.losses) == sorted(two.losses) == list(range(1, STEPS + 1))
    np.testing.assert_allclose([one.losses[s] for s in one.losses], [two.losses[s] for s in one.losses],
                               rtol=1e-5)
    assert_same_weights(one.checkpoint, two.checkpoint, atol=WEIGHT_TOLERANCE)
    w1, _ = load_model_state(one.checkpoint)
    # Written once: one checkpoint directory, no leftovers from the other rank.
    assert [p.name for p in (two.run_dir / "checkpoints").iterdir()] == [f"step_{STEPS:06d}"]
    # The comparison can fail: another noise layout (one micro-batch of 8) trains to other weights.
    other = launch_training(overrides(curve_store, tmp_path / "other"), processes=1, micro_batch_size=BATCH)
    w3, _ = load_model_state(other.checkpoint)
    assert any(not torch.allclose(w1[k], w3[k], atol=WEIGHT_TOLERANCE) for k in w1)


def test_data_parallel_init_from_starts_from_the_checkpoint_weights(curve_store, tmp_path):
    """`robopolicy train launcher=accelerate processes=2 init_from=<ckpt>`: its step-1 loss (the loss of the
    starting weights, same micro-batch noise) is the single-process init_from run's, not a scratch run's."""
    from robopolicy.train.cli import main as train_main

    base = launch_training(overrides(curve_store, tmp_path / "base", seed=1, steps=2), processes=1)
    short = {"steps": 2, "log_every": 1}
    one = launch_training(overrides(curve_store, tmp_path / "one", init_from=base.checkpoint, **short), processes=1,
                          micro_batch_size=MICRO)
    scratch = launch_training(overrides(curve_store, tmp_path / "scratch", **short), processes=1,
                              micro_batch_size=MICRO)
    argv = overrides(curve_store, tmp_path / "two", init_from=base.run_dir, **short)
    assert train_main([*argv, "launcher=accelerate", "processes=2", f"micro_batch_size={MICRO}"]) == 0
    two = {r["step"]: r["loss"] for r in metrics(tmp_path / "two") if "loss" in r}
    print("step-1 loss: init_from 1 proc", one.losses[1], "2 procs", two[1], "scratch", scratch.losses[1])
    assert two[1] == pytest.approx(one.losses[1], rel=1e-5) and two[2] == pytest.approx(one.losses[2], rel=1e-5)
    assert abs(two[1] - scratch.losses[1]) > 1e-3 * abs(scratch.losses[1])
    assert_same_weights(one.checkpoint, ckpt.read_pointer(tmp_path / "two", "latest"), atol=WEIGHT_TOLERANCE)
    assert (tmp_path / "two" / "config.yaml").is_file() and ckpt.read_pointer(tmp_path / "two", "best")


@pytest.mark.slow
def test_a_resumed_data_parallel_run_ends_with_the_weights_of_an_uninterrupted_one(curve_store, tmp_path):
    extra = {"steps": 4, "ckpt_every": 2, "val_every": 2, "log_every": 1, "ema.enabled": "true", "ema.decay": 0.9}
    full = launch_training(overrides(curve_store, tmp_path / "full", **extra), processes=2, micro_batch_size=MICRO)
    paused = launch_training(overrides(curve_store, tmp_path / "split", **extra), processes=2,
                             micro_batch_size=MICRO, until_step=2)
    assert paused.steps == 2 and ckpt.read_pointer(tmp_path / "split", "latest").name == "step_000002"
    resumed = launch_training(overrides(curve_store, tmp_path / "split", resume="true", **extra), processes=2,
                              micro_batch_size=MICRO)
    assert sorted(resumed.losses) == [3, 4] and resumed.steps == 4
    assert [resumed.losses[s] for s in (3, 4)] == [full.losses[s] for s in (3, 4)]
    assert_same_weights(full.checkpoint, resumed.checkpoint)  # EMA weights (published); training weights below
    tensors_full, state_full = ckpt.load_trainer_state(full.checkpoint)
    tensors_resumed, state_resumed = ckpt.load_trainer_state(resumed.checkpoint)
    assert all(torch.equal(tensors_full[k], tensors_resumed[k]) for k in tensors_full if "training_policy." in k)
    assert state_resumed["data_order"] == state_full["data_order"] and state_resumed["micro_batch_size"] == MICRO
    assert resumed.final_val_loss == full.final_val_loss
    assert [r["step"] for r in metrics(tmp_path / "split") if "val_loss" in r] == [2, 4]
    # The same layout is needed to continue exactly: another micro_batch_size is refused, naming the one to pass.
    with pytest.raises(LayoutError, match=rf"micro_batch_size={MICRO} but this run uses micro_batch_size={BATCH}; "
                                          rf"pass micro_batch_size={MICRO}"):
        launch_training(overrides(curve_store, tmp_path / "split", resume="true", **extra), processes=1,
                        micro_batch_size=BATCH)


def test_a_diverging_data_parallel_run_stops_every_process_with_one_line(curve_store, tmp_path):
    run = tmp_path / "run"
    with pytest.raises(TrainingDivergedError) as e:
        launch_training(overrides(curve_store, run, steps=30, lr=1e12, grad_clip="null", ckpt_every=1,
                                  warmup_steps=1), processes=2, micro_batch_size=MICRO)
    message = str(e.value)
    assert "\n" not in message and "training diverged" in message and "last good checkpoint" in message
    weights, meta = load_model_state(ckpt.read_pointer(run, "latest"))  # rank 0 wrote it; finite
    assert f"at step {meta['step'] + 1} " in message and all(torch.isfinite(w).all() for w in weights.values())


def test_refusals_come_before_any_process_starts_and_are_one_line(curve_store, tmp_path):
    run = tmp_path / "run"
    run.mkdir()
    (run / "metrics.jsonl").write_text("")
    with pytest.raises(RobopolicyError, match=r"already holds a run .*resume=true"):
        launch_training(overrides(curve_store, run), processes=2)
    with pytest.raises(RobopolicyError, match="nothing to resume"):
        launch_training(overrides(curve_store, tmp_path / "none", resume="true"), processes=2)
    with pytest.raises(RobopolicyError, match="no such checkpoint"):
        launch_training(overrides(curve_store, tmp_path / "new", init_from=tmp_path / "nowhere"), processes=2)
    with pytest.raises(LayoutError, match=r"choose micro_batch_size in \[1, 2, 4\]"):
        launch_training(overrides(curve_store, tmp_path / "new"), processes=2, micro_batch_size=BATCH)
    assert not (tmp_path / "new").exists() and not (tmp_path / "none").exists()


def test_layouts_that_cannot_split_the_global_batch_are_refused_with_the_valid_choices():
    assert check_layout(8, 4, 2) == 2
    with pytest.raises(LayoutError, match=r"micro_batch_size in \[1, 2, 4\]"):
        check_layout(8, 8, 2)
    with pytest.raises(LayoutError, match="must divide"):
        check_layout(8, 3, 1)
    assert issubclass(LaunchError, LayoutError)  # one `except LayoutError` catches launcher problems too


def test_train_command_line_launch_keys_are_split_from_the_train_overrides():
    from robopolicy.scale.launch import split_launch_args, train_with_launcher

    launch, rest = split_launch_args(["launcher=accelerate", "processes=2", "steps=5", "dataset=x.zarr"])
    assert launch == {"launcher": "accelerate", "processes": 2} and rest == ["steps=5", "dataset=x.zarr"]
    # No launcher: the caller's single-process Trainer runs on the overrides, launch keys removed.
    assert train_with_launcher(["launcher=none", "steps=5"]) == (None, ["steps=5"])
    with pytest.raises(LaunchError, match="processes must be >= 1"):
        train_with_launcher(["launcher=accelerate", "processes=0", "dataset=x.zarr"])
    with pytest.raises(LaunchError, match="valid: none, accelerate"):
        split_launch_args(["launcher=mpi"])
    with pytest.raises(LaunchError, match="needs launcher=accelerate"):
        train_with_launcher(["processes=2"])
