"""Import a LeRobotDataset v3.0 directory into an episode store (export lives in ``lerobot_export.py``).

LeRobot v3 layout (what is read here)::

    meta/info.json                 codebase_version "v3.0", fps, robot_type, features, data_path, video_path
    meta/tasks.parquet             task strings (the pandas index) -> task_index
    meta/episodes/chunk-*/file-*.parquet  one row per episode: length, dataset_from_index/to_index,
                                   data/{chunk,file}_index, videos/<key>/{chunk,file}_index, from/to_timestamp
    data/chunk-*/file-*.parquet    many episodes per file: one row per frame (numeric features, index columns)
    videos/<key>/chunk-*/file-*.mp4  many episodes per file, cut by the episode's from_timestamp

Feature mapping (LeRobot key -> store key, kind): ``observation.state`` -> ``state`` (state),
``observation.images.<cam>`` -> ``<cam>`` (image, uint8 HWC), ``action`` -> ``action`` (action),
``next.reward`` -> ``reward`` (reward, per-step scalar), ``next.done`` -> ``done`` (done, per-step scalar),
any other ``observation.<name>`` -> ``<name>`` (state), anything else -> the key with dots as underscores (other).
Only v3.0 is supported: v2.x keeps one file per episode and JSONL metadata, a different layout.

Every file read lies inside the dataset directory: a path template in ``meta/info.json`` (``data_path``,
``video_path``, any ``*_path``) that is absolute or climbs out with ``..``, or a path it yields once filled in
(a feature key is part of ``video_path``), is refused naming it. The check is on the path as written, not on
where symbolic links point (the Hugging Face cache links every file to a shared blob folder).
"""

from __future__ import annotations

import json
import os
import posixpath
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

import numpy as np
from tqdm.auto import tqdm

from robopolicy.data.features import Feature
from robopolicy.data.formats.staging import staged_directory
from robopolicy.data.formats.video import EpisodeFrameReader, VideoFormatError
from robopolicy.data.store import EpisodeStore
from robopolicy.errors import RobopolicyError

SUPPORTED_CODEBASE_VERSIONS = ("v3.0",)
INFO_PATH = "meta/info.json"
STATS_PATH = "meta/stats.json"
TASKS_PATH = "meta/tasks.parquet"
EPISODES_DIR = "meta/episodes"
# Columns LeRobot adds to every frame; they become the store's episode structure, not features.
INDEX_COLUMNS = ("timestamp", "frame_index", "episode_index", "index", "task_index")
STATE_KEY, ACTION_KEY, REWARD_KEY, DONE_KEY = "observation.state", "action", "next.reward", "next.done"
OBSERVATION_PREFIX, IMAGE_PREFIX = "observation.", "observation.images."
VISUAL_DTYPES = ("video", "image")


class LeRobotFormatError(RobopolicyError):
    """A LeRobot dataset is of an unsupported version or inconsistent; the message names the file."""


def require_pyarrow() -> Any:
    try:
        import pyarrow.parquet as pq
    except ImportError as e:
        raise RobopolicyError(f"LeRobot datasets need pyarrow, which failed to import ({e}); "
                              "pip install 'robopolicy[formats]' (pyarrow must match the installed numpy)") from e
    return pq


@dataclass(frozen=True)
class MappedFeature:
    """One LeRobot feature and where it goes in the store."""

    lerobot_key: str
    store_key: str
    feature: Feature
    lerobot_dtype: str  # "video", "image" or a numpy dtype name


def store_key_for(lerobot_key: str) -> tuple[str, str]:
    """``(store key, kind)`` for a LeRobot feature key (see the module docstring)."""
    if lerobot_key == STATE_KEY:
        return "state", "state"
    if lerobot_key == ACTION_KEY:
        return "action", "action"
    if lerobot_key == REWARD_KEY:
        return "reward", "reward"
    if lerobot_key == DONE_KEY:
        return "done", "done"
    if lerobot_key.startswith(IMAGE_PREFIX):
        return lerobot_key[len(IMAGE_PREFIX):].replace(".", "_"), "image"
    if lerobot_key.startswith(OBSERVATION_PREFIX):
        return lerobot_key[len(OBSERVATION_PREFIX):].replace(".", "_"), "state"
    return lerobot_key.replace(".", "_").replace("/", "_"), "other"


def read_info(root: Path) -> dict[str, Any]:
    """``meta/info.json`` of a supported (v3.0) dataset, or a ``LeRobotFormatError`` naming the file."""
    path = root / INFO_PATH
    if not path.is_file():
        raise LeRobotFormatError(f"{path}: missing; {root} is not a LeRobot dataset directory")
    try:
        info = json.loads(path.read_text())
    except json.JSONDecodeError as e:
        raise LeRobotFormatError(f"{path}: not valid JSON ({e})") from e
    version = info.get("codebase_version")
    if version not in SUPPORTED_CODEBASE_VERSIONS:
        hint = (" LeRobot v2.x keeps one parquet/mp4 per episode and JSONL metadata; convert it to v3.0 first with "
                "LeRobot's `python -m lerobot.datasets.v30.convert_dataset_v21_to_v30`."
                if isinstance(version, str) and version.startswith("v2") else "")
        raise LeRobotFormatError(f"{path}: unsupported codebase_version {version!r}; supported: "
                                 f"{', '.join(SUPPORTED_CODEBASE_VERSIONS)}.{hint}")
    for key in ("fps", "features", "data_path"):
        if key not in info:
            raise LeRobotFormatError(f"{path}: missing required key {key!r}")
    for key, template in info.items():  # before any file is read
        if key.endswith("_path") and template is not None:
            if not isinstance(template, str):
                raise LeRobotFormatError(f"{path}: {key} must be a path template (a string), got {template!r}")
            inside_dataset(root, template, path, key)
    return info


def inside_dataset(root: Path, relative: str, info_path: Path, key: str) -> Path:
    """``root / relative``, refused (``LeRobotFormatError`` naming the path) when ``relative`` is absolute or leads
    out of ``root`` with ``..``: an importer reads the dataset it is given and nothing beside it."""
    normal = posixpath.normpath(relative.replace("\\", "/"))
    if PurePosixPath(relative).is_absolute() or Path(relative).is_absolute() or normal == ".." \
            or normal.startswith("../"):
        raise LeRobotFormatError(f"{info_path}: {key} {relative!r} leads outside the dataset {root}; refusing to read "
                                 f"it. Paths in info.json are relative to the dataset and stay inside it (LeRobot "
                                 f"writes data_path 'data/chunk-{{chunk_index:03d}}/file-{{file_index:03d}}.parquet')")
    return root / normal


def map_features(info: dict[str, Any], info_path: Path) -> list[MappedFeature]:
    """The store features for a dataset's ``info["features"]`` (index columns excluded)."""
    mapped: list[MappedFeature] = []
    for key, spec in info["features"].items():
        if key in INDEX_COLUMNS:
            continue
        dtype, shape = spec["dtype"], tuple(int(s) for s in spec["shape"])
        store_key, kind = store_key_for(key)
        if dtype in VISUAL_DTYPES:
            names = spec.get("names") or ["height", "width", "channels"]
            if list(names[:1]) == ["channels"]:  # (C, H, W) declared: the store is HWC
                shape = (shape[1], shape[2], shape[0])
            feature = Feature(shape, "uint8", "image")
        else:
            if kind in ("reward", "done") and shape == (1,):
                shape = ()
            feature = Feature(shape, "bool" if dtype == "bool" else dtype, kind)
        if any(m.store_key == store_key for m in mapped):
            raise LeRobotFormatError(f"{info_path}: features map to the same store key {store_key!r}")
        mapped.append(MappedFeature(key, store_key, feature, dtype))
    if not mapped:
        raise LeRobotFormatError(f"{info_path}: no features besides the index columns")
    return mapped


def read_tasks(root: Path) -> dict[int, str]:
    pq = require_pyarrow()
    path = root / TASKS_PATH
    if not path.is_file():
        raise LeRobotFormatError(f"{path}: missing (v3.0 datasets keep their task strings there)")
    table = pq.read_table(path)
    names = [n for n in table.column_names if n != "task_index"]
    if "task_index" not in table.column_names or len(names) != 1:
        raise LeRobotFormatError(f"{path}: expected columns task_index and the task string, got {table.column_names}")
    return {int(i): str(t) for i, t in zip(table.column("task_index").to_pylist(), table.column(names[0]).to_pylist())}


def read_episodes(root: Path) -> list[dict[str, Any]]:
    """Rows of ``meta/episodes/*/*.parquet`` (stats columns dropped), sorted by episode index."""
    pq = require_pyarrow()
    files = sorted((root / EPISODES_DIR).glob("chunk-*/file-*.parquet"))
    if not files:
        raise LeRobotFormatError(f"{root / EPISODES_DIR}: no episode tables (chunk-*/file-*.parquet)")
    rows: list[dict[str, Any]] = []
    for f in files:
        table = pq.read_table(f)
        table = table.select([c for c in table.column_names if not c.startswith("stats/")])
        rows.extend(table.to_pylist())
    rows.sort(key=lambda r: r["episode_index"])
    return rows


def column_to_numpy(table: Any, key: str, feature: Feature, path: Path) -> np.ndarray:
    """A numeric parquet column as ``(N, *shape)`` in the feature's dtype, values untouched."""
    import pyarrow as pa

    if key not in table.column_names:
        raise LeRobotFormatError(f"{path}: column {key!r} is missing (info.json declares it)")
    column = table.column(key).combine_chunks()
    n = len(column)
    if pa.types.is_list(column.type) or pa.types.is_fixed_size_list(column.type) or \
            pa.types.is_large_list(column.type):
        values = column.flatten().to_numpy(zero_copy_only=False)
    else:
        values = column.to_numpy(zero_copy_only=False)
    size = int(np.prod(feature.shape, dtype=np.int64))
    if values.size != n * size:
        raise LeRobotFormatError(f"{path}: column {key!r} holds {values.size} values for {n} rows, "
                                 f"expected shape {feature.shape} per row")
    return values.reshape(n, *feature.shape).astype(feature.dtype, copy=False)


class DataFileCache:
    """Keeps the last data parquet in memory: episodes are stored in order, several per file."""

    def __init__(self) -> None:
        self.path: Path | None = None
        self.table: Any = None
        self.index: np.ndarray | None = None
        self.sorted = False

    def get(self, path: Path) -> tuple[Any, np.ndarray]:
        if path != self.path:
            if not path.is_file():
                raise LeRobotFormatError(f"{path}: data file is missing")
            self.table = require_pyarrow().read_table(path)
            if "index" not in self.table.column_names:
                raise LeRobotFormatError(f"{path}: column 'index' is missing")
            self.index = self.table.column("index").to_numpy()
            self.sorted = bool(np.all(np.diff(self.index) > 0))
            self.path = path
        return self.table, self.index

    def rows(self, start: int, end: int) -> np.ndarray:
        """Row numbers whose ``index`` lies in ``[start, end)`` (binary search when the file is sorted)."""
        assert self.index is not None
        if self.sorted:
            return np.arange(*np.searchsorted(self.index, [start, end]))
        return np.flatnonzero((self.index >= start) & (self.index < end))


def import_lerobot(src: str | os.PathLike, dst: str | os.PathLike, overwrite: bool = False,
                   progress: bool = True, on_episode: Callable[[int, int], None] | None = None) -> EpisodeStore:
    """Convert the LeRobot v3.0 dataset at ``src`` into a new episode store at ``dst`` (written atomically).

    States, actions and other numeric features are copied bit-identically; video frames are decoded with PyAV
    into uint8 ``(L, H, W, 3)``. fps, robot type, task strings and episode boundaries are preserved.
    ``on_episode(i, length)`` is called after each episode (progress reporting).
    """
    root = Path(src)
    info = read_info(root)
    info_path = root / INFO_PATH
    fps = float(info["fps"])
    mapped = map_features(info, info_path)
    tasks = read_tasks(root)
    episodes = read_episodes(root)
    total = info.get("total_frames")
    if total is not None and sum(int(e["length"]) for e in episodes) != int(total):
        raise LeRobotFormatError(f"{info_path}: mismatched frame counts: total_frames is {total} but the episode "
                                 f"tables sum to {sum(int(e['length']) for e in episodes)}")
    features = {m.store_key: m.feature for m in mapped}
    readers: dict[str, tuple[Path, EpisodeFrameReader]] = {}  # camera -> its open video file
    data_files = DataFileCache()
    try:
        with staged_directory(dst, overwrite=overwrite) as tmp:
            store = EpisodeStore.create(tmp, features, fps=fps, robot=str(info.get("robot_type") or ""),
                                        created_by=f"robopolicy convert from=lerobot src={root}")
            for row in tqdm(episodes, desc=f"import {root.name}", unit="ep", disable=not progress):
                arrays, task = _read_episode(root, info, row, mapped, tasks, data_files, readers)
                store.append_episode(arrays, task=task, source="demo")
                if on_episode is not None:
                    on_episode(int(row["episode_index"]), int(row["length"]))
    finally:
        for _, reader in readers.values():
            reader.close()
    return EpisodeStore.open(dst)


def _read_episode(root: Path, info: dict[str, Any], row: dict[str, Any], mapped: list[MappedFeature],
                  tasks: dict[int, str], data_files: DataFileCache,
                  readers: dict[str, tuple[Path, EpisodeFrameReader]]) -> tuple[dict[str, np.ndarray], str | None]:
    episode, length = int(row["episode_index"]), int(row["length"])
    start, end = int(row["dataset_from_index"]), int(row["dataset_to_index"])
    data_path = inside_dataset(root, info["data_path"].format(chunk_index=int(row["data/chunk_index"]),
                                                              file_index=int(row["data/file_index"])),
                               root / INFO_PATH, "data_path")
    table, _ = data_files.get(data_path)
    rows = data_files.rows(start, end)
    if end - start != length or len(rows) != length:
        raise LeRobotFormatError(f"{data_path}: mismatched frame counts for episode {episode}: the episode table "
                                 f"says {length} frames (index {start}..{end}), the data file holds {len(rows)}")
    sub = table.take(rows)
    arrays: dict[str, np.ndarray] = {}
    for m in mapped:
        if m.lerobot_dtype == "video":
            arrays[m.store_key] = _read_video_episode(root, info, row, m, readers, fps=float(info["fps"]))
        elif m.lerobot_dtype == "image":
            arrays[m.store_key] = _decode_image_column(sub, m, data_path)
        else:
            arrays[m.store_key] = column_to_numpy(sub, m.lerobot_key, m.feature, data_path)
    task_indices = np.unique(sub.column("task_index").to_numpy()) if "task_index" in sub.column_names else []
    if len(task_indices) > 1:
        raise LeRobotFormatError(f"{data_path}: episode {episode} switches task mid-episode (task_index "
                                 f"{task_indices.tolist()}); robopolicy stores one instruction per episode")
    if len(task_indices) == 1:
        if int(task_indices[0]) not in tasks:
            raise LeRobotFormatError(f"{data_path}: task_index {int(task_indices[0])} of episode {episode} is not "
                                     f"in {root / TASKS_PATH}")
        return arrays, tasks[int(task_indices[0])]
    listed = row.get("tasks") or []
    return arrays, (str(listed[0]) if listed else None)


def _read_video_episode(root: Path, info: dict[str, Any], row: dict[str, Any], m: MappedFeature,
                        readers: dict[str, tuple[Path, EpisodeFrameReader]], fps: float) -> np.ndarray:
    prefix = f"videos/{m.lerobot_key}/"
    if info.get("video_path") is None or prefix + "chunk_index" not in row:
        raise LeRobotFormatError(f"{root / INFO_PATH}: {m.lerobot_key!r} is a video feature but the dataset has no "
                                 f"video_path or episode video columns")
    path = inside_dataset(root, info["video_path"].format(video_key=m.lerobot_key,
                                                          chunk_index=int(row[prefix + "chunk_index"]),
                                                          file_index=int(row[prefix + "file_index"])),
                          root / INFO_PATH, "video_path")
    if m.lerobot_key not in readers or readers[m.lerobot_key][0] != path:
        if not path.is_file():
            raise LeRobotFormatError(f"{path}: video file is missing (episode {row['episode_index']}, "
                                     f"feature {m.lerobot_key!r})")
        if m.lerobot_key in readers:
            readers[m.lerobot_key][1].close()
        readers[m.lerobot_key] = (path, EpisodeFrameReader(path))
    try:
        frames = readers[m.lerobot_key][1].read(float(row[prefix + "from_timestamp"]), int(row["length"]), fps)
    except VideoFormatError as e:
        raise LeRobotFormatError(f"{e} (episode {row['episode_index']})") from e
    if frames.shape[1:] != m.feature.shape:
        raise LeRobotFormatError(f"{path}: frames are {frames.shape[1:]}, info.json declares {m.feature.shape} "
                                 f"for {m.lerobot_key!r}")
    return frames


def _decode_image_column(sub: Any, m: MappedFeature, path: Path) -> np.ndarray:
    """LeRobot ``image`` features: parquet structs holding encoded PNG/JPEG bytes."""
    import io

    from PIL import Image

    if m.lerobot_key not in sub.column_names:
        raise LeRobotFormatError(f"{path}: column {m.lerobot_key!r} is missing (info.json declares it)")
    images = []
    for cell in sub.column(m.lerobot_key).to_pylist():
        if not cell or cell.get("bytes") is None:
            raise LeRobotFormatError(f"{path}: {m.lerobot_key!r} has a row without embedded image bytes")
        images.append(np.asarray(Image.open(io.BytesIO(cell["bytes"])).convert("RGB")))
    return np.stack(images)
