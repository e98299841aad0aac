"""Robot adapters: the narrow hardware contract the daemon drives, and its implementations.

    robot.connect();  obs = robot.observe()  # {key: array}, keys as the policy names them
    sent = robot.act(action)                  # (Da,) -> the action actually sent (after the robot's own clipping)
    robot.disconnect()

``MujocoRobot`` stands in for hardware with a ``robopolicy.sim`` environment (one simulator step per ``act``).
``LeRobotRobot`` drives arms supported by LeRobot; it imports ``lerobot`` only when connecting.
Nothing here imports torch.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

import numpy as np

from robopolicy.data.features import Feature
from robopolicy.errors import RobopolicyError
from robopolicy.real.profile import RobotProfile

LEROBOT_INSTALL_HINT = "pip install 'robopolicy[lerobot]'"
DEFAULT_MAX_EPISODE_STEPS = 1_000_000  # a robot has no time limit; the simulator needs one


class RobotError(RobopolicyError):
    """The robot cannot be connected, observed or commanded."""


@runtime_checkable
class Robot(Protocol):
    profile: RobotProfile

    def connect(self) -> None: ...

    def observe(self) -> dict[str, np.ndarray]: ...

    def act(self, action: np.ndarray) -> np.ndarray: ...

    def disconnect(self) -> None: ...

    @property
    def observation_features(self) -> dict[str, Feature]: ...


class MujocoRobot:
    """A simulated robot: ``robopolicy.sim.make_env(profile.mujoco['env_id'])`` behind the robot contract.

    The simulation advances one control step per ``act``. ``task_success`` is the simulator's success flag,
    ``instruction`` its task text; ``reset(seed)`` starts a new episode.
    """

    def __init__(self, profile: RobotProfile):
        if "env_id" not in profile.mujoco:
            raise RobotError(f"profile {profile.name!r} has no mujoco.env_id; a MuJoCo robot needs a simulator id")
        self.profile = profile
        self.env: Any = None
        self._obs: dict[str, np.ndarray] | None = None
        self.task_success = False
        self.steps = 0
        self.episodes = 0

    @property
    def instruction(self) -> str:
        return str(getattr(self.env, "instruction", ""))

    def connect(self) -> None:
        from robopolicy.sim import make_env

        cfg = self.profile.mujoco
        self.env = make_env(str(cfg["env_id"]), cameras=tuple(self.profile.cameras), state=True,
                            image_size=int(cfg.get("image_size", 84)), seed=int(cfg.get("seed", 0)),
                            max_episode_steps=int(cfg.get("max_episode_steps", DEFAULT_MAX_EPISODE_STEPS)))
        low = self.env.action_space.low
        if low.shape != self.profile.action_low.shape:
            raise RobotError(f"profile {self.profile.name!r} has action_dim {self.profile.action_dim} but "
                             f"{cfg['env_id']} takes {low.shape[0]}")
        self.reset(int(cfg.get("seed", 0)))

    def reset(self, seed: int) -> None:
        obs, _ = self.env.reset(seed=seed)
        self._obs = self._rename(obs)
        self.task_success = False
        self.steps = 0

    def _rename(self, obs: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
        return {self.profile.cameras.get(k, k): v for k, v in obs.items()}

    @property
    def observation_features(self) -> dict[str, Feature]:
        if self.env is None:
            raise RobotError("connect() the robot first")
        return {self.profile.cameras.get(k, k): f for k, f in self.env.obs_spec.items()}

    def observe(self) -> dict[str, np.ndarray]:
        if self._obs is None:
            raise RobotError("connect() the robot first")
        return self._obs

    def act(self, action: np.ndarray) -> np.ndarray:
        if self.env is None:
            raise RobotError("connect() the robot first")
        sent = np.clip(np.asarray(action, dtype=np.float32), self.env.action_space.low, self.env.action_space.high)
        obs, _reward, terminated, truncated, info = self.env.step(sent)
        self._obs = self._rename(obs)
        self.task_success = self.task_success or bool(info.get("is_success", False))
        self.steps += 1
        if terminated or truncated:  # the simulated scene ended: start the next one, as a robot would be reset
            self.episodes += 1
            self.reset(int(self.profile.mujoco.get("seed", 0)) + self.episodes)
        return sent

    def disconnect(self) -> None:
        if self.env is not None:
            self.env.close()
            self.env = None


class LeRobotRobot:
    """A LeRobot-supported arm (``profile.lerobot``: ``robot_type``, ``port``, ``id``, ``joint_names``).

    Observations: ``state`` = the joint positions in ``joint_names`` order, cameras renamed by the profile's
    camera map. Actions are absolute joint positions in the same order.
    """

    def __init__(self, profile: RobotProfile):
        for key in ("robot_type", "port", "joint_names"):
            if key not in profile.lerobot:
                raise RobotError(f"profile {profile.name!r} needs lerobot.{key} for a LeRobot arm")
        self.profile = profile
        self.joint_names = [str(j) for j in profile.lerobot["joint_names"]]
        self._robot: Any = None

    @staticmethod
    def _import_lerobot() -> Any:
        try:
            import lerobot.robots as robots
        except ImportError:
            raise RobotError(f"the LeRobot bridge needs the lerobot package, which is not installed: "
                             f"{LEROBOT_INSTALL_HINT}") from None
        return robots

    def connect(self) -> None:
        robots = self._import_lerobot()
        cfg = self.profile.lerobot
        config_class = robots.RobotConfig.get_choice_class(str(cfg["robot_type"]))
        config = config_class(port=str(cfg["port"]), id=str(cfg.get("id", self.profile.name)))
        self._robot = robots.make_robot_from_config(config)
        self._robot.connect()

    @property
    def observation_features(self) -> dict[str, Feature]:
        features = {"state": Feature((len(self.joint_names),), "float32", "state")}
        for camera, key in self.profile.cameras.items():
            height, width = self._robot.config.cameras[camera].height, self._robot.config.cameras[camera].width
            features[key] = Feature((height, width, 3), "uint8", "image")
        return features

    def observe(self) -> dict[str, np.ndarray]:
        raw = self._robot.get_observation()
        obs = {"state": np.array([raw[f"{j}.pos"] for j in self.joint_names], dtype=np.float32)}
        for camera, key in self.profile.cameras.items():
            obs[key] = np.asarray(raw[camera], dtype=np.uint8)
        return obs

    def act(self, action: np.ndarray) -> np.ndarray:
        sent = self._robot.send_action({f"{j}.pos": float(a) for j, a in zip(self.joint_names, action)})
        return np.array([sent[f"{j}.pos"] for j in self.joint_names], dtype=np.float32)

    def disconnect(self) -> None:
        if self._robot is not None:
            self._robot.disconnect()
            self._robot = None


ROBOT_CLASSES = {"mujoco": MujocoRobot, "lerobot": LeRobotRobot}


def make_robot(profile: RobotProfile) -> MujocoRobot | LeRobotRobot:
    if profile.kind not in ROBOT_CLASSES:
        raise RobotError(f"unknown robot kind {profile.kind!r}; valid: {', '.join(ROBOT_CLASSES)}")
    return ROBOT_CLASSES[profile.kind](profile)
