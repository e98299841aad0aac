"""gym-pusht (push a T-shaped block onto a target, 2-D pymunk) as a ``SimEnv``.

``state`` = (agent x, agent y, then the T's 8 keypoints x0, y0, ..., x7, y7): 18 numbers in workspace pixels, the
observation of Diffusion Policy's low-dimensional PushT. Not the block's pose: gym-pusht's pose state gives the
angle modulo 2 pi, which jumps from 2 pi to 0 at 0.79 rad from the goal's angle (pi / 4), where 19 of the 50
expert demonstrations cross it; keypoints move continuously with the block. Actions ``(2,)`` = the agent's target
position in pixels of the 512x512 workspace, [0, 512]. Success: the block covers > 95% of the target. The one camera,
``top``, is the environment's own top-down drawing resized to ``image_size``. The scripted expert
(``sim/experts/pusht_expert.py``) plans pushes in a private copy of the simulator; it reaches success on 100 of
100 seeds tested, in ~90 control steps and ~5 s of CPU per episode.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from robopolicy.errors import RobopolicyError
from robopolicy.sim.base import Expert, SimEnv
from robopolicy.sim.settings import simulator_defaults

SIMULATOR = "pusht"
TOP_CAMERA = "top"
KEYPOINTS = 8  # the T's two rectangles' corners (gym-pusht's get_keypoints)


class PushTEnv(SimEnv):
    robot = "pusht"
    env_id = SIMULATOR
    score_keys = ("coverage",)   # evaluations report each episode's maximum (Diffusion Policy's PushT metric)

    def __init__(self, cameras: Sequence[str] = (), image_size: int = 84, state: bool = True,
                 max_episode_steps: int | None = None, proprio: bool = False):
        from gym_pusht.envs.pusht import PushTEnv as RawPushT

        defaults = simulator_defaults(SIMULATOR)
        super().__init__(cameras, image_size, state, max_episode_steps or defaults["max_episode_steps"],
                         proprio=proprio)
        for cam in self.cameras:
            if cam != TOP_CAMERA:
                raise RobopolicyError(f"unknown camera {cam!r} for pusht; valid cameras: {TOP_CAMERA}")
        self.instruction = defaults["instruction"]
        self.default_camera = defaults["default_cameras"][0]
        self._env = RawPushT(obs_type="state", render_mode="rgb_array", observation_width=image_size,
                             observation_height=image_size)
        self.fps = float(self._env.metadata["render_fps"])
        self.action_space = self._env.action_space
        self._obs = np.zeros(2 + 2 * KEYPOINTS, np.float64)
        self.observation_space = self._make_observation_space()

    def _reset_sim(self, seed: int | None) -> None:
        self._env.reset(seed=seed)
        self._obs = self._keypoint_state()

    def _step_sim(self, action: np.ndarray) -> tuple[float, bool, bool, dict[str, Any]]:
        _, reward, terminated, _truncated, info = self._env.step(action)
        self._obs = self._keypoint_state()
        return float(reward), bool(terminated), bool(info["is_success"]), {"coverage": float(info["coverage"])}

    def _keypoint_state(self) -> np.ndarray:
        """(agent x, agent y, keypoint 0 x, y, ..., keypoint 7 x, y), from the simulation itself."""
        keypoints = self._env.get_keypoints(self._env._block_shapes).reshape(-1)
        return np.concatenate([np.asarray(self._env.agent.position, np.float64), keypoints.astype(np.float64)])

    def _state(self) -> np.ndarray:
        return self._obs

    def expert(self) -> Expert:
        """A scripted expert that plans pushes in a copy of the simulator. Stateful: make a new one per episode."""
        from robopolicy.sim.experts.pusht_expert import PushTExpert

        return PushTExpert(self)

    def _render(self, camera: str) -> np.ndarray:
        return np.ascontiguousarray(self._env._render(visualize=False), dtype=np.uint8)
