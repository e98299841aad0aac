"""Export to LeRobot v3 and import back: numeric features bit-identical, frames within codec loss."""

from __future__ import annotations

import json

import numpy as np
import pytest

from robopolicy.data.formats.lerobot import import_lerobot
from robopolicy.data.formats.lerobot_export import export_lerobot
from robopolicy.data.formats.video import decode_all
from robopolicy.data.store import EpisodeStore
from robopolicy.errors import RobopolicyError
from tests.data.formats.conftest import psnr

MIN_ROUNDTRIP_PSNR_DB = 30.0


def _assert_same_store(a: EpisodeStore, b: EpisodeStore) -> list[float]:
    assert a.features == b.features
    assert a.episode_lengths.tolist() == b.episode_lengths.tolist()
    assert (a.fps, a.robot) == (b.fps, b.robot)
    assert [a.episode_meta(i)["task"] for i in range(a.num_episodes)] == \
        [b.episode_meta(i)["task"] for i in range(b.num_episodes)]
    psnrs = []
    for key, f in a.features.items():
        x, y = a.load([key])[key], b.load([key])[key]
        if f.kind == "image":
            psnrs.append(psnr(x, y))
            assert psnrs[-1] >= MIN_ROUNDTRIP_PSNR_DB, key
        else:
            assert x.dtype == y.dtype and x.tobytes() == y.tobytes(), key
    return psnrs


def test_fixture_export_reimport_round_trip(imported_tiny, tmp_path):
    exported = export_lerobot(imported_tiny, tmp_path / "lerobot", progress=False)
    info = json.loads((exported / "meta/info.json").read_text())
    assert info["codebase_version"] == "v3.0"
    assert info["total_frames"] == imported_tiny.num_steps and info["total_episodes"] == imported_tiny.num_episodes
    assert set(info["features"]) >= {"observation.state", "action", "next.reward", "next.done",
                                     "observation.images.front"}
    video = exported / "videos/observation.images.front/chunk-000/file-000.mp4"
    assert len(decode_all(video)) == imported_tiny.num_steps
    back = import_lerobot(exported, tmp_path / "back.zarr", progress=False)
    _assert_same_store(imported_tiny, back)


def _synthetic_store(path, with_tasks: bool = True) -> EpisodeStore:
    rng = np.random.default_rng(0)
    store = EpisodeStore.create(path, {"state": {"shape": (5,), "dtype": "float32", "kind": "state"},
                                       "wrist": {"shape": (24, 40, 3), "dtype": "uint8", "kind": "image"},
                                       "top": {"shape": (16, 16, 3), "dtype": "uint8", "kind": "image"},
                                       "action": {"shape": (3,), "dtype": "float32", "kind": "action"}},
                                fps=15, robot="so100")
    for e, length in enumerate((9, 14)):
        y, x = np.mgrid[0:24, 0:40]
        wrist = np.stack([np.stack([(x * 6 + t * 5) % 256, (y * 10) % 256, np.full_like(x, 40 * e)], -1)
                          for t in range(length)]).astype(np.uint8)
        top = np.full((length, 16, 16, 3), 100 + 20 * e, dtype=np.uint8)
        top[:, 4:12, 4:12] = 230
        store.append_episode({"state": rng.standard_normal((length, 5)).astype(np.float32), "wrist": wrist,
                              "top": top, "action": rng.standard_normal((length, 3)).astype(np.float32)},
                             task=f"task {e}" if with_tasks else None)
    return store


def test_two_camera_store_round_trips(tmp_path):
    store = _synthetic_store(tmp_path / "src.zarr")
    exported = export_lerobot(store, tmp_path / "lerobot", progress=False)
    back = import_lerobot(exported, tmp_path / "back.zarr", progress=False)
    assert len(_assert_same_store(store, back)) == 2


def test_export_refuses_non_integer_fps_and_leaves_nothing(tmp_path):
    store = EpisodeStore.create(tmp_path / "s.zarr", {"action": {"shape": (2,), "dtype": "float32",
                                                                 "kind": "action"}}, fps=7.5)
    store.append_episode({"action": np.zeros((3, 2), np.float32)})
    with pytest.raises(RobopolicyError, match="fps"):
        export_lerobot(store, tmp_path / "out", progress=False)
    assert not (tmp_path / "out").exists()
    assert [p.name for p in tmp_path.iterdir()] == ["s.zarr"]
