"""The episode store: episodes of per-step arrays in one Zarr group on disk.

Layout (see docs/architecture.md)::

    <name>.zarr/
      attrs: format, version, fps, robot, features{key: {shape, dtype, kind}}, created_by
      data/<key>          (N_total, ...) chunked along time only; images uint8 HWC, lossless
      meta/episode_ends   (E,) int64, cumulative; the commit point of an append
      meta/episodes/<col> (E,) per-episode columns: task_index, success, length, source, seed, policy_index
      meta/tasks          instruction strings;  meta/policies  policy ids

Crash safety: an append writes the data arrays first, then the per-episode columns, then grows
``meta/episode_ends`` last. Zarr's local store replaces every chunk and metadata file atomically (temp file,
then rename), so a writer killed at any point leaves the committed prefix intact. Whatever lies past the last
committed end is ignored by readers and cut off when a writer re-opens the store. One writer, many readers.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import numpy as np
import zarr
from zarr.codecs import BloscCodec, BytesCodec, Crc32cCodec

from robopolicy.data.features import Feature, Features, FeatureSpecError, parse_features
from robopolicy.errors import RobopolicyError

STORE_FORMAT = "robopolicy.episodes"
STORE_VERSION = 1
TARGET_CHUNK_BYTES = 2 * 1024 * 1024  # ~2 MB chunks along time, as in Diffusion Policy's stores
# Images get smaller chunks: a training window reads To frames at a random step and Zarr decodes whole chunks,
# so a 2 MB chunk (75 frames of 96x96x3) would decode ~37x more than it uses; 256 KB is ~9 such frames.
IMAGE_CHUNK_BYTES = 256 * 1024
MAX_CHUNK_STEPS = 65536
IMAGE_COMPRESSOR, IMAGE_COMPRESSION_LEVEL = "lz4", 5  # lossless; see _codecs
LOW_DIM_COMPRESSOR, LOW_DIM_COMPRESSION_LEVEL = "zstd", 3
META_CHUNK = 4096  # episodes per chunk of the per-episode columns
UNCOMMITTED = -1  # fill value of episode_ends: an entry never written reads as uncommitted

EPISODE_SOURCES = ("demo", "rollout", "intervention", "deployment")
SUCCESS_UNKNOWN = -1

# column name -> (dtype, fill value)
EPISODE_COLUMNS: dict[str, tuple[str, int]] = {
    "task_index": ("int32", -1),
    "success": ("int8", SUCCESS_UNKNOWN),
    "length": ("int64", 0),
    "source": ("int8", 0),
    "seed": ("int64", -1),
    "policy_index": ("int32", -1),
}


class StoreError(RobopolicyError):
    """A store cannot be opened or written; the message names the path and what is wrong."""


def _codecs(feature: Feature) -> list[Any]:
    # Images: lz4 + bitshuffle decodes ~3x and encodes ~40x faster than zstd for a small loss in ratio, which
    # matters for random-access training reads and for logging camera frames in real time.
    if feature.kind == "image":
        compressor = BloscCodec(cname=IMAGE_COMPRESSOR, clevel=IMAGE_COMPRESSION_LEVEL, shuffle="bitshuffle")
    else:
        compressor = BloscCodec(cname=LOW_DIM_COMPRESSOR, clevel=LOW_DIM_COMPRESSION_LEVEL, shuffle="shuffle")
    # The checksum makes flipped bytes on disk a read error instead of silently wrong data.
    return [BytesCodec(), compressor, Crc32cCodec()]


def time_chunk_length(feature: Feature) -> int:
    """Steps per chunk: about ``TARGET_CHUNK_BYTES`` uncompressed (``IMAGE_CHUNK_BYTES`` for images)."""
    step_bytes = int(np.prod(feature.shape, dtype=np.int64)) * np.dtype(feature.dtype).itemsize
    target = IMAGE_CHUNK_BYTES if feature.kind == "image" else TARGET_CHUNK_BYTES
    return int(max(1, min(MAX_CHUNK_STEPS, target // max(step_bytes, 1))))


class EpisodeStore:
    """Episodes on disk. ``create`` a new store, ``open`` an existing one (``mode='r'`` or ``'a'``)."""

    def __init__(self, root: zarr.Group, path: Path, writable: bool):
        self._root = root
        self.path = path
        self.writable = writable
        self._load_attrs()
        self.refresh()
        if writable:
            self._discard_uncommitted()

    # ------------------------------------------------------------------ opening
    @classmethod
    def create(cls, path: str | os.PathLike, features: Mapping[str, Any], fps: float, robot: str = "",
               created_by: str = "robopolicy", overwrite: bool = False) -> EpisodeStore:
        """Create an empty store with the given feature spec (``{key: Feature | {shape, dtype, kind}}``)."""
        path = Path(path)
        feats = parse_features(features)
        if not fps or fps <= 0:
            raise StoreError(f"{path}: fps must be positive, got {fps!r}")
        if path.exists():
            if not overwrite:
                raise StoreError(f"{path}: already exists (pass overwrite=True to replace it)")
            shutil.rmtree(path)
        root = zarr.open_group(str(path), mode="w-")
        data = root.create_group("data")
        for key, f in feats.items():
            _create_array(data, key, f)
        meta = root.create_group("meta")
        meta.create_array("episode_ends", shape=(0,), dtype="int64", chunks=(META_CHUNK,), fill_value=UNCOMMITTED)
        episodes = meta.create_group("episodes")
        for col, (dtype, fill) in EPISODE_COLUMNS.items():
            episodes.create_array(col, shape=(0,), dtype=dtype, chunks=(META_CHUNK,), fill_value=fill)
        meta.create_array("tasks", shape=(0,), dtype=str, chunks=(META_CHUNK,))
        meta.create_array("policies", shape=(0,), dtype=str, chunks=(META_CHUNK,))
        root.attrs.update({
            "format": STORE_FORMAT,
            "version": STORE_VERSION,
            "fps": float(fps),
            "robot": robot,
            "features": {k: f.to_dict() for k, f in feats.items()},
            "created_by": created_by,
            "sources": list(EPISODE_SOURCES),
        })
        return cls(zarr.open_group(str(path), mode="r+"), path, writable=True)

    @classmethod
    def open(cls, path: str | os.PathLike, mode: str = "r") -> EpisodeStore:
        """Open an existing store read-only (``'r'``) or for appending (``'a'``)."""
        path = Path(path)
        if mode not in ("r", "a"):
            raise StoreError(f"{path}: mode must be 'r' or 'a', got {mode!r}")
        if not path.exists():
            raise StoreError(f"{path}: no such file or directory")
        if not (path / "zarr.json").is_file():
            raise StoreError(f"{path}: not an episode store (no zarr.json: not a Zarr v3 group)")
        try:
            root = zarr.open_group(str(path), mode="r" if mode == "r" else "r+")
        except Exception as e:  # zarr raises several types for a broken group
            raise StoreError(f"{path}: not a readable Zarr group ({type(e).__name__}: {e})") from e
        fmt = root.attrs.get("format")
        if fmt != STORE_FORMAT:
            raise StoreError(f"{path}: not an episode store (format attribute is {fmt!r}, expected {STORE_FORMAT!r})")
        version = root.attrs.get("version")
        if version != STORE_VERSION:
            raise StoreError(f"{path}: store format version {version!r} is not supported "
                             f"(this robopolicy reads version {STORE_VERSION})")
        for required in ("meta/episode_ends", "data"):
            if required not in root:
                raise StoreError(f"{path}: missing {required!r}; the store is incomplete")
        return cls(root, path, writable=(mode == "a"))

    @property
    def group(self) -> zarr.Group:
        """The root Zarr group (for ``validate`` and importers; prefer the methods above)."""
        return self._root

    def _load_attrs(self) -> None:
        attrs = self._root.attrs
        try:
            self.features: Features = parse_features(attrs["features"])
        except (KeyError, FeatureSpecError) as e:
            raise StoreError(f"{self.path}: bad 'features' attribute ({e})") from e
        self.fps = float(attrs.get("fps", 0.0))
        self.robot = str(attrs.get("robot", ""))
        self.created_by = str(attrs.get("created_by", ""))
        missing = [k for k in self.features if k not in self._root["data"]]
        if missing:
            raise StoreError(f"{self.path}: feature arrays missing under data/: {missing}")

    def refresh(self) -> None:
        """Re-read the commit point, so a reader sees episodes appended since it opened the store."""
        self._arrays = {k: self._root["data"][k] for k in self.features}
        ends_arr = self._root["meta/episode_ends"]
        try:
            ends = np.asarray(ends_arr[:], dtype=np.int64)
        except Exception as e:  # a corrupted chunk fails its checksum
            raise StoreError(f"{self.path}: cannot read meta/episode_ends ({type(e).__name__}: {e})") from e
        self._ends = _committed_prefix(ends, self._data_length())
        self._columns = {c: self._root[f"meta/episodes/{c}"] for c in EPISODE_COLUMNS}
        self._tasks: list[str] = [str(t) for t in self._root["meta/tasks"][:]]
        self._policies: list[str] = [str(p) for p in self._root["meta/policies"][:]]

    def _data_length(self) -> int:
        return min(int(a.shape[0]) for a in self._arrays.values())

    def _discard_uncommitted(self) -> None:
        """Cut data and columns back to the last committed episode (crash recovery on writer open)."""
        n_steps, n_eps = self.num_steps, self.num_episodes
        for a in self._arrays.values():
            if a.shape[0] != n_steps:
                a.resize((n_steps, *a.shape[1:]))
        ends_arr = self._root["meta/episode_ends"]
        if ends_arr.shape[0] != n_eps:
            ends_arr.resize((n_eps,))
        for col in self._columns.values():
            if col.shape[0] != n_eps:
                col.resize((n_eps,))

    # ------------------------------------------------------------------ reading
    @property
    def num_episodes(self) -> int:
        return len(self._ends)

    @property
    def num_steps(self) -> int:
        return int(self._ends[-1]) if len(self._ends) else 0

    @property
    def episode_ends(self) -> np.ndarray:
        return self._ends.copy()

    @property
    def episode_starts(self) -> np.ndarray:
        return np.concatenate([[0], self._ends[:-1]]).astype(np.int64)

    @property
    def episode_lengths(self) -> np.ndarray:
        return np.diff(np.concatenate([[0], self._ends])).astype(np.int64)

    @property
    def tasks(self) -> list[str]:
        return list(self._tasks)

    @property
    def policies(self) -> list[str]:
        return list(self._policies)

    def __len__(self) -> int:
        return self.num_episodes

    def __iter__(self) -> Iterator[dict[str, np.ndarray]]:
        for i in range(self.num_episodes):
            yield self.episode(i)

    def __repr__(self) -> str:
        return f"EpisodeStore({str(self.path)!r}, episodes={self.num_episodes}, steps={self.num_steps})"

    def _check_index(self, i: int) -> int:
        n = self.num_episodes
        if not -n <= i < n:
            raise IndexError(f"episode {i} out of range: {self.path} has {n} committed episodes")
        return i % n

    def episode_range(self, i: int) -> tuple[int, int]:
        i = self._check_index(i)
        return (int(self._ends[i - 1]) if i else 0), int(self._ends[i])

    def episode(self, i: int, keys: list[str] | None = None) -> dict[str, np.ndarray]:
        """All steps of episode ``i``: ``{key: (L, ...) array}``."""
        start, end = self.episode_range(i)
        keys = list(self.features) if keys is None else keys
        return {k: np.asarray(self.array(k)[start:end]) for k in keys}

    def episode_meta(self, i: int) -> dict[str, Any]:
        """Per-episode metadata: task (string or None), success (bool or None), length, source, seed, policy_id."""
        i = self._check_index(i)
        row = {c: self._columns[c][i].item() for c in EPISODE_COLUMNS}
        task_index, policy_index, success = row["task_index"], row["policy_index"], row["success"]
        return {
            "task": self._tasks[task_index] if task_index >= 0 else None,
            "task_index": task_index,
            "success": None if success == SUCCESS_UNKNOWN else bool(success),
            "length": int(row["length"]),
            "source": EPISODE_SOURCES[row["source"]],
            "seed": int(row["seed"]),
            "policy_id": self._policies[policy_index] if policy_index >= 0 else None,
        }

    def column(self, name: str) -> np.ndarray:
        """One per-episode column over the committed episodes (see ``EPISODE_COLUMNS``)."""
        if name not in EPISODE_COLUMNS:
            raise KeyError(f"unknown episode column {name!r}; columns: {', '.join(EPISODE_COLUMNS)}")
        return np.asarray(self._columns[name][: self.num_episodes])

    def array(self, key: str) -> zarr.Array:
        """The on-disk Zarr array of a feature (may hold uncommitted steps past ``num_steps``)."""
        try:
            return self._arrays[key]
        except KeyError:
            raise KeyError(f"{self.path} has no feature {key!r}; features: {', '.join(self.features)}") from None

    def load(self, keys: list[str] | None = None) -> dict[str, np.ndarray]:
        """Read the committed steps of ``keys`` (default: all) into memory."""
        keys = list(self.features) if keys is None else keys
        return {k: np.asarray(self.array(k)[: self.num_steps]) for k in keys}

    def success_rate(self) -> float | None:
        s = self.column("success")
        known = s[s != SUCCESS_UNKNOWN]
        return float(known.mean()) if len(known) else None

    def size_on_disk(self) -> int:
        return sum(f.stat().st_size for f in self.path.rglob("*") if f.is_file())

    # ------------------------------------------------------------------ writing
    def _require_writable(self) -> None:
        if not self.writable:
            raise StoreError(f"{self.path}: opened read-only; open with mode='a' to append")

    def check_episode(self, data: Mapping[str, Any]) -> tuple[dict[str, np.ndarray], int]:
        """Validate an episode against the spec; return arrays cast to the stored dtypes and the length."""
        missing = [k for k in self.features if k not in data]
        extra = [k for k in data if k not in self.features]
        if missing or extra:
            parts = []
            if missing:
                parts.append(f"missing keys {missing}")
            if extra:
                parts.append(f"unknown keys {extra}")
            raise FeatureSpecError(f"episode does not match the store's features ({'; '.join(parts)}); "
                                   f"features: {', '.join(self.features)}")
        arrays: dict[str, np.ndarray] = {}
        lengths = {}
        for key, f in self.features.items():
            a = np.asarray(data[key])
            if a.ndim == len(f.shape) and len(f.shape) == 0:
                raise FeatureSpecError(f"{key!r}: expected a time axis, got a scalar")
            if a.shape[1:] != f.shape:
                raise FeatureSpecError(f"{key!r}: per-step shape {a.shape[1:]} does not match the spec {f.shape} "
                                       f"(array shape {a.shape})")
            want = np.dtype(f.dtype)
            if a.dtype != want:
                if f.kind == "image" or not np.can_cast(a.dtype, want, casting="same_kind"):
                    raise FeatureSpecError(f"{key!r}: dtype {a.dtype} cannot be stored as {want}")
                a = a.astype(want)
            if not np.issubdtype(a.dtype, np.integer) and a.dtype != np.bool_ and not np.all(np.isfinite(a)):
                raise FeatureSpecError(f"{key!r}: contains NaN or inf")
            arrays[key] = a
            lengths[key] = a.shape[0]
        if len(set(lengths.values())) != 1:
            raise FeatureSpecError(f"arrays have different lengths: {lengths}")
        length = next(iter(lengths.values()))
        if length == 0:
            raise FeatureSpecError("an episode needs at least one step")
        return arrays, length

    def append_episode(self, data: Mapping[str, Any], *, task: str | None = None, success: bool | None = None,
                       source: str = "demo", seed: int = -1, policy_id: str | None = None) -> int:
        """Append one episode atomically; returns its index. Bad input is refused before anything is written."""
        self._require_writable()
        arrays, length = self.check_episode(data)
        if source not in EPISODE_SOURCES:
            raise ValueError(f"unknown episode source {source!r}; valid: {', '.join(EPISODE_SOURCES)}")
        if task is not None and not isinstance(task, str):
            raise TypeError(f"task must be a string instruction, got {type(task).__name__}")
        start, end = self.num_steps, self.num_steps + length
        # 1. data (chunks are replaced atomically; committed steps in a shared tail chunk are rewritten unchanged)
        for key, a in arrays.items():
            arr = self._arrays[key]
            arr.resize((end, *arr.shape[1:]))
            arr[start:end] = a
        # 2. tables and per-episode columns
        task_index = -1 if task is None else self._intern("tasks", self._tasks, task)
        policy_index = -1 if policy_id is None else self._intern("policies", self._policies, policy_id)
        e = self.num_episodes
        row = {"task_index": task_index, "success": SUCCESS_UNKNOWN if success is None else int(bool(success)),
               "length": length, "source": EPISODE_SOURCES.index(source), "seed": int(seed),
               "policy_index": policy_index}
        for col, value in row.items():
            arr = self._columns[col]
            arr.resize((e + 1,))
            arr[e] = value
        # 3. commit point
        ends = self._root["meta/episode_ends"]
        ends.resize((e + 1,))
        ends[e] = end
        self._ends = np.append(self._ends, np.int64(end))
        return e

    def _intern(self, name: str, table: list[str], value: str) -> int:
        if value in table:
            return table.index(value)
        arr = self._root[f"meta/{name}"]
        arr.resize((len(table) + 1,))
        arr[:] = np.array([*table, value], dtype=object)  # small table: rewrite whole (scalar str writes fail)
        table.append(value)
        return len(table) - 1

    def set_success(self, i: int, success: bool | None) -> None:
        """Relabel an episode's success flag (e.g. after a human review)."""
        self._require_writable()
        i = self._check_index(i)
        self._columns["success"][i] = SUCCESS_UNKNOWN if success is None else int(bool(success))


def _create_array(group: zarr.Group, key: str, f: Feature) -> zarr.Array:
    codecs = _codecs(f)
    return group.create_array(key, shape=(0, *f.shape), dtype=f.dtype, chunks=(time_chunk_length(f), *f.shape),
                              serializer=codecs[0], compressors=codecs[1:], fill_value=0)


def _committed_prefix(ends: np.ndarray, data_length: int) -> np.ndarray:
    """The longest prefix of ``ends`` that is strictly increasing, positive and within the data written."""
    n = 0
    previous = 0
    for value in ends:
        if value <= previous or value > data_length:
            break
        previous = int(value)
        n += 1
    return ends[:n].astype(np.int64)
