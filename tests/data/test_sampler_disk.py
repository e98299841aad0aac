"""The sampler's from-disk data path: the chunk cache, the chunk-aware order, prefetch threads, bad input."""

from __future__ import annotations

import gc
import os
import pickle
import shutil
import traceback
from pathlib import Path

import numpy as np
import pytest

from robopolicy.data import EpisodeStore, SamplerError, WindowSampler
from robopolicy.data import chunk_cache as chunk_cache_module
from robopolicy.data import sampler as sampler_module
from robopolicy.data.chunk_cache import split_budget
from robopolicy.data.chunks import ChunkReader, StoreUnreadableError
from robopolicy.data.sampler import RUN_STEPS
from robopolicy.data.store import StoreError

from .conftest import IMAGE_SIZE, make_episode, small_features

FRAME = IMAGE_SIZE * IMAGE_SIZE * 3
KEYS = ("state", "cam", "action", "obs_is_pad", "action_is_pad", "episode_index")
KW = dict(obs_keys=["state", "cam"], obs_horizon=2, pred_horizon=6, exec_horizon=3)


def chunked_store(path: Path, lengths: list[int], frames_per_chunk: int = 3) -> EpisodeStore:
    """A store whose image chunks hold ``frames_per_chunk`` frames (many chunks, so orders and caches matter)."""
    store = EpisodeStore.create(path, small_features(), fps=10, image_chunk_bytes=frames_per_chunk * FRAME)
    for i, n in enumerate(lengths):
        store.append_episode(make_episode(i, n), task="ab"[i % 2])
    return store


@pytest.fixture
def cstore(tmp_path) -> EpisodeStore:
    return chunked_store(tmp_path / "c.zarr", [23, 40, 7, 31, 18, 26])


def assert_same(batch, want):
    for key in KEYS:
        assert batch[key].dtype == want[key].dtype and np.array_equal(batch[key], want[key]), key
    assert batch.get("task") == want.get("task")


def test_image_chunk_bytes_sets_the_time_chunks_and_defaults_stay(tmp_path, cstore):
    assert cstore.array("cam").chunks[0] == 3
    assert cstore.array("state").chunks == EpisodeStore.create(tmp_path / "d.zarr", small_features(), fps=1
                                                               ).array("state").chunks
    default = EpisodeStore.create(tmp_path / "e.zarr", small_features(), fps=1)
    assert default.array("cam").chunks[0] == 256 * 1024 // FRAME
    with pytest.raises(StoreError, match="image_chunk_bytes"):
        EpisodeStore.create(tmp_path / "f.zarr", small_features(), fps=1, image_chunk_bytes=0)


@pytest.mark.parametrize(("shuffle", "compressor", "level"),
                         [("noshuffle", "lz4", 5), ("shuffle", "lz4", 5), ("noshuffle", "zstd", 1),
                          ("noshuffle", "lz4hc", 5), ("bitshuffle", "zstd", 9)])
def test_image_layout_options_read_the_same_windows(tmp_path, shuffle, compressor, level):
    store = EpisodeStore.create(tmp_path / "n.zarr", small_features(), fps=10, image_shuffle=shuffle,
                                image_compressor=compressor, image_compression_level=level,
                                image_chunk_bytes=4 * FRAME)
    for i, n in enumerate([20, 13]):
        store.append_episode(make_episode(i, n))
    codec = store.array("cam").compressors[0]
    assert (codec.shuffle.value, codec.cname.value, codec.clevel) == (shuffle, compressor, level)
    assert_layout_reads_the_same_windows(store)


def assert_layout_reads_the_same_windows(store: EpisodeStore) -> None:
    assert store.array("state").compressors[0].cname.value == "zstd"  # low-dim arrays keep their codec
    assert store.chunk_reader("cam").direct
    memory = WindowSampler(store, **KW)
    disk = WindowSampler(EpisodeStore.open(store.path), in_memory=False, **KW)
    indices = np.arange(len(memory))
    assert_same(disk.get_batch(indices), memory.get_batch(indices))
    uncached = WindowSampler(EpisodeStore.open(store.path), in_memory=False, cache_bytes=0, **KW)
    assert_same(uncached.get_batch(indices[::3]), memory.get_batch(indices[::3]))


def uncompressed_store(path: Path) -> EpisodeStore:
    store = EpisodeStore.create(path, small_features(), fps=10, image_compressor="none", image_chunk_bytes=4 * FRAME)
    for i, n in enumerate([20, 13]):
        store.append_episode(make_episode(i, n))
    return store


def test_uncompressed_images_are_raw_frames_behind_a_checksum(tmp_path):
    store = uncompressed_store(tmp_path / "raw.zarr")
    assert [type(c).__name__ for c in store.array("cam").compressors] == ["Crc32cCodec"]
    chunk = store.path / "data" / "cam" / "c" / "1" / "0" / "0" / "0"
    assert chunk.stat().st_size == 4 * FRAME + 4
    assert_layout_reads_the_same_windows(store)


@pytest.mark.parametrize("damage", ["flip", "truncate", "append"])
def test_a_damaged_uncompressed_chunk_is_a_named_error(tmp_path, damage):
    store = uncompressed_store(tmp_path / "raw.zarr")
    chunk = store.path / "data" / "cam" / "c" / "1" / "0" / "0" / "0"
    raw = bytearray(chunk.read_bytes())
    if damage == "flip":
        raw[FRAME] ^= 0x5A
    chunk.write_bytes(bytes(raw[:-7] if damage == "truncate" else raw + b"x" if damage == "append" else raw))
    disk = WindowSampler(EpisodeStore.open(store.path), in_memory=False, **KW)
    message = "checksum" if damage == "flip" else f"has {len(raw) + (1 if damage == 'append' else -7)} bytes"
    with pytest.raises(StoreError, match=rf"data/cam chunk 1 .*{message}"):
        disk.get_batch(np.arange(len(disk)))


@pytest.mark.parametrize("workers", [0, 2])
def test_uncompressed_images_bypass_the_chunk_cache(tmp_path, workers):
    """Positional reads of the rows a batch uses (RawRowReader): no decoded-chunk cache for the raw array, each chunk
    checked whole once, windows straddling chunks and edge-padded ones equal to the in-memory sampler's."""
    store = uncompressed_store(tmp_path / "raw.zarr")
    memory = WindowSampler(store, **KW)
    disk = WindowSampler(EpisodeStore.open(store.path), in_memory=False, shuffle_chunks=2, **KW)
    assert "cam" not in disk.cache_stats() and "state" in disk.cache_stats()
    for epoch in range(2):
        batches = disk.epoch_batches(5, seed=3, epoch=epoch)
        for indices, batch in zip(batches, disk.iter_batches(batches, workers=workers)):
            assert_same(batch, memory.get_batch(indices))
    reader = disk._row_readers["cam"]
    # every chunk holding an observation row (rows 0-30 of 33: the last two are never a window's first To steps),
    # each read whole and checked once over the two epochs (twice at most when two threads meet it together)
    assert set(reader._checked) == set(range(8)) and 8 <= reader.checks <= (8 if workers == 0 else 16)
    # prefetch threads come and go with each pass: their open chunk files go with them
    if workers:
        open_fds = len(os.listdir("/proc/self/fd"))
        for _ in range(3):
            batches = disk.epoch_batches(5, seed=4, epoch=0)
            list(disk.iter_batches(batches, workers=workers))
        gc.collect()
        assert len(os.listdir("/proc/self/fd")) <= open_fds
    # a chunk cut short after its check: a named error, not a short batch
    chunk = store.path / "data" / "cam" / "c" / "1" / "0" / "0" / "0"
    chunk.write_bytes(chunk.read_bytes()[:FRAME])
    with pytest.raises(StoreError, match=r"data/cam chunk 1 .*changed after its checksum was checked"):
        disk.get_batch(np.arange(len(disk)))


def test_uncompressed_maps_are_bounded_and_survive_a_deleted_file(tmp_path):
    """Each thread maps at most ``open_files`` chunk files (least recently used dropped); a chunk file deleted after
    it was mapped keeps its bytes (as an open descriptor would); one dropped since is a named error."""
    from robopolicy.data.chunks import RawRowReader

    store = uncompressed_store(tmp_path / "raw.zarr")
    reader = RawRowReader(EpisodeStore.open(store.path).chunk_reader("cam"), open_files=2)
    rows = np.arange(store.num_steps)[:, None] + np.array([0, 1])
    rows = np.minimum(rows, store.num_steps - 1)
    want = store.load(["cam"])["cam"][rows]
    assert np.array_equal(reader.gather(rows), want)
    assert len(reader._local.maps) == 2 and reader.checks == 9
    last = max(reader._local.maps)            # mapped just now: deleting its file leaves the map readable
    (store.path / "data" / "cam" / "c" / str(last) / "0" / "0" / "0").unlink()
    tail = rows[rows[:, 0] // 4 == last]
    assert np.array_equal(reader.gather(tail), want[rows[:, 0] // 4 == last])
    (store.path / "data" / "cam" / "c" / "0" / "0" / "0" / "0").unlink()   # dropped from the maps: mapped again
    with pytest.raises(StoreError, match=r"data/cam chunk 0 .*missing"):
        reader.gather(rows[:2])


def test_uncompressed_rows_in_any_order_and_shape_equal_the_stored_values(tmp_path):
    """The gather groups rows by chunk and puts each back where it was asked for: shuffled rows, repeated rows,
    rows straddling chunks, one row per window, no rows."""
    from robopolicy.data.chunks import RawRowReader

    store = uncompressed_store(tmp_path / "raw.zarr")
    values = store.load(["cam"])["cam"]
    reader = RawRowReader(EpisodeStore.open(store.path).chunk_reader("cam"))
    rng = np.random.default_rng(0)
    rows = rng.integers(0, store.num_steps, size=(7, 3))
    rows[2] = rows[2, 0]                      # one row repeated (edge padding)
    assert np.array_equal(reader.gather(rows), values[rows])
    assert np.array_equal(reader.gather(rows[:, 0]), values[rows[:, 0]])
    assert reader.gather(np.zeros((0, 2), dtype=np.int64)).shape == (0, 2, *values.shape[1:])


@pytest.mark.fault("store")
def test_copy_into_another_image_layout(tmp_path, cstore):
    """`robopolicy data copy` / `EpisodeStore.copy` onto an existing store without overwrite, onto the store itself,
    with an unknown layout option or compressor, or over a folder that is not a store: a one-line refusal naming
    what to change, with nothing half-written left beside it; a good copy has the same episodes, metadata and
    windows in the new layout."""
    raw = cstore.copy(tmp_path / "raw.zarr", image_compressor="none")
    assert [type(c).__name__ for c in raw.array("cam").compressors] == ["Crc32cCodec"]
    assert raw.array("state").compressors[0].cname.value == "zstd"
    assert (raw.num_episodes, raw.tasks, raw.fps) == (cstore.num_episodes, cstore.tasks, cstore.fps)
    assert all(raw.episode_meta(i) == cstore.episode_meta(i) for i in range(cstore.num_episodes))
    memory, disk = WindowSampler(cstore, **KW), WindowSampler(raw, in_memory=False, **KW)
    assert_same(disk.get_batch(np.arange(len(disk))), memory.get_batch(np.arange(len(memory))))
    for target, options, message in [
            (tmp_path / "raw.zarr", {}, "already exists .*--overwrite"),
            (cstore.path, {"overwrite": True}, "is the store being copied"),
            (tmp_path / "x.zarr", {"image_codec": "none"}, "unknown image layout option.*image_codec; valid: "),
            (tmp_path / "y.zarr", {"image_compressor": "gzip"}, "image_compressor must be one of")]:
        with pytest.raises(StoreError, match=message):
            cstore.copy(target, **options)
    assert not (tmp_path / "y.zarr").exists() and not list(tmp_path.glob(".y.zarr*"))
    (tmp_path / "notes").mkdir()
    with pytest.raises(StoreError, match="refusing to overwrite, it is not an episode store"):
        cstore.copy(tmp_path / "notes", overwrite=True)
    again = cstore.copy(tmp_path / "raw.zarr", overwrite=True, image_compressor="lz4hc", image_shuffle="noshuffle")
    assert again.array("cam").compressors[0].cname.value == "lz4hc"


def test_data_copy_command(tmp_path, cstore, capsys):
    from robopolicy.cli import main

    assert main(["data", "copy", str(cstore.path), str(tmp_path / "hot.zarr"), "--image-compressor", "none"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "6 episodes" in out and "images are uncompressed" in out
    assert main(["data", "info", str(tmp_path / "hot.zarr")]) == 0
    assert "none" in capsys.readouterr().out
    assert main(["data", "copy", str(cstore.path), str(tmp_path / "hot.zarr")]) == 1
    assert "already exists" in capsys.readouterr().err


def test_bad_image_layout_options_are_refused_before_anything_is_written(tmp_path):
    for options, message in [({"image_shuffle": "zstd"}, "image_shuffle must be one of bitshuffle, shuffle, noshuffle"),
                             ({"image_compressor": "gzip"}, "image_compressor must be one of lz4, lz4hc, zstd, none"),
                             ({"image_compression_level": 0}, "image_compression_level must be a whole number"),
                             ({"image_compression_level": True}, "image_compression_level must be a whole number")]:
        with pytest.raises(StoreError, match=message):
            EpisodeStore.create(tmp_path / "bad.zarr", small_features(), fps=10, **options)
        assert not (tmp_path / "bad.zarr").exists()


def test_default_image_layout_is_lz4_with_bitshuffle(tmp_path):
    """New stores' images: blosc lz4 level 5 + bitshuffle, 256 KB chunks (docs/benchmarks/sampler.md, part 4: on
    rendered frames no layout reached half the in-memory rate, so the default stayed)."""
    store = EpisodeStore.create(tmp_path / "d.zarr", small_features(), fps=10)
    codec = store.array("cam").compressors[0]
    assert (codec.cname.value, codec.clevel, codec.shuffle.value) == ("lz4", 5, "bitshuffle")
    assert store.array("cam").chunks[0] == 256 * 1024 // FRAME


def test_empty_batch_from_the_cache(cstore):
    disk = WindowSampler(cstore, in_memory=False, **KW)
    batch = disk.get_batch(np.array([], dtype=np.int64))
    assert batch["cam"].shape == (0, 2, IMAGE_SIZE, IMAGE_SIZE, 3) and batch["action"].shape == (0, 6, 2)


@pytest.mark.parametrize("workers", [0, 2])
@pytest.mark.parametrize("cache_chunks", [4, 12, 1000])  # evicting heavily, a few blocks, everything cached
def test_chunk_aware_batches_equal_the_same_windows_read_directly(cstore, workers, cache_chunks):
    memory = WindowSampler(cstore, include_task=True, **KW)
    uncached = WindowSampler(cstore, in_memory=False, cache_bytes=0, include_task=True, **KW)
    disk = WindowSampler(cstore, in_memory=False, include_task=True, cache_bytes=cache_chunks * 3 * FRAME,
                         shuffle_chunks=2, **KW)
    assert disk.chunk_aware and not memory.chunk_aware
    assert disk.cache_stats()["cam"]["bytes"] <= cache_chunks * 3 * FRAME
    # a cache holding every chunk the episodes touch never evicts: its decoded batches skip the lock (fast path)
    assert disk._caches["cam"].never_evicts == (cache_chunks == 1000)
    for epoch in range(2):
        batches = disk.epoch_batches(8, seed=1, epoch=epoch)
        for indices, batch in zip(batches, disk.iter_batches(batches, workers=workers)):
            assert_same(batch, memory.get_batch(indices))
            assert_same(batch, uncached.get_batch(indices))
    for i in (0, len(disk) // 2, len(disk) - 1):  # single items through the cache too
        item, want = disk[i], memory[i]
        assert all(np.array_equal(item[k], want[k]) for k in KEYS) and item["task"] == want["task"]
    stats = disk.cache_stats()["cam"]
    assert stats["decodes"] > 0 and stats["hits"] > 0


def test_epoch_orders_are_seeded_permutations(cstore):
    disk = WindowSampler(cstore, in_memory=False, shuffle_chunks=4, **KW)
    memory = WindowSampler(cstore, **KW)
    n = len(disk)
    for sampler in (disk, memory):
        first = sampler.epoch_permutation(seed=3, epoch=0)
        assert sorted(first.tolist()) == list(range(n))
        assert np.array_equal(first, sampler.epoch_permutation(seed=3, epoch=0))
        assert not np.array_equal(first, sampler.epoch_permutation(seed=3, epoch=1))
    # not chunk-aware (the in-memory default): exactly the trainer's EpochOrder permutation
    assert np.array_equal(memory.epoch_permutation(3, 5), np.random.default_rng([3, 5]).permutation(n))
    batches = memory.epoch_batches(7, seed=3, epoch=5, drop_last=True)
    assert all(len(b) == 7 for b in batches) and len(batches) == n // 7
    assert np.array_equal(np.concatenate(batches), np.random.default_rng([3, 5]).permutation(n)[: 7 * (n // 7)])


def runs_in_play(sampler: WindowSampler, perm: np.ndarray) -> np.ndarray:
    """For each position of an epoch order: how many runs have a window before it and one after it."""
    run = sampler._win_group[perm] // sampler.run_chunks
    _, first = np.unique(run, return_index=True)
    _, last_rev = np.unique(run[::-1], return_index=True)
    last = len(run) - 1 - last_rev
    starts = np.bincount(first, minlength=len(run) + 1)
    ends = np.bincount(last + 1, minlength=len(run) + 1)
    return np.cumsum(starts - ends)[: len(run)]


def test_chunk_aware_order_keeps_about_shuffle_chunks_in_play(tmp_path):
    store = chunked_store(tmp_path / "big.zarr", [60] * 8, frames_per_chunk=6)
    disk = WindowSampler(store, in_memory=False, shuffle_chunks=8, cache_bytes=16 * 6 * FRAME, **KW)
    assert disk.run_chunks == -(-RUN_STEPS // 6) == 2 and disk._anchor_chunks == 80
    in_play = runs_in_play(disk, disk.epoch_permutation(seed=0, epoch=0))
    assert in_play.max() <= 2 * 4 + 2 and in_play.mean() <= 1.5 * 4 + 1  # 8 chunks = 4 runs of 2
    # a buffer as large as the store: a uniform permutation, every run in play most of the epoch
    everything = WindowSampler(store, in_memory=False, shuffle_chunks=80, **KW)
    assert np.median(runs_in_play(everything, everything.epoch_permutation(seed=0, epoch=0))) > 30
    # the default with a cache that holds every chunk is that uniform order
    assert WindowSampler(store, in_memory=False, **KW).shuffle_chunks == 80


def test_chunk_aware_order_decodes_each_chunk_about_once_per_epoch(tmp_path):
    store = chunked_store(tmp_path / "big.zarr", [60] * 8, frames_per_chunk=6)
    num_chunks = -(-store.num_steps // 6)
    cache = 16 * 6 * FRAME  # 16 of 80 image chunks
    aware = WindowSampler(store, in_memory=False, cache_bytes=cache, shuffle_chunks=8, **KW)
    rand = WindowSampler(store, in_memory=False, cache_bytes=cache, chunk_aware=False, **KW)
    for sampler in (aware, rand):
        for _ in sampler.iter_batches(sampler.epoch_batches(16, seed=0, epoch=0)):
            pass
    aware_decodes, rand_decodes = aware.cache_stats()["cam"]["decodes"], rand.cache_stats()["cam"]["decodes"]
    # once each, plus at most one spill decode per run (a window straddling into the next run's chunk)
    assert aware_decodes <= (1 + 1 / aware.run_chunks) * num_chunks + 4
    assert rand_decodes > 3 * aware_decodes


def test_batch_that_needs_more_chunks_than_the_cache_holds_reads_uncached(cstore):
    memory = WindowSampler(cstore, **KW)
    disk = WindowSampler(cstore, in_memory=False, cache_bytes=2 * 3 * FRAME, shuffle_chunks=1, **KW)
    assert disk.cache_stats()["cam"]["slots"] == 2
    indices = np.arange(0, len(disk), 5)
    assert_same(disk.get_batch(indices), memory.get_batch(indices))
    assert disk.cache_stats()["cam"]["uncached_batches"] == 1


def test_batch_order_is_resumable(cstore):
    disk = WindowSampler(cstore, in_memory=False, **KW)
    order = disk.batch_order(8, seed=2, drop_last=True)
    assert order.num_windows == len(disk) and order.batch_size == 8
    order.epoch, order.cursor = 1, 3
    again = disk.batch_order(8, seed=2, drop_last=True)
    again.load_state_dict(order.state_dict())
    assert (again.epoch, again.cursor) == (1, 3)
    for a, b in zip(order.epoch_batches(1), again.epoch_batches(1)):
        assert np.array_equal(a, b) and len(a) == 8


def test_sampler_pickles_with_its_cache_options(cstore):
    disk = WindowSampler(cstore, in_memory=False, cache_bytes=6 * 3 * FRAME, **KW)
    disk.get_batch(np.arange(10))
    copy = pickle.loads(pickle.dumps(disk))
    assert copy.cache_stats()["cam"]["slots"] == disk.cache_stats()["cam"]["slots"]
    assert copy.cache_stats()["cam"]["decodes"] == 0  # each process starts with an empty cache
    assert_same(copy.get_batch(np.arange(10)), disk.get_batch(np.arange(10)))


def test_split_budget_caches_small_arrays_whole():
    chunk = {"state": 10, "action": 5, "cam": 100, "wrist": 100}
    assert split_budget({"state": 10, "action": 5, "cam": 1000, "wrist": 1000}, chunk, 1015) == {
        "action": 5, "state": 10, "cam": 500, "wrist": 500}
    assert split_budget({"a": 10}, {"a": 5}, 100) == {"a": 10}
    # a key whose one chunk does not fit its share gets nothing and leaves the budget to the others
    assert split_budget({"state": 4000, "cam": 1000}, {"state": 2000, "cam": 100}, 1000) == {"state": 0, "cam": 1000}
    assert split_budget({"state": 4000, "cam": 5000}, {"state": 2000, "cam": 100}, 3000) == {"state": 0, "cam": 3000}


@pytest.mark.parametrize("kwargs,match", [
    (dict(cache_bytes=-1), "cache_bytes must be"),
    (dict(cache_bytes=True), "cache_bytes must be"),
    (dict(shuffle_chunks=0), "shuffle_chunks must be"),
    (dict(cache_bytes=4 * 3 * FRAME, shuffle_chunks=3), r"shuffle_chunks=3 needs 2 x 3 chunks of 'cam'.*<= 2"),
])
def test_bad_cache_options_are_named(cstore, kwargs, match):
    with pytest.raises(SamplerError, match=match):
        WindowSampler(cstore, in_memory=False, **KW, **kwargs)


def test_cache_larger_than_free_memory_is_refused_in_one_line(cstore, monkeypatch):
    monkeypatch.setattr(sampler_module, "available_memory", lambda: 3 * 2**30)
    with pytest.raises(SamplerError) as info:
        WindowSampler(cstore, in_memory=False, cache_bytes=4 * 2**30, **KW)
    message = str(info.value)
    assert "\n" not in message and "cache_bytes=4,294,967,296" in message and "3,221,225,472 bytes" in message
    ok = WindowSampler(cstore, in_memory=False, cache_bytes=2 * 2**30, **KW)  # allowed; never bigger than the data
    assert sum(s["bytes"] for s in ok.cache_stats().values()) < 16 * 2**20
    default = WindowSampler(cstore, in_memory=False, **KW)
    assert default.cache_bytes == min(sampler_module.DEFAULT_CACHE_BYTES, 3 * 2**30 // 4)
    assert chunk_cache_module.available_memory() > 0  # the real reading works on this machine


def test_more_workers_than_cores_is_refused_in_one_line(cstore, monkeypatch):
    disk = WindowSampler(cstore, in_memory=False, **KW)
    monkeypatch.setattr(sampler_module, "usable_cores", lambda: 2)
    with pytest.raises(SamplerError, match=r"^workers=3 is more than the 2 CPU cores .* workers <= 2") as info:
        disk.iter_batches([np.arange(4)], workers=3)
    assert "\n" not in str(info.value)
    with pytest.raises(SamplerError, match="workers must be"):
        disk.iter_batches([np.arange(4)], workers=-1)
    assert len(list(disk.iter_batches([np.arange(4), np.arange(3)], workers=2))) == 2


def test_closing_the_prefetch_iterator_stops_its_threads(cstore):
    import threading

    disk = WindowSampler(cstore, in_memory=False, **KW)
    batches = disk.epoch_batches(4, seed=0, epoch=0)
    it = disk.iter_batches(batches, workers=2)
    next(it)
    it.close()
    assert not [t for t in threading.enumerate() if t.name.startswith("window-sampler")]


def _raised_in_robopolicy(error: BaseException) -> bool:
    frames = traceback.extract_tb(error.__traceback__)
    return "robopolicy" in frames[-1].filename and "zarr" not in frames[-1].filename


@pytest.mark.parametrize("how", ["deleted", "moved"])
@pytest.mark.parametrize("workers", [0, 2])
def test_store_that_disappears_mid_run_is_a_one_line_error_naming_it(tmp_path, how, workers):
    store = chunked_store(tmp_path / "gone.zarr", [30, 30, 30])
    disk = WindowSampler(store, in_memory=False, cache_bytes=2 * 3 * FRAME, shuffle_chunks=1, **KW)
    batches = disk.epoch_batches(4, seed=0, epoch=0)
    it = disk.iter_batches(batches, workers=workers, prefetch=1 if workers else None)
    next(it)
    if how == "deleted":
        shutil.rmtree(store.path)
    else:
        store.path.rename(tmp_path / "elsewhere.zarr")
    with pytest.raises(StoreError) as info:
        for _ in it:
            pass
    message = str(info.value)
    assert "\n" not in message and str(store.path) in message and "is gone" in message
    assert info.value.__cause__ is None and info.value.__suppress_context__
    assert _raised_in_robopolicy(info.value)


def test_missing_store_is_not_read_as_fill_values(tmp_path):
    """A reader that treats a missing chunk as the fill value (version 1 stores) must not do so for a store whose
    folder is gone: zeros would train silently."""
    store = chunked_store(tmp_path / "v.zarr", [20])
    reader = ChunkReader(store.array("cam"))  # missing_is_error=False
    assert reader.read_rows(np.array([0, 5])).any()
    shutil.rmtree(store.path)
    with pytest.raises(StoreUnreadableError, match="v.zarr is gone"):
        reader.read_rows(np.array([0, 5]))
    with pytest.raises(StoreUnreadableError, match="is gone"):
        reader.read_chunk_into(0, np.empty((3, IMAGE_SIZE, IMAGE_SIZE, 3), np.uint8))


def test_cold_chunk_file_removed_from_a_v2_store_is_still_corruption(cstore):
    """A chunk file missing while the store is there stays the CorruptStoreError it was (not 'store gone')."""
    from robopolicy.data.store import CorruptStoreError

    (cstore.path / "data" / "cam" / "c" / "2" / "0" / "0" / "0").unlink()
    disk = WindowSampler(EpisodeStore.open(cstore.path), in_memory=False, **KW)
    with pytest.raises(CorruptStoreError, match="data/cam chunk 2 .* is missing"):
        disk.get_batch(np.arange(len(disk)))
