"""`robopolicy train dataset=[a.zarr,b.zarr] dataset_weights=[w_a,w_b]`: the batches draw from every store in
proportion to the weights, one normalizer covers all the stores, the mixture is recorded in the checkpoint and in
run.json, a bad mixture is refused naming the store, resume treats the stores and weights as settings that shape
the run; a single `dataset=path` run is unchanged."""

from __future__ import annotations

import json

import numpy as np
import pytest
import torch

from robopolicy import checkpoint as ckpt
from robopolicy.data.mixture import fit_normalizer
from robopolicy.data.sampler import SamplerError
from robopolicy.data.store import EpisodeStore
from robopolicy.errors import ConfigError
from robopolicy.train.resume import ResumeMismatchError
from robopolicy.train.trainer import Trainer

from .conftest import make_store, train_config

SHORT = {"steps": 6, "val_every": 3, "ckpt_every": 3, "warmup_steps": 1}


@pytest.fixture(scope="module")
def stores(tmp_path_factory):
    root = tmp_path_factory.mktemp("mixture")
    return make_store(root / "old.zarr"), make_store(root / "new.zarr", episodes=4, scale=2.0)


def _mixture(stores, weights="[0.2,0.8]") -> dict:
    return {"dataset": f"[{stores[0]},{stores[1]}]", "dataset_weights": weights}


def test_a_mixture_run_draws_from_both_stores_by_weight_and_records_the_mixture(stores, tmp_path):
    """Weights 0.2 / 0.8: the training batches' windows come from both stores, about 20% / 80% (the old store has
    more windows, so an unweighted draw would favour it); the normalizer spans both stores' ranges; describe() is
    in policy.json and run.json, the per-store counts in the result and the trainer state."""
    old, new = stores
    trainer = Trainer(train_config(old, tmp_path / "mix", **{**SHORT, "steps": 20}, **_mixture(stores)))
    result = trainer.run()
    counts = np.array(result.source_counts)
    used = [*trainer.order.epoch_batches(0), *trainer.order.epoch_batches(1), *trainer.order.epoch_batches(2)][:20]
    assert counts.sum() == sum(len(b) for b in used) and (counts > 0).all()   # every window counted once
    assert abs(counts[1] / counts.sum() - 0.8) < 0.1
    expected = fit_normalizer([EpisodeStore.open(s, mode="r") for s in stores], {"state": "limits", "action": "limits"})
    saved, _ = ckpt.load_model_state(result.checkpoint)
    for key, value in expected.state_dict().items():   # one normalizer over both stores' steps
        assert torch.equal(saved[f"normalizer.{key}"], value), key
    single = fit_normalizer([EpisodeStore.open(old, mode="r")], {"action": "limits"})
    assert not torch.equal(saved["normalizer.action__span"], single.state_dict()["action__span"])
    info = ckpt.read_policy_info(result.checkpoint)
    described = info["mixture"]["stores"]
    assert [d["path"] for d in described] == [str(old), str(new)]
    assert [d["weight"] for d in described] == [0.2, 0.8] and [d["share"] for d in described] == [0.2, 0.8]
    run = json.loads((result.run_dir / "run.json").read_text())
    assert run["mixture"] == info["mixture"] and run["dataset"]["path"] == [str(old), str(new)]
    assert len(run["dataset"]["identity"]) == 2
    _, state = ckpt.load_trainer_state(result.checkpoint)
    assert state["source_counts"] == result.source_counts


@pytest.mark.parametrize("weights, message", [
    ("[0.2,0.0]", r"mixture weight 0\.0 of .*new\.zarr is not a positive number"),
    ("[0.2,-1.0]", r"mixture weight -1\.0 of .*new\.zarr is not a positive number"),
    ("[1.0]", r"2 stores but 1 weights"),
])
def test_a_bad_mixture_is_refused_in_one_line_before_training(stores, tmp_path, weights, message):
    with pytest.raises(SamplerError, match=message) as refused:
        Trainer(train_config(stores[0], tmp_path / "run", **_mixture(stores, weights)))
    assert "\n" not in str(refused.value) and not (tmp_path / "run").exists()


def test_a_store_with_other_features_is_refused_naming_it(stores, tmp_path):
    images = make_store(tmp_path / "images.zarr", with_image=True)
    with pytest.raises(SamplerError, match=r"images\.zarr has other features than .*old\.zarr \(cam"):
        Trainer(train_config(stores[0], tmp_path / "run", dataset=f"[{stores[0]},{images}]"))
    with pytest.raises(ConfigError, match=r"dataset_weights=\[0\.5\] weighs a list of stores"):
        Trainer(train_config(stores[0], tmp_path / "run", dataset_weights="[0.5]"))


def test_a_mixture_resumes_exactly_and_refuses_other_weights_or_stores(stores, tmp_path):
    """Paused at step 3 and resumed: the same losses as an uninterrupted mixture run; other weights, another store
    list or a single store are refused naming what changed."""
    full = Trainer(train_config(stores[0], tmp_path / "full", **SHORT, **_mixture(stores))).run()
    Trainer(train_config(stores[0], tmp_path / "split", **SHORT, **_mixture(stores))).run(until_step=3)
    resumed = Trainer(train_config(stores[0], tmp_path / "split", resume="true", **SHORT, **_mixture(stores))).run()
    assert all(resumed.losses[s] == full.losses[s] for s in (4, 5, 6))
    assert resumed.source_counts == full.source_counts
    with pytest.raises(ResumeMismatchError, match=r"dataset_weights: \[0\.2, 0\.8\] -> \[0\.5, 0\.5\]"):
        Trainer(train_config(stores[0], tmp_path / "split", resume="true", **SHORT,
                             **_mixture(stores, "[0.5,0.5]")))
    swapped = {"dataset": f"[{stores[1]},{stores[0]}]", "dataset_weights": "[0.2,0.8]"}
    with pytest.raises(ResumeMismatchError, match=r"dataset: \[.*old\.zarr .*new\.zarr .*\] -> \[.*new\.zarr"):
        Trainer(train_config(stores[0], tmp_path / "split", resume="true", **SHORT, **swapped))
    with pytest.raises(ResumeMismatchError, match=r"dataset: \[.*\] -> .*old\.zarr \(6 episodes"):
        Trainer(train_config(stores[0], tmp_path / "split", resume="true", **SHORT))


def test_a_single_dataset_run_is_unchanged(stores, tmp_path):
    """`dataset=path` (no list): no source column, no mixture in the checkpoint, run.json's dataset as before."""
    result = Trainer(train_config(stores[0], tmp_path / "one", **SHORT)).run()
    assert result.source_counts is None
    assert "mixture" not in ckpt.read_policy_info(result.checkpoint)
    assert "adapter" not in ckpt.read_policy_info(result.checkpoint)
    run = json.loads((result.run_dir / "run.json").read_text())
    assert run["dataset"]["path"] == str(stores[0]) and "mixture" not in run
