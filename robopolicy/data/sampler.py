"""Training windows over an episode store, in the Diffusion Policy convention.

A window is ``Tp`` consecutive steps of one episode starting at local step ``s`` with
``s ∈ [-(To-1), L - Tp + (Ta-1)]`` (``To`` obs horizon, ``Tp`` prediction horizon, ``Ta`` execution horizon,
``L`` the episode length). The observations are the window's first ``To`` steps, the actions all ``Tp``.
Positions before the episode repeat its first frame, positions after it repeat its last frame (edge padding),
and are flagged in ``obs_is_pad`` / ``action_is_pad``. A window never crosses an episode. The action executed
first at inference is chunk index ``To - 1`` (``robopolicy.policies.protocol.executed_slice``), which is the
action recorded at the same step as the last observation.

All windows are precomputed as ``(episode, start)`` tables, so ``get_batch(indices)`` builds a whole batch with
a few vectorized gathers: from RAM (``in_memory=True``, the store's needed keys copied into memory) or from
Zarr (``in_memory=False``, each chunk a batch touches decoded once per batch, see ``chunks.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import torch.utils.data
from tqdm.auto import tqdm

from robopolicy.data.store import EpisodeStore
from robopolicy.errors import RobopolicyError


class SamplerError(RobopolicyError, ValueError):
    """Window sampler arguments do not fit the store (unknown key, bad horizons, no windows, bad split)."""


def window_count(length: int, obs_horizon: int, pred_horizon: int, exec_horizon: int) -> int:
    """Windows in an episode of ``length`` steps: starts ``-(To-1) .. L - Tp + (Ta-1)`` inclusive."""
    return max(0, length - pred_horizon + exec_horizon + obs_horizon - 1)


def split_episodes(num_episodes: int, val_fraction: float = 0.1, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Seeded train/val split by episode, at least one episode on each side.

    Returns ``(train, val)`` sorted episode indices; ``val`` has ``round(E * val_fraction)`` episodes clamped
    to ``[1, E - 1]``. Deterministic in ``(num_episodes, val_fraction, seed)``.
    """
    if num_episodes < 2:
        raise SamplerError(f"a train/val split needs at least 2 episodes (one each side), got {num_episodes}")
    if not 0.0 < val_fraction < 1.0:
        raise SamplerError(f"val_fraction must be in (0, 1), got {val_fraction!r}")
    num_val = int(min(max(round(num_episodes * val_fraction), 1), num_episodes - 1))
    order = np.random.default_rng(seed).permutation(num_episodes)
    return np.sort(order[num_val:]).astype(np.int64), np.sort(order[:num_val]).astype(np.int64)


class WindowSampler(torch.utils.data.Dataset):
    """``(To, Tp)`` windows of an episode store as a torch ``Dataset``.

    ``ds[i]`` -> ``{obs_key: (To, *shape), action_key: (Tp, Da), "obs_is_pad": (To,) bool,
    "action_is_pad": (Tp,) bool, "episode_index": int, ["task": str]}`` as numpy arrays (the default
    DataLoader collation turns them into tensors). ``get_batch(indices)`` returns the same keys stacked along a
    leading ``B`` axis (``"episode_index"`` is ``(B,)`` int64, ``"task"`` a list of B strings).
    """

    def __init__(self, store: EpisodeStore, obs_keys: Sequence[str], action_key: str = "action",
                 obs_horizon: int = 2, pred_horizon: int = 16, exec_horizon: int = 8,
                 episodes: Sequence[int] | np.ndarray | None = None, in_memory: bool = True,
                 include_task: bool = False):
        self.obs_keys = list(obs_keys)
        self.action_key = action_key
        self.obs_horizon, self.pred_horizon, self.exec_horizon = int(obs_horizon), int(pred_horizon), int(exec_horizon)
        self.in_memory = bool(in_memory)
        self.include_task = bool(include_task)
        self._check_args(store)
        self.episodes = self._check_episodes(store, episodes)
        self.features = {k: store.features[k] for k in self._keys}

        starts = store.episode_starts[self.episodes]
        lengths = store.episode_lengths[self.episodes]
        counts = np.array([window_count(int(n), self.obs_horizon, self.pred_horizon, self.exec_horizon)
                           for n in lengths], dtype=np.int64)
        if counts.sum() == 0:
            raise SamplerError(f"no windows: every selected episode is shorter than pred_horizon - exec_horizon - "
                               f"obs_horizon + 2 = {self.pred_horizon - self.exec_horizon - self.obs_horizon + 2} "
                               f"steps (longest has {int(lengths.max())})")
        self.windows_per_episode = counts
        # Window tables: position in self.episodes, local start, and the episode's row range in the data source.
        self._win_episode = np.repeat(np.arange(len(self.episodes)), counts)
        first = np.repeat(np.cumsum(counts) - counts, counts)
        self._win_start = np.arange(int(counts.sum()), dtype=np.int64) - first - (self.obs_horizon - 1)
        self._win_length = lengths[self._win_episode]
        self._pred_steps = np.arange(self.pred_horizon, dtype=np.int64)

        if self.in_memory:
            self._arrays, row_starts = _load_episodes(store, self._keys, self.episodes)
        else:
            self._arrays, row_starts = {k: store.chunk_reader(k) for k in self._keys}, starts
        self._win_row_start = np.asarray(row_starts, dtype=np.int64)[self._win_episode]
        self._tasks = self._episode_tasks(store) if self.include_task else None

    # ------------------------------------------------------------------ set-up
    @property
    def _keys(self) -> list[str]:
        return list(dict.fromkeys([*self.obs_keys, self.action_key]))

    def _check_args(self, store: EpisodeStore) -> None:
        unknown = [k for k in self._keys if k not in store.features]
        if unknown:
            raise SamplerError(f"{store.path}: no feature(s) {unknown}; features: {', '.join(store.features)}")
        if self.action_key in self.obs_keys:
            raise SamplerError(f"action key {self.action_key!r} cannot also be an observation key")
        To, Tp, Ta = self.obs_horizon, self.pred_horizon, self.exec_horizon
        if not 1 <= To <= Tp:
            raise SamplerError(f"obs_horizon must be in [1, pred_horizon={Tp}], got {To}")
        if not 1 <= Ta <= Tp - To + 1:
            raise SamplerError(f"exec_horizon must be in [1, pred_horizon - obs_horizon + 1 = {Tp - To + 1}], got {Ta}")

    @staticmethod
    def _check_episodes(store: EpisodeStore, episodes: Sequence[int] | np.ndarray | None) -> np.ndarray:
        n = store.num_episodes
        if episodes is None:
            chosen = np.arange(n, dtype=np.int64)
        else:
            chosen = np.asarray(episodes, dtype=np.int64).reshape(-1)
            bad = chosen[(chosen < 0) | (chosen >= n)]
            if len(bad):
                raise SamplerError(f"episode indices {bad[:5].tolist()} out of range: {store.path} has {n} episodes")
            if len(np.unique(chosen)) != len(chosen):
                raise SamplerError("episode indices must be unique")
        if len(chosen) == 0:
            raise SamplerError(f"no episodes to sample from ({store.path} has {n} committed episodes)")
        return chosen

    def _episode_tasks(self, store: EpisodeStore) -> list[str]:
        tasks = []
        for e in self.episodes:
            task = store.episode_meta(int(e))["task"]
            if task is None:
                raise SamplerError(f"include_task=True but episode {int(e)} of {store.path} has no task instruction")
            tasks.append(task)
        return tasks

    # ------------------------------------------------------------------ access
    def __len__(self) -> int:
        return len(self._win_start)

    @property
    def windows(self) -> np.ndarray:
        """``(N, 2)`` int64 table of ``(store episode index, local start step)``, one row per window."""
        return np.stack([self.episodes[self._win_episode], self._win_start], axis=1)

    @property
    def memory_arrays(self) -> dict[str, np.ndarray]:
        """The in-memory copies ``{key: (N_selected_steps, ...)}`` (in-memory mode only), episodes concatenated
        in the order of ``self.episodes``."""
        if not self.in_memory:
            raise SamplerError("memory_arrays exists only for in_memory=True samplers")
        return dict(self._arrays)

    def window_rows(self, indices: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Rows in the data source ``(B, Tp)`` (edge-clipped to the episode) and the pad mask ``(B, Tp)``."""
        local = self._win_start[indices, None] + self._pred_steps[None, :]
        clipped = np.clip(local, 0, self._win_length[indices, None] - 1)
        return clipped + self._win_row_start[indices, None], local != clipped

    def get_batch(self, indices: Sequence[int] | np.ndarray) -> dict[str, Any]:
        """A stacked batch of windows: ``{obs_key: (B, To, ...), action_key: (B, Tp, Da), ...}``."""
        indices = np.asarray(indices, dtype=np.int64).reshape(-1)
        n = len(self)
        if len(indices) and (indices.min() < -n or indices.max() >= n):
            raise IndexError(f"window index out of range: this sampler has {n} windows")
        indices = indices % n
        rows, is_pad = self.window_rows(indices)
        obs_rows = rows[:, : self.obs_horizon]
        batch: dict[str, Any] = {}
        for key in self.obs_keys:
            batch[key] = self._gather(key, obs_rows)
        batch[self.action_key] = self._gather(self.action_key, rows)
        batch["obs_is_pad"] = is_pad[:, : self.obs_horizon].copy()
        batch["action_is_pad"] = is_pad
        batch["episode_index"] = self.episodes[self._win_episode[indices]]
        if self._tasks is not None:
            batch["task"] = [self._tasks[p] for p in self._win_episode[indices]]
        return batch

    def _gather(self, key: str, rows: np.ndarray) -> np.ndarray:
        """``(B, T, *shape)`` values at ``rows`` ``(B, T)``."""
        source = self._arrays[key]
        if self.in_memory:
            return source[rows]
        unique, inverse = np.unique(rows, return_inverse=True)
        values = source.read_rows(unique)  # one decode per touched chunk
        return values[inverse.reshape(rows.shape)]

    def __getitem__(self, index: int) -> dict[str, Any]:
        batch = self.get_batch(np.array([index]))
        item = {k: v[0] for k, v in batch.items()}
        item["episode_index"] = int(item["episode_index"])
        return item

    def __repr__(self) -> str:
        mode = "in memory" if self.in_memory else "from disk"
        return (f"WindowSampler({len(self)} windows over {len(self.episodes)} episodes, To={self.obs_horizon}, "
                f"Tp={self.pred_horizon}, Ta={self.exec_horizon}, {mode})")


def _load_episodes(store: EpisodeStore, keys: list[str], episodes: np.ndarray) -> tuple[dict[str, np.ndarray], np.ndarray]:
    """Copy the chosen episodes' steps of ``keys`` into RAM, compacted; returns arrays and new row starts."""
    starts, lengths = store.episode_starts[episodes], store.episode_lengths[episodes]
    row_starts = np.cumsum(lengths) - lengths
    selected = np.zeros(store.num_steps, dtype=bool)
    for s, n in zip(starts, lengths):
        selected[s: s + n] = True
    total = int(lengths.sum())
    # In episode-selection order: global rows of the compacted copy.
    global_rows = np.concatenate([np.arange(s, s + n) for s, n in zip(starts, lengths)])
    arrays: dict[str, np.ndarray] = {}
    for key in keys:
        source = store.array(key)
        block = int(source.chunks[0])
        out = np.empty((total, *source.shape[1:]), dtype=source.dtype)
        # The sorted copy, filled block by block (each chunk decoded once), then put in selection order.
        order = np.argsort(global_rows, kind="stable")
        sorted_rows = global_rows[order]
        filled = 0
        blocks = range(0, store.num_steps, block)
        for b0 in tqdm(blocks, desc=f"loading {key}", leave=False, disable=len(blocks) < 8):
            b1 = min(b0 + block, store.num_steps)
            mask = selected[b0:b1]
            if not mask.any():
                continue
            values = store.read_steps(key, b0, b1)[mask]  # a damaged chunk: CorruptStoreError
            out[order[filled: filled + len(values)]] = values
            filled += len(values)
        assert filled == total and np.array_equal(sorted_rows, np.flatnonzero(selected))
        arrays[key] = out
    return arrays, row_starts
