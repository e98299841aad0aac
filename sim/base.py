"""The adapter base: every simulator behind one Gymnasium interface whose observation matches a store spec.

A subclass wraps one simulator (kept as ``_env``, exposed as ``sim``) and implements small hooks: ``_reset_sim``,
``_step_sim``, ``_state`` and ``_render`` (the MuJoCo adapters get ``_render`` by attaching their cameras with
``_attach_mujoco_cameras``; ``_state_dim`` defaults to the length of ``_state()``). The base assembles the
observation dict, counts steps, truncates at ``max_episode_steps``, reports ``info["is_success"]`` on every step
and closes the cameras and the simulator in ``close``. Observations::

    {"state": (Ds,) float32, "<camera>": (H, W, 3) uint8, ...}

Seeding: ``reset(seed=s)`` puts the simulator's random generators in a state that depends only on ``s``, so
the same seed and the same actions give the same observations, bit for bit. ``reset()`` without a seed draws
one (from a generator seeded by ``seed_episodes``) and reports it in ``info["seed"]`` and ``env.last_seed``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import gymnasium as gym
import numpy as np

from robopolicy.data.features import Feature
from robopolicy.errors import RobopolicyError
from robopolicy.sim.rendering import MujocoCameras

STATE_KEY = "state"
PROPRIO_KEY = "proprio"  # the robot's own state (and the task's goal), no object state: beside cameras
MAX_EPISODE_SEED = 2**31 - 1
Expert = Callable[[dict[str, np.ndarray]], np.ndarray]


class NoExpertError(RobopolicyError):
    """The simulator/task has no scripted expert."""


class SimEnv(gym.Env):
    """A simulator adapter. Subclasses set ``env_id``, ``instruction``, ``fps``, ``robot`` and the action space."""

    metadata = {"render_modes": ["rgb_array"]}
    env_id: str = ""
    instruction: str = ""
    fps: float = 10.0
    robot: str = ""
    default_camera: str = ""  # the camera for videos when none is requested
    # step-info numbers whose per-episode maximum evaluations report beside success (PushT: "coverage", the
    # metric Diffusion Policy reports for it)
    score_keys: tuple[str, ...] = ()
    _env: Any = None  # the wrapped simulator, set by the subclass
    _cameras: MujocoCameras | None = None  # offscreen cameras of a MuJoCo simulator (``_attach_mujoco_cameras``)

    def __init__(self, cameras: Sequence[str] = (), image_size: int = 84, state: bool = True,
                 max_episode_steps: int = 500, proprio: bool = False):
        super().__init__()
        if not state and not cameras and not proprio:
            raise RobopolicyError(f"{self.env_id}: an observation needs the state, the proprioception or a camera "
                                  "(got state=False, proprio=False and no cameras)")
        self.cameras = tuple(cameras)
        self.image_size = int(image_size)
        self.use_state = bool(state)
        self.use_proprio = bool(proprio)
        self.max_episode_steps = int(max_episode_steps)
        self.elapsed_steps = 0
        self.last_seed: int | None = None
        self._episode_seeds = np.random.default_rng()

    def seed_episodes(self, seed: int | None) -> None:
        """Seed the sequence of episode seeds drawn when ``reset()`` gets none (and ``action_space.sample``)."""
        self._episode_seeds = np.random.default_rng(seed)
        self.action_space.seed(seed)

    # ------------------------------------------------------------------ hooks for subclasses
    def _reset_sim(self, seed: int | None) -> None:
        raise NotImplementedError

    def _step_sim(self, action: np.ndarray) -> tuple[float, bool, bool, dict[str, Any]]:
        """Advance one control step: ``(reward, terminated, is_success, info)``."""
        raise NotImplementedError

    def _state(self) -> np.ndarray:
        raise NotImplementedError

    def _state_dim(self) -> int:
        """The length of ``_state()``; a subclass may override it with something cheaper."""
        return int(np.shape(self._state())[0])

    def _proprio(self) -> np.ndarray:
        """The robot's own state (joint or end-effector positions, gripper) and the task's goal where the state
        shows it, without the objects' poses: what a policy that sees the objects through a camera reads."""
        raise RobopolicyError(f"{self.env_id}: this adapter exposes no proprioception (proprio=True); adapters "
                              "with one: metaworld, robosuite")

    def _render(self, camera: str) -> np.ndarray:
        """One camera's upright ``(H, W, 3)`` uint8 view; by default from the attached MuJoCo cameras."""
        if self._cameras is None:
            raise NotImplementedError
        return self._cameras.render(camera)

    def _attach_mujoco_cameras(self, model, data, upside_down: Sequence[str] = ()) -> None:
        """Render the requested cameras from a MuJoCo ``model``/``data`` (``upside_down``: cameras whose frame
        is rolled upside-down in the world; their images are rotated 180 degrees to come out upright)."""
        self._cameras = MujocoCameras(model, data, self.cameras, self.image_size, upside_down=upside_down)

    @property
    def sim(self):
        """The wrapped simulator environment."""
        return self._env

    def expert(self) -> Expert | None:
        """A scripted policy ``obs -> action`` for this task, or None when the simulator ships none."""
        return None

    # ------------------------------------------------------------------ spec
    @property
    def feature_spec(self) -> dict[str, Feature]:
        """Observation features plus ``action``, ``reward`` and ``done``: the columns of a store of this env."""
        spec: dict[str, Feature] = {}
        if self.use_state:
            spec[STATE_KEY] = Feature((self._state_dim(),), "float32", "state")
        if self.use_proprio:
            spec[PROPRIO_KEY] = Feature((int(np.shape(self._proprio())[0]),), "float32", "state")
        for cam in self.cameras:
            spec[cam] = Feature((self.image_size, self.image_size, 3), "uint8", "image")
        spec["action"] = Feature(self.action_space.shape, "float32", "action")
        spec["reward"] = Feature((), "float32", "reward")
        spec["done"] = Feature((), "bool", "done")
        return spec

    @property
    def obs_spec(self) -> dict[str, Feature]:
        return {k: f for k, f in self.feature_spec.items() if f.kind in ("state", "image")}

    def _make_observation_space(self) -> gym.spaces.Dict:
        spaces: dict[str, gym.Space] = {}
        for key, f in self.obs_spec.items():
            if f.kind == "image":
                spaces[key] = gym.spaces.Box(0, 255, f.shape, np.uint8)
            else:
                spaces[key] = gym.spaces.Box(-np.inf, np.inf, f.shape, np.float32)
        return gym.spaces.Dict(spaces)

    # ------------------------------------------------------------------ gymnasium API
    def observe(self) -> dict[str, np.ndarray]:
        obs: dict[str, np.ndarray] = {}
        if self.use_state:
            obs[STATE_KEY] = np.asarray(self._state(), dtype=np.float32)
        if self.use_proprio:
            obs[PROPRIO_KEY] = np.asarray(self._proprio(), dtype=np.float32)
        for cam in self.cameras:
            obs[cam] = self._render(cam)
        return obs

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        if seed is None:  # every episode has a seed, so every episode can be replayed
            seed = int(self._episode_seeds.integers(0, MAX_EPISODE_SEED))
        super().reset(seed=seed)
        self.elapsed_steps = 0
        self.last_seed = seed
        self._reset_sim(seed)
        return self.observe(), {"is_success": False, "seed": seed}

    def step(self, action):
        action = np.asarray(action, dtype=np.float64).reshape(self.action_space.shape)
        reward, terminated, success, info = self._step_sim(action)
        self.elapsed_steps += 1
        truncated = self.elapsed_steps >= self.max_episode_steps and not terminated
        info = dict(info)
        info["is_success"] = bool(success)
        return self.observe(), float(reward), bool(terminated), bool(truncated), info

    def render(self) -> np.ndarray:
        """The first camera's view (for videos); needs at least one camera."""
        if not self.cameras:
            raise RobopolicyError(f"{self.env_id}: render() needs a camera; pass cameras=(...) to make_env")
        return self._render(self.cameras[0])

    def close(self) -> None:
        if self._cameras is not None:
            self._cameras.close()
        if self._env is not None:
            self._env.close()

    def __repr__(self) -> str:
        return (f"<{type(self).__name__} {self.env_id} cameras={list(self.cameras)} state={self.use_state}"
                f"{' proprio=True' if self.use_proprio else ''}>")
