"""Export an episode store as a LeRobotDataset v3.0 directory that the real LeRobot (0.4.x) loads.

Reverse of ``lerobot.py``'s mapping: ``state`` -> ``observation.state``, image features -> videos under
``observation.images.<key>`` (MP4 via PyAV), ``action`` -> ``action``, ``reward``/``done`` -> ``next.reward`` /
``next.done`` (shape (1,)), other state keys -> ``observation.<key>``. All episodes go into one data parquet and
one MP4 per camera (chunk 000, file 000), the layout LeRobot itself writes for datasets under its file-size
limits. ``meta/stats.json`` holds min/max/mean/std/count and the q01..q99 quantiles LeRobot computes.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import numpy as np
from tqdm.auto import tqdm

from robopolicy.data.features import Feature
from robopolicy.data.formats.lerobot import (
    EPISODES_DIR,
    INFO_PATH,
    STATS_PATH,
    TASKS_PATH,
    require_pyarrow,
    store_key_for,
)
from robopolicy.data.formats.staging import staged_directory
from robopolicy.data.formats.video import DEFAULT_CODEC, DEFAULT_CRF, DEFAULT_PIX_FMT, VideoWriter
from robopolicy.data.store import EpisodeStore
from robopolicy.errors import RobopolicyError

CODEBASE_VERSION = "v3.0"
CHUNKS_SIZE = 1000  # LeRobot's DEFAULT_CHUNK_SIZE (files per chunk folder)
DATA_FILES_SIZE_IN_MB = 100  # LeRobot's defaults, recorded in info.json
VIDEO_FILES_SIZE_IN_MB = 200
DATA_PATH = "data/chunk-{chunk_index:03d}/file-{file_index:03d}.parquet"
VIDEO_PATH = "videos/{video_key}/chunk-{chunk_index:03d}/file-{file_index:03d}.mp4"
EPISODES_PATH = EPISODES_DIR + "/chunk-000/file-000.parquet"
QUANTILES = (0.01, 0.10, 0.50, 0.90, 0.99)  # LeRobot's q01, q10, q50, q90, q99
QUANTILE_FRAME_STRIDE = 10  # image quantiles from every 10th frame (LeRobot also subsamples frames for them)


def lerobot_key_for(store_key: str, feature: Feature) -> str:
    """The LeRobot feature key for a store feature (inverse of ``store_key_for`` on its own output)."""
    if feature.kind == "image":
        key = f"observation.images.{store_key}"
    elif feature.kind == "state":
        key = "observation.state" if store_key == "state" else f"observation.{store_key}"
    elif store_key in ("reward", "done") and feature.kind == store_key:
        key = f"next.{store_key}"
    else:
        key = store_key
    if store_key_for(key)[0] != store_key:
        raise RobopolicyError(f"store feature {store_key!r} ({feature.kind}) has no reversible LeRobot name")
    return key


def _stats(values: np.ndarray, axes: tuple[int, ...]) -> dict[str, Any]:
    v = values.astype(np.float64)
    out = {"min": v.min(axis=axes), "max": v.max(axis=axes), "mean": v.mean(axis=axes), "std": v.std(axis=axes),
           "count": np.array([values.shape[0]])}
    for q in QUANTILES:
        out[f"q{round(q * 100):02d}"] = np.quantile(v, q, axis=axes)
    return {k: np.asarray(x).tolist() for k, x in out.items()}


class _ImageStats:
    """Per-channel stats of uint8 frames scaled to [0, 1], as LeRobot stores them ((3, 1, 1) per statistic).

    min/max/mean/std are exact (running sums over every pixel); quantiles come from every
    ``QUANTILE_FRAME_STRIDE``-th frame, so exporting never holds a whole camera in memory.
    """

    def __init__(self) -> None:
        self.frames, self.pixels = 0, 0
        self.total, self.total_sq = np.zeros(3), np.zeros(3)
        self.low, self.high = np.full(3, np.inf), np.full(3, -np.inf)
        self.sampled: list[np.ndarray] = []

    def add(self, frames: np.ndarray) -> None:
        pixels = frames.reshape(-1, 3).astype(np.float64) / 255.0
        self.frames += len(frames)
        self.pixels += len(pixels)
        self.total += pixels.sum(axis=0)
        self.total_sq += (pixels**2).sum(axis=0)
        self.low, self.high = np.minimum(self.low, pixels.min(axis=0)), np.maximum(self.high, pixels.max(axis=0))
        self.sampled.append(frames[::QUANTILE_FRAME_STRIDE].reshape(-1, 3))

    def result(self) -> dict[str, Any]:
        mean = self.total / self.pixels
        std = np.sqrt(np.maximum(self.total_sq / self.pixels - mean**2, 0.0))
        out = {"min": self.low, "max": self.high, "mean": mean, "std": std}
        sampled = np.concatenate(self.sampled).astype(np.float64) / 255.0
        for q in QUANTILES:
            out[f"q{round(q * 100):02d}"] = np.quantile(sampled, q, axis=0)
        stats = {k: np.asarray(v).reshape(3, 1, 1).tolist() for k, v in out.items()}
        stats["count"] = [self.frames]
        return stats


def export_lerobot(src: str | os.PathLike | EpisodeStore, dst: str | os.PathLike, overwrite: bool = False,
                   codec: str = DEFAULT_CODEC, crf: int = DEFAULT_CRF, pix_fmt: str = DEFAULT_PIX_FMT,
                   progress: bool = True) -> Path:
    """Write the store at ``src`` as a LeRobot v3.0 dataset at ``dst`` (atomically); returns ``dst``."""
    pq = require_pyarrow()
    import pyarrow as pa

    store = src if isinstance(src, EpisodeStore) else EpisodeStore.open(src)
    if store.num_episodes == 0:
        raise RobopolicyError(f"{store.path}: has no episodes to export")
    keys = {k: lerobot_key_for(k, f) for k, f in store.features.items()}
    fps = store.fps
    if abs(fps - round(fps)) > 1e-9:
        raise RobopolicyError(f"{store.path}: LeRobot stores fps as an integer, the store has fps={fps}")
    fps_int = int(round(fps))
    tasks = store.tasks
    lengths = store.episode_lengths
    starts = store.episode_starts
    numeric = [k for k, f in store.features.items() if f.kind != "image"]
    images = [k for k, f in store.features.items() if f.kind == "image"]
    with staged_directory(dst, overwrite=overwrite) as tmp:
        (tmp / "meta").mkdir(parents=True)
        # data parquet: all numeric features + the index columns, one row per frame
        data = store.load(numeric)
        n = store.num_steps
        frame_index = np.concatenate([np.arange(L, dtype=np.int64) for L in lengths])
        episode_index = np.repeat(np.arange(store.num_episodes, dtype=np.int64), lengths)
        task_of_episode = store.column("task_index").astype(np.int64)
        if (task_of_episode < 0).any():
            tasks = [*tasks, ""]  # LeRobot requires a task per frame; episodes without one get the empty string
            task_of_episode = np.where(task_of_episode < 0, len(tasks) - 1, task_of_episode)
        columns: dict[str, Any] = {}
        for k in numeric:
            f = store.features[k]
            values = data[k].reshape(n, -1) if f.shape else data[k]
            if f.shape and values.shape[1] > 0:
                columns[keys[k]] = pa.FixedSizeListArray.from_arrays(pa.array(values.reshape(-1)), values.shape[1])
            else:
                columns[keys[k]] = pa.array(values.reshape(n))
        columns["timestamp"] = pa.array((frame_index / fps).astype(np.float32))
        columns["frame_index"] = pa.array(frame_index)
        columns["episode_index"] = pa.array(episode_index)
        columns["index"] = pa.array(np.arange(n, dtype=np.int64))
        columns["task_index"] = pa.array(np.repeat(task_of_episode, lengths))
        data_file = tmp / DATA_PATH.format(chunk_index=0, file_index=0)
        data_file.parent.mkdir(parents=True)
        pq.write_table(pa.table(columns), data_file)

        # videos: one MP4 per camera, episodes back to back
        video_info: dict[str, dict[str, Any]] = {}
        image_stats: dict[str, Any] = {}
        for k in images:
            f = store.features[k]
            h, w = f.shape[0], f.shape[1]
            writer = VideoWriter(tmp / VIDEO_PATH.format(video_key=keys[k], chunk_index=0, file_index=0),
                                 fps=fps, height=h, width=w, codec=codec, crf=crf, pix_fmt=pix_fmt)
            pixels = _ImageStats()
            for i in tqdm(range(store.num_episodes), desc=f"encode {k}", unit="ep", disable=not progress):
                frames = store.episode(i, [k])[k]
                writer.write(frames)
                pixels.add(frames)
            writer.close()
            image_stats[keys[k]] = pixels.result()
            video_info[keys[k]] = {"video.height": h, "video.width": w, "video.codec": _codec_name(codec),
                                   "video.pix_fmt": pix_fmt, "video.is_depth_map": False, "video.fps": fps_int,
                                   "video.channels": 3, "has_audio": False}

        # episodes table
        ep_cols: dict[str, Any] = {
            "episode_index": pa.array(np.arange(store.num_episodes, dtype=np.int64)),
            "tasks": pa.array([[tasks[t]] for t in task_of_episode], type=pa.list_(pa.string())),
            "length": pa.array(lengths.astype(np.int64)),
            "data/chunk_index": pa.array(np.zeros(store.num_episodes, dtype=np.int64)),
            "data/file_index": pa.array(np.zeros(store.num_episodes, dtype=np.int64)),
            "dataset_from_index": pa.array(starts.astype(np.int64)),
            "dataset_to_index": pa.array((starts + lengths).astype(np.int64)),
        }
        for k in images:
            prefix = f"videos/{keys[k]}/"
            ep_cols[prefix + "chunk_index"] = pa.array(np.zeros(store.num_episodes, dtype=np.int64))
            ep_cols[prefix + "file_index"] = pa.array(np.zeros(store.num_episodes, dtype=np.int64))
            ep_cols[prefix + "from_timestamp"] = pa.array(starts / fps)
            ep_cols[prefix + "to_timestamp"] = pa.array((starts + lengths) / fps)
        ep_cols["meta/episodes/chunk_index"] = pa.array(np.zeros(store.num_episodes, dtype=np.int64))
        ep_cols["meta/episodes/file_index"] = pa.array(np.zeros(store.num_episodes, dtype=np.int64))
        (tmp / EPISODES_PATH).parent.mkdir(parents=True)
        pq.write_table(pa.table(ep_cols), tmp / EPISODES_PATH)

        # tasks table: the task string is the (pandas) index, as LeRobot writes it with DataFrame.to_parquet
        tasks_table = pa.table({"task_index": pa.array(np.arange(len(tasks), dtype=np.int64)),
                                "task": pa.array(tasks, type=pa.string())})
        pandas_meta = {"index_columns": ["task"], "column_indexes": [], "columns": [
            {"name": "task_index", "field_name": "task_index", "pandas_type": "int64", "numpy_type": "int64",
             "metadata": None},
            {"name": None, "field_name": "task", "pandas_type": "unicode", "numpy_type": "object", "metadata": None}],
            "creator": {"library": "pyarrow", "version": pa.__version__}, "pandas_version": "2.2.0"}
        tasks_table = tasks_table.replace_schema_metadata({b"pandas": json.dumps(pandas_meta).encode()})
        pq.write_table(tasks_table, tmp / TASKS_PATH)

        # stats.json and info.json
        stats: dict[str, Any] = {}
        for k in numeric:
            values = data[k].reshape(n, -1).astype(np.float64) if store.features[k].shape else \
                data[k].reshape(n, 1).astype(np.float64)
            stats[keys[k]] = _stats(values, axes=(0,))
        for name, values in (("timestamp", frame_index / fps), ("frame_index", frame_index),
                             ("episode_index", episode_index), ("index", np.arange(n)),
                             ("task_index", np.repeat(task_of_episode, lengths))):
            stats[name] = _stats(np.asarray(values, dtype=np.float64).reshape(n, 1), axes=(0,))
        stats.update(image_stats)
        (tmp / STATS_PATH).write_text(json.dumps(stats, indent=4))
        info = _info(store, keys, video_info, fps_int, len(tasks))
        (tmp / INFO_PATH).write_text(json.dumps(info, indent=4))
    return Path(dst)


def _codec_name(codec: str) -> str:
    return {"libx264": "h264", "h264": "h264", "libsvtav1": "av1", "mpeg4": "mpeg4"}.get(codec, codec)


def _info(store: EpisodeStore, keys: dict[str, str], video_info: dict[str, Any], fps: int,
          num_tasks: int) -> dict[str, Any]:
    features: dict[str, Any] = {}
    for k, f in store.features.items():
        if f.kind == "image":
            features[keys[k]] = {"dtype": "video", "shape": list(f.shape), "names": ["height", "width", "channels"],
                                 "info": video_info[keys[k]]}
        else:
            shape = list(f.shape) or [1]
            features[keys[k]] = {"dtype": f.dtype, "shape": shape, "names": None}
    for name, dtype in (("timestamp", "float32"), ("frame_index", "int64"), ("episode_index", "int64"),
                        ("index", "int64"), ("task_index", "int64")):
        features[name] = {"dtype": dtype, "shape": [1], "names": None}
    return {
        "codebase_version": CODEBASE_VERSION,
        "robot_type": store.robot or None,
        "total_episodes": store.num_episodes,
        "total_frames": store.num_steps,
        "total_tasks": num_tasks,
        "chunks_size": CHUNKS_SIZE,
        "data_files_size_in_mb": DATA_FILES_SIZE_IN_MB,
        "video_files_size_in_mb": VIDEO_FILES_SIZE_IN_MB,
        "fps": fps,
        "splits": {"train": f"0:{store.num_episodes}"},
        "data_path": DATA_PATH,
        "video_path": VIDEO_PATH if video_info else None,
        "features": features,
    }
