"""Meta-World v3 tasks (Sawyer arm) as ``SimEnv``s, with Meta-World's own scripted expert for every task.

Each reset draws a new object/goal configuration from the task's random-reset space with a generator seeded
by the episode seed (Meta-World's ``seeded_rand_vec`` mode), so seeds give different, reproducible layouts.
The goal is observable (as in the MT benchmarks): ``state`` is Meta-World's full 39-d observation
(hand xyz, gripper opening, two objects' pose, the previous frame's copy of those 18 numbers, goal xyz);
``proprio`` (``proprio=True``) is its hand, gripper and goal alone, for policies that see the objects by camera.
Actions: ``(4,)`` in [-1, 1] = end-effector displacement (x, y, z; scaled by 1/100 m) and gripper effort.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from typing import Any

import numpy as np

from robopolicy.sim.base import Expert, SimEnv
from robopolicy.sim.settings import simulator_defaults

SIMULATOR = "metaworld"
# Of the 39-d observation: hand xyz, gripper opening (0..3) and goal xyz (36..38), the objects' poses left out.
PROPRIO_INDICES = np.array([0, 1, 2, 3, 36, 37, 38])
# The one task whose expert's class name does not follow Sawyer<CamelCase>V3Policy.
EXPERT_CLASS_EXCEPTIONS = {"peg-insert-side-v3": "SawyerPegInsertionSideV3Policy"}


def instruction_for(task: str) -> str:
    """The natural-language instruction of a Meta-World task (configured, else derived from its name)."""
    configured = simulator_defaults(SIMULATOR)["instructions"]
    if task in configured:
        return configured[task]
    return task.removesuffix("-v3").replace("-", " ")


def expert_class_name(task: str) -> str:
    if task in EXPERT_CLASS_EXCEPTIONS:
        return EXPERT_CLASS_EXCEPTIONS[task]
    return "Sawyer" + "".join(part.capitalize() for part in task.split("-")) + "Policy"


class MetaWorldEnv(SimEnv):
    """One Meta-World v3 task, e.g. ``MetaWorldEnv("push-v3", cameras=("corner",))``."""

    robot = "sawyer"

    def __init__(self, task: str, cameras: Sequence[str] = (), image_size: int = 84, state: bool = True,
                 max_episode_steps: int | None = None, proprio: bool = False):
        import metaworld
        from metaworld import env_dict

        defaults = simulator_defaults(SIMULATOR)
        super().__init__(cameras, image_size, state, max_episode_steps or defaults["max_episode_steps"],
                         proprio=proprio)
        self.task = task
        self.env_id = f"{SIMULATOR}/{task}"
        self.instruction = instruction_for(task)
        self.default_camera = defaults["default_cameras"][0]
        env = metaworld.ALL_V3_ENVIRONMENTS[task]()
        # What metaworld.MT1 does to set a task, minus the fixed goal: goal observable, goals drawn per reset
        # from env.np_random (seeded by reset(seed=...)).
        env._set_task_called = True
        if env._partially_observable:
            env.__dict__.pop("sawyer_observation_space", None)  # a cached_property keyed on observability
            env._partially_observable = False
        task_kwargs = {k: v for k, v in env_dict.ML1_ARGS_KWARGS[task]["kwargs"].items() if k != "task_id"}
        env._set_task_inner(**task_kwargs)
        env._freeze_rand_vec = False
        env.seeded_rand_vec = True
        env.max_path_length = self.max_episode_steps
        self._env = env
        self.fps = 1.0 / env.dt
        self.action_space = env.action_space
        self.raw_obs: np.ndarray = np.zeros(env.sawyer_observation_space.shape, np.float64)
        self._attach_mujoco_cameras(env.model, env.data, upside_down=defaults["upside_down_cameras"])
        self.observation_space = self._make_observation_space()

    def _reset_sim(self, seed: int | None) -> None:
        if seed is not None:
            self._env.seed(seed)
        obs, _ = self._env.reset()
        self.raw_obs = np.asarray(obs, dtype=np.float64)

    def _step_sim(self, action: np.ndarray) -> tuple[float, bool, bool, dict[str, Any]]:
        obs, reward, _terminated, _truncated, info = self._env.step(action.astype(np.float32))
        self.raw_obs = np.asarray(obs, dtype=np.float64)
        extra = {k: v for k, v in info.items() if k != "success"}  # near_object, grasp_success, ... per task
        return float(reward), False, bool(info["success"]), extra

    def _state(self) -> np.ndarray:
        return self.raw_obs

    def _proprio(self) -> np.ndarray:
        """Hand xyz, gripper opening and the goal's xyz (7-d): the state without the objects' poses."""
        return self.raw_obs[PROPRIO_INDICES]

    def expert(self) -> Expert:
        """Meta-World's scripted policy for this task. It reads the simulator's raw 39-d observation (kept on
        the env as ``raw_obs``), so it works whatever observation keys were requested."""
        import metaworld.policies

        policy = getattr(metaworld.policies, expert_class_name(self.task))()

        def act(obs: dict[str, np.ndarray]) -> np.ndarray:
            with warnings.catch_warnings():  # "Constant(s) may be too high": the env clips, and so do we
                warnings.simplefilter("ignore", UserWarning)
                action = policy.get_action(self.raw_obs)
            return np.clip(action, self.action_space.low, self.action_space.high)

        return act
