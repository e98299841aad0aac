"""The trainer and loader on a CUDA device (run where a GPU exists; CI machines have none)."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import robopolicy
from robopolicy.train.trainer import Trainer

from .conftest import ACTION_DIM, STATE_DIM, train_config

pytestmark = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA device")


def test_cuda_resume_is_exact_and_loaded_policy_matches(state_store, tmp_path, monkeypatch):
    monkeypatch.setattr(torch.backends.cudnn, "deterministic", True)
    monkeypatch.setattr(torch.backends.cudnn, "benchmark", False)
    extra = {"steps": 12, "val_every": 4, "ckpt_every": 4, "device": "cuda"}
    full_trainer = Trainer(train_config(state_store, tmp_path / "full", **extra))
    full = full_trainer.run()
    Trainer(train_config(state_store, tmp_path / "split", **extra)).run(until_step=6)
    resumed = Trainer(train_config(state_store, tmp_path / "split", resume="true", **extra)).run()
    diffs = [abs(resumed.losses[s] - full.losses[s]) for s in range(7, 13)]
    print("cuda resume max |loss diff|:", max(diffs))
    assert max(diffs) <= 1e-6

    obs = {"state": np.random.default_rng(0).uniform(-1, 1, (3, 2, STATE_DIM)).astype(np.float32)}
    noise = torch.randn(3, 1, 8, ACTION_DIM, generator=torch.Generator().manual_seed(0))
    expected = full_trainer.published.sample(obs, noise=noise.cuda())
    on_cuda = robopolicy.load_policy(full.run_dir, device="cuda").sample(obs, noise=noise.cuda())
    assert on_cuda.device.type == "cuda" and torch.equal(on_cuda, expected)
    on_cpu = robopolicy.load_policy(full.run_dir, device="cpu").sample(obs, noise=noise)
    # same weights on another device: equal up to TF32 convolutions (cuDNN's default on Ampere and later)
    assert torch.allclose(on_cpu, expected.cpu(), atol=1e-2)
