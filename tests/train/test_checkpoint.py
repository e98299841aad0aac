"""Checkpoint files: exact round trips of nested trainer state, atomic saves, and refusal of damaged files."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import textwrap

import numpy as np
import pytest
import torch

from robopolicy import checkpoint as ckpt
from robopolicy.train.trainer import rng_state, set_rng_state

POLICY_INFO = {"kind": "policy", "name": "none", "config": {}, "spec": {}}


def _weights(seed: int = 0, numel: int = 1000) -> dict[str, torch.Tensor]:
    g = torch.Generator().manual_seed(seed)
    return {"layer.weight": torch.randn(numel, generator=g), "normalizer.action__low": torch.zeros(2)}


def test_flatten_state_round_trips_optimizer_and_rng_state_exactly():
    model = torch.nn.Linear(3, 2)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3, betas=(0.9, 0.99))
    model(torch.randn(4, 3)).sum().backward()
    opt.step()
    state = {"optimizer": opt.state_dict(), "rng": rng_state()}
    tensors: dict[str, torch.Tensor] = {}
    skeleton = ckpt.flatten_state(state, "root", tensors)
    back = ckpt.unflatten_state(json.loads(json.dumps(skeleton)), tensors)  # through real JSON
    assert back["optimizer"]["param_groups"][0]["betas"] == (0.9, 0.99)
    for pid, s in opt.state_dict()["state"].items():
        for name, value in s.items():
            assert torch.equal(back["optimizer"]["state"][pid][name], value)
    draws_before = (random.random(), np.random.rand(), torch.rand(1))
    set_rng_state(back["rng"])
    draws_after = (random.random(), np.random.rand(), torch.rand(1))
    assert draws_before[:2] == draws_after[:2] and torch.equal(draws_before[2], draws_after[2])


def test_flatten_state_refuses_objects_that_would_need_pickle():
    with pytest.raises(ckpt.CheckpointError, match="no pickle"):
        ckpt.flatten_state({"f": object()}, "x", {})


def test_saved_weights_load_back_bit_identical_with_hash(tmp_path):
    w = _weights()
    path = ckpt.save_checkpoint(tmp_path / "c", w, POLICY_INFO, step=7)
    loaded, meta = ckpt.load_model_state(path)
    assert meta["step"] == 7 and meta["version"] == ckpt.CHECKPOINT_VERSION
    assert all(torch.equal(loaded[k], w[k]) for k in w)
    assert ckpt.checkpoint_hash(path) == "sha256:" + meta["sha256"][:16]
    assert ckpt.checkpoint_hash(path) != ckpt.checkpoint_hash(ckpt.save_checkpoint(tmp_path / "d", _weights(1),
                                                                                    POLICY_INFO, step=7))
    assert not list(tmp_path.glob("*.tmp-*"))


def test_truncated_weights_are_refused_with_path_and_reason(tmp_path):
    path = ckpt.save_checkpoint(tmp_path / "c", _weights(), POLICY_INFO, step=1)
    f = path / ckpt.MODEL_FILE
    f.write_bytes(f.read_bytes()[: f.stat().st_size // 2])
    with pytest.raises(ckpt.CheckpointError, match=r"model\.safetensors.*truncated or corrupt"):
        ckpt.load_model_state(path)


def test_incompatible_format_version_is_refused(tmp_path):
    path = ckpt.save_checkpoint(tmp_path / "c", _weights(), POLICY_INFO, step=1)
    meta = json.loads((path / ckpt.META_FILE).read_text())
    meta["version"] = ckpt.CHECKPOINT_VERSION + 1
    (path / ckpt.META_FILE).write_text(json.dumps(meta))
    with pytest.raises(ckpt.CheckpointError, match=rf"{path}.*version {ckpt.CHECKPOINT_VERSION + 1} is incompatible"):
        ckpt.load_model_state(path)


def test_missing_files_and_non_checkpoints_are_refused(tmp_path):
    path = ckpt.save_checkpoint(tmp_path / "c", _weights(), POLICY_INFO, step=1)
    (path / ckpt.MODEL_FILE).unlink()
    with pytest.raises(ckpt.CheckpointError, match="model.safetensors is missing"):
        ckpt.load_model_state(path)
    with pytest.raises(ckpt.CheckpointError, match="no such checkpoint"):
        ckpt.resolve_checkpoint(tmp_path / "nope")
    (tmp_path / "empty").mkdir()
    with pytest.raises(ckpt.CheckpointError, match="neither a checkpoint"):
        ckpt.resolve_checkpoint(tmp_path / "empty")
    with pytest.raises(ckpt.CheckpointError, match="not resumable"):
        ckpt.load_trainer_state(ckpt.save_checkpoint(tmp_path / "d", _weights(), POLICY_INFO, step=1))


def test_run_dir_resolves_to_latest_pointer_and_temp_dirs_are_never_picked(tmp_path):
    run = tmp_path / "run"
    first = ckpt.save_checkpoint(run / "checkpoints" / "step_000001", _weights(1), POLICY_INFO, step=1)
    ckpt.write_pointer(run, "latest", first)
    half = run / "checkpoints" / f"step_000002{ckpt.TEMP_MARKER}999"  # what a crashed save leaves
    half.mkdir()
    (half / ckpt.MODEL_FILE).write_bytes(b"partial")
    assert ckpt.resolve_checkpoint(run) == first.resolve()
    with pytest.raises(ckpt.CheckpointError, match="unfinished checkpoint"):
        ckpt.resolve_checkpoint(half)



def test_a_lerobot_train_output_dir_resolves_to_its_last_checkpoint(tmp_path):
    """lerobot-train (our plugin) saves a robopolicy checkpoint at ``<out>/checkpoints/last/pretrained_model``."""
    out = tmp_path / "outputs" / "train"
    last = ckpt.save_checkpoint(out / ckpt.LEROBOT_LAST_CHECKPOINT, _weights(), POLICY_INFO, step=4)
    assert ckpt.resolve_checkpoint(out) == last
    (out / "checkpoints" / "last" / "pretrained_model" / ckpt.POLICY_FILE).unlink()
    (out / "checkpoints" / "last" / "pretrained_model" / ckpt.META_FILE).unlink()
    with pytest.raises(ckpt.CheckpointError, match="neither a checkpoint"):
        ckpt.resolve_checkpoint(out)

CRASHING_SAVER = textwrap.dedent("""
    import sys, torch
    from robopolicy import checkpoint as ckpt
    run = sys.argv[1]
    for step in range(1, 1000):
        w = {"w": torch.full((4_000_000,), float(step))}  # 16 MB: the kill lands mid-write
        print(f"saving {step}", flush=True)
        path = ckpt.save_checkpoint(f"{run}/checkpoints/step_{step:06d}", w, {"kind": "policy"}, step=step,
                                    trainer_tensors={"t": w["w"]}, trainer_state={"step": step})
        ckpt.write_pointer(run, "latest", path)
""")


@pytest.mark.parametrize("kill_after_saves", [2, 3])
def test_killing_a_save_leaves_latest_complete_and_old_checkpoints_intact(tmp_path, kill_after_saves):
    run = tmp_path / "run"
    proc = subprocess.Popen([sys.executable, "-c", CRASHING_SAVER, str(run)], stdout=subprocess.PIPE, text=True,
                            env={**os.environ, "OMP_NUM_THREADS": "1"})
    for line in proc.stdout:
        if line.strip() == f"saving {kill_after_saves + 1}":
            break
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    latest = ckpt.resolve_checkpoint(run)
    weights, meta = ckpt.load_model_state(latest)  # hash-checked: complete, never half-written
    assert meta["step"] >= kill_after_saves
    assert torch.all(weights["w"] == float(meta["step"]))
    complete = [p for p in (run / "checkpoints").iterdir() if ckpt.TEMP_MARKER not in p.name]
    assert len(complete) >= kill_after_saves
    for p in complete:
        w, m = ckpt.load_model_state(p)
        assert torch.all(w["w"] == float(m["step"]))
        ckpt.load_trainer_state(p)


@pytest.mark.fault("train")
@pytest.mark.parametrize("fail_at", [1, 3])
def test_a_save_that_runs_out_of_disk_leaves_no_temporary_folder_and_names_the_error(tmp_path, monkeypatch, fail_at):
    """Disk full (ENOSPC) in the middle of a checkpoint save: a raw `OSError` traceback, and the `step_N.tmp-<pid>`
    folder stayed behind, filling the disk further; now one-line `CheckpointError` naming the checkpoint and "No
    space left on device (ENOSPC)", the temporary folder removed, and the step's previous checkpoint intact."""
    import errno

    path = tmp_path / "run" / "checkpoints" / "step_000010"
    ckpt.save_checkpoint(path, _weights(0), POLICY_INFO, 10, {}, {"step": 10})
    before = {p.name: p.read_bytes() for p in path.iterdir()}
    real_write, writes = ckpt._write_file, []

    def write_until_full(target, data):
        writes.append(target)
        if len(writes) == fail_at:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(target))
        real_write(target, data)

    monkeypatch.setattr(ckpt, "_write_file", write_until_full)
    with pytest.raises(ckpt.CheckpointError) as failed:
        ckpt.save_checkpoint(path, _weights(1), POLICY_INFO, 10, {}, {"step": 10})
    message = str(failed.value)
    assert "\n" not in message and message.startswith(f"{path}: the checkpoint could not be saved (No space left "
                                                      "on device (ENOSPC))")
    assert sorted(p.name for p in path.parent.iterdir()) == ["step_000010"]  # no .tmp- folder left
    assert {p.name: p.read_bytes() for p in path.iterdir()} == before


def test_a_published_checkpoint_keeps_the_weights_and_drops_the_trainer_state(tmp_path):
    """``publish_checkpoint``: the same weights (hash-checked on load), policy.json as saved, no trainer files,
    ``resumable`` false, the provenance given; a second publish to the same place is refused."""
    src = ckpt.save_checkpoint(tmp_path / "run" / "step_000010", _weights(3), POLICY_INFO, step=10,
                               trainer_tensors={"opt": torch.ones(5)}, trainer_state={"step": 10})
    dst = ckpt.publish_checkpoint(src, tmp_path / "models" / "tiny", spec_extra={"instructions": ["a"]},
                                  published_from={"step": 10})
    assert ckpt.read_policy_info(dst)["spec"]["extra"] == {"instructions": ["a"]}
    assert sorted(p.name for p in dst.iterdir()) == [ckpt.META_FILE, ckpt.MODEL_FILE, ckpt.POLICY_FILE]
    weights, meta = ckpt.load_model_state(dst)
    assert all(torch.equal(weights[k], v) for k, v in _weights(3).items())
    assert meta["resumable"] is False and "trainer_sha256" not in meta and meta["published_from"] == {"step": 10}
    assert meta["sha256"] == ckpt.read_meta(src)["sha256"] and ckpt.checkpoint_hash(dst) == ckpt.checkpoint_hash(src)
    with pytest.raises(ckpt.CheckpointError, match="not resumable"):
        ckpt.load_trainer_state(dst)
    with pytest.raises(ckpt.CheckpointError, match=r"tiny: already exists"):
        ckpt.publish_checkpoint(src, dst)
