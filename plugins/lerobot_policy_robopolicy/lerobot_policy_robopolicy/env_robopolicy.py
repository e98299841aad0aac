"""robopolicy's simulator adapters as a LeRobot env type, ``robopolicy`` (``--env.type=robopolicy``).

A robopolicy checkpoint reads what robopolicy's adapters give (Meta-World: the 39-d state and cameras such as
``corner`` at the policy's resolution). LeRobot's own ``metaworld`` env gives something else (a 4-d
``agent_pos`` and one 480x480 image), so the same checkpoint needs the same adapter on both sides::

    lerobot-eval --policy.type=robopolicy --policy.checkpoint=runs/reach --env.type=robopolicy \\
        --env.task=metaworld/reach-v3 --env.cameras='[corner]' --env.image_size=84

Observations take the shape LeRobot's ``preprocess_observation`` reads: ``agent_pos`` (-> ``observation.state``)
and ``pixels: {<cam>: (H, W, 3) uint8}`` (-> ``observation.images.<cam>``). ``task_description`` is the task's
instruction, ``render()`` the first camera (the simulator's default one when none is observed),
``info["is_success"]`` the adapter's success. robopolicy is imported
when such an env is configured, not when the plugin is.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Any

import gymnasium as gym
import numpy as np
from lerobot.configs.types import FeatureType, PolicyFeature
from lerobot.envs.configs import EnvConfig

ENV_TYPE = "robopolicy"


class LeRobotView(gym.Wrapper):
    """A robopolicy ``SimEnv`` with LeRobot's observation keys, ``_max_episode_steps`` and ``task_description``.

    ``cameras``: the ones observed (default: all the env renders); the env may render one more, for videos only."""

    def __init__(self, env: Any, cameras: tuple[str, ...] | None = None):
        super().__init__(env)
        self.cameras = tuple(env.cameras if cameras is None else cameras)
        spaces: dict[str, gym.Space] = {}
        if env.use_state:
            spaces["agent_pos"] = env.observation_space["state"]
        if self.cameras:
            spaces["pixels"] = gym.spaces.Dict({cam: env.observation_space[cam] for cam in self.cameras})
        self.observation_space = gym.spaces.Dict(spaces)
        self.metadata = {"render_modes": ["rgb_array"], "render_fps": int(round(env.fps))}
        self._max_episode_steps = int(env.max_episode_steps)
        self.task_description = env.instruction
        self.task = env.env_id

    def _view(self, obs: dict[str, np.ndarray]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.env.use_state:
            out["agent_pos"] = obs["state"]
        if self.cameras:
            out["pixels"] = {cam: obs[cam] for cam in self.cameras}
        return out

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        obs, info = self.env.reset(seed=seed, options=options)
        return self._view(obs), info

    def step(self, action):
        obs, reward, terminated, truncated, info = self.env.step(action)
        return self._view(obs), reward, terminated, truncated, info


def make_view(task: str, cameras: tuple[str, ...], image_size: int, state: bool,
              max_episode_steps: int | None) -> LeRobotView:
    """The robopolicy env ``task`` (``robopolicy.envs.make_env``) behind ``LeRobotView``. Without cameras it still
    renders the simulator's default one (not observed), for lerobot-eval's videos."""
    from robopolicy.envs import make_env, simulator_defaults

    kwargs = {} if max_episode_steps is None else {"max_episode_steps": int(max_episode_steps)}
    rendered = cameras or tuple(simulator_defaults(task.partition("/")[0])["default_cameras"][:1])
    return LeRobotView(make_env(task, cameras=rendered, image_size=image_size, state=state, **kwargs), cameras)


@EnvConfig.register_subclass(ENV_TYPE)
@dataclass
class RobopolicyEnv(EnvConfig):
    """``task``: a robopolicy env id (``robopolicy.envs.registered_envs()``, e.g. ``metaworld/reach-v3``);
    ``cameras`` rendered at ``image_size``; ``state``: give the state; ``max_episode_steps``: None keeps the
    adapter's own limit. The features are the adapter's (its feature spec), read when the config is made."""

    task: str | None = "metaworld/reach-v3"
    cameras: list[str] = field(default_factory=list)
    image_size: int = 84
    state: bool = True
    max_episode_steps: int | None = None

    def __post_init__(self) -> None:
        env = self._make()
        try:
            spec = env.unwrapped.feature_spec
            self.fps = int(round(env.unwrapped.fps))
            self.max_episode_steps = env._max_episode_steps
        finally:
            env.close()
        self.features = {"action": PolicyFeature(FeatureType.ACTION, tuple(spec["action"].shape))}
        self.features_map = {"action": "action"}
        if self.state:
            self.features["agent_pos"] = PolicyFeature(FeatureType.STATE, tuple(spec["state"].shape))
            self.features_map["agent_pos"] = "observation.state"
        for cam in self.cameras:
            self.features[f"pixels/{cam}"] = PolicyFeature(FeatureType.VISUAL, tuple(spec[cam].shape))
            self.features_map[f"pixels/{cam}"] = f"observation.images.{cam}"

    def _make(self) -> LeRobotView:
        return make_view(str(self.task), tuple(self.cameras), self.image_size, self.state, self.max_episode_steps)

    @property
    def gym_kwargs(self) -> dict:
        return {}

    def create_envs(self, n_envs: int, use_async_envs: bool = False) -> dict[str, dict[int, gym.vector.VectorEnv]]:
        one = partial(make_view, str(self.task), tuple(self.cameras), self.image_size, self.state,
                      self.max_episode_steps)
        if use_async_envs and n_envs > 1:
            vec = gym.vector.AsyncVectorEnv([one] * n_envs, context="forkserver")
        else:
            vec = gym.vector.SyncVectorEnv([one] * n_envs)
        return {self.type: {0: vec}}
