"""Direct chunk reads (the sampler's disk path) agree with Zarr, honour fill chunks and check CRCs."""

from __future__ import annotations

import numpy as np
import pytest

from robopolicy.data import EpisodeStore, Feature
from robopolicy.data.chunks import ChunkChecksumError, ChunkReader, supports_direct_reads
from robopolicy.data.store import CorruptStoreError

from .conftest import build_store


def test_direct_reads_equal_zarr_reads(tmp_path):
    store = build_store(tmp_path / "s.zarr", [40, 70, 33])
    rng = np.random.default_rng(0)
    for key in store.features:
        arr = store.array(key)
        reader = ChunkReader(arr)
        assert reader.direct and supports_direct_reads(arr)
        zero = (0,) * (arr.ndim - 1)
        assert reader._chunk_path(3) == str(store.path / "data" / key / arr.metadata.encode_chunk_key((3, *zero)))
        rows = np.unique(rng.integers(0, store.num_steps, 60))
        got = reader.read_rows(rows)
        assert got.dtype == arr.dtype and got.tobytes() == np.asarray(arr[:])[rows].tobytes(), key


def test_missing_chunk_file_reads_as_fill_value_unless_the_store_writes_every_chunk(tmp_path):
    store = EpisodeStore.create(tmp_path / "z.zarr", {"x": Feature((1000,), "float32", "state")}, fps=1)
    store.append_episode({"x": np.zeros((1200, 1000), np.float32)})  # all-fill chunks are written too (version 2)
    store.append_episode({"x": np.ones((800, 1000), np.float32)})
    arr = store.array("x")
    chunk0 = store.path / "data" / "x" / "c" / "0" / "0"
    assert chunk0.exists()
    chunk0.unlink()  # as Zarr itself would leave a chunk holding only the fill value (and version 1 stores did)
    rows = np.array([0, 5, 1199, 1200, 1999])
    assert np.array_equal(ChunkReader(arr).read_rows(rows), np.asarray(arr.oindex[rows]))
    assert ChunkReader(arr).read_rows(rows)[:3].sum() == 0 and np.all(ChunkReader(arr).read_rows(rows)[3:] == 1)
    with pytest.raises(CorruptStoreError, match=r"data/x chunk 0 \(steps 0-\d+\) is missing.*episodes 0"):
        store.chunk_reader("x").read_rows(rows)


def test_corrupted_chunk_raises_instead_of_returning_wrong_data(tmp_path):
    from robopolicy.data import WindowSampler

    store = build_store(tmp_path / "s.zarr", [40, 30])
    chunk = next((store.path / "data" / "state").rglob("c/0/0"))
    raw = bytearray(chunk.read_bytes())
    raw[len(raw) // 2] ^= 0x5A
    chunk.write_bytes(bytes(raw))
    with pytest.raises(ChunkChecksumError, match="chunk 0"):
        ChunkReader(store.array("state")).read_rows(np.array([3]))
    ds = WindowSampler(EpisodeStore.open(store.path), obs_keys=["state"], pred_horizon=4, exec_horizon=1,
                       in_memory=False)
    with pytest.raises(CorruptStoreError, match="data/state chunk 0 .* checksum"):
        ds.get_batch(np.arange(4))
