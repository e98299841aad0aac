"""Importing the committed dataset written by the real LeRobot 0.4.4 (see tests/fixtures/lerobot_v3_tiny)."""

from __future__ import annotations

import json

import numpy as np
import pyarrow.parquet as pq

from tests.data.formats.conftest import LEROBOT_TINY, psnr

MIN_SOURCE_PSNR_DB = 30.0  # LeRobot's AV1 (crf 30) on the smooth synthetic frames
SQUARE_BLUE_THRESHOLD = 220


def test_import_keeps_episode_structure_fps_robot_and_tasks(imported_tiny, fixture_maker):
    store = imported_tiny
    assert store.num_episodes == fixture_maker.NUM_EPISODES
    assert store.episode_lengths.tolist() == list(fixture_maker.EPISODE_LENGTHS)
    assert store.fps == fixture_maker.FPS
    assert store.robot == fixture_maker.ROBOT_TYPE
    assert [store.episode_meta(i)["task"] for i in range(store.num_episodes)] == list(fixture_maker.TASKS)
    assert sorted(store.tasks) == sorted(set(fixture_maker.TASKS))
    kinds = {k: (f.kind, f.shape, f.dtype) for k, f in store.features.items()}
    size = fixture_maker.IMAGE_SIZE
    assert kinds == {"state": ("state", (fixture_maker.STATE_DIM,), "float32"),
                     "action": ("action", (fixture_maker.ACTION_DIM,), "float32"),
                     "reward": ("reward", (), "float32"), "done": ("done", (), "bool"),
                     "front": ("image", (size, size, 3), "uint8")}


def test_import_numeric_values_equal_the_parquet_bit_for_bit(imported_tiny):
    table = pq.read_table(LEROBOT_TINY / "data/chunk-000/file-000.parquet").to_pydict()
    order = np.argsort(np.asarray(table["index"]))
    state = np.asarray(table["observation.state"], dtype=np.float32)[order]
    action = np.asarray(table["action"], dtype=np.float32)[order]
    data = imported_tiny.load(["state", "action", "reward", "done"])
    assert data["state"].tobytes() == state.tobytes()
    assert data["action"].tobytes() == action.tobytes()
    assert np.array_equal(data["reward"], np.asarray(table["next.reward"], dtype=np.float32)[order])
    assert np.array_equal(data["done"], np.asarray(table["next.done"], dtype=bool)[order])
    # episode boundaries follow the parquet's episode_index column
    episode_index = np.asarray(table["episode_index"])[order]
    assert imported_tiny.episode_ends.tolist() == (np.flatnonzero(np.diff(episode_index)) + 1).tolist() + [len(order)]


def test_import_frames_match_the_frames_lerobot_encoded(imported_tiny, fixture_maker):
    for e in range(imported_tiny.num_episodes):
        frames = imported_tiny.episode(e, ["front"])["front"]
        source = np.stack([fixture_maker.frame_image(e, t) for t in range(len(frames))])
        assert psnr(frames, source) >= MIN_SOURCE_PSNR_DB
        # the moving square is where the generator put it: frames are in order, none skipped or repeated
        # (the square is white; the background's blue channel stays <= 180, so blue > 220 marks the square)
        for t, frame in enumerate(frames):
            columns = np.nonzero(frame[..., 2] > SQUARE_BLUE_THRESHOLD)[1]
            expected_centre = 4 + (t % (fixture_maker.IMAGE_SIZE - 12)) + 3.5
            assert abs(columns.mean() - expected_centre) < 0.5, (e, t)


def test_fixture_is_lerobot_v3(fixture_maker):
    info = json.loads((LEROBOT_TINY / "meta/info.json").read_text())
    assert info["codebase_version"] == "v3.0"
    assert info["total_frames"] == sum(fixture_maker.EPISODE_LENGTHS)


def test_import_image_feature_dataset_is_lossless(tmp_path, fixture_maker):
    """LeRobot ``image`` features (PNG bytes in the parquet, no video) decode to exactly the written frames."""
    from robopolicy.data.formats.lerobot import import_lerobot

    store = import_lerobot(LEROBOT_TINY.parent / "lerobot_v3_tiny_images", tmp_path / "images.zarr", progress=False)
    assert store.episode_lengths.tolist() == list(fixture_maker.IMAGE_VARIANT_LENGTHS)
    assert store.features["front"].kind == "image"
    for e in range(store.num_episodes):
        frames = store.episode(e, ["front"])["front"]
        assert np.array_equal(frames, np.stack([fixture_maker.frame_image(e, t) for t in range(len(frames))]))
