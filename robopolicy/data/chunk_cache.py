"""A bounded cache of decoded chunks for the sampler's disk mode, shared by its prefetch threads.

Each cached array gets a slab: ``slots`` chunk-sized slots in one contiguous ``(slots * chunk_steps, *shape)``
array, a ``chunk -> slot`` table and a ``slot -> chunk`` table. A batch's rows are gathered with a single fancy
index into the slab (``slab[slot_of[row // c] * c + row % c]``), as fast as indexing an in-memory copy, after the
chunks it touches have been decoded straight into free slots (``ChunkReader.read_chunk_into``: no extra copy).

Eviction is least-recently-used among the slots no batch is reading: a batch pins its chunks while it loads and
gathers them, so prefetch threads never overwrite a chunk another thread is reading. A batch that touches more
chunks than the slab has slots is read without the cache (``ChunkReader.read_rows``); one that has to wait for
other batches to unpin slots waits. Decoding happens outside the lock: blosc, file reads and numpy's fancy
indexing release the GIL, so threads overlap on several cores.

The slab is allocated with ``np.empty``: its pages take memory only once a chunk is decoded into them.
"""

from __future__ import annotations

import os
import threading

import numpy as np

from robopolicy.data.chunks import ChunkReader


def available_memory() -> int | None:
    """Bytes of memory available to new allocations now (``MemAvailable``), or None when unknown."""
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return int(os.sysconf("SC_AVPHYS_PAGES")) * int(os.sysconf("SC_PAGE_SIZE"))
    except (ValueError, OSError, AttributeError):
        return None


def chunk_bytes(reader: ChunkReader) -> int:
    """Decoded bytes of one chunk of ``reader``'s array."""
    return reader.chunk_steps * int(np.prod(reader.step_shape, dtype=np.int64)) * reader.dtype.itemsize


def split_budget(full_bytes: dict[str, int], chunk: dict[str, int], budget: int) -> dict[str, int]:
    """Bytes per array (whole chunks) from a total ``budget``, water-filled: an array that fits in an equal share
    of what is left is cached whole (state, action), one whose chunk does not fit in its share gets nothing and
    leaves its share to the others, the rest split what remains evenly."""
    out: dict[str, int] = {}
    left, keys = int(budget), set(full_bytes)
    while keys:
        share = left // len(keys)
        whole = [k for k in keys if full_bytes[k] <= share]
        if whole:
            for k in whole:
                out[k] = full_bytes[k]
                left -= full_bytes[k]
            keys -= set(whole)
            continue
        biggest = max(keys, key=lambda k: (chunk[k], k))
        if chunk[biggest] > share:  # drop the biggest chunk first: its share may fit the others' chunks
            out[biggest] = 0
            keys.remove(biggest)
            continue
        out.update({k: share // chunk[k] * chunk[k] for k in keys})
        break
    return out


class ChunkCache:
    """Up to ``slots`` decoded chunks of one array (see the module docstring); thread-safe."""

    def __init__(self, reader: ChunkReader, slots: int, num_chunks: int, chunks_read: int | None = None):
        """``chunks_read``: how many distinct chunks the caller will ever ask for (the sampler's episodes touch);
        when the slots hold them all, nothing is ever evicted, and a batch whose chunks are all decoded is gathered
        straight from the slab with no locking or pinning (the in-memory path's cost)."""
        if slots < 1:
            raise ValueError(f"a chunk cache needs at least one slot, got {slots}")
        self.reader = reader
        self.slots = int(slots)
        self.chunk_steps = reader.chunk_steps
        self.slab = np.empty((self.slots * self.chunk_steps, *reader.step_shape), dtype=reader.dtype)
        self._slot_of = np.full(max(int(num_chunks), 1), -1, dtype=np.int64)  # chunk -> slot (-1: not cached)
        self._chunk_in = np.full(self.slots, -1, dtype=np.int64)  # slot -> chunk (-1: empty)
        self._pins = np.zeros(self.slots, dtype=np.int64)  # batches reading each slot now
        self._loading = np.zeros(self.slots, dtype=bool)  # a thread is decoding into the slot
        self._used = np.zeros(self.slots, dtype=np.int64)  # last use (a tick), for LRU
        self._tick = 0
        # Never evicting (the slots hold every chunk read): a decoded chunk keeps its slot for good, and ``_ready``
        # (set after its decode finished, never cleared) lets a batch skip the lock once all its chunks are in.
        self.never_evicts = chunks_read is not None and self.slots >= int(chunks_read)
        self._ready = np.zeros(max(int(num_chunks), 1), dtype=bool)
        self._cond = threading.Condition()
        self.hits = self.decodes = self.uncached_batches = 0

    @property
    def nbytes(self) -> int:
        return int(self.slab.nbytes)

    def stats(self) -> dict[str, int]:
        return {"slots": self.slots, "bytes": self.nbytes, "hits": self.hits, "decodes": self.decodes,
                "uncached_batches": self.uncached_batches}

    def gather(self, rows: np.ndarray) -> np.ndarray:
        """Values at ``rows`` (any shape, rows of the array) -> ``(*rows.shape, *step_shape)``."""
        flat = rows.reshape(-1)
        chunk_of_row = flat // self.chunk_steps
        if self.never_evicts and self._ready[chunk_of_row].all():
            index = self._slot_of[chunk_of_row] * self.chunk_steps + (flat - chunk_of_row * self.chunk_steps)
            self.hits += 1   # counted per batch here (an unlocked += can miss one when threads race: stats only)
            return self.slab[index].reshape(*rows.shape, *self.reader.step_shape)
        needed, inverse = np.unique(chunk_of_row, return_inverse=True)
        if len(needed) > self.slots:  # cannot hold the batch at once: the uncached path, one decode per chunk
            with self._cond:
                self.uncached_batches += 1
                self.decodes += len(needed)
            unique, inv = np.unique(flat, return_inverse=True)
            return self.reader.read_rows(unique)[inv].reshape(*rows.shape, *self.reader.step_shape)
        slots = self._acquire(needed)
        try:
            index = slots[inverse] * self.chunk_steps + (flat - chunk_of_row * self.chunk_steps)
            return self.slab[index].reshape(*rows.shape, *self.reader.step_shape)
        finally:
            self._release(slots)

    # ------------------------------------------------------------------ pinning
    def _acquire(self, needed: np.ndarray) -> np.ndarray:
        """Pin the slots of sorted unique chunks ``needed`` (decoding the missing ones); returns the slots."""
        while True:
            slots, loads = self._reserve(needed)
            try:
                for chunk, slot in loads:
                    lo = slot * self.chunk_steps
                    self.reader.read_chunk_into(chunk, self.slab[lo: lo + self.chunk_steps])
            except BaseException:
                with self._cond:
                    for chunk, slot in loads:  # forget the failed loads, unpin everything
                        self._slot_of[chunk], self._chunk_in[slot], self._loading[slot] = -1, -1, False
                    self._pins[slots] -= 1
                    self._cond.notify_all()
                raise
            with self._cond:
                for chunk, slot in loads:
                    self._loading[slot] = False
                    if self.never_evicts:
                        self._ready[chunk] = True
                if loads:
                    self._cond.notify_all()
                # Chunks another thread is decoding: wait for them; if that decode failed, start over (and meet
                # its error ourselves).
                while self._loading[slots].any():
                    self._cond.wait()
                if np.array_equal(self._slot_of[needed], slots):
                    return slots
                self._pins[slots] -= 1
                self._cond.notify_all()

    def _reserve(self, needed: np.ndarray) -> tuple[np.ndarray, list[tuple[int, int]]]:
        """Under the lock: pin cached chunks, assign LRU unpinned slots to the missing ones (waiting for other
        batches to unpin when too few are free). Returns every needed chunk's slot and the ``(chunk, slot)``
        pairs this thread must decode."""
        with self._cond:
            while True:
                slots = self._slot_of[needed]
                missing = slots < 0
                n_missing = int(missing.sum())
                self._pins[slots[~missing]] += 1
                free = np.flatnonzero(self._pins == 0)
                if len(free) >= n_missing:
                    break
                self._pins[slots[~missing]] -= 1
                self._cond.wait()
            if n_missing:
                victims = free[np.argsort(self._used[free], kind="stable")[:n_missing]]
                evicted = self._chunk_in[victims]
                self._slot_of[evicted[evicted >= 0]] = -1
                chunks = needed[missing]
                self._slot_of[chunks] = victims
                self._chunk_in[victims] = chunks
                self._pins[victims] += 1
                self._loading[victims] = True
                slots = slots.copy()
                slots[missing] = victims
            self._tick += 1
            self._used[slots] = self._tick
            self.hits += len(needed) - n_missing
            self.decodes += n_missing
            return slots, [(int(c), int(s)) for c, s in zip(needed[missing], slots[missing])]

    def _release(self, slots: np.ndarray) -> None:
        with self._cond:
            self._pins[slots] -= 1
            self._cond.notify_all()
