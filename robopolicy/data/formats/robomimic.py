"""Import a robomimic HDF5 file (robomimic / Diffusion Policy / DPPO benchmark data) into an episode store.

robomimic layout::

    data                 attrs: total (steps), env_args (JSON: env_name, type, env_kwargs{control_freq, robots, ...})
    data/demo_<N>/       attrs: num_samples
        obs/<key>        (L, ...) low-dim arrays, or (L, H, W, 3) uint8 camera images ("<camera>_image")
        actions (L, Da), rewards (L,), dones (L,), [states (L, Ds) simulator states]
    mask/<filter_key>    demo names in a split, e.g. mask/train, mask/valid

Mapping: the low-dim observations listed in ``state_keys`` (default: all non-image ``obs`` keys, sorted) are
concatenated in that order into ``state`` (kind state); image observations keep their key (kind image);
``actions`` -> ``action``; ``rewards`` -> ``reward``; ``dones`` -> ``done``; ``states`` -> ``sim_state``
(kind other, for resetting the simulator). Demos are imported in numeric order (demo_0, demo_1, ...), or only the
demos of ``filter_key`` (a demo the mask names that ``data`` lacks is refused, naming it: never dropped).
``env_args``, the state-key order and the splits (as episode indices) are saved in
``<store>/robomimic.json``.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import numpy as np
from tqdm.auto import tqdm

from robopolicy.data.features import Feature
from robopolicy.data.formats.staging import staged_directory
from robopolicy.data.store import EpisodeStore
from robopolicy.errors import RobopolicyError

SIDECAR_NAME = "robomimic.json"
IMAGE_CHANNELS = (1, 3)
DEMO_NAME = re.compile(r"^demo_(\d+)$")


class RobomimicFormatError(RobopolicyError):
    """A robomimic HDF5 file is not in the expected layout; the message names the file and the dataset."""


def _is_image(array: Any) -> bool:
    return array.dtype == np.uint8 and array.ndim == 4 and array.shape[-1] in IMAGE_CHANNELS


def _demo_names(h5: Any, path: Path, filter_key: str | None) -> list[str]:
    if "data" not in h5:
        raise RobomimicFormatError(f"{path}: no 'data' group; not a robomimic HDF5 file")
    names = [n for n in h5["data"] if DEMO_NAME.match(n)]
    if not names:
        raise RobomimicFormatError(f"{path}: 'data' holds no demo_<N> groups")
    names.sort(key=lambda n: int(DEMO_NAME.match(n).group(1)))
    if filter_key is None:
        return names
    splits = list(h5["mask"]) if "mask" in h5 else []
    if filter_key not in splits:
        raise RobomimicFormatError(f"{path}: no split mask/{filter_key}; splits in the file: "
                                   f"{', '.join(splits) or 'none'}")
    wanted = {m.decode() if isinstance(m, bytes) else str(m) for m in h5["mask"][filter_key][:]}
    absent = sorted(wanted - set(names), key=lambda n: (int(m.group(1)) if (m := DEMO_NAME.match(n)) else -1, n))
    if absent:
        raise RobomimicFormatError(f"{path}: mask/{filter_key} names {len(absent)} demo(s) that data/ lacks, the first "
                                   f"{absent[0]!r} ({len(wanted)} named, {len(names)} demos in data/); the file is "
                                   "truncated or its mask is stale: repair the file, or import without filter_key= "
                                   "(the splits are kept in robomimic.json)")
    return [n for n in names if n in wanted]


def import_robomimic(src: str | os.PathLike, dst: str | os.PathLike, state_keys: list[str] | None = None,
                     filter_key: str | None = None, fps: float | None = None, task: str | None = None,
                     overwrite: bool = False, progress: bool = True) -> EpisodeStore:
    """Convert a robomimic HDF5 file into a new episode store at ``dst`` (written atomically).

    ``fps`` defaults to ``env_args.env_kwargs.control_freq``; ``task`` is the instruction stored with every
    episode (robomimic has none). Values are copied bit-identically (low-dim keys concatenated as float32 when
    they are float32, otherwise in their common numpy result type).
    """
    import h5py

    path = Path(src)
    if not path.is_file():
        raise RobomimicFormatError(f"{path}: no such file")
    try:
        h5 = h5py.File(path, "r")
    except OSError as e:
        raise RobomimicFormatError(f"{path}: not a readable HDF5 file ({e})") from e
    with h5:
        names = _demo_names(h5, path, filter_key)
        env_args = json.loads(h5["data"].attrs.get("env_args", "{}") or "{}")
        env_kwargs = env_args.get("env_kwargs", {})
        fps = float(fps if fps is not None else env_kwargs.get("control_freq", 0) or 0)
        if fps <= 0:
            raise RobomimicFormatError(f"{path}: env_args has no env_kwargs.control_freq; pass fps=<rate>")
        robots = env_kwargs.get("robots", "")
        robot = ",".join(robots) if isinstance(robots, list) else str(robots)
        first = h5["data"][names[0]]
        features, state_keys = _features(first, path, names[0], state_keys)
        with staged_directory(dst, overwrite=overwrite) as tmp:
            store = EpisodeStore.create(tmp, features, fps=fps, robot=robot,
                                        created_by=f"robopolicy convert from=robomimic src={path}")
            for name in tqdm(names, desc=f"import {path.name}", unit="demo", disable=not progress):
                store.append_episode(_episode(h5["data"][name], path, name, features, state_keys), task=task,
                                     source="demo")
            splits = {}
            for key in (h5["mask"] if "mask" in h5 else []):
                members = {m.decode() if isinstance(m, bytes) else str(m) for m in h5["mask"][key][:]}
                splits[key] = [i for i, n in enumerate(names) if n in members]
            (tmp / SIDECAR_NAME).write_text(json.dumps({"source": str(path), "env_args": env_args,
                                                        "demos": names, "state_keys": state_keys,
                                                        "splits": splits}, indent=2))
    return EpisodeStore.open(dst)


def _features(demo: Any, path: Path, name: str, state_keys: list[str] | None) -> tuple[dict[str, Feature], list[str]]:
    if "obs" not in demo or "actions" not in demo:
        raise RobomimicFormatError(f"{path}: data/{name} needs 'obs' and 'actions'; it has {sorted(demo)}")
    obs = demo["obs"]
    images = [k for k in obs if _is_image(obs[k])]
    low_dim = sorted(k for k in obs if k not in images)
    if state_keys is None:
        state_keys = low_dim
    unknown = [k for k in state_keys if k not in low_dim]
    if unknown:
        raise RobomimicFormatError(f"{path}: state_keys {unknown} are not low-dim observations of data/{name}; "
                                   f"valid: {', '.join(low_dim)}")
    features: dict[str, Feature] = {}
    if state_keys:
        dtype = np.result_type(*[obs[k].dtype for k in state_keys])
        width = sum(int(np.prod(obs[k].shape[1:], dtype=np.int64)) for k in state_keys)
        features["state"] = Feature((width,), dtype.name, "state")
    for k in images:
        features[k] = Feature(obs[k].shape[1:], "uint8", "image")
    features["action"] = Feature(demo["actions"].shape[1:], demo["actions"].dtype.name, "action")
    if "rewards" in demo:
        features["reward"] = Feature((), "float32", "reward")
    if "dones" in demo:
        features["done"] = Feature((), "bool", "done")
    if "states" in demo:
        features["sim_state"] = Feature(demo["states"].shape[1:], demo["states"].dtype.name, "other")
    return features, list(state_keys)


def _episode(demo: Any, path: Path, name: str, features: dict[str, Feature],
             state_keys: list[str]) -> dict[str, np.ndarray]:
    try:
        obs = demo["obs"]
        out: dict[str, np.ndarray] = {}
        if "state" in features:
            parts = [np.asarray(obs[k]).reshape(len(obs[k]), -1) for k in state_keys]
            out["state"] = np.concatenate(parts, axis=1).astype(features["state"].dtype, copy=False)
        for k, f in features.items():
            if f.kind == "image":
                out[k] = np.asarray(obs[k])
        out["action"] = np.asarray(demo["actions"])
        if "reward" in features:
            out["reward"] = np.asarray(demo["rewards"], dtype=np.float32).reshape(-1)
        if "done" in features:
            out["done"] = np.asarray(demo["dones"]).reshape(-1).astype(bool)
        if "sim_state" in features:
            out["sim_state"] = np.asarray(demo["states"])
    except KeyError as e:
        raise RobomimicFormatError(f"{path}: data/{name} is missing {e}; every demo needs the keys of the first") from e
    lengths = {k: len(v) for k, v in out.items()}
    if len(set(lengths.values())) != 1:
        raise RobomimicFormatError(f"{path}: data/{name} has mismatched lengths {lengths}")
    declared = demo.attrs.get("num_samples")
    if declared is not None and int(declared) != lengths["action"]:
        raise RobomimicFormatError(f"{path}: data/{name} attrs num_samples={int(declared)} but actions has "
                                   f"{lengths['action']} rows")
    return out
