"""Every control step goes into an episode store (``source="deployment"``), so deployments become data.

Steps are buffered and written as one stored episode every ``segment_steps`` steps (and at the end), by a
writer thread so the control loop never waits on the disk. The store's append is crash-safe: a daemon killed
at any moment leaves every segment written before intact and the store valid. A segment's success is unknown
except the last one, which gets the robot's success flag when it has one.
"""

from __future__ import annotations

import queue
import threading
from pathlib import Path
from typing import Any

import numpy as np

from robopolicy.data.features import Feature, describe_mismatch
from robopolicy.data.store import EpisodeStore, StoreError

DEPLOYMENT_SOURCE = "deployment"


def step_features(observation_features: dict[str, Feature], action_dim: int) -> dict[str, Feature]:
    """Observations + the action sent + the timing and safety columns logged per step."""
    return {**observation_features,
            "action": Feature((action_dim,), "float32", "action"),
            "policy_action": Feature((action_dim,), "float32", "other"),  # before safety (NaN stored as 0, flagged)
            "tick_time": Feature((), "float64", "other"),  # seconds since the loop started
            "latency_ms": Feature((), "float32", "other"),  # observation -> action sent, this tick
            "action_age_ms": Feature((), "float32", "other"),  # age of the policy's observation at send time
            "safety_flags": Feature((), "int32", "other"),  # robopolicy.real.safety.SafetyFlag bits
            "queue_depth": Feature((), "int32", "other"),
            "tick": Feature((), "int64", "other"),  # the control tick (ticks a late loop skipped are missing)
            # the round trip of the chunk first usable at this tick, 0 on other ticks (the store holds finite
            # values only): read_latency_trace of the run replays the measured delays in simulation
            "round_trip_ms": Feature((), "float32", "other"),
            "chunk_obs_tick": Feature((), "int32", "other")}  # that chunk's observation tick; -1 on other ticks


def open_or_create_store(path: Path, features: dict[str, Feature], fps: float, robot: str) -> EpisodeStore:
    if path.exists():
        store = EpisodeStore.open(path, mode="a")
        problems = describe_mismatch(features, store.features, "daemon", "store")
        if problems or set(store.features) != set(features):
            store.close()
            raise StoreError(f"{path}: its features do not match this robot's deployment log: "
                             f"{'; '.join(problems) or sorted(set(store.features) ^ set(features))}")
        return store
    return EpisodeStore.create(path, features, fps=fps, robot=robot, created_by="robopolicy deploy")


class EpisodeLogger:
    def __init__(self, store: EpisodeStore, segment_steps: int, task: str, policy_id: str, seed: int = -1):
        self.store = store
        self.segment_steps = int(segment_steps)
        self.task = task
        self.policy_id = policy_id
        self.seed = seed
        self._rows: dict[str, list[Any]] = {k: [] for k in store.features}
        self._segments: queue.Queue[tuple[dict[str, np.ndarray], bool | None] | None] = queue.Queue()
        self._writer = threading.Thread(target=self._write_loop, name="episode-writer", daemon=True)
        self._writer.start()
        self.segments_written = 0
        self.steps_logged = 0
        self.error: Exception | None = None

    def log(self, row: dict[str, Any]) -> None:
        """One step: a value for every store feature (arrays are copied)."""
        for key, column in self._rows.items():
            value = row[key]
            column.append(value.copy() if isinstance(value, np.ndarray) else value)
        self.steps_logged += 1
        if len(self._rows["action"]) >= self.segment_steps:
            self._flush(success=None)

    def _flush(self, success: bool | None) -> None:
        if not self._rows["action"]:
            return
        segment = {k: np.asarray(v, dtype=self.store.features[k].dtype) for k, v in self._rows.items()}
        self._rows = {k: [] for k in self._rows}
        self._segments.put((segment, success))

    def _write_loop(self) -> None:
        while True:
            item = self._segments.get()
            if item is None:
                return
            segment, success = item
            try:
                self.store.append_episode(segment, task=self.task, success=success, source=DEPLOYMENT_SOURCE,
                                          seed=self.seed, policy_id=self.policy_id)
                self.segments_written += 1
            except Exception as e:  # keep the loop alive; the daemon reports it in the status
                self.error = e

    def close(self, success: bool | None) -> None:
        """Write what is buffered (with ``success``), wait for the writer, then close the store (its writer lock
        is released)."""
        try:
            self._flush(success)
        finally:
            self._segments.put(None)
            self._writer.join()
            self.store.close()
