"""Scripted experts for robosuite's Panda tasks (robosuite ships none).

They read privileged simulator state (object and end-effector positions from ``env.raw_obs``) and drive the
OSC_POSE controller with a proportional law on the position error. Each is a small state machine, so it is
stateful: make one per episode (``env.expert()``). Orientation inputs stay 0 (the gripper starts pointing down),
except a yaw alignment with the object so the fingers close on flat faces.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from robopolicy.sim.robosuite_env import RobosuiteEnv

GRIPPER_OPEN, GRIPPER_CLOSE = -1.0, 1.0
POSITION_GAIN = 10.0          # action per metre of error (1.0 = 5 cm set-point step at the controller's scale)
YAW_GAIN = 2.0                # action per radian of yaw error
HOVER_HEIGHT = 0.08           # m above the object before descending
POSITION_TOLERANCE = 0.01     # m: a waypoint counts as reached
GRASP_OFFSET_CUBE = -0.005    # m relative to the object's centre where the fingers close (cube: just below)
GRASP_OFFSET_CAN = 0.01       # the can: just above its centre (lower, the fingers touch the bin floor)
DESCEND_MAX_STEPS = 40        # close anyway when the descent stalls this long (contact with the object)
RELEASE_HEIGHT = 0.1          # m above the place target where the object is let go
RELEASE_STEPS = 8             # control steps opening the gripper before retreating
RETREAT_HEIGHT = 0.25         # m above the place target; robosuite counts a placement only once the hand is away
CLOSE_STEPS = 12              # control steps with the gripper closing before lifting
LIFT_HEIGHT = 0.15            # m above the grasp height
STACK_CLEARANCE = 0.06        # m of the hand above cube B's centre at release (cube A's bottom just above B's top)


def _yaw_from_quat_xyzw(q: np.ndarray) -> float:
    x, y, z, w = q
    return float(np.arctan2(2 * (w * z + x * y), 1 - 2 * (y * y + z * z)))


def _wrap_quarter_turn(angle: float) -> float:
    """A cube looks the same every 90 degrees: the smallest yaw that aligns the fingers with a face."""
    return float((angle + np.pi / 4) % (np.pi / 2) - np.pi / 4)


class PickExpert:
    """Hover above an object, descend, close, lift; optionally carry it to a place target and release.

    ``obs -> (7,)`` action (dx, dy, dz, droll, dpitch, dyaw, gripper) for the BASIC (OSC_POSE) controller.
    """

    def __init__(self, env: RobosuiteEnv, object_key: str, grasp_offset: float,
                 place_target: np.ndarray | None = None, align_yaw: bool = True):
        self.env = env
        self.object_key = object_key
        self.place_target = place_target
        self.align_yaw = align_yaw
        self.grasp_offset = grasp_offset
        self.phase = "hover"
        self.descend_steps = 0
        self.close_steps = 0
        self.release_steps = 0
        self.grasp_z = 0.0
        self.start_yaw = _yaw_from_quat_xyzw(env.raw_obs["robot0_eef_quat"])

    def _move(self, eef: np.ndarray, target: np.ndarray, gripper: float, yaw_error: float = 0.0) -> np.ndarray:
        action = np.zeros(7)
        action[:3] = np.clip(POSITION_GAIN * (target - eef), -1.0, 1.0)
        action[5] = np.clip(YAW_GAIN * yaw_error, -1.0, 1.0)
        action[6] = gripper
        return action

    def _yaw_error(self) -> float:
        if not self.align_yaw:
            return 0.0
        obj_yaw = _yaw_from_quat_xyzw(self.env.raw_obs[self.object_key + "_quat"])
        eef_yaw = _yaw_from_quat_xyzw(self.env.raw_obs["robot0_eef_quat"])
        return _wrap_quarter_turn(obj_yaw - eef_yaw)

    def __call__(self, obs: dict[str, np.ndarray]) -> np.ndarray:
        raw = self.env.raw_obs
        eef = raw["robot0_eef_pos"]
        obj = raw[self.object_key + "_pos"]
        if self.phase == "hover":
            target = obj + np.array([0.0, 0.0, HOVER_HEIGHT])
            yaw_error = self._yaw_error()
            if np.linalg.norm(target - eef) < 2 * POSITION_TOLERANCE and abs(yaw_error) < 0.05:
                self.phase = "descend"
            return self._move(eef, target, GRIPPER_OPEN, yaw_error)
        if self.phase == "descend":
            target = obj + np.array([0.0, 0.0, self.grasp_offset])
            self.descend_steps += 1
            if np.linalg.norm(target - eef) < POSITION_TOLERANCE or self.descend_steps >= DESCEND_MAX_STEPS:
                self.phase = "close"
            return self._move(eef, target, GRIPPER_OPEN, self._yaw_error())
        if self.phase == "close":
            self.close_steps += 1
            if self.close_steps >= CLOSE_STEPS:
                self.phase = "lift"
                self.grasp_z = float(eef[2])
            return self._move(eef, eef, GRIPPER_CLOSE)
        if self.phase == "lift":
            target = np.array([eef[0], eef[1], self.grasp_z + LIFT_HEIGHT])
            if self.place_target is not None and abs(target[2] - eef[2]) < 2 * POSITION_TOLERANCE:
                self.phase = "carry"
            return self._move(eef, target, GRIPPER_CLOSE)
        if self.phase == "carry":
            assert self.place_target is not None
            target = np.array([self.place_target[0], self.place_target[1], self.grasp_z + LIFT_HEIGHT])
            if np.linalg.norm((target - eef)[:2]) < POSITION_TOLERANCE:
                self.phase = "lower"
            return self._move(eef, target, GRIPPER_CLOSE)
        if self.phase == "lower":
            target = np.array([self.place_target[0], self.place_target[1], self.place_target[2] + RELEASE_HEIGHT])
            if np.linalg.norm(target - eef) < 2 * POSITION_TOLERANCE:
                self.phase = "release"
            return self._move(eef, target, GRIPPER_CLOSE)
        self.release_steps += 1
        if self.release_steps <= RELEASE_STEPS:
            return self._move(eef, eef, GRIPPER_OPEN)
        target = np.array([eef[0], eef[1], self.place_target[2] + RETREAT_HEIGHT])
        return self._move(eef, target, GRIPPER_OPEN)


def lift_expert(env: RobosuiteEnv) -> PickExpert:
    return PickExpert(env, "cube", GRASP_OFFSET_CUBE)


def pick_place_can_expert(env: RobosuiteEnv) -> PickExpert:
    sim = env.sim
    target = np.asarray(sim.target_bin_placements[sim.object_to_id["can"]], dtype=np.float64)
    return PickExpert(env, "Can", GRASP_OFFSET_CAN, place_target=target, align_yaw=False)


def stack_expert(env: RobosuiteEnv) -> PickExpert:
    """Pick cube A and release it just above cube B (which stays where it was placed until touched)."""
    cube_b = np.asarray(env.raw_obs["cubeB_pos"], dtype=np.float64)
    target = cube_b + np.array([0.0, 0.0, STACK_CLEARANCE - RELEASE_HEIGHT])
    return PickExpert(env, "cubeA", GRASP_OFFSET_CUBE, place_target=target)


EXPERTS = {"Lift": lift_expert, "PickPlaceCan": pick_place_can_expert, "Stack": stack_expert}
