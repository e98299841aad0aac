"""What a rollout worker sends back: one whole episode (never a part of one).

``RecordingEnv`` wraps a simulator env and keeps the store columns of the episode in progress, in the layout of
``robopolicy collect``: ``{obs key: (L, ...)}`` observations *before* each action, ``action`` (L, Da) as executed
(clipped to the action space), ``reward`` (L,), ``done`` (L,) true at the last step. ``EpisodeRecord`` pairs
the harness's ``EpisodeResult`` with those columns and the policy version that acted.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from robopolicy.eval.workers import EpisodeResult

ACTION_KEY, REWARD_KEY, DONE_KEY = "action", "reward", "done"


@dataclass
class EpisodeRecord:
    """A finished episode: its result, the store columns ``{key: (L, ...)}`` when recorded, the weights version
    that produced it, and the worker that ran it."""

    result: EpisodeResult
    steps: dict[str, np.ndarray] | None
    policy_version: int
    worker: int


class RecordingEnv:
    """A ``SimEnv`` that also records the columns of the current episode (``take_steps`` hands them over)."""

    def __init__(self, env: Any):
        self.env = env
        self._columns: dict[str, list[np.ndarray]] = {}
        self._last_obs: Mapping[str, Any] | None = None

    def __getattr__(self, name: str) -> Any:  # env_id, instruction, fps, feature_spec, max_episode_steps, ...
        return getattr(self.env, name)

    def reset(self, seed: int | None = None, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        obs, info = self.env.reset(seed=seed, **kwargs)
        self._columns = {key: [] for key in self.env.feature_spec}
        self._last_obs = obs
        return obs, info

    def step(self, action: np.ndarray) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        space = self.env.action_space
        executed = np.clip(np.asarray(action, dtype=np.float64), space.low, space.high)
        obs, reward, terminated, truncated, info = self.env.step(executed)
        for key, value in self._last_obs.items():
            if key in self._columns:
                self._columns[key].append(np.asarray(value))
        self._columns[ACTION_KEY].append(executed.astype(np.float32))
        self._columns[REWARD_KEY].append(np.float32(reward))
        self._columns[DONE_KEY].append(np.bool_(terminated or truncated))
        self._last_obs = obs
        return obs, reward, terminated, truncated, info

    def take_steps(self) -> dict[str, np.ndarray] | None:
        """The finished episode's columns (``done`` forced true at its last step); None for a 0-step episode."""
        if not self._columns or not self._columns[ACTION_KEY]:
            return None
        steps = {key: np.stack(values) for key, values in self._columns.items()}
        steps[DONE_KEY][-1] = True
        self._columns = {}
        return steps

    def close(self) -> None:
        self.env.close()


@dataclass(frozen=True)
class RecordingEnvFactory:
    """Picklable: ``RecordingEnv(factory())``."""

    factory: Callable[[], Any]

    def __call__(self) -> RecordingEnv:
        return RecordingEnv(self.factory())
