"""``validate`` and ``robopolicy data validate``: every invariant, and corrupted chunks mapped to episodes."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from robopolicy.data import EpisodeStore, Feature
from robopolicy.data.cli import main as data_main
from robopolicy.data.store import IMAGE_CHUNK_BYTES
from robopolicy.data.validate import episodes_in_rows, first_broken_episode, validate

from .conftest import build_store

CAM = 32  # 32x32x3 uint8 frames -> 85 steps per image chunk (IMAGE_CHUNK_BYTES)
EPISODE_LENGTH = 100


def _camera_store(path: Path, episodes: int = 5) -> EpisodeStore:
    store = EpisodeStore.create(path, {"cam": Feature((CAM, CAM, 3), "uint8", "image"),
                                       "action": Feature((2,), "float32", "action")}, fps=10)
    rng = np.random.default_rng(0)
    for _ in range(episodes):
        cam = rng.integers(0, 256, size=(EPISODE_LENGTH, CAM, CAM, 3), dtype=np.uint8)
        store.append_episode({"cam": cam, "action": rng.normal(size=(EPISODE_LENGTH, 2)).astype(np.float32)})
    return store


def _flip_bytes(chunk_file: Path, offset_fraction: float = 0.5, count: int = 4) -> None:
    raw = bytearray(chunk_file.read_bytes())
    at = int(len(raw) * offset_fraction)
    for k in range(count):
        raw[at + k] ^= 0xFF
    chunk_file.write_bytes(bytes(raw))


def test_sound_store_has_no_problems(store):
    assert validate(store.path) == []


def test_corrupted_chunk_names_array_and_episodes(tmp_path, capsys):
    store = _camera_store(tmp_path / "c.zarr")
    step = store.array("cam").chunks[0]
    assert step == IMAGE_CHUNK_BYTES // (CAM * CAM * 3) == 85
    chunk_files = sorted((store.path / "data" / "cam").rglob("c/*/0/0/0"))
    assert len(chunk_files) == -(-5 * EPISODE_LENGTH // step)
    _flip_bytes(store.path / "data" / "cam" / "c" / "2" / "0" / "0" / "0")  # steps 170..254
    problems = validate(store.path)
    assert len(problems) == 1
    p = problems[0]
    assert p.array == "data/cam" and p.episodes == (1, 2) and "chunk 2" in p.message
    assert first_broken_episode(problems) is p
    assert data_main(["validate", str(store.path)]) == 1
    out = capsys.readouterr().out
    assert "first broken episode 1" in out and "data/cam" in out


def test_corrupted_low_dim_chunk(tmp_path):
    store = _camera_store(tmp_path / "c.zarr", episodes=2)
    _flip_bytes(next((store.path / "data" / "action").rglob("c/0/0")), 0.3)
    problems = validate(store.path)
    assert [(p.array, p.episodes) for p in problems] == [("data/action", (0, 1))]


def test_episodes_in_rows():
    ends = np.array([5, 17, 18, 48])
    assert episodes_in_rows(ends, 0, 5) == [0]
    assert episodes_in_rows(ends, 4, 18) == [0, 1, 2]
    assert episodes_in_rows(ends, 18, 100) == [3]


@pytest.mark.parametrize("breakage,array,episode", [
    ("length column", "meta/episodes/length", 2),
    ("task index", "meta/episodes/task_index", 3),
    ("source index", "meta/episodes/source", 1),
    ("success value", "meta/episodes/success", 4),
    ("non-increasing ends", "meta/episode_ends", 3),
    ("NaN in data", "data/state", 1),
])
def test_each_invariant_is_checked(store, capsys, breakage, array, episode):
    root = store.group
    if breakage == "length column":
        root["meta/episodes/length"][2] = 99
    elif breakage == "task index":
        root["meta/episodes/task_index"][3] = 7
    elif breakage == "source index":
        root["meta/episodes/source"][1] = 9
    elif breakage == "success value":
        root["meta/episodes/success"][4] = 3
    elif breakage == "non-increasing ends":
        ends = root["meta/episode_ends"]
        ends[3] = ends[2]
    elif breakage == "NaN in data":
        start, _ = store.episode_range(1)
        store.array("state")[start + 2, 1] = np.nan
    problems = validate(store.path)
    assert problems, breakage
    first = first_broken_episode(problems)
    assert (first.array, first.episode) == (array, episode)
    assert data_main(["validate", str(store.path)]) == 1
    assert f"first broken episode {episode}" in capsys.readouterr().out


def test_uncommitted_tail_is_not_a_problem(store):
    for key in store.features:
        arr = store.array(key)
        arr.resize((arr.shape[0] + 3, *arr.shape[1:]))
    ends = store.group["meta/episode_ends"]
    ends.resize((ends.shape[0] + 1,))  # an append that never reached its commit (fill value -1)
    assert validate(store.path) == []


def test_cli_info_reports_the_store(tmp_path, capsys):
    store = build_store(tmp_path / "i.zarr", [4, 6, 8], tasks=("open the drawer", "close the drawer"))
    assert data_main(["info", str(store.path)]) == 0
    out = capsys.readouterr().out
    for text in ("episodes", "3", "18", "open the drawer", "close the drawer", "success rate", "33.3%", "cam",
                 "(8, 8, 3)", "uint8", "demo 3", "size on disk", "fps"):
        assert text in out, text


def test_cli_sample_writes_a_valid_store(tmp_path, capsys):
    path = tmp_path / "sample.zarr"
    assert data_main(["sample", str(path), "--episodes", "3"]) == 0
    store = EpisodeStore.open(path)
    assert store.num_episodes == 3 and len(store.tasks) == 2
    assert validate(store) == []
    assert data_main(["validate", str(path)]) == 0
    assert "ok" in capsys.readouterr().out
