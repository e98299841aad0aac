"""Check every invariant of an episode store; report problems by array and episode.

Checked: the format/version attributes and the feature spec (opening the store), each feature's array
(dtype, per-step shape, chunked along time only), ``meta/episode_ends`` (integer, strictly increasing,
positive, within the data), the per-episode columns (present, long enough, ``length`` consistent with the ends,
task/policy/source indices in range, success in {-1, 0, 1}), that seed labels agree with the data where the store
can tell (below), and that every chunk of every array decodes
(the store writes a CRC32C checksum with each chunk, so flipped bytes fail to read) with finite floats, and,
in format version 2 stores, that no chunk file is missing. A failing chunk is reported exactly as the
``CorruptStoreError`` a reader (``info``, a training sampler) raises for it: array, chunk, episodes.

Seed labels: a store records no fingerprint of a seed, so a label is checked against the data only where two
simulated episodes (source ``demo`` or ``rollout``, seed >= 0) claim the same task and seed: a seeded reset gives
the same start, so their first-step ``state`` features must agree (within ``SEED_START_TOLERANCE``). Two writers
appending at once left exactly this (episodes carrying another episode's seed label). A lone label cannot be
checked without re-running the simulator; deployment and intervention episodes are not seeded resets.

Version 1 stores have no checksums on their meta arrays: ``unchecked_arrays`` lists them (not a problem: the
store is readable, but flipped bits there cannot be detected).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import zarr
from zarr.codecs import Crc32cCodec

from robopolicy.data.store import (
    EPISODE_COLUMNS,
    EPISODE_SOURCES,
    SUCCESS_UNKNOWN,
    CorruptStoreError,
    EpisodeStore,
)

VALID_SUCCESS = (SUCCESS_UNKNOWN, 0, 1)
SEEDED_SOURCES = ("demo", "rollout")  # sources whose seed label is the seed of a simulated reset
# First-step states of two resets with one seed: equal on one machine; allow float noise across machines (another
# seed moves objects by centimetres, far above this).
SEED_START_TOLERANCE = 1e-4


@dataclass(frozen=True)
class Problem:
    """One broken invariant. ``episode`` is the first episode it affects (None when store-wide)."""

    message: str
    array: str | None = None
    episode: int | None = None
    episodes: tuple[int, ...] = ()

    def __str__(self) -> str:
        where = []
        if self.array:
            where.append(self.array)
        if self.episodes:
            shown = ", ".join(map(str, self.episodes[:5])) + (" …" if len(self.episodes) > 5 else "")
            where.append(f"episode{'s' if len(self.episodes) > 1 else ''} {shown}")
        return f"{' / '.join(where)}: {self.message}" if where else self.message


def _problem(message: str, array: str | None = None, episodes: tuple[int, ...] | list[int] = ()) -> Problem:
    eps = tuple(int(e) for e in episodes)
    return Problem(message, array, eps[0] if eps else None, eps)


def _from_error(error: CorruptStoreError) -> Problem:
    return _problem(error.detail, error.array, error.episodes)


def store_arrays(store: EpisodeStore) -> list[str]:
    """Every array of a store: data features, the commit point, the per-episode columns and the tables."""
    return ([f"data/{k}" for k in store.features] + ["meta/episode_ends"]
            + [f"meta/episodes/{c}" for c in EPISODE_COLUMNS if f"meta/episodes/{c}" in store.group]
            + ["meta/tasks", "meta/policies"])


def unchecked_arrays(store: EpisodeStore) -> list[str]:
    """Arrays whose chunks carry no CRC32C (meta arrays of format version 1 stores): bit flips there go unseen."""
    root = store.group
    return [name for name in store_arrays(store)
            if not any(isinstance(c, Crc32cCodec) for c in root[name].compressors)]


def episodes_in_rows(ends: np.ndarray, row_start: int, row_end: int) -> list[int]:
    """Committed episodes with at least one step in rows ``[row_start, row_end)``."""
    starts = np.concatenate([[0], ends[:-1]])
    return np.flatnonzero((starts < row_end) & (ends > row_start)).tolist()


def validate(store: EpisodeStore | str | os.PathLike,
             progress: Callable[[str, int, int], None] | None = None) -> list[Problem]:
    """All problems found in ``store`` (empty when it is sound). Not-a-store errors raise ``StoreError``, and so
    does a damaged commit point or task table (``CorruptStoreError``): the store cannot be opened to check the rest.

    ``progress(array, chunks_done, chunks_total)`` is called while chunks are decoded.
    """
    if not isinstance(store, EpisodeStore):
        store = EpisodeStore.open(store, mode="r")
    root = store.group
    problems: list[Problem] = []
    if store.fps <= 0:
        problems.append(_problem(f"fps attribute must be positive, got {store.fps}"))

    problems += _check_episode_ends(root, store)
    ends = store.episode_ends  # the committed prefix readers use
    num_steps = store.num_steps

    for key, feature in store.features.items():
        arr = store.array(key)
        name = f"data/{key}"
        if np.dtype(arr.dtype) != np.dtype(feature.dtype):
            problems.append(_problem(f"dtype {arr.dtype} does not match the feature spec {feature.dtype}", name))
        if tuple(arr.shape[1:]) != feature.shape:
            problems.append(_problem(f"per-step shape {tuple(arr.shape[1:])} does not match the feature spec "
                                     f"{feature.shape}", name))
        if tuple(arr.chunks[1:]) != tuple(arr.shape[1:]):
            problems.append(_problem(f"chunks {arr.chunks} are not along time only", name))
        if arr.shape[0] < num_steps:
            problems.append(_problem(f"holds {arr.shape[0]} steps but episode_ends commits {num_steps}", name,
                                     episodes_in_rows(ends, arr.shape[0], num_steps)))

    problems += _check_columns(root, store)
    problems += _check_chunks(store, ends, progress)
    if not any(p.array and (p.array.startswith("meta/") or p.array.startswith("data/")) for p in problems):
        problems += _check_seed_labels(store)  # on a store whose columns and chunks read back
    return problems


def _check_episode_ends(root: zarr.Group, store: EpisodeStore) -> list[Problem]:
    problems: list[Problem] = []
    arr = root["meta/episode_ends"]
    name = "meta/episode_ends"
    if not np.issubdtype(np.dtype(arr.dtype), np.integer) or arr.ndim != 1:
        problems.append(_problem(f"must be a 1-d integer array, got {arr.ndim}-d {arr.dtype}", name))
        return problems
    raw = np.asarray(arr[:], dtype=np.int64)
    data_length = min(int(store.array(k).shape[0]) for k in store.features)
    previous = 0
    for i, end in enumerate(raw):
        if end == -1 and np.all(raw[i:] == -1):
            break  # never-written entries of an interrupted append: discarded when a writer re-opens the store
        if end <= previous:
            problems.append(_problem(f"end {end} is not after the previous end {previous} (ends must be strictly "
                                     "increasing)", name, [i]))
            break
        if end > data_length:
            problems.append(_problem(f"end {end} lies past the data ({data_length} steps written)", name, [i]))
            break
        previous = int(end)
    return problems


def _check_columns(root: zarr.Group, store: EpisodeStore) -> list[Problem]:
    problems: list[Problem] = []
    n = store.num_episodes
    lengths = store.episode_lengths
    limits = {"task_index": len(store.tasks), "policy_index": len(store.policies)}
    for col in EPISODE_COLUMNS:
        name = f"meta/episodes/{col}"
        if name not in root:
            problems.append(_problem("missing per-episode column", name))
            continue
        arr = root[name]
        if arr.shape[0] < n:
            problems.append(_problem(f"has {arr.shape[0]} rows for {n} committed episodes", name,
                                     list(range(arr.shape[0], n))))
            continue
        try:
            values = store.read_rows(name, arr, 0, n)
        except CorruptStoreError as e:
            problems.append(_from_error(e))
            continue
        if col == "length":
            bad = np.flatnonzero(values != lengths)
            if len(bad):
                i = int(bad[0])
                problems.append(_problem(f"length {int(values[i])} disagrees with episode_ends ({int(lengths[i])} "
                                         "steps)", name, bad.tolist()))
        elif col in limits:
            bad = np.flatnonzero((values < -1) | (values >= limits[col]))
            if len(bad):
                problems.append(_problem(f"index {int(values[bad[0]])} out of range [-1, {limits[col]})", name,
                                         bad.tolist()))
        elif col == "source":
            bad = np.flatnonzero((values < 0) | (values >= len(EPISODE_SOURCES)))
            if len(bad):
                problems.append(_problem(f"source index {int(values[bad[0]])} is not one of "
                                         f"{list(range(len(EPISODE_SOURCES)))} ({', '.join(EPISODE_SOURCES)})",
                                         name, bad.tolist()))
        elif col == "success":
            bad = np.flatnonzero(~np.isin(values, VALID_SUCCESS))
            if len(bad):
                problems.append(_problem(f"success value {int(values[bad[0]])} is not one of {list(VALID_SUCCESS)}",
                                         name, bad.tolist()))
    return problems  # meta/tasks and meta/policies are read (and checked) when the store opens


def _check_seed_labels(store: EpisodeStore) -> list[Problem]:
    """Episodes claiming the same (task, seed) of a seeded reset whose first-step states differ (see the module
    docstring): the labels of all but the first of each group are reported."""
    state_keys = [k for k, f in store.features.items() if f.kind == "state"]
    if not state_keys or store.num_episodes < 2:
        return []
    seeds, tasks, sources = store.column("seed"), store.column("task_index"), store.column("source")
    seeded = np.isin(sources, [EPISODE_SOURCES.index(s) for s in SEEDED_SOURCES]) & (seeds >= 0)
    groups: dict[tuple[int, int], list[int]] = {}
    for i in np.flatnonzero(seeded):
        groups.setdefault((int(tasks[i]), int(seeds[i])), []).append(int(i))
    groups = {label: eps for label, eps in groups.items() if len(eps) > 1}
    if not groups:
        return []
    starts = store.episode_starts
    first_rows = {k: store.read_steps(k, 0, store.num_steps)[starts] for k in state_keys}
    problems = []
    for (task, seed), episodes in groups.items():
        reference = episodes[0]
        differ = [i for i in episodes[1:] if any(
            not np.allclose(first_rows[k][i], first_rows[k][reference], rtol=SEED_START_TOLERANCE,
                            atol=SEED_START_TOLERANCE) for k in state_keys)]
        if differ:
            what = f"task {store.tasks[task]!r}" if task >= 0 else "no task"
            problems.append(_problem(
                f"seed label {seed} ({what}) is also episode {reference}'s, but these episodes start from another "
                f"state ({', '.join(state_keys)} at step 0): a seeded reset starts the same way, so their seed labels "
                "do not match their data (were two writers appending at once?); drop or re-collect them",
                "meta/episodes/seed", differ))
    return problems


def _check_chunks(store: EpisodeStore, ends: np.ndarray,
                  progress: Callable[[str, int, int], None] | None) -> list[Problem]:
    """Decode every chunk holding committed steps; name the episodes of each one that fails."""
    problems: list[Problem] = []
    num_steps = store.num_steps
    for key, feature in store.features.items():
        arr = store.array(key)
        name = f"data/{key}"
        step = int(arr.chunks[0])
        total = -(-min(num_steps, arr.shape[0]) // step)
        floats = np.issubdtype(np.dtype(feature.dtype), np.floating)
        for c in range(total):
            r0, r1 = c * step, min((c + 1) * step, num_steps, arr.shape[0])
            try:
                values = store.read_rows(name, arr, r0, r1)
            except CorruptStoreError as e:  # checksum mismatch, a codec error or a missing chunk file
                problems.append(_from_error(e))
            else:
                if floats and not np.all(np.isfinite(values)):
                    rows = r0 + np.flatnonzero(~np.isfinite(values.reshape(len(values), -1)).all(axis=1))
                    eps = sorted({int(np.searchsorted(ends, r, side="right")) for r in rows})
                    problems.append(_problem(f"NaN or inf in steps {int(rows[0])}…{int(rows[-1])}", name, eps))
            if progress is not None:
                progress(name, c + 1, total)
    return problems


def first_broken_episode(problems: list[Problem]) -> Problem | None:
    """The problem affecting the lowest episode index (None when no problem names an episode)."""
    with_episode = [p for p in problems if p.episode is not None]
    return min(with_episode, key=lambda p: p.episode) if with_episode else None
