"""Direct chunk reads for the sampler's disk mode: decode each chunk a batch touches once, without Zarr's
per-call machinery.

Zarr's Python API costs several milliseconds per call (async dispatch, selection planning) even for a chunk
that decodes in about one millisecond, which dominates random-access training reads. The episode store writes
every array with the same codec chain (``bytes`` little-endian -> ``blosc`` -> ``crc32c``) into a local
directory, so a chunk is one file: read it, check its CRC32C (a mismatch is an error, as in Zarr), blosc-decode
it, view it as ``(chunk_steps, *shape)``. Uncompressed image arrays (``bytes -> crc32c``) are read straight into
the destination and checked there, with no decode. A chunk file that does not exist holds only the fill value (Zarr does
not write empty chunks) unless ``missing_is_error`` (stores of format version 2 write every chunk). Arrays with any
other layout are read through Zarr's own ``oindex`` instead. ``on_error(chunk, what)`` builds the exception raised
for a bad chunk (the store passes its ``CorruptStoreError``); by default it is a ``ChunkChecksumError``.

A store folder that disappears while it is read (deleted, moved, unmounted) is not a missing chunk: a failed read
first checks that the folder and the array are still there and otherwise raises ``on_unreadable(what)`` (the store
passes a one-line ``StoreError`` naming its path; by default a ``StoreUnreadableError``). Without that check a
version 1 store, whose missing chunks read as the fill value, would silently yield zeros once its folder is gone.
"""

from __future__ import annotations

import mmap
import os
import threading
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path

import google_crc32c
import numpy as np
import zarr
from numcodecs import Blosc
from zarr.codecs import BloscCodec, BytesCodec, Crc32cCodec
from zarr.core.chunk_key_encodings import DefaultChunkKeyEncoding
from zarr.storage import LocalStore

CRC_BYTES = 4


class ChunkChecksumError(ValueError):
    """A chunk file's stored CRC32C does not match its content (bytes changed on disk)."""


def _is_raw(array: zarr.Array) -> bool:
    """The uncompressed chain ``bytes -> crc32c``: a chunk file is the raw little-endian values and a CRC."""
    codecs = (array.serializer, *array.compressors)
    return len(codecs) == 2 and isinstance(codecs[0], BytesCodec) and isinstance(codecs[1], Crc32cCodec)


def supports_direct_reads(array: zarr.Array) -> bool:
    """True when ``array`` is a time-chunked local array with the store's ``bytes -> blosc -> crc32c`` chain (or
    the uncompressed ``bytes -> crc32c``)."""
    codecs = (array.serializer, *array.compressors)
    blosc = (len(codecs) == 3 and isinstance(codecs[0], BytesCodec) and isinstance(codecs[1], BloscCodec)
             and isinstance(codecs[2], Crc32cCodec))
    return (isinstance(array.store_path.store, LocalStore) and (blosc or _is_raw(array))
            and tuple(array.chunks[1:]) == tuple(array.shape[1:])
            and not array.filters and isinstance(array.metadata.chunk_key_encoding, DefaultChunkKeyEncoding)
            and array.metadata.chunk_key_encoding.separator == "/")


CHECKSUM_MISMATCH = "fails its CRC32C checksum (bytes changed on disk)"


def describe_read_error(error: Exception) -> str:
    """What a failed chunk read means, in words (a checksum mismatch is the common case)."""
    text = str(error)
    if "checksum" in text.lower() or "crc32c" in text.lower():
        return CHECKSUM_MISMATCH
    return f"does not decode ({type(error).__name__}: {text})"


class StoreUnreadableError(OSError):
    """The store folder, an array of it or a chunk file cannot be read at all (gone, moved, no permission)."""


def _checksum_error(chunk: int, what: str) -> Exception:
    return ChunkChecksumError(f"chunk {chunk} {what}")


def _unreadable_error(what: str) -> Exception:
    return StoreUnreadableError(what)


class ChunkReader:
    """Reads rows ``(N,)`` of a time-chunked array, decoding each touched chunk once per call."""

    def __init__(self, array: zarr.Array, missing_is_error: bool = False,
                 on_error: Callable[[int, str], Exception] = _checksum_error,
                 on_unreadable: Callable[[str], Exception] = _unreadable_error):
        self.array = array
        self.missing_is_error = missing_is_error
        self.on_error = on_error
        self.on_unreadable = on_unreadable
        self.direct = supports_direct_reads(array)
        self.chunk_steps = int(array.chunks[0])
        self.step_shape = tuple(array.shape[1:])
        self.dtype = np.dtype(array.dtype).newbyteorder("<")
        store = array.store_path.store
        # The store folder and this array's folder: checked when a read fails or (Zarr path) after each read.
        self._root = str(store.root) if isinstance(store, LocalStore) else None
        self._array_dir = str(Path(store.root) / array.store_path.path) if self._root is not None else None
        if self.direct:
            # Chunk (c, 0, ..., 0) of a default-encoded array is the file <array>/c/<c>/0/.../0.
            self._chunk_prefix = str(Path(store.root) / array.store_path.path / "c") + "/"
            self._chunk_suffix = "/0" * len(self.step_shape)
            self._blosc = Blosc()
            self._fill = np.full((self.chunk_steps, *self.step_shape), array.fill_value, dtype=array.dtype)
            self._raw = _is_raw(array)  # uncompressed: read into the destination, no decode
            self._chunk_nbytes = self._fill.nbytes if self._raw else None

    @property
    def raw(self) -> bool:
        """Read straight from uncompressed chunk files (no decode): what ``RawRowReader`` needs."""
        return bool(self.direct and self._raw)

    def _chunk_path(self, chunk: int) -> str:
        return f"{self._chunk_prefix}{chunk}{self._chunk_suffix}"

    def gone(self) -> str | None:
        """Why this array cannot be read at all (its store folder or array folder is gone), else None."""
        if self._root is None:
            return None
        if not os.path.isdir(self._root):
            return (f"the store folder {self._root} is gone (deleted, moved or unmounted while it was being read); "
                    "restore it, or point the run at its new location")
        if not os.path.isfile(os.path.join(self._array_dir, "zarr.json")):
            return (f"the array folder {self._array_dir} is gone (its zarr.json vanished while it was being read); "
                    "the store was deleted or damaged underneath this run")
        return None

    def check_present(self) -> None:
        """Raise ``on_unreadable`` when the store or this array has disappeared."""
        why = self.gone()
        if why is not None:
            raise self.on_unreadable(why)

    def _unreadable(self, chunk: int, error: OSError) -> Exception:
        """A chunk file that exists but cannot be read (permission, I/O error, a stale network mount): the store's
        one-line error, naming the store when it is gone."""
        if (why := self.gone()) is not None:
            return self.on_unreadable(why)
        return self.on_unreadable(f"chunk file {self._chunk_path(chunk)} cannot be read ({error.strerror or error})")

    def _open_chunk(self, chunk: int):
        """The open (unbuffered) chunk file ``chunk``, or None for a fill chunk (no file)."""
        try:
            return open(self._chunk_path(chunk), "rb", buffering=0)
        except FileNotFoundError:
            if (why := self.gone()) is not None:
                raise self.on_unreadable(why) from None
            if self.missing_is_error:
                raise self.on_error(chunk, "is missing (its chunk file is gone)") from None
            return None
        except OSError as e:
            raise self._unreadable(chunk, e) from None

    def _read_body(self, chunk: int) -> bytes | None:
        """Chunk file ``chunk`` checked against its CRC, without the CRC; None for a fill chunk (no file)."""
        f = self._open_chunk(chunk)
        if f is None:
            return None
        try:
            with f:
                raw = f.readall()
        except OSError as e:
            raise self._unreadable(chunk, e) from None
        body, stored = raw[:-CRC_BYTES], raw[-CRC_BYTES:]
        if np.uint32(google_crc32c.value(body)).tobytes() != stored:
            raise self.on_error(chunk, CHECKSUM_MISMATCH)
        return body

    def _read_raw_into(self, chunk: int, out: np.ndarray) -> None:
        """An uncompressed chunk read straight into ``out`` and checked there (one copy: the kernel's)."""
        f = self._open_chunk(chunk)
        if f is None:
            out[...] = self._fill
            return
        flat = out.reshape(-1).view(np.uint8)
        view = memoryview(flat)
        stored = bytearray(CRC_BYTES)
        try:
            with f:
                size = os.fstat(f.fileno()).st_size
                if size != self._chunk_nbytes + CRC_BYTES:
                    raise self.on_error(chunk, f"does not decode (an uncompressed chunk is {self._chunk_nbytes} bytes "
                                               f"and a {CRC_BYTES}-byte checksum; the file has {size} bytes)")
                done = 0
                while done < self._chunk_nbytes:  # a regular file reads whole; a short read continues
                    n = f.readinto(view[done:])
                    if not n:
                        raise self.on_error(chunk, f"does not decode (the file ended after {done} bytes)")
                    done += n
                if f.readinto(stored) != CRC_BYTES:
                    raise self.on_error(chunk, "does not decode (its checksum is cut short)")
        except OSError as e:
            raise self._unreadable(chunk, e) from None
        if np.uint32(google_crc32c.value(flat)).tobytes() != bytes(stored):
            raise self.on_error(chunk, CHECKSUM_MISMATCH)

    def read_chunk(self, chunk: int) -> np.ndarray:
        """Chunk ``chunk`` decoded: ``(chunk_steps, *shape)`` (read-only view when it is the fill chunk)."""
        if self._raw:
            out = np.empty((self.chunk_steps, *self.step_shape), dtype=self.dtype)
            self._read_raw_into(chunk, out)
            return out
        body = self._read_body(chunk)
        if body is None:
            return self._fill
        try:
            values = np.frombuffer(self._blosc.decode(body), dtype=self.dtype)
            return values.reshape(self.chunk_steps, *self.step_shape)
        except Exception as e:  # a valid checksum over an undecodable body: written wrong, not flipped on disk
            raise self.on_error(chunk, f"does not decode ({type(e).__name__}: {e})") from e

    def read_chunk_into(self, chunk: int, out: np.ndarray) -> None:
        """Decode chunk ``chunk`` straight into ``out`` (C-contiguous ``(chunk_steps, *shape)``, no extra copy).

        Rows past the end of the array (the last, partial chunk of a non-direct array) are left as they were.
        """
        if not self.direct:
            lo = chunk * self.chunk_steps
            hi = min(lo + self.chunk_steps, int(self.array.shape[0]))
            out[: hi - lo] = self.read_rows(np.arange(lo, hi))
            return
        if self._raw:
            self._read_raw_into(chunk, out)
            return
        body = self._read_body(chunk)
        if body is None:
            out[...] = self._fill
            return
        try:
            self._blosc.decode(body, out=out)
        except Exception as e:  # as in read_chunk
            raise self.on_error(chunk, f"does not decode ({type(e).__name__}: {e})") from e

    def read_rows(self, rows: np.ndarray) -> np.ndarray:
        """Values at sorted unique ``rows`` ``(N,)`` -> ``(N, *shape)``."""
        if not self.direct:
            try:
                values = np.asarray(self.array.oindex[rows])
            except Exception as e:  # name the first chunk that fails on its own
                if (why := self.gone()) is not None:
                    raise self.on_unreadable(why) from None
                for chunk in np.unique(rows // self.chunk_steps):
                    c = int(chunk)
                    try:
                        self.array[c * self.chunk_steps: (c + 1) * self.chunk_steps]
                    except Exception as chunk_error:  # noqa: BLE001 - re-raised as the named error
                        raise self.on_error(c, describe_read_error(chunk_error)) from e
                raise
            # Zarr reads a missing chunk file as the fill value, so a vanished store reads as zeros: check it.
            self.check_present()
            return values
        out = np.empty((len(rows), *self.step_shape), dtype=self.array.dtype)
        if len(rows) == 0:
            return out
        chunk_of_row = rows // self.chunk_steps
        bounds = np.flatnonzero(np.diff(chunk_of_row)) + 1
        for lo, hi in zip(np.concatenate([[0], bounds]), np.concatenate([bounds, [len(rows)]])):
            chunk = int(chunk_of_row[lo])
            out[lo:hi] = self.read_chunk(chunk)[rows[lo:hi] - chunk * self.chunk_steps]
        return out


def _open_files_per_thread() -> int:
    """Chunk files a ``RawRowReader`` keeps mapped per thread (each map holds a descriptor): an eighth of the process's
    soft limit on open files, at most 1,024."""
    try:
        import resource

        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    except (ImportError, OSError, ValueError):
        return 64
    return int(max(16, min(1024, (soft if soft > 0 else 1024) // 8)))


class _OpenMaps(OrderedDict):
    """One thread's mapped chunk files ``{chunk: (mmap, rows view)}``, least recently used first; a map is unmapped
    (and its descriptor closed) when nothing refers to it any more."""


class RawRowReader:
    """Rows of an uncompressed array (the ``image_compressor="none"`` layout) copied straight from its chunk files
    into the batch: each chunk file is memory-mapped (read-only) and a window's rows are one slice copy out of the
    map, so a batch copies the bytes it uses once, as an in-memory gather does, with no decoded-chunk cache and no
    system call per window; the operating system's page cache is the cache.

    A chunk's checksum covers the whole chunk, so each chunk is read whole and checked the first time this reader
    touches it (``ChunkReader.read_chunk``: size, CRC32C, missing and vanished files as there); later reads trust
    that check and the file. Before each batch copies from a chunk, the file's size is checked against the checked
    size (one ``fstat`` per chunk per batch): a file cut short after its check is a named error, where touching the
    lost part of a map would end the process with SIGBUS (a file cut short in the microseconds between that check and
    the copy still would; a chunk rewritten in place at the same size is not noticed). A file deleted or replaced by a
    rename keeps its mapped bytes, as an open descriptor keeps them. Each thread keeps its own bounded set of maps
    (least recently used dropped first), so nothing is shared between threads.
    """

    def __init__(self, reader: ChunkReader, open_files: int | None = None):
        if not reader.raw:
            raise ValueError(f"{reader.array.store_path}: RawRowReader needs the uncompressed layout")
        self.reader = reader
        self.chunk_steps = reader.chunk_steps
        self.step_shape = reader.step_shape
        self.dtype = reader.dtype
        self.open_files = int(open_files or _open_files_per_thread())
        self._checked: dict[int, int] = {}  # chunks whose file was read whole and matched its checksum: its size
        self._fill_chunks: set[int] = set()  # chunks without a file (fill value)
        self._local = threading.local()
        self.checks = 0

    def _map(self, chunk: int) -> tuple[mmap.mmap, np.ndarray] | None:
        """This thread's map of chunk ``chunk`` (checked whole the first time) and its rows, or None for a fill chunk."""
        maps = getattr(self._local, "maps", None)
        if maps is None:
            maps = self._local.maps = _OpenMaps()
        entry = maps.get(chunk)
        if entry is not None:
            maps.move_to_end(chunk)
            return entry
        if chunk in self._fill_chunks:
            return None
        if chunk not in self._checked:
            self.reader.read_chunk(chunk)   # size and checksum; raises the reader's errors (a fill chunk: no file)
            self.checks += 1
        f = self.reader._open_chunk(chunk)
        if f is None:
            self._fill_chunks.add(chunk)
            return None
        try:
            with f:
                size = self._checked.setdefault(chunk, os.fstat(f.fileno()).st_size)
                m = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
        except OSError as e:
            raise self.reader._unreadable(chunk, e) from None
        except ValueError:   # an empty file cannot be mapped
            raise self._cut_short(chunk, 0) from None
        if m.size() < size:
            raise self._cut_short(chunk, m.size())
        rows = np.frombuffer(m, dtype=self.dtype, count=self.chunk_steps * int(np.prod(self.step_shape, dtype=np.int64)))
        maps[chunk] = entry = (m, rows.reshape(self.chunk_steps, *self.step_shape))
        if len(maps) > self.open_files:
            maps.popitem(last=False)
        return entry

    def _rows_of(self, chunk: int) -> np.ndarray:
        """Chunk ``chunk``'s rows, after checking that its file still has the size it was checked at."""
        entry = self._map(chunk)
        if entry is None:
            return self.reader._fill
        m, rows = entry
        try:
            size = m.size()
        except OSError as e:
            raise self.reader._unreadable(chunk, e) from None
        if size < self._checked[chunk]:
            raise self._cut_short(chunk, size)
        return rows

    def _cut_short(self, chunk: int, size: int) -> Exception:
        return self.reader.on_error(chunk, f"does not decode (the file ended {self._checked[chunk] - size} bytes "
                                           "early; it changed after its checksum was checked)")

    def gather(self, rows: np.ndarray) -> np.ndarray:
        """Values at ``rows`` ``(B, T)`` -> ``(B, T, *step_shape)``."""
        rows = np.asarray(rows, dtype=np.int64)
        if rows.ndim == 1:
            return self.gather(rows[:, None])[:, 0]
        B, T = rows.shape
        out = np.empty((B, T, *self.step_shape), dtype=self.dtype)
        if B == 0 or T == 0:
            return out
        steps = self.chunk_steps
        whole = (rows[:, 0] // steps == rows[:, -1] // steps) & (np.diff(rows, axis=1) == 1).all(axis=1)
        # one copy per window whose rows are consecutive in one chunk; the rest (edge padding repeats a row, or the
        # window straddles two chunks) one copy per row
        rest = np.flatnonzero(np.repeat(~whole, T))
        starts = np.concatenate([np.flatnonzero(whole) * T, rest])   # output row of each copy
        firsts = np.concatenate([rows[whole, 0], rows.reshape(-1)[rest]])
        counts = np.concatenate([np.full(int(whole.sum()), T), np.ones(len(rest), dtype=np.int64)])
        chunks = firsts // steps
        order = np.argsort(chunks, kind="stable")  # chunk by chunk: one size check each, one map held at a time
        rows_out = out.reshape(-1, *self.step_shape)
        current, view = -1, self.reader._fill
        for chunk, first, start, n in zip(chunks[order].tolist(), (firsts - chunks * steps)[order].tolist(),
                                          starts[order].tolist(), counts[order].tolist()):
            if chunk != current:
                current, view = chunk, self._rows_of(chunk)
            rows_out[start: start + n] = view[first: first + n]
        return out
