"""Weighted mixtures of episode stores: train on several stores at once, each drawn with its own weight.

    sampler = MixtureSampler.for_policy(["old_tasks.zarr", "new_task.zarr"], [0.2, 0.8], spec)

A batch's windows are drawn with replacement: window ``i`` of store ``s`` with probability ``w_s / (W n_s)``
(``W`` the weights' sum, ``n_s`` the store's window count), so store ``s`` supplies a share ``w_s / W`` of every
epoch whatever its size. An epoch is ``sum(n_s)`` draws, deterministic in ``(seed, epoch)``; ``get_batch`` returns
the windows in the order drawn, exactly as ``WindowSampler.get_batch`` would for each one. The stores must have the
same features (names, shapes, dtypes, kinds); ``fit_normalizer`` fits one normalizer over all of them, and
``describe`` is what a checkpoint records of the mixture.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from robopolicy.data.normalizer import Normalizer
from robopolicy.data.sampler import BatchOrder, SamplerError, WindowSampler
from robopolicy.data.store import EpisodeStore


def check_mixture(stores: Sequence[EpisodeStore], weights: Sequence[float]) -> None:
    """Refuse, in one line naming the store, a weight that is not a positive finite number, a weight count that is
    not the store count, and a store whose features differ from the first store's."""
    if len(stores) != len(weights):
        raise SamplerError(f"{len(stores)} stores but {len(weights)} weights: give one weight per store")
    if not stores:
        raise SamplerError("a mixture needs at least one store")
    for store, w in zip(stores, weights):
        if isinstance(w, bool) or not isinstance(w, (int, float)) or not math.isfinite(w) or w <= 0:
            raise SamplerError(f"mixture weight {w!r} of {store.path} is not a positive number; every weight must "
                               "be > 0 (leave a store out instead of weighting it 0)")
    first = stores[0]
    reference = {k: (tuple(f.shape), f.dtype, f.kind) for k, f in first.features.items()}
    for store in stores[1:]:
        features = {k: (tuple(f.shape), f.dtype, f.kind) for k, f in store.features.items()}
        if features != reference:
            differ = sorted(k for k in set(features) | set(reference) if features.get(k) != reference.get(k))
            raise SamplerError(f"{store.path} has other features than {first.path} ({', '.join(differ)}: "
                               f"{[features.get(k) for k in differ]} against {[reference.get(k) for k in differ]}); "
                               "a mixture's stores must have the same features")


def fit_normalizer(stores: Sequence[EpisodeStore], modes: Mapping[str, str],
                   episodes: Sequence[np.ndarray | None] | None = None) -> Normalizer:
    """One normalizer over every store's committed steps (the union of their data, unweighted); ``episodes``: per
    store, only those episodes' steps (None: all of them)."""
    chosen = list(episodes) if episodes is not None else [None] * len(stores)

    def rows(store: EpisodeStore, key: str, selected: np.ndarray | None) -> np.ndarray:
        values = store.load([key])[key]
        if selected is None:
            return values
        starts, lengths = store.episode_starts[selected], store.episode_lengths[selected]
        return values[np.concatenate([np.arange(a, a + n) for a, n in zip(starts, lengths)]).astype(np.int64)]

    data = {key: np.concatenate([rows(store, key, sel) for store, sel in zip(stores, chosen)]) for key in modes}
    return Normalizer.fit(data, modes)


class MixtureSampler:
    """Windows of several ``WindowSampler``s drawn with weights; the trainer-facing interface of a
    ``WindowSampler`` (``len``, ``get_batch``, ``epoch_batches``, ``batch_order``, ``iter_batches``)."""

    @classmethod
    def for_policy(cls, stores: Sequence[EpisodeStore | str | Path], weights: Sequence[float], spec: Any,
                   in_memory: bool = True) -> MixtureSampler:
        opened = [s if isinstance(s, EpisodeStore) else EpisodeStore.open(s, mode="r") for s in stores]
        check_mixture(opened, list(weights))
        return cls([WindowSampler.for_policy(s, spec, in_memory=in_memory) for s in opened], list(weights),
                   [str(s.path) for s in opened])

    def __init__(self, samplers: Sequence[WindowSampler], weights: Sequence[float], names: Sequence[str]):
        self.samplers, self.weights, self.names = list(samplers), [float(w) for w in weights], list(names)
        sizes = np.array([len(s) for s in self.samplers], dtype=np.int64)
        self.offsets = np.concatenate([[0], np.cumsum(sizes)])
        share = np.array(self.weights) / sum(self.weights)
        self.probabilities = np.repeat(share / sizes, sizes)
        self.probabilities /= self.probabilities.sum()

    def __len__(self) -> int:
        return int(self.offsets[-1])

    def source_of(self, indices: np.ndarray) -> np.ndarray:
        """The store each global window index belongs to."""
        return np.searchsorted(self.offsets, indices, side="right") - 1

    def epoch_permutation(self, seed: int, epoch: int) -> np.ndarray:
        """``len(self)`` weighted draws with replacement, deterministic in ``(seed, epoch)``."""
        return np.random.default_rng([seed, epoch]).choice(len(self), size=len(self), p=self.probabilities)

    def epoch_batches(self, batch_size: int, seed: int, epoch: int, drop_last: bool = False) -> list[np.ndarray]:
        if batch_size < 1:
            raise SamplerError(f"batch_size must be >= 1, got {batch_size}")
        draws = self.epoch_permutation(seed, epoch)
        batches = [draws[i: i + batch_size] for i in range(0, len(draws), batch_size)]
        return [b for b in batches if len(b) == batch_size] if drop_last else batches

    def batch_order(self, batch_size: int, seed: int, drop_last: bool = False) -> BatchOrder:
        return BatchOrder(self, batch_size, seed, drop_last)  # type: ignore[arg-type]

    def get_batch(self, indices: Sequence[int] | np.ndarray) -> dict[str, Any]:
        """The windows at global ``indices``, in that order (each from its own store's ``get_batch``)."""
        indices = np.asarray(indices, dtype=np.int64)
        if len(indices) and (indices.min() < 0 or indices.max() >= len(self)):
            raise SamplerError(f"window index out of range 0..{len(self) - 1}")
        sources = self.source_of(indices)
        parts, places = [], []
        for s in np.unique(sources):
            at = np.flatnonzero(sources == s)
            parts.append(self.samplers[s].get_batch(indices[at] - self.offsets[s]))
            places.append(at)
        order = np.argsort(np.concatenate(places), kind="stable")
        batch: dict[str, Any] = {}
        for key in parts[0]:
            if isinstance(parts[0][key], list):
                joined = [x for part in parts for x in part[key]]
                batch[key] = [joined[i] for i in order]
            else:
                batch[key] = np.concatenate([part[key] for part in parts])[order]
        batch["source"] = sources
        return batch

    def iter_batches(self, batches: Iterable[Sequence[int] | np.ndarray], workers: int = 0,
                     prefetch: int | None = None) -> Iterator[dict[str, Any]]:
        return (self.get_batch(b) for b in batches)

    def describe(self) -> dict[str, Any]:
        """What a checkpoint records of the mixture: each store, its weight, share and window count."""
        total = sum(self.weights)
        return {"stores": [{"path": n, "weight": w, "share": w / total, "windows": len(s)}
                           for n, s, w in zip(self.names, self.samplers, self.weights)]}
