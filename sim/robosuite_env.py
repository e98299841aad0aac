"""robosuite 1.5 manipulation tasks (Panda arm) as ``SimEnv``s.

Controller: Panda's default composite controller (``BASIC``): OSC_POSE on the arm with delta inputs in the
robot base frame plus the gripper. Actions ``(7,)`` in robosuite's own units: [-1, 1] maps to +-5 cm
(position) and +-0.5 rad (orientation) of end-effector set-point change per step; the last entry is the
gripper (-1 open, +1 close). ``state`` = ``robot0_proprio-state`` followed by ``object-state``.

Seeding: robosuite draws object placements and joint noise from one generator (``env.rng``) shared by the
placement sampler and the robot; ``reset(seed=s)`` re-seeds that generator in place, so layouts depend only on
``s``. Soft resets (``hard_reset=False``) keep one MuJoCo model alive, which is also what our offscreen
cameras render from (robosuite's own renderer is off: it renders upside-down and with shadows).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import numpy as np

from robopolicy.sim.base import Expert, NoExpertError, SimEnv
from robopolicy.sim.settings import simulator_defaults

SIMULATOR = "robosuite"
STATE_PARTS = ("robot0_proprio-state", "object-state")


class RobosuiteEnv(SimEnv):
    """One robosuite task, e.g. ``RobosuiteEnv("Lift", cameras=("agentview",))``."""

    robot = "panda"

    def __init__(self, task: str, cameras: Sequence[str] = (), image_size: int = 84, state: bool = True,
                 max_episode_steps: int | None = None, reward_shaping: bool = False, proprio: bool = False):
        import robosuite
        from robosuite.controllers import load_composite_controller_config
        from robosuite.utils.log_utils import ROBOSUITE_DEFAULT_LOGGER

        # robosuite warns on every reset about controller parts the Panda does not have.
        ROBOSUITE_DEFAULT_LOGGER.setLevel(logging.ERROR)

        defaults = simulator_defaults(SIMULATOR)
        task_cfg = defaults["tasks"][task]
        super().__init__(cameras, image_size, state, max_episode_steps or task_cfg["max_episode_steps"],
                         proprio=proprio)
        self.task = task
        self.env_id = f"{SIMULATOR}/{task}"
        self.instruction = task_cfg["instruction"]
        self.default_camera = defaults["default_cameras"][0]
        self.fps = float(defaults["control_freq"])
        controller = load_composite_controller_config(controller=defaults["controller"], robot=defaults["robot"])
        self._env = robosuite.make(
            task_cfg["env_name"], robots=defaults["robot"], controller_configs=controller,
            has_renderer=False, has_offscreen_renderer=False, use_camera_obs=False, use_object_obs=True,
            reward_shaping=reward_shaping, control_freq=defaults["control_freq"],
            horizon=self.max_episode_steps, ignore_done=True, hard_reset=False, seed=0,
        )
        low, high = self._env.action_spec
        import gymnasium as gym

        self.action_space = gym.spaces.Box(low.astype(np.float32), high.astype(np.float32), dtype=np.float32)
        self.raw_obs: dict[str, np.ndarray] = self._env.reset()
        self._attach_mujoco_cameras(self._env.sim.model._model, self._env.sim.data._data,
                                    upside_down=defaults["upside_down_cameras"])
        self.observation_space = self._make_observation_space()

    def _reset_sim(self, seed: int | None) -> None:
        if seed is not None:
            # In place: the placement sampler and the robots hold references to this same generator.
            self._env.rng.bit_generator.state = np.random.default_rng(seed).bit_generator.state
        self.raw_obs = self._env.reset()

    def _step_sim(self, action: np.ndarray) -> tuple[float, bool, bool, dict[str, Any]]:
        self.raw_obs, reward, _done, _info = self._env.step(action)
        return float(reward), False, bool(self._env._check_success()), {}

    def _state(self) -> np.ndarray:
        return np.concatenate([self.raw_obs[k] for k in STATE_PARTS])

    def _proprio(self) -> np.ndarray:
        """``robot0_proprio-state`` alone (joints, end effector, gripper): the state without the objects'."""
        return np.asarray(self.raw_obs[STATE_PARTS[0]])

    def expert(self) -> Expert:
        """A scripted expert (Lift, PickPlaceCan, Stack). Stateful: make a new one for every episode."""
        from robopolicy.sim.experts import robosuite_experts

        if self.task not in robosuite_experts.EXPERTS:
            raise NoExpertError(f"{self.env_id} has no scripted expert; tasks with one: "
                                f"{', '.join('robosuite/' + t for t in robosuite_experts.EXPERTS)}")
        return robosuite_experts.EXPERTS[self.task](self)
