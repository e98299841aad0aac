"""Small real stores on disk for the data-layer tests."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from robopolicy.data import EpisodeStore, Feature

IMAGE_SIZE = 8
STATE_DIM, ACTION_DIM = 3, 2


def small_features() -> dict[str, Feature]:
    return {"state": Feature((STATE_DIM,), "float32", "state"),
            "cam": Feature((IMAGE_SIZE, IMAGE_SIZE, 3), "uint8", "image"),
            "action": Feature((ACTION_DIM,), "float32", "action"),
            "reward": Feature((), "float32", "reward"),
            "done": Feature((), "bool", "done")}


def make_episode(index: int, length: int, seed: int = 0) -> dict[str, np.ndarray]:
    """Deterministic in (index, length, seed); every value of episode ``index`` carries its index.

    ``state[:, 0]`` is ``1000 * index + t`` and ``action[:, 0]`` is ``1000 * index + t``, so a window can be
    checked for the episode and step each of its frames comes from.
    """
    rng = np.random.default_rng([seed, index, length])
    t = np.arange(length, dtype=np.float32)
    state = rng.normal(size=(length, STATE_DIM)).astype(np.float32)
    state[:, 0] = 1000 * index + t
    action = rng.normal(size=(length, ACTION_DIM)).astype(np.float32)
    action[:, 0] = 1000 * index + t
    cam = rng.integers(0, 256, size=(length, IMAGE_SIZE, IMAGE_SIZE, 3), dtype=np.uint8)
    cam[:, 0, 0, 0] = index % 256
    done = np.zeros(length, dtype=bool)
    done[-1] = True
    return {"state": state, "cam": cam, "action": action, "reward": rng.normal(size=length).astype(np.float32),
            "done": done}


def build_store(path: Path, lengths: list[int], seed: int = 0, tasks: tuple[str, ...] = ("a", "b")) -> EpisodeStore:
    store = EpisodeStore.create(path, small_features(), fps=10, robot="test")
    for i, n in enumerate(lengths):
        store.append_episode(make_episode(i, n, seed), task=tasks[i % len(tasks)], success=bool(i % 2), seed=i)
    return store


def tree_bytes(path: Path) -> dict[str, bytes]:
    """Every file under ``path`` with its content (to check a store is unchanged on disk)."""
    return {str(f.relative_to(path)): f.read_bytes() for f in sorted(path.rglob("*")) if f.is_file()}


@pytest.fixture
def store(tmp_path: Path) -> EpisodeStore:
    return build_store(tmp_path / "s.zarr", [5, 12, 1, 30, 17])
