"""Faults in the store: overwriting what is not a store, flipped or missing meta chunks, corrupt chunks read by
the sampler. Each test breaks a real store on disk and checks the named error (array, chunk, episodes)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from robopolicy.data import EpisodeStore, StoreError
from robopolicy.data.cli import main as data_main
from robopolicy.data.sampler import WindowSampler
from robopolicy.data.store import STORE_VERSION
from robopolicy.data.validate import validate

from .conftest import build_store, make_episode, tree_bytes

FIXTURES = Path(__file__).parent / "fixtures"
# A store written by robopolicy before meta checksums (format version 1): build_store(path, [4, 6, 5],
# tasks=("open the drawer", "close the drawer")) with the code of that time. Kept as written, never rewritten.
STORE_V1 = FIXTURES / "store_v1"
# In a meta column's chunk (zstd, no checksum in version 1) byte 12 is episode 1's raw success value.
SUCCESS_VALUE_BYTE = 12


def _chunk_file(store_path: Path, array: str, chunk: int = 0) -> Path:
    """The file of chunk ``chunk`` along time: ``<array>/c/<chunk>/0/...`` (one 0 per per-step axis)."""
    folder = store_path.joinpath(*array.split("/"))
    ndim = len(json.loads((folder / "zarr.json").read_text())["shape"])
    return folder.joinpath("c", str(chunk), *["0"] * (ndim - 1))


def _flip_bit(path: Path, offset: int) -> None:
    raw = bytearray(path.read_bytes())
    raw[offset] ^= 0x01
    path.write_bytes(bytes(raw))


@pytest.mark.fault("store")
def test_create_overwrite_refuses_a_folder_that_is_not_a_store(tmp_path):
    """`EpisodeStore.create(path, overwrite=True)` with path a folder of other files: it was deleted; now refused
    (names the folder and what it lacks), the folder untouched."""
    folder = tmp_path / "thesis"
    folder.mkdir()
    (folder / "chapter1.tex").write_text("irreplaceable")
    (folder / "zarr.json").write_text('{"zarr_format": 3, "node_type": "group", "attributes": {}}')
    before = tree_bytes(folder)
    (tmp_path / "notes.txt").write_text("also irreplaceable")
    for target, lacks in ((folder, "format attribute None"), (tmp_path / "notes.txt", "a file")):
        with pytest.raises(StoreError, match=rf"{target.name}: .*not an episode store \(.*{lacks}.*nothing was deleted"):
            EpisodeStore.create(target, {"x": {"shape": [1], "dtype": "float32"}}, fps=10, overwrite=True)
    assert tree_bytes(folder) == before
    assert (tmp_path / "notes.txt").read_text() == "also irreplaceable"


def test_create_overwrite_replaces_an_existing_store(tmp_path):
    path = tmp_path / "s.zarr"
    build_store(path, [4, 5])
    store = EpisodeStore.create(path, {"x": {"shape": [1], "dtype": "float32"}}, fps=10, overwrite=True)
    assert store.num_episodes == 0 and list(EpisodeStore.open(path).features) == ["x"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.zarr"]  # nothing left beside it


@pytest.mark.fault("store")
def test_flipped_bit_in_a_meta_column_is_a_named_error(store, capsys):
    """One bit flipped in `meta/episodes/success`: `data info` silently reported another success rate; now `info`,
    `column` and `data validate` all name the array, chunk 0 and its episodes."""
    path = store.path
    _flip_bit(_chunk_file(path, "meta/episodes/success"), SUCCESS_VALUE_BYTE)
    problems = validate(path)
    assert [(p.array, p.episodes) for p in problems] == [("meta/episodes/success", (0, 1, 2, 3, 4))]
    assert "chunk 0" in problems[0].message and "checksum" in problems[0].message
    with pytest.raises(StoreError) as caught:
        EpisodeStore.open(path).column("success")
    error = caught.value
    assert (error.array, error.chunk, error.episodes) == ("meta/episodes/success", 0, (0, 1, 2, 3, 4))
    assert "robopolicy data validate" in str(error)
    with pytest.raises(StoreError, match=r"meta/episodes/success chunk 0"):
        data_main(["info", str(path)])
    assert data_main(["validate", str(path)]) == 1
    assert "meta/episodes/success" in capsys.readouterr().out


@pytest.mark.fault("store")
def test_missing_commit_point_chunk_is_an_error_not_an_empty_store(store):
    """The chunk file of `meta/episode_ends` deleted: the store opened as "0 episodes" and a writer then cut all
    data away; now opening names the array, chunk and episodes, and nothing on disk changes."""
    path = store.path
    _chunk_file(path, "meta/episode_ends").unlink()
    before = tree_bytes(path)
    for mode in ("r", "a"):
        with pytest.raises(StoreError, match=r"meta/episode_ends chunk 0 .*missing.*episodes 0") as caught:
            EpisodeStore.open(path, mode=mode)
        assert caught.value.episodes == (0, 1, 2, 3, 4)
    assert tree_bytes(path) == before
    with pytest.raises(StoreError, match="meta/episode_ends chunk 0"):  # validate opens the store first
        validate(path)


@pytest.mark.fault("store")
@pytest.mark.parametrize("in_memory", [True, False])
def test_corrupt_chunk_read_by_the_sampler_is_the_validate_error(store, in_memory):
    """A flipped bit in a `data/state` chunk read by a training sampler: a raw zarr / checksum traceback; now the
    sampler raises the error `data validate` reports (array, chunk, episodes)."""
    path = store.path
    _flip_bit(_chunk_file(path, "data/state"), 40)
    [problem] = validate(path)
    reopened = EpisodeStore.open(path)
    with pytest.raises(StoreError) as caught:
        sampler = WindowSampler(reopened, ["state"], obs_horizon=2, pred_horizon=4, exec_horizon=2,
                                in_memory=in_memory)
        sampler.get_batch(np.arange(len(sampler)))
    error = caught.value
    assert (error.array, error.episodes) == (problem.array, problem.episodes) == ("data/state", (0, 1, 2, 3, 4))
    assert f"chunk {error.chunk} " in problem.message
    with pytest.raises(StoreError, match="data/state chunk 0"):
        reopened.episode(3)


@pytest.mark.fault("store")
def test_missing_data_chunk_is_an_error_not_zeros(tmp_path):
    """A data chunk file deleted: readers got zeros (the fill value) for those steps; now the store and `data
    validate` name the missing chunk and its episodes."""
    store = build_store(tmp_path / "s.zarr", [5, 12, 1, 30, 17])
    _chunk_file(store.path, "data/reward").unlink()
    [problem] = validate(store.path)
    assert (problem.array, problem.episodes) == ("data/reward", (0, 1, 2, 3, 4)) and "missing" in problem.message
    with pytest.raises(StoreError, match=r"data/reward chunk 0 .*missing"):
        EpisodeStore.open(store.path).episode(0)


def test_new_stores_checksum_every_array_and_write_every_chunk(tmp_path):
    from robopolicy.data.validate import unchecked_arrays

    store = build_store(tmp_path / "s.zarr", [3, 4])
    store.append_episode({**make_episode(2, 3), "reward": np.zeros(3, np.float32)}, success=None)  # fill values
    assert store.group.attrs["version"] == STORE_VERSION == 2
    assert unchecked_arrays(store) == []
    for name in ("meta/episodes/success", "meta/episodes/policy_index", "meta/episodes/source", "meta/policies"):
        assert name == "meta/policies" or _chunk_file(store.path, name).exists(), name


def test_version_1_store_opens_validates_and_says_meta_is_unchecked(tmp_path, capsys):
    from robopolicy.data.validate import unchecked_arrays

    path = tmp_path / "old.zarr"
    shutil.copytree(STORE_V1, path)
    store = EpisodeStore.open(path)
    assert store.group.attrs["version"] == 1 and store.num_episodes == 3
    assert store.tasks == ["open the drawer", "close the drawer"] and store.column("success").tolist() == [0, 1, 0]
    assert "meta/episodes/success" in unchecked_arrays(store) and "data/cam" not in unchecked_arrays(store)
    assert validate(path) == []
    assert data_main(["validate", str(path)]) == 0
    out = capsys.readouterr().out
    assert "ok" in out and "unchecked" in out and "version 1" in out
    writer = EpisodeStore.open(path, mode="a")  # appending keeps the old layout readable
    writer.append_episode(make_episode(3, 7), task="open the drawer", success=True, seed=3)
    assert EpisodeStore.open(path).column("seed").tolist() == [0, 1, 2, 3] and validate(path) == []


@pytest.mark.fault("store")
def test_writer_refuses_to_cut_episodes_behind_a_bad_commit_entry(store):
    """`meta/episode_ends` with a non-increasing entry (episode 3) opened for appending: episodes 3 and 4 were cut
    off the data for good; now the writer refuses (names the entry, points to `data validate`), nothing changes."""
    ends = store.group["meta/episode_ends"]
    ends[3] = ends[2]
    before = tree_bytes(store.path)
    assert EpisodeStore.open(store.path).num_episodes == 3  # a reader sees the valid prefix; validate reports it
    with pytest.raises(StoreError, match=r"meta/episode_ends entry 3 .*data validate"):
        EpisodeStore.open(store.path, mode="a")
    assert tree_bytes(store.path) == before
