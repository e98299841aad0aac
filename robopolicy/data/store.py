"""The episode store: episodes of per-step arrays in one Zarr group on disk.

Layout (see docs/architecture.md)::

    <name>.zarr/
      attrs: format, version, fps, robot, features{key: {shape, dtype, kind}}, created_by
      data/<key>          (N_total, ...) chunked along time only; images uint8 HWC, lossless
      meta/episode_ends   (E,) int64, cumulative; the commit point of an append
      meta/episodes/<col> (E,) per-episode columns: task_index, success, length, source, seed, policy_index
      meta/tasks          instruction strings;  meta/policies  policy ids

Integrity (format version 2): every chunk of every array, data and meta alike, carries a CRC32C, and every
chunk holding committed entries is written even when it equals the fill value, so a flipped byte or a missing
chunk file is a ``CorruptStoreError`` naming the array, the chunk and the episodes it holds, the same problem
``robopolicy data validate`` reports. Version 1 stores (meta arrays without checksums, chunks equal to the fill
value not written) still open and append; ``validate`` lists their unchecked arrays.

Crash safety: an append writes the data arrays first, then the per-episode columns, then grows
``meta/episode_ends`` last. Zarr's local store replaces every chunk and metadata file atomically (temp file,
then rename), so a writer killed at any point leaves the committed prefix intact. Whatever lies past the last
committed end is ignored by readers and cut off when a writer re-opens the store. One writer, many readers.

Ownership: a writer (``create``, ``open(mode="a")``, ``copy`` into it) holds the store's writer lock,
``<store>/writer.lock`` (``robopolicy.locks``), until ``close()``, until the store object is garbage-collected, or
until its process ends. A second writer in another process is refused with a ``StoreLockedError`` naming the
owner's pid and command; ``create(overwrite=True)`` takes the old store's lock before replacing it. Readers take
no lock.
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import weakref
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import numpy as np
import zarr
from zarr.codecs import BloscCodec, BytesCodec, Crc32cCodec, ZstdCodec
from zarr.storage import LocalStore

from robopolicy.data.chunks import ChunkReader, describe_read_error
from robopolicy.data.features import Feature, Features, FeatureSpecError, parse_features
from robopolicy.data.formats.staging import staged_directory
from robopolicy.errors import RobopolicyError, WriterLockedError
from robopolicy.locks import LOCK_FILE, Ownership, acquire, moved

STORE_FORMAT = "robopolicy.episodes"
STORE_VERSION = 2  # 2: meta arrays checksummed and every chunk written; 1: data arrays only (still readable)
READABLE_VERSIONS = (1, 2)
FIRST_COMPLETE_CHUNKS_VERSION = 2  # from this version a missing chunk file is corruption, not the fill value
# Arrays are opened under this config so chunks equal to the fill value are written too (Zarr skips them by
# default), which makes "chunk file missing" detectable.
WRITE_EVERY_CHUNK = {"array.write_empty_chunks": True}
META_COMPRESSION_LEVEL = 0  # zstd's default; meta columns are tiny
TARGET_CHUNK_BYTES = 2 * 1024 * 1024  # ~2 MB chunks along time, as in Diffusion Policy's stores
# Images get smaller chunks: a training window reads To frames at a random step and Zarr decodes whole chunks,
# so a 2 MB chunk (75 frames of 96x96x3) would decode ~37x more than it uses; 256 KB is ~9 such frames.
IMAGE_CHUNK_BYTES = 256 * 1024
MAX_CHUNK_STEPS = 65536
IMAGE_COMPRESSOR, IMAGE_COMPRESSION_LEVEL = "lz4", 5  # lossless; see _codecs
# Blosc compressors an image array may use (EpisodeStore.create), or "none": raw frames behind the checksum, the
# layout for hot data read many times (no decode, ~3-9x the bytes of rendered frames; sampler.md, part 4).
UNCOMPRESSED = "none"
IMAGE_COMPRESSORS = ("lz4", "lz4hc", "zstd", UNCOMPRESSED)
IMAGE_SHUFFLE = "bitshuffle"  # default byte/bit shuffle of image chunks before lz4 (see EpisodeStore.create)
IMAGE_SHUFFLES = ("bitshuffle", "shuffle", "noshuffle")
IMAGE_LAYOUT_OPTIONS = frozenset({"image_chunk_bytes", "image_shuffle", "image_compressor", "image_compression_level"})
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


class StoreLockedError(StoreError, WriterLockedError):
    """Another process holds the store's writer lock; the message names its pid, host and command."""


def take_writer_lock(path: Path) -> Ownership:
    """The writer lock of the store folder ``path`` (which must exist), or ``StoreLockedError`` naming its owner."""
    return acquire(Path(path) / LOCK_FILE, str(path), error=StoreLockedError,
                   hint="wait for that writer to finish or stop it, or write to another store (reading needs no "
                        "lock)")


class CorruptStoreError(StoreError):
    """A chunk of a store array fails its checksum, does not decode or is missing.

    ``array`` (e.g. ``"data/cam"``), ``chunk`` (index along time or episodes), ``episodes`` (the committed episodes
    with entries in that chunk) and ``detail`` (the chunk and what is wrong with it, as ``data validate`` prints it).
    """

    def __init__(self, path: Path, array: str, chunk: int, episodes: tuple[int, ...], detail: str):
        self.path, self.array, self.chunk, self.episodes, self.detail = path, array, chunk, episodes, detail
        shown = ", ".join(map(str, episodes[:8])) + (" …" if len(episodes) > 8 else "")
        affected = f"episodes {shown}" if episodes else "no committed episode"
        super().__init__(f"{path}: {array} {detail}; it holds {affected}. The store is damaged: run `robopolicy "
                         f"data validate {path}` to list every damaged chunk, then re-collect those episodes or "
                         "restore the store from a copy")


def not_an_episode_store(path: str | os.PathLike) -> str | None:
    """Why ``path`` is not recognisably an episode store (None when it is one): read before anything is replaced."""
    path = Path(path)
    if not path.is_dir():
        return "it is a file, not a store folder" if path.exists() else "it does not exist"
    meta = path / "zarr.json"
    if not meta.is_file():
        return "it has no zarr.json (not a Zarr v3 group)"
    try:
        attrs = json.loads(meta.read_text()).get("attributes", {})
    except (OSError, ValueError, AttributeError) as e:
        return f"its zarr.json does not parse ({e})"
    if not isinstance(attrs, dict) or attrs.get("format") != STORE_FORMAT:
        found = attrs.get("format") if isinstance(attrs, dict) else None
        return f"its zarr.json has format attribute {found!r}, not {STORE_FORMAT!r}"
    return None


def chunk_file_exists(array: zarr.Array, chunk: int) -> bool:
    """Whether chunk ``chunk`` along the first axis has a file (True for stores that are not local folders)."""
    store = array.store_path.store
    if not isinstance(store, LocalStore):
        return True
    key = array.metadata.encode_chunk_key((chunk, *[0] * (array.ndim - 1)))
    return (Path(store.root) / array.store_path.path / key).is_file()


def _meta_compressors() -> list[Any]:
    return [ZstdCodec(level=META_COMPRESSION_LEVEL), Crc32cCodec()]


def _codecs(feature: Feature, image_shuffle: str = IMAGE_SHUFFLE, image_compressor: str = IMAGE_COMPRESSOR,
            image_compression_level: int = IMAGE_COMPRESSION_LEVEL) -> list[Any]:
    # Images: lz4 + bitshuffle decodes ~3x and encodes ~40x faster than zstd for a small loss in ratio, which
    # matters for random-access training reads and for logging camera frames in real time. Without the bitshuffle
    # lz4 decodes several times faster again; it costs size on noisy frames (docs/benchmarks/sampler.md, part 3)
    # and saves some on noise-free rendered ones (part 4, where no layout reached half the in-memory rate).
    if feature.kind == "image" and image_compressor == UNCOMPRESSED:
        return [BytesCodec(), Crc32cCodec()]
    if feature.kind == "image":
        compressor = BloscCodec(cname=image_compressor, clevel=image_compression_level, shuffle=image_shuffle)
    else:
        compressor = BloscCodec(cname=LOW_DIM_COMPRESSOR, clevel=LOW_DIM_COMPRESSION_LEVEL, shuffle="shuffle")
    # The checksum makes flipped bytes on disk a read error instead of silently wrong data.
    return [BytesCodec(), compressor, Crc32cCodec()]


def time_chunk_length(feature: Feature, image_chunk_bytes: int | None = None) -> int:
    """Steps per chunk: about ``TARGET_CHUNK_BYTES`` uncompressed (``image_chunk_bytes``, by default
    ``IMAGE_CHUNK_BYTES``, for images; at least one step)."""
    step_bytes = int(np.prod(feature.shape, dtype=np.int64)) * np.dtype(feature.dtype).itemsize
    image_target = IMAGE_CHUNK_BYTES if image_chunk_bytes is None else int(image_chunk_bytes)
    target = image_target if feature.kind == "image" else TARGET_CHUNK_BYTES
    return int(max(1, min(MAX_CHUNK_STEPS, target // max(step_bytes, 1))))


class EpisodeStore:
    """Episodes on disk. ``create`` a new store, ``open`` an existing one (``mode='r'`` or ``'a'``)."""

    def __init__(self, root: zarr.Group, path: Path, writable: bool, ownership: Ownership | None = None):
        """``ownership``: the writer lock a writable store holds (``create`` and ``open`` take it); released by
        ``close()`` or when this object is garbage-collected."""
        self._root = root
        self.path = path
        self.writable = writable
        self._ownership = ownership
        self._finalizer = None if ownership is None else weakref.finalize(self, ownership.release)
        try:
            self._load_attrs()
            self.refresh()
            if writable:
                self._discard_uncommitted()
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        """Give up the writer lock (a writable store becomes read-only); a no-op for readers."""
        if self._finalizer is not None:
            self._finalizer()
        self.writable = False

    def __enter__(self) -> EpisodeStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        state["_finalizer"] = None  # a copy in another process owns no lock
        state["_ownership"] = None
        return state

    # ------------------------------------------------------------------ opening
    @classmethod
    def create(cls, path: str | os.PathLike, features: Mapping[str, Any], fps: float, robot: str = "",
               created_by: str = "robopolicy", overwrite: bool = False,
               image_chunk_bytes: int | None = None, image_shuffle: str = IMAGE_SHUFFLE,
               image_compressor: str = IMAGE_COMPRESSOR,
               image_compression_level: int = IMAGE_COMPRESSION_LEVEL) -> EpisodeStore:
        """Create an empty store with the given feature spec (``{key: Feature | {shape, dtype, kind}}``).

        Image layout options (recorded in each array's Zarr metadata, so stores with any values read the same way,
        checksums included): ``image_chunk_bytes``, uncompressed bytes per chunk of the image arrays (default
        ``IMAGE_CHUNK_BYTES``; at least one frame); ``image_shuffle``, the blosc shuffle before compression:
        ``"bitshuffle"`` (default), ``"shuffle"`` or ``"noshuffle"`` (the same for uint8 frames: decode several times
        faster; larger on noisy frames, smaller on rendered ones); ``image_compressor`` (one of
        ``IMAGE_COMPRESSORS``, default ``"lz4"``; ``"lz4hc"`` without shuffle stores rendered frames in 0.4x the
        default's bytes and decodes faster, but encodes ~5x slower; ``"none"`` stores raw frames behind the checksum,
        read without decoding, for hot data that fits the disk several times over) and ``image_compression_level``
        (blosc's 1-9, default 5; ignored by ``"none"``). Sizes and rates: docs/benchmarks/sampler.md, parts 3 and 4.
        """
        path = Path(path)
        feats = parse_features(features)
        if not fps or fps <= 0:
            raise StoreError(f"{path}: fps must be positive, got {fps!r}")
        if image_chunk_bytes is not None and int(image_chunk_bytes) < 1:
            raise StoreError(f"{path}: image_chunk_bytes must be a positive number of bytes, got {image_chunk_bytes!r}")
        if image_shuffle not in IMAGE_SHUFFLES:
            raise StoreError(f"{path}: image_shuffle must be one of {', '.join(IMAGE_SHUFFLES)}, got {image_shuffle!r}")
        if image_compressor not in IMAGE_COMPRESSORS:
            raise StoreError(f"{path}: image_compressor must be one of {', '.join(IMAGE_COMPRESSORS)}, got "
                             f"{image_compressor!r}")
        if isinstance(image_compression_level, bool) or image_compression_level not in range(1, 10):
            raise StoreError(f"{path}: image_compression_level must be a whole number from 1 to 9, got "
                             f"{image_compression_level!r}")
        layout = {"image_chunk_bytes": image_chunk_bytes, "image_shuffle": image_shuffle,
                  "image_compressor": image_compressor, "image_compression_level": int(image_compression_level)}
        if path.exists():
            if not overwrite:
                raise StoreError(f"{path}: already exists (pass overwrite=True to replace it)")
            refuse_to_replace(path)
            ownership = cls._replace_with_empty(path, feats, fps, robot, created_by, **layout)
        else:
            ownership = cls._create_empty(path, feats, fps, robot, created_by, **layout)
        return cls(zarr.open_group(str(path), mode="r+"), path, writable=True, ownership=ownership)

    @classmethod
    def _create_empty(cls, path: Path, feats: Features, fps: float, robot: str, created_by: str,
                      **layout: Any) -> Ownership:
        """A new store at ``path`` (absent), written under its writer lock; returns the lock."""
        try:
            path.mkdir(parents=True)
        except FileExistsError:
            raise StoreError(f"{path}: already exists (pass overwrite=True to replace it)") from None
        try:
            ownership = take_writer_lock(path)
        except BaseException:
            _remove_if_empty(path)
            raise
        try:
            cls._write_empty(path, feats, fps, robot, created_by, mode="a", **layout)  # "a": the lock file is there
        except BaseException:
            shutil.rmtree(path, ignore_errors=True)  # the folder we made (mkdir is atomic): a lock and a partial group
            ownership.release()
            raise
        return ownership

    @classmethod
    def _replace_with_empty(cls, path: Path, feats: Features, fps: float, robot: str, created_by: str,
                            **layout: Any) -> Ownership:
        """Replace the store at ``path`` by an empty one, holding the old store's lock throughout (a writer still
        appending to it refuses the overwrite) and the new one's from before it is renamed into place."""
        old = take_writer_lock(path)
        new: Ownership | None = None
        try:
            # The old store is replaced by renames once the new one is complete, never deleted first.
            with staged_directory(path, overwrite=True) as staged:
                cls._write_empty(staged, feats, fps, robot, created_by, **layout)
                new = take_writer_lock(staged)
            old.release()
            moved(new, path / LOCK_FILE)
            return new
        except BaseException:
            if new is not None:
                new.release()
            old.release()
            raise

    @staticmethod
    def _write_empty(path: Path, feats: Features, fps: float, robot: str, created_by: str, mode: str = "w-",
                     **layout: Any) -> None:
        root = zarr.open_group(str(path), mode=mode)
        data = root.create_group("data")
        for key, f in feats.items():
            _create_array(data, key, f, **layout)
        meta = root.create_group("meta")
        meta.create_array("episode_ends", shape=(0,), dtype="int64", chunks=(META_CHUNK,), fill_value=UNCOMMITTED,
                          compressors=_meta_compressors())
        episodes = meta.create_group("episodes")
        for col, (dtype, fill) in EPISODE_COLUMNS.items():
            episodes.create_array(col, shape=(0,), dtype=dtype, chunks=(META_CHUNK,), fill_value=fill,
                                  compressors=_meta_compressors())
        meta.create_array("tasks", shape=(0,), dtype=str, chunks=(META_CHUNK,), compressors=_meta_compressors())
        meta.create_array("policies", shape=(0,), dtype=str, chunks=(META_CHUNK,), compressors=_meta_compressors())
        root.attrs.update({
            "format": STORE_FORMAT,
            "version": STORE_VERSION,
            "fps": float(fps),
            "robot": robot,
            "features": {k: f.to_dict() for k, f in feats.items()},
            "created_by": created_by,
            "sources": list(EPISODE_SOURCES),
        })

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
        if version not in READABLE_VERSIONS:
            raise StoreError(f"{path}: store format version {version!r} is not supported (this robopolicy reads "
                             f"versions {', '.join(map(str, READABLE_VERSIONS))}); upgrade robopolicy to read it")
        for required in ("meta/episode_ends", "data"):
            if required not in root:
                raise StoreError(f"{path}: missing {required!r}; the store is incomplete")
        if mode == "r":
            return cls(root, path, writable=False)
        ownership = take_writer_lock(path)  # before anything is written (an interrupted append is cut on open)
        return cls(root, path, writable=True, ownership=ownership)

    @property
    def group(self) -> zarr.Group:
        """The root Zarr group (for ``validate`` and importers; prefer the methods above)."""
        return self._root

    @property
    def version(self) -> int:
        """The store's format version (see ``STORE_VERSION``)."""
        return int(self._root.attrs.get("version", STORE_VERSION))

    @property
    def every_chunk_written(self) -> bool:
        """True when a missing chunk file is corruption (version 2 on); older stores skip fill-value chunks."""
        return self.version >= FIRST_COMPLETE_CHUNKS_VERSION

    def _node(self, name: str) -> Any:
        """A group member, opened so that writes store every chunk (see ``WRITE_EVERY_CHUNK``)."""
        with zarr.config.set(WRITE_EVERY_CHUNK):
            return self._root[name]

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
        """Re-read the commit point, so a reader sees episodes appended since it opened the store.

        The commit point is read before the data arrays' shapes: a writer grows the data before it commits.
        """
        self._ends = np.zeros(0, dtype=np.int64)  # until read: meta rows map to no committed episode
        ends_arr = self._node("meta/episode_ends")
        self._raw_ends = self._read_commit_point(ends_arr)
        self._arrays = {k: self._node(f"data/{k}") for k in self.features}
        self._ends = _committed_prefix(self._raw_ends, self._data_length())
        self._columns = {c: self._node(f"meta/episodes/{c}") for c in EPISODE_COLUMNS}
        self._tasks: list[str] = [str(t) for t in self._read_table("tasks")]
        self._policies: list[str] = [str(p) for p in self._read_table("policies")]

    def _read_commit_point(self, ends_arr: zarr.Array) -> np.ndarray:
        """All of ``meta/episode_ends``; a missing chunk is an error unless it can only hold the one entry of an
        append that was interrupted between growing the array and writing the entry."""
        n = int(ends_arr.shape[0])
        chunks = -(-n // META_CHUNK)
        for c in range(chunks):
            in_flight = c == chunks - 1 and n == c * META_CHUNK + 1
            if not in_flight and not chunk_file_exists(ends_arr, c):
                raise self.corrupt_chunk("meta/episode_ends", ends_arr, c, "is missing (its chunk file is gone)")
        return np.asarray(self.read_rows("meta/episode_ends", ends_arr, 0, n, check_missing=False), dtype=np.int64)

    def _read_table(self, name: str) -> np.ndarray:
        arr = self._node(f"meta/{name}")
        return self.read_rows(f"meta/{name}", arr, 0, int(arr.shape[0]))

    # ------------------------------------------------------------------ checked reads
    def episodes_in_chunk(self, array: str, arr: zarr.Array, chunk: int) -> tuple[int, ...]:
        """Committed episodes with entries in chunk ``chunk`` of ``array`` (steps for data, episodes for meta)."""
        step = int(arr.chunks[0])
        r0, r1 = chunk * step, (chunk + 1) * step
        if array.startswith("data/"):
            starts = np.concatenate([[0], self._ends[:-1]])
            return tuple(int(e) for e in np.flatnonzero((starts < r1) & (self._ends > r0)))
        if array in ("meta/tasks", "meta/policies"):
            column = self._columns["task_index" if array == "meta/tasks" else "policy_index"]
            if not self.num_episodes:
                return ()
            try:
                indices = np.asarray(column[: self.num_episodes])
            except Exception:  # noqa: BLE001 - the column is damaged too; name no episodes rather than fail here
                return ()
            return tuple(int(e) for e in np.flatnonzero((indices >= r0) & (indices < r1)))
        committed = self.num_episodes if array != "meta/episode_ends" or len(self._ends) else int(arr.shape[0])
        return tuple(range(r0, min(r1, committed)))

    def corrupt_chunk(self, array: str, arr: zarr.Array, chunk: int, what: str) -> CorruptStoreError:
        """The named error for chunk ``chunk`` of ``array``: ``what`` says what is wrong (e.g. "is missing")."""
        step = int(arr.chunks[0])
        r0, r1 = chunk * step, min((chunk + 1) * step, int(arr.shape[0]))
        unit = "steps" if array.startswith("data/") else "entries"
        detail = f"chunk {chunk} ({unit} {r0}-{max(r0, r1 - 1)}) {what}"
        return CorruptStoreError(self.path, array, chunk, self.episodes_in_chunk(array, arr, chunk), detail)

    def read_rows(self, array: str, arr: zarr.Array, start: int, end: int, check_missing: bool = True) -> np.ndarray:
        """``arr[start:end]``, or a ``CorruptStoreError`` naming the first bad chunk (checksum, decode, missing)."""
        end = min(end, int(arr.shape[0]))
        if end <= start:
            return np.asarray(arr[start:start])
        step = int(arr.chunks[0])
        c0, c1 = start // step, -(-end // step)
        if check_missing and self.every_chunk_written:
            for c in range(c0, c1):
                if not chunk_file_exists(arr, c):
                    raise self.corrupt_chunk(array, arr, c, "is missing (its chunk file is gone)")
        try:
            return np.asarray(arr[start:end])
        except Exception:  # checksum mismatch or a codec error: find the chunk and name it
            for c in range(c0, c1):
                try:
                    arr[c * step: min((c + 1) * step, int(arr.shape[0]))]
                except Exception as chunk_error:  # noqa: BLE001 - re-raised below as the named error
                    raise self.corrupt_chunk(array, arr, c, describe_read_error(chunk_error)) from chunk_error
            raise

    def read_steps(self, key: str, start: int, end: int) -> np.ndarray:
        """Steps ``[start, end)`` of feature ``key``, checked (see ``read_rows``)."""
        return self.read_rows(f"data/{key}", self.array(key), start, end)

    def chunk_reader(self, key: str) -> ChunkReader:
        """A ``ChunkReader`` of feature ``key`` whose failures are this store's ``CorruptStoreError`` (a bad chunk)
        or ``StoreError`` (the store cannot be read at all, e.g. its folder is gone). Picklable."""
        return ChunkReader(self.array(key), missing_is_error=self.every_chunk_written,
                           on_error=functools.partial(self._corrupt_data_chunk, key),
                           on_unreadable=functools.partial(self._unreadable_data, key))

    def _corrupt_data_chunk(self, key: str, chunk: int, what: str) -> CorruptStoreError:
        return self.corrupt_chunk(f"data/{key}", self.array(key), chunk, what)

    def _unreadable_data(self, key: str, what: str) -> StoreError:
        return StoreError(f"{self.path}: cannot read data/{key}: {what}")

    def _data_length(self) -> int:
        return min(int(a.shape[0]) for a in self._arrays.values())

    def _discard_uncommitted(self) -> None:
        """Cut data and columns back to the last committed episode (crash recovery on writer open)."""
        n_steps, n_eps = self.num_steps, self.num_episodes
        uncommitted = self._raw_ends[n_eps:]
        if np.any(uncommitted != UNCOMMITTED):
            first = n_eps + int(np.flatnonzero(uncommitted != UNCOMMITTED)[0])
            raise StoreError(f"{self.path}: meta/episode_ends entry {first} ({int(self._raw_ends[first])}) is neither "
                             f"a valid commit (after {self.num_steps}, within {self._data_length()} steps of data) nor "
                             "an interrupted append; opening for writing would cut off the episodes from there on. "
                             f"Nothing was changed: run `robopolicy data validate {self.path}` to see the problem")
        for a in self._arrays.values():
            if a.shape[0] != n_steps:
                a.resize((n_steps, *a.shape[1:]))
        ends_arr = self._node("meta/episode_ends")
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
        for k in keys:
            self.array(k)  # unknown keys: the KeyError listing the features
        return {k: self.read_steps(k, start, end) for k in keys}

    def episode_meta(self, i: int) -> dict[str, Any]:
        """Per-episode metadata: task (string or None), success (bool or None), length, source, seed, policy_id."""
        i = self._check_index(i)
        row = {c: self.read_rows(f"meta/episodes/{c}", self._columns[c], i, i + 1)[0].item()
               for c in EPISODE_COLUMNS}
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
        return self.read_rows(f"meta/episodes/{name}", self._columns[name], 0, self.num_episodes)

    def array(self, key: str) -> zarr.Array:
        """The on-disk Zarr array of a feature (may hold uncommitted steps past ``num_steps``)."""
        try:
            return self._arrays[key]
        except KeyError:
            raise KeyError(f"{self.path} has no feature {key!r}; features: {', '.join(self.features)}") from None

    def load(self, keys: list[str] | None = None) -> dict[str, np.ndarray]:
        """Read the committed steps of ``keys`` (default: all) into memory."""
        keys = list(self.features) if keys is None else keys
        for k in keys:
            self.array(k)
        return {k: self.read_steps(k, 0, self.num_steps) for k in keys}

    def success_rate(self) -> float | None:
        s = self.column("success")
        known = s[s != SUCCESS_UNKNOWN]
        return float(known.mean()) if len(known) else None

    def size_on_disk(self) -> int:
        return sum(f.stat().st_size for f in self.path.rglob("*") if f.is_file())

    def copy(self, path: str | os.PathLike, *, overwrite: bool = False, created_by: str | None = None,
             progress: Callable[[int, int], None] | None = None, **layout: Any) -> EpisodeStore:
        """The committed episodes (data and per-episode metadata) in a new store at ``path`` with the image layout
        ``layout`` (``EpisodeStore.create``'s ``image_*`` options; omitted ones take the defaults), e.g.
        ``image_compressor="none"`` for hot data that the from-disk sampler then reads without decoding. Written
        beside ``path`` and renamed into place when complete, so an interrupted copy leaves no half store; with
        ``overwrite`` an existing store at ``path`` is replaced (anything else there is refused). ``progress(done,
        total)`` is called after each episode."""
        path = Path(path)
        if path.resolve() == self.path.resolve():
            raise StoreError(f"{path}: is the store being copied; copy to another path")
        unknown = sorted(set(layout) - IMAGE_LAYOUT_OPTIONS)
        if unknown:
            raise StoreError(f"unknown image layout option(s) {', '.join(unknown)}; valid: "
                             f"{', '.join(sorted(IMAGE_LAYOUT_OPTIONS))}")
        if path.exists():
            if not overwrite:
                raise StoreError(f"{path}: already exists (pass overwrite=True, --overwrite on the command line, "
                                 "to replace it)")
            refuse_to_replace(path)
        total = self.num_episodes
        replaced = take_writer_lock(path) if path.exists() else None  # a writer of the old one refuses the copy
        try:
            with staged_directory(path, overwrite=overwrite) as staged:
                with EpisodeStore.create(staged, {k: f.to_dict() for k, f in self.features.items()}, fps=self.fps,
                                         robot=self.robot, created_by=created_by or self.created_by,
                                         **layout) as new:
                    for i in range(total):
                        meta = self.episode_meta(i)
                        new.append_episode(self.episode(i), task=meta["task"], success=meta["success"],
                                           source=meta["source"], seed=meta["seed"], policy_id=meta["policy_id"])
                        if progress is not None:
                            progress(i + 1, total)
        finally:
            if replaced is not None:
                replaced.release()
        return EpisodeStore.open(path)

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
        ends = self._node("meta/episode_ends")
        ends.resize((e + 1,))
        ends[e] = end
        self._ends = np.append(self._ends, np.int64(end))
        self._raw_ends = self._ends
        return e

    def discard_uncommitted(self) -> bool:
        """After an append that failed part-way (disk full): cut what it wrote past the last commit back, so the store
        on disk holds its committed episodes only. True when done; False when the disk refused that too (readers
        ignore what lies past the commit point and the next writer cuts it off on open)."""
        self._require_writable()
        try:
            self.refresh()
            self._discard_uncommitted()
        except OSError:
            return False
        return True

    def _intern(self, name: str, table: list[str], value: str) -> int:
        if value in table:
            return table.index(value)
        arr = self._node(f"meta/{name}")
        arr.resize((len(table) + 1,))
        arr[:] = np.array([*table, value], dtype=object)  # small table: rewrite whole (scalar str writes fail)
        table.append(value)
        return len(table) - 1

    def set_success(self, i: int, success: bool | None) -> None:
        """Relabel an episode's success flag (e.g. after a human review)."""
        self._require_writable()
        i = self._check_index(i)
        self._columns["success"][i] = SUCCESS_UNKNOWN if success is None else int(bool(success))


def refuse_to_replace(path: Path) -> None:
    """Raise unless ``path`` is recognisably an episode store (the only thing ``overwrite`` may replace)."""
    reason = not_an_episode_store(path)
    if reason is not None:
        raise StoreError(f"{path}: refusing to overwrite, it is not an episode store ({reason}); nothing was "
                         "deleted. Choose another path, or move or delete it yourself if it really should go")


def _remove_if_empty(path: Path) -> None:
    try:
        path.rmdir()
    except OSError:
        pass


def _create_array(group: zarr.Group, key: str, f: Feature, image_chunk_bytes: int | None = None,
                  **image_codec: Any) -> zarr.Array:
    codecs = _codecs(f, **image_codec)
    chunks = (time_chunk_length(f, image_chunk_bytes), *f.shape)
    return group.create_array(key, shape=(0, *f.shape), dtype=f.dtype, chunks=chunks,
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
