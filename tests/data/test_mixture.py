"""Weighted mixtures of stores (robopolicy/data/mixture.py): shares follow the weights whatever the store sizes,
windows come back exactly as each store's sampler gives them, one normalizer covers every store, bad mixtures are
one line naming the store."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.stats import binom

from robopolicy.data import EpisodeStore, Feature
from robopolicy.data.mixture import MixtureSampler, check_mixture, fit_normalizer
from robopolicy.data.sampler import SamplerError, WindowSampler

from .conftest import build_store


def samplers(tmp_path):
    small = build_store(tmp_path / "small.zarr", [12, 15], seed=1, tasks=("old",))
    large = build_store(tmp_path / "large.zarr", [30, 40, 25, 33], seed=2, tasks=("new",))
    make = lambda s: WindowSampler(s, obs_keys=["state"], obs_horizon=2, pred_horizon=4, exec_horizon=2,  # noqa: E731
                                   include_task=True)
    return small, large, make(small), make(large)


def test_each_store_supplies_its_weights_share_whatever_its_size(tmp_path):
    _, _, a, b = samplers(tmp_path)
    mix = MixtureSampler([a, b], [0.2, 0.8], ["small", "large"])
    assert len(mix) == len(a) + len(b) and len(b) > 3 * len(a)
    draws = np.concatenate([mix.epoch_permutation(seed=0, epoch=e) for e in range(20)])
    from_small = int((mix.source_of(draws) == 0).sum())
    lo, hi = binom.ppf(1e-6, len(draws), 0.2), binom.ppf(1 - 1e-6, len(draws), 0.2)   # fails by chance < 1e-6
    assert lo <= from_small <= hi
    assert np.array_equal(mix.epoch_permutation(0, 3), mix.epoch_permutation(0, 3))  # deterministic in (seed, epoch)
    assert not np.array_equal(mix.epoch_permutation(0, 3), mix.epoch_permutation(0, 4))
    assert [s["share"] for s in mix.describe()["stores"]] == [0.2, 0.8]


def test_windows_come_back_in_order_exactly_as_each_store_gives_them(tmp_path):
    _, _, a, b = samplers(tmp_path)
    mix = MixtureSampler([a, b], [1.0, 1.0], ["small", "large"])
    indices = np.array([len(a) + 3, 0, len(a) + 1, 5, 2])
    batch = mix.get_batch(indices)
    expect_b, expect_a = b.get_batch(np.array([3, 1])), a.get_batch(np.array([0, 5, 2]))
    np.testing.assert_array_equal(batch["state"][[0, 2]], expect_b["state"])
    np.testing.assert_array_equal(batch["state"][[1, 3, 4]], expect_a["state"])
    assert batch["task"] == ["new", "old", "new", "old", "old"]
    assert batch["source"].tolist() == [1, 0, 1, 0, 0]
    with pytest.raises(SamplerError, match="window index out of range"):
        mix.get_batch([len(mix)])


def test_one_normalizer_covers_every_store(tmp_path):
    small, large, _, _ = samplers(tmp_path)
    norm = fit_normalizer([small, large], {"state": "limits", "action": "limits"})
    both = np.concatenate([small.load(["state"])["state"], large.load(["state"])["state"]])
    import torch

    scaled = norm.normalize("state", torch.as_tensor(both)).numpy()
    assert scaled.min() == pytest.approx(-1.0, abs=1e-6) and scaled.max() == pytest.approx(1.0, abs=1e-6)


@pytest.mark.fault("store")
def test_a_bad_mixture_is_refused_naming_the_store(tmp_path):
    """A mixture weight that is zero, negative or not a number, a weight count that is not the store count, or a
    store whose features differ: one line naming the store, before any training."""
    small, large, _, _ = samplers(tmp_path)
    for bad in (0, -0.5, float("nan"), "x"):
        with pytest.raises(SamplerError, match=r"mixture weight .* of .*large.zarr is not a positive number"):
            check_mixture([small, large], [1.0, bad])
    with pytest.raises(SamplerError, match="2 stores but 1 weights"):
        check_mixture([small, large], [1.0])
    other = EpisodeStore.create(tmp_path / "other.zarr", {"state": Feature((5,), "float32", "state"),
                                                           "action": Feature((2,), "float32", "action")}, fps=10)
    with pytest.raises(SamplerError, match=r"other.zarr has other features than .*small.zarr \(.*state"):
        check_mixture([small, other], [1.0, 1.0])
