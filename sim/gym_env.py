"""Gymnasium MuJoCo tasks (Hopper, Walker2d, ...) as ``SimEnv``s, for breadth.

``state`` is the task's own observation vector; actions are the task's own Box (joint torques). These tasks
have no success notion (``info["is_success"]`` is always False) and no scripted expert. Cameras are the
model's named cameras plus ``free`` (MuJoCo's free camera).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from robopolicy.sim.base import SimEnv
from robopolicy.sim.settings import simulator_defaults

SIMULATOR = "gym"


class GymMujocoEnv(SimEnv):
    """One Gymnasium MuJoCo task, e.g. ``GymMujocoEnv("Hopper-v5")``."""

    def __init__(self, task: str, cameras: Sequence[str] = (), image_size: int = 84, state: bool = True,
                 max_episode_steps: int | None = None, proprio: bool = False):
        import gymnasium as gym

        defaults = simulator_defaults(SIMULATOR)
        env = gym.make(task).unwrapped  # our base class does the time limit
        spec_steps = gym.spec(task).max_episode_steps
        super().__init__(cameras, image_size, state, max_episode_steps or spec_steps,
                         proprio=proprio)
        self.task = task
        self.env_id = f"{SIMULATOR}/{task}"
        self.robot = task.split("-")[0].lower()
        self.instruction = defaults["instructions"].get(task, task.split("-")[0].lower())
        self.default_camera = defaults["default_cameras"][0]
        self._env = env
        self.fps = 1.0 / env.dt
        self.action_space = env.action_space
        self._obs = np.zeros(env.observation_space.shape, np.float64)
        self._attach_mujoco_cameras(env.model, env.data, upside_down=defaults["upside_down_cameras"])
        self.observation_space = self._make_observation_space()

    def _reset_sim(self, seed: int | None) -> None:
        self._obs, _ = self._env.reset(seed=seed)

    def _step_sim(self, action: np.ndarray) -> tuple[float, bool, bool, dict[str, Any]]:
        self._obs, reward, terminated, _truncated, _info = self._env.step(action.astype(np.float32))
        return float(reward), bool(terminated), False, {}

    def _state(self) -> np.ndarray:
        return self._obs
