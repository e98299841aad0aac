"""``train resume=true`` continues the run it names: settings that shape the run are refused when changed, the
ones that may change (budget, cadence, threads, device) are recorded, and ``config.yaml`` keeps the original."""

from __future__ import annotations

import json
import shutil

import pytest

from robopolicy.train.config import RESUME_MAY_CHANGE
from robopolicy.train.resume import ResumeMismatchError
from robopolicy.train.trainer import Trainer

from .conftest import make_store, train_config

SHORT = {"steps": 4, "val_every": 2, "ckpt_every": 2}


def _files(run) -> dict:
    return {p: p.read_bytes() for p in sorted(run.rglob("*")) if p.is_file() and p.name != "writer.lock"}


@pytest.fixture
def paused_run(state_store, tmp_path):
    run = tmp_path / "run"
    Trainer(train_config(state_store, run, **SHORT)).run()
    return run


@pytest.mark.fault("train")
def test_resume_with_a_setting_that_shapes_the_run_changed_is_refused_naming_old_and_new(state_store, paused_run,
                                                                                          tmp_path):
    """`train resume=true` with another lr, batch size, architecture (`policy.*`), seed or dataset: the changes were
    ignored or applied mid-run silently and `config.yaml` was rewritten with them; now refused in one line naming
    each key with its old and new value (a dataset by its episodes, steps and content hash), nothing in the run
    directory changes."""
    before = _files(paused_run)
    changed = {"lr": "0.01", "batch_size": 32, "seed": 3, "policy.unet.kernel_size": 3}
    with pytest.raises(ResumeMismatchError) as refused:
        Trainer(train_config(state_store, paused_run, resume="true", **SHORT, **changed))
    message = str(refused.value)
    assert "\n" not in message and f"run_dir={paused_run}" in message
    for part in ("lr: 0.001 -> 0.01", "batch_size: 16 -> 32", "seed: 0 -> 3", "policy.unet.kernel_size: 5 -> 3"):
        assert part in message, part
    assert "give a fresh run_dir=" in message and "May change on resume: steps" in message
    other = make_store(tmp_path / "other.zarr", scale=2.0)  # same keys and shapes, other content
    with pytest.raises(ResumeMismatchError, match=r"dataset: .*curve\.zarr \(6 episodes, 144 steps, sha256 \w+\) -> "
                                                   r".*other\.zarr \(6 episodes, 144 steps, sha256 \w+\)"):
        Trainer(train_config(other, paused_run, resume="true", **SHORT))
    assert _files(paused_run) == before


@pytest.mark.fault("train")
def test_resume_may_change_the_budget_and_cadence_and_records_it(state_store, paused_run, tmp_path):
    """`train resume=true` with a larger `steps`, other `log_every` / `ckpt_every` / `threads`, or the same store
    moved to another path: allowed; `config.yaml` keeps the run's original settings and `run.json` appends a
    `resumes` entry with the step it continued from and each changed key's old and new value."""
    config = (paused_run / "config.yaml").read_text()
    moved = tmp_path / "moved.zarr"
    shutil.copytree(state_store, moved)
    result = Trainer(train_config(moved, paused_run, resume="true", **{**SHORT, "steps": 6, "ckpt_every": 3,
                                                                        "log_every": 2})).run()
    assert result.steps == 6
    assert (paused_run / "config.yaml").read_text() == config
    info = json.loads((paused_run / "run.json").read_text())
    assert info["command"] == "train" and info["dataset"]["identity"]["episodes"] == 6
    (resume,) = info["resumes"]
    assert resume["step"] == 4 and resume["changed"] == {
        "steps": {"was": 4, "now": 6}, "ckpt_every": {"was": 2, "now": 3}, "log_every": {"was": 1, "now": 2},
        "dataset": {"was": str(state_store), "now": str(moved)}}
    # a second resume compares with the run as it last ran (steps=6), and records only what changed since
    Trainer(train_config(moved, paused_run, resume="true", **{**SHORT, "steps": 8, "ckpt_every": 3, "log_every": 2}))
    assert set(RESUME_MAY_CHANGE) >= {"steps", "log_every", "ckpt_every", "val_every", "threads", "device"}
