"""The episode store: bit-identical round trips, bad input refused with the store unchanged, concurrent reads."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from robopolicy.data import EpisodeStore, FeatureSpecError, StoreError
from robopolicy.data.cli import main as data_main

from .conftest import build_store, make_episode, small_features, tree_bytes


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lengths=st.lists(st.integers(1, 40), min_size=1, max_size=5), seed=st.integers(0, 10_000))
def test_round_trip_is_bit_identical(tmp_path_factory, lengths, seed):
    path = tmp_path_factory.mktemp("rt") / "s.zarr"
    build_store(path, lengths, seed)
    reopened = EpisodeStore.open(path, mode="r")
    assert reopened.num_episodes == len(lengths)
    assert reopened.episode_lengths.tolist() == lengths
    assert reopened.episode_ends.tolist() == np.cumsum(lengths).tolist()
    for i, n in enumerate(lengths):
        expected = make_episode(i, n, seed)
        got = reopened.episode(i)
        for key in expected:
            assert got[key].dtype == expected[key].dtype
            assert got[key].tobytes() == expected[key].tobytes(), key
        meta = reopened.episode_meta(i)
        assert meta["length"] == n and meta["seed"] == i and meta["success"] is bool(i % 2)
        assert meta["task"] == ("a", "b")[i % 2] and meta["source"] == "demo"
    loaded = reopened.load(["action"])["action"]
    assert loaded.tobytes() == np.concatenate([make_episode(i, n, seed)["action"]
                                               for i, n in enumerate(lengths)]).tobytes()


def _bad_episodes() -> dict[str, dict[str, np.ndarray]]:
    good = make_episode(0, 6)
    missing = dict(good)
    del missing["cam"]
    wrong_shape = {**good, "state": np.zeros((6, 4), np.float32)}
    wrong_dtype = {**good, "cam": good["cam"].astype(np.float32)}
    float_for_int = {**good, "done": np.zeros(6, np.float32)}
    lengths = {**good, "action": good["action"][:5]}
    nan = {**good, "state": good["state"].copy()}
    nan["state"][3, 1] = np.nan
    inf = {**good, "reward": good["reward"].copy()}
    inf["reward"][0] = np.inf
    extra = {**good, "bogus": np.zeros(6, np.float32)}
    empty = {k: v[:0] for k, v in good.items()}
    return {"missing key": missing, "wrong shape": wrong_shape, "wrong dtype": wrong_dtype,
            "float into bool": float_for_int, "different lengths": lengths, "NaN": nan, "inf": inf,
            "unknown key": extra, "empty": empty}


@pytest.mark.parametrize("case", list(_bad_episodes()))
def test_bad_episode_is_refused_and_store_unchanged(store, case):
    before = tree_bytes(store.path)
    with pytest.raises(FeatureSpecError):
        store.append_episode(_bad_episodes()[case], task="x")
    assert tree_bytes(store.path) == before
    assert EpisodeStore.open(store.path).num_episodes == 5
    assert store.append_episode(make_episode(5, 4), task="after") == 5  # the store still takes good data


def test_bad_metadata_is_refused_and_store_unchanged(store):
    before = tree_bytes(store.path)
    with pytest.raises(ValueError, match="valid: demo"):
        store.append_episode(make_episode(5, 4), source="dream")
    with pytest.raises(TypeError):
        store.append_episode(make_episode(5, 4), task=3)
    assert tree_bytes(store.path) == before


def test_read_only_store_refuses_appends(store):
    reader = EpisodeStore.open(store.path, mode="r")
    with pytest.raises(StoreError, match="read-only"):
        reader.append_episode(make_episode(9, 3))


def test_reader_sees_new_episodes_only_after_refresh(store):
    reader = EpisodeStore.open(store.path, mode="r")
    before = {i: reader.episode(i) for i in range(reader.num_episodes)}
    writer = EpisodeStore.open(store.path, mode="a")
    for i in range(5, 9):
        writer.append_episode(make_episode(i, 7 + i), task="new task")
        assert reader.num_episodes == 5  # not yet refreshed
        for j, data in before.items():  # committed data keeps reading back unchanged during appends
            assert reader.episode(j)["cam"].tobytes() == data["cam"].tobytes()
    reader.refresh()
    assert reader.num_episodes == 9
    assert "new task" in reader.tasks
    for i in range(5, 9):
        assert reader.episode(i)["state"].tobytes() == make_episode(i, 7 + i)["state"].tobytes()
        assert reader.episode_meta(i)["task"] == "new task"


def test_uncommitted_tail_is_ignored_by_readers_and_cut_by_writers(store):
    # Simulate a crash after the data was written but before episode_ends: grow data arrays by hand.
    for key in store.features:
        arr = store.array(key)
        arr.resize((arr.shape[0] + 4, *arr.shape[1:]))
    reader = EpisodeStore.open(store.path, mode="r")
    assert reader.num_steps == store.num_steps and reader.num_episodes == 5
    writer = EpisodeStore.open(store.path, mode="a")
    assert all(writer.array(k).shape[0] == writer.num_steps for k in writer.features)


def test_create_refuses_existing_path(store):
    with pytest.raises(StoreError, match="already exists"):
        EpisodeStore.create(store.path, small_features(), fps=10)


def _break_version(path: Path) -> None:
    meta = json.loads((path / "zarr.json").read_text())
    meta["attributes"]["version"] = 99
    (path / "zarr.json").write_text(json.dumps(meta))


@pytest.mark.parametrize("breakage,message", [
    ("missing", "no such file"),
    ("plain directory", "not an episode store"),
    ("other zarr group", "not an episode store"),
    ("wrong version", "version 99 is not supported"),
    ("no episode_ends", "missing 'meta/episode_ends'"),
])
@pytest.mark.parametrize("command", ["info", "validate"])
def test_cli_bad_store_is_one_line_error_exit_1(tmp_path, capsys, breakage, message, command):
    import zarr

    from robopolicy.cli import main as robopolicy_main

    path = tmp_path / "thing.zarr"
    if breakage == "plain directory":
        path.mkdir()
        (path / "notes.txt").write_text("hello")
    elif breakage == "other zarr group":
        zarr.open_group(str(path), mode="w").attrs["format"] = "somebody.else"
    elif breakage in ("wrong version", "no episode_ends"):
        build_store(path, [3, 4])
        if breakage == "wrong version":
            _break_version(path)
        else:
            import shutil

            shutil.rmtree(path / "meta" / "episode_ends")
    with pytest.raises(StoreError, match=message):
        data_main([command, str(path)])
    assert robopolicy_main(["data", command, str(path)]) == 1
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and str(path) in err and "Traceback" not in err
    assert err.startswith("error:")
