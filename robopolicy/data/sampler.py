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
Zarr (``in_memory=False``, see ``chunks.py``).

Disk mode keeps decoded chunks in a bounded cache (``cache_bytes``, ``chunk_cache.py``) and is meant to be read in
a chunk-aware order (``chunk_aware``, the default from disk), a shuffle buffer at the granularity of chunks:
``epoch_batches`` / ``batch_order`` give every run of consecutive chunks of the finest-chunked observation (the
images; a run spans at least ``RUN_STEPS`` steps) a random slot in the epoch and draw its windows at uniformly
random times within a stretch of the epoch that overlaps ``shuffle_chunks`` chunks' worth of other runs. So about
``shuffle_chunks`` chunks, spread over the whole store, are being drawn from at any time, each batch mixes windows
of all of them, and every chunk is decoded about once per epoch while the cache holds the ones in play. With a
cache that holds every chunk the order is a uniform permutation. ``iter_batches(batches, workers=N)`` builds
batches ahead on N threads that share the cache (decoding and numpy's gathers release the GIL). In-memory samplers
keep the plain uniform permutation unless ``chunk_aware=True`` is asked for (the learning check compares them).
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np
import torch.utils.data
from tqdm.auto import tqdm

from robopolicy.data.chunk_cache import ChunkCache, available_memory, chunk_bytes, split_budget
from robopolicy.data.chunks import RawRowReader
from robopolicy.data.store import EpisodeStore
from robopolicy.errors import RobopolicyError

DEFAULT_CACHE_BYTES = 1 << 30  # decoded-chunk cache of a disk sampler unless given (at most 1/4 of free memory)
IN_MEMORY_SHUFFLE_CHUNKS = 256  # chunk-aware order of an in-memory sampler (no cache to size it from)
# The chunk-aware order moves runs of consecutive chunks spanning at least this many steps together: a window whose
# To frames straddle two chunks then finds both in play except at a run's end (a spill decode per run, not per
# chunk), at the price of fewer, longer runs in play.
RUN_STEPS = 8
# in_memory=None (auto) loads the episodes when their decoded size is at most this share of the available memory
MEMORY_SHARE = 0.5


class SamplerError(RobopolicyError, ValueError):
    """Window sampler arguments do not fit the store (unknown key, bad horizons, no windows, bad split)."""


def window_count(length: int, obs_horizon: int, pred_horizon: int, exec_horizon: int) -> int:
    """Windows in an episode of ``length`` steps: starts ``-(To-1) .. L - Tp + (Ta-1)`` inclusive."""
    return max(0, length - pred_horizon + exec_horizon + obs_horizon - 1)


def usable_cores() -> int:
    """CPU cores this process may run on (its affinity mask where the OS has one)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


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


def decoded_bytes(store: EpisodeStore, keys: Sequence[str], episodes: Sequence[int] | np.ndarray) -> int:
    """Bytes the arrays ``keys`` of ``episodes`` take once decoded (what ``in_memory=True`` loads)."""
    rows = int(np.asarray(store.episode_lengths)[np.asarray(episodes, dtype=np.int64)].sum())
    per_row = sum(int(np.prod(store.array(k).shape[1:], dtype=np.int64)) * store.array(k).dtype.itemsize for k in keys)
    return rows * per_row


def choose_in_memory(store: EpisodeStore, keys: Sequence[str], episodes: Sequence[int] | np.ndarray,
                     in_memory: bool | None) -> tuple[bool, str]:
    """``(in_memory, why)``: ``in_memory`` as given, or (None) in memory when the decoded data is at most
    ``MEMORY_SHARE`` of the memory available now, else from disk (chunk-aware order, bounded chunk cache)."""
    size = decoded_bytes(store, keys, episodes)
    gib = f"{size / 2**30:.2f} GiB decoded"
    if in_memory is not None:
        return bool(in_memory), f"{'in memory' if in_memory else 'from disk'} as asked (in_memory={in_memory}; {gib})"
    available = available_memory()
    if available is None:
        return True, f"in memory ({gib}; available memory unknown)"
    if size <= MEMORY_SHARE * available:
        return True, f"in memory: {gib}, at most {MEMORY_SHARE:.0%} of the {available / 2**30:.1f} GiB available"
    return False, (f"from disk: {gib}, more than {MEMORY_SHARE:.0%} of the {available / 2**30:.1f} GiB available "
                   "(chunk-aware order and a bounded chunk cache; in_memory=true forces loading)")


class WindowSampler(torch.utils.data.Dataset):
    """``(To, Tp)`` windows of an episode store as a torch ``Dataset``.

    ``ds[i]`` -> ``{obs_key: (To, *shape), action_key: (Tp, Da), "obs_is_pad": (To,) bool,
    "action_is_pad": (Tp,) bool, "episode_index": int, ["task": str]}`` as numpy arrays (the default
    DataLoader collation turns them into tensors). ``get_batch(indices)`` returns the same keys stacked along a
    leading ``B`` axis (``"episode_index"`` is ``(B,)`` int64, ``"task"`` a list of B strings).

    Disk-mode options (keyword-only; see the module docstring):

    - ``cache_bytes``: bound of the decoded-chunk cache (default ``min(1 GiB, a quarter of the free memory)``;
      ``0``: no cache, every batch decodes the chunks it touches). More than the memory available now is refused.
      Ignored in memory. Each DataLoader worker *process* holds its own cache; ``iter_batches`` threads share one.
    - ``chunk_aware``: the order ``epoch_batches`` / ``batch_order`` produce (default: on from disk, off in memory).
    - ``shuffle_chunks``: the shuffle buffer of the chunk-aware order, in chunks of the finest-chunked observation
      drawn from at any time (default: half the cache's slots for that observation, leaving the other half for
      chunks leaving play and prefetch; all its chunks when the cache holds them all, which makes the order
      uniform). At most half the slots unless the cache holds every chunk.
    """

    @classmethod
    def for_policy(cls, store: EpisodeStore | str | Path, spec: Any, in_memory: bool = True) -> WindowSampler:
        """The windows a policy with ``spec`` (its ``PolicySpec``) samples from and trains on, over ``store`` (an
        ``EpisodeStore`` or its path): its observation keys, action key, horizons and, for a language policy, the
        task."""
        if not isinstance(store, EpisodeStore):
            store = EpisodeStore.open(store)
        return cls(store, obs_keys=list(spec.obs_features), action_key=spec.action_key, obs_horizon=spec.obs_horizon,
                   pred_horizon=spec.pred_horizon, exec_horizon=spec.exec_horizon, in_memory=in_memory,
                   include_task=spec.language)

    def __init__(self, store: EpisodeStore, obs_keys: Sequence[str], action_key: str = "action",
                 obs_horizon: int = 2, pred_horizon: int = 16, exec_horizon: int = 8,
                 episodes: Sequence[int] | np.ndarray | None = None, in_memory: bool = True,
                 include_task: bool = False, *, chunk_aware: bool | None = None, cache_bytes: int | None = None,
                 shuffle_chunks: int | None = None):
        self.obs_keys = list(obs_keys)
        self.action_key = action_key
        self.obs_horizon, self.pred_horizon, self.exec_horizon = int(obs_horizon), int(pred_horizon), int(exec_horizon)
        self.in_memory = bool(in_memory)
        self.include_task = bool(include_task)
        self.chunk_aware = (not self.in_memory) if chunk_aware is None else bool(chunk_aware)
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

        # Chunk-aware order: each window belongs to the chunk of its first observation row in the finest-chunked
        # observation array (the images), in store rows; runs of run_chunks consecutive chunks move together.
        self._anchor_key = min(self.obs_keys or self._keys, key=lambda k: (
            int(store.array(k).chunks[0]), -np.prod(store.features[k].shape or (1,)), self._keys.index(k)))
        anchor_steps = int(store.array(self._anchor_key).chunks[0])
        first_obs = np.clip(self._win_start, 0, self._win_length - 1) + starts[self._win_episode]
        self._win_group = first_obs // anchor_steps
        self.run_chunks = -(-RUN_STEPS // anchor_steps) if self.obs_horizon > 1 else 1
        self._anchor_chunks = len(np.unique(self._win_group))

        self.cache_bytes = 0
        self._cache_slots: dict[str, int] = {}
        self._chunks_read: dict[str, int] = {}
        self._caches: dict[str, ChunkCache] = {}
        self._row_readers: dict[str, RawRowReader] = {}
        if self.in_memory:
            self._arrays, row_starts = _load_episodes(store, self._keys, self.episodes)
        else:
            self._arrays, row_starts = {k: store.chunk_reader(k) for k in self._keys}, starts
            self.cache_bytes = self._check_cache_bytes(store, cache_bytes)
            self._cache_slots = self._plan_cache(store, starts, lengths)
            self._build_caches()
        self._win_row_start = np.asarray(row_starts, dtype=np.int64)[self._win_episode]
        self._tasks = self._episode_tasks(store) if self.include_task else None
        self.paraphrase_seed: int | None = None   # set: instructions rephrased per window (training augmentation)
        self.shuffle_chunks = self._check_shuffle_chunks(shuffle_chunks) if self.chunk_aware else None

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

    def _check_cache_bytes(self, store: EpisodeStore, cache_bytes: int | None) -> int:
        available = available_memory()
        if cache_bytes is None:
            return DEFAULT_CACHE_BYTES if available is None else min(DEFAULT_CACHE_BYTES, available // 4)
        if isinstance(cache_bytes, bool) or not isinstance(cache_bytes, (int, np.integer)) or cache_bytes < 0:
            raise SamplerError(f"cache_bytes must be a whole number of bytes >= 0 (0: no cache), got {cache_bytes!r}")
        if available is not None and cache_bytes > available:
            raise SamplerError(f"cache_bytes={int(cache_bytes):,} ({cache_bytes / 2**30:.1f} GiB) is more than the "
                               f"memory available now, {available:,} bytes ({available / 2**30:.1f} GiB, MemAvailable); "
                               f"pass at most that (the cache of {store.path} is never larger than its decoded data)")
        return int(cache_bytes)

    def _plan_cache(self, store: EpisodeStore, starts: np.ndarray, lengths: np.ndarray) -> dict[str, int]:
        """Slots per key: the budget water-filled over the keys' decoded sizes (chunks the episodes touch)."""
        if self.cache_bytes == 0:
            return {}
        full: dict[str, int] = {}
        cached = {k: r for k, r in self._arrays.items() if not r.raw}  # uncompressed arrays: the page cache
        for key, reader in cached.items():
            step = reader.chunk_steps
            first, last = starts // step, (starts + lengths - 1) // step
            touched = np.zeros(int(last.max()) + 1, dtype=bool)
            for a, b in zip(first, last):
                touched[a: b + 1] = True
            self._chunks_read[key] = int(touched.sum())   # distinct chunks of the key the episodes touch
            full[key] = self._chunks_read[key] * chunk_bytes(reader)
        if not full:
            return {}
        budget = split_budget(full, {k: chunk_bytes(r) for k, r in cached.items()}, self.cache_bytes)
        return {k: budget[k] // chunk_bytes(r) for k, r in cached.items() if budget[k] >= chunk_bytes(r)}

    def _build_caches(self) -> None:
        self._caches = {}
        self._row_readers = {k: RawRowReader(r) for k, r in self._arrays.items() if r.raw}
        for key, slots in self._cache_slots.items():
            reader = self._arrays[key]
            num_chunks = -(-int(self._num_source_rows) // reader.chunk_steps)
            self._caches[key] = ChunkCache(reader, slots, num_chunks, chunks_read=self._chunks_read.get(key))

    @property
    def _num_source_rows(self) -> int:
        return int(max((int(r.array.shape[0]) for r in self._arrays.values()), default=0))

    def _check_shuffle_chunks(self, shuffle_chunks: int | None) -> int:
        anchor = self._anchor_key
        slots = self._cache_slots.get(anchor, 0)
        holds_all = slots >= self._anchor_chunks
        if shuffle_chunks is None:
            if holds_all:
                return self._anchor_chunks
            return max(1, slots // 2) if slots else min(IN_MEMORY_SHUFFLE_CHUNKS, self._anchor_chunks)
        if isinstance(shuffle_chunks, bool) or not isinstance(shuffle_chunks, (int, np.integer)) or shuffle_chunks < 1:
            raise SamplerError(f"shuffle_chunks must be a whole number of chunks >= 1, got {shuffle_chunks!r}")
        if slots and not holds_all and shuffle_chunks > slots // 2:
            per_chunk = chunk_bytes(self._arrays[anchor])
            raise SamplerError(f"shuffle_chunks={shuffle_chunks} needs 2 x {shuffle_chunks} chunks of {anchor!r} "
                               f"({2 * shuffle_chunks * per_chunk:,} bytes) in the chunk cache, which holds {slots} "
                               f"of them (cache_bytes={self.cache_bytes:,}); raise cache_bytes or use "
                               f"shuffle_chunks <= {max(1, slots // 2)}")
        return int(shuffle_chunks)

    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        state["_caches"] = {}  # locks do not pickle; each process builds its own (empty) caches
        state["_row_readers"] = {}
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        if not self.in_memory:
            self._build_caches()

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
            if self.paraphrase_seed is not None:
                batch["task"] = self._paraphrased(batch["task"], np.asarray(indices))
        return batch

    def _paraphrased(self, tasks: list[str], indices: np.ndarray) -> list[str]:
        """Each window's instruction rephrased (``robopolicy.data.instructions.paraphrases``), the wording chosen by
        ``(paraphrase_seed, window index)``: deterministic, so a resumed run sees the same batches."""
        from robopolicy.data.instructions import paraphrases

        out = []
        for task, index in zip(tasks, indices):
            options = paraphrases(task)
            out.append(options[int(np.random.default_rng([self.paraphrase_seed, int(index)]).integers(len(options)))])
        return out

    def _gather(self, key: str, rows: np.ndarray) -> np.ndarray:
        """``(B, T, *shape)`` values at ``rows`` ``(B, T)``."""
        source = self._arrays[key]
        if self.in_memory:
            return source[rows]
        if (direct := self._row_readers.get(key)) is not None:
            return direct.gather(rows)
        cache = self._caches.get(key)
        if cache is not None:
            return cache.gather(rows)
        unique, inverse = np.unique(rows, return_inverse=True)
        values = source.read_rows(unique)  # one decode per touched chunk
        return values[inverse.reshape(rows.shape)]

    def cache_stats(self) -> dict[str, dict[str, int]]:
        """Per cached key: ``slots``, ``bytes``, ``hits`` and ``decodes`` (chunks), ``uncached_batches``."""
        return {k: c.stats() for k, c in self._caches.items()}

    # ------------------------------------------------------------------ order
    def epoch_permutation(self, seed: int, epoch: int) -> np.ndarray:
        """All window indices once, in epoch ``epoch``'s order (deterministic in ``(seed, epoch)``).

        Not chunk-aware: ``np.random.default_rng([seed, epoch]).permutation(len(self))``, the trainer's order.
        Chunk-aware (a shuffle buffer of ``P = shuffle_chunks / run_chunks`` runs out of ``N``): run ``r`` gets a
        random slot ``k_r`` and each of its windows the time ``k_r / N * (1 - d) + u * d`` with ``u`` uniform and
        ``d = P / (N + P)``, so about ``P`` runs are in play at any time; windows are taken in time order.
        ``P >= N`` gives a uniform permutation.
        """
        rng = np.random.default_rng([seed, epoch])
        if not self.chunk_aware:
            return rng.permutation(len(self))
        runs, inverse = np.unique(self._win_group // self.run_chunks, return_inverse=True)
        n_runs, in_play = len(runs), max(1, int(self.shuffle_chunks) // self.run_chunks)
        if in_play >= n_runs:
            return rng.permutation(len(self))
        d = in_play / (n_runs + in_play)
        slot = rng.permutation(n_runs) / n_runs * (1.0 - d)
        return np.argsort(slot[inverse] + rng.random(len(self)) * d, kind="stable")

    def epoch_batches(self, batch_size: int, seed: int, epoch: int, drop_last: bool = False) -> list[np.ndarray]:
        """Epoch ``epoch``'s permutation cut into batches of ``batch_size`` (only full ones with ``drop_last``)."""
        if batch_size < 1:
            raise SamplerError(f"batch_size must be >= 1, got {batch_size}")
        perm = self.epoch_permutation(seed, epoch)
        batches = [perm[i: i + batch_size] for i in range(0, len(perm), batch_size)]
        return [b for b in batches if len(b) == batch_size] if drop_last else batches

    def batch_order(self, batch_size: int, seed: int, drop_last: bool = False) -> BatchOrder:
        """A resumable epoch order over this sampler, a drop-in for the trainer's ``EpochOrder``."""
        return BatchOrder(self, batch_size, seed, drop_last)

    def iter_batches(self, batches: Iterable[Sequence[int] | np.ndarray], workers: int = 0,
                     prefetch: int | None = None) -> Iterator[dict[str, Any]]:
        """``get_batch`` of each index array in ``batches``, in order; ``workers`` >= 1 threads build up to
        ``prefetch`` (default ``2 * workers``) batches ahead, sharing the chunk cache. ``workers=0``: in the
        calling thread. More workers than usable CPU cores is refused. Closing the iterator stops the threads."""
        if isinstance(workers, bool) or not isinstance(workers, (int, np.integer)) or workers < 0:
            raise SamplerError(f"workers must be a whole number >= 0 (0: read in the calling thread), got {workers!r}")
        cores = usable_cores()
        if workers > cores:
            raise SamplerError(f"workers={workers} is more than the {cores} CPU cores this process may use; "
                               f"pass workers <= {cores} (0 reads in the calling thread)")
        ahead = 2 * int(workers) if prefetch is None else int(prefetch)
        if workers and ahead < 1:
            raise SamplerError(f"prefetch must be >= 1 batch with workers, got {prefetch!r}")
        if not workers:
            return (self.get_batch(b) for b in batches)
        return self._prefetched(iter(batches), int(workers), ahead)

    def _prefetched(self, batches: Iterator, workers: int, ahead: int) -> Iterator[dict[str, Any]]:
        pending: deque[Future] = deque()
        pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="window-sampler")
        try:
            for indices in batches:
                pending.append(pool.submit(self.get_batch, indices))
                if len(pending) > ahead:
                    yield pending.popleft().result()
            while pending:
                yield pending.popleft().result()
        finally:
            for future in pending:
                future.cancel()
            pool.shutdown(wait=True, cancel_futures=True)

    def __getitem__(self, index: int) -> dict[str, Any]:
        batch = self.get_batch(np.array([index]))
        item = {k: v[0] for k, v in batch.items()}
        item["episode_index"] = int(item["episode_index"])
        return item

    def __repr__(self) -> str:
        mode = "in memory" if self.in_memory else f"from disk, cache {self.cache_bytes / 2**20:.0f} MiB"
        if self.chunk_aware:
            mode += (f", chunk-aware order ({self.shuffle_chunks} of {self._anchor_chunks} chunks of "
                     f"{self._anchor_key!r} in play, runs of {self.run_chunks})")
        return (f"WindowSampler({len(self)} windows over {len(self.episodes)} episodes, To={self.obs_horizon}, "
                f"Tp={self.pred_horizon}, Ta={self.exec_horizon}, {mode})")


class BatchOrder:
    """Seeded batches of window indices per epoch (``WindowSampler.epoch_batches``); ``(epoch, cursor)`` is the
    whole state. The same interface as the trainer's ``EpochOrder`` (and the same batches when the sampler is not
    chunk-aware)."""

    def __init__(self, sampler: WindowSampler, batch_size: int, seed: int, drop_last: bool = False):
        self.sampler = sampler
        self.num_windows, self.batch_size, self.seed, self.drop_last = len(sampler), int(batch_size), int(seed), drop_last
        self.epoch, self.cursor = 0, 0

    def epoch_batches(self, epoch: int) -> list[np.ndarray]:
        return self.sampler.epoch_batches(self.batch_size, self.seed, epoch, self.drop_last)

    def state_dict(self) -> dict[str, int]:
        return {"epoch": self.epoch, "cursor": self.cursor}

    def load_state_dict(self, state: dict[str, int]) -> None:
        self.epoch, self.cursor = int(state["epoch"]), int(state["cursor"])


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
