"""The safety layer: every action passes through here on its way to the robot.

Order of checks for a policy action ``a`` (``(Da,)``):
1. non-finite (NaN/inf) -> the safe action, flag ``NONFINITE``;
2. clip to the action (joint) limits -> ``CLIPPED_LIMITS``;
3. clip so the end effector stays in the workspace box -> ``CLIPPED_WORKSPACE``;
4. clip the change from the last action sent to ``max_action_delta`` per tick -> ``CLIPPED_VELOCITY``;
5. clip to the limits again (the velocity step cannot leave them, this pins it).
When there is no usable action (queue empty, action too old, watchdog, e-stop) the safe action is sent and
the reason is flagged. The safe action is sent as is (not velocity-limited): stopping takes precedence.
"""

from __future__ import annotations

import enum

import numpy as np

from robopolicy.real.profile import RobotProfile


class SafetyFlag(enum.IntFlag):
    NONE = 0
    NONFINITE = 1
    CLIPPED_LIMITS = 2
    CLIPPED_WORKSPACE = 4
    CLIPPED_VELOCITY = 8
    NO_ACTION = 16  # nothing queued for this tick
    STALE_ACTION = 32  # the queued action was older than the maximum action age
    WATCHDOG_INFERENCE = 64
    WATCHDOG_OBSERVATION = 128
    ESTOP = 256

    @classmethod
    def names(cls, value: int) -> list[str]:
        return [f.name for f in cls if f.value and value & f.value and f.name]


# flags that mean "the safe action was sent instead of the policy's"
SAFE_ACTION_FLAGS = (SafetyFlag.NONFINITE | SafetyFlag.NO_ACTION | SafetyFlag.STALE_ACTION
                     | SafetyFlag.WATCHDOG_INFERENCE | SafetyFlag.WATCHDOG_OBSERVATION | SafetyFlag.ESTOP)


class SafetyLayer:
    """Stateful filter: remembers the last action sent (for the velocity limit and ``safe_action.mode=last``)."""

    def __init__(self, profile: RobotProfile):
        self.profile = profile
        self.last_sent: np.ndarray | None = None

    def safe_action(self) -> np.ndarray:
        p = self.profile
        if p.safe_action_mode == "last" and self.last_sent is not None:
            return self.last_sent.copy()
        if p.safe_action_value is not None:
            return p.safe_action_value.astype(np.float32)
        # mode=last before anything was sent and no value configured: hold the middle of the limits
        return ((p.action_low + p.action_high) / 2).astype(np.float32)

    def _clip_workspace(self, action: np.ndarray, obs: dict[str, np.ndarray]) -> np.ndarray:
        w = self.profile.workspace
        assert w is not None
        idx = list(w.action_indices)
        if w.action_mode == "absolute":
            return _set(action, idx, np.clip(action[idx], w.low, w.high))
        position = np.asarray(obs[w.obs_key], dtype=np.float64)[list(w.position_indices)]
        # delta mode: position + action * scale must stay inside [low, high]; a position already outside
        # may only move back towards the box
        lower = (w.low - position) / w.action_scale
        upper = (w.high - position) / w.action_scale
        lower, upper = np.minimum(lower, 0.0), np.maximum(upper, 0.0)
        return _set(action, idx, np.clip(action[idx], lower, upper))

    def filter(self, action: np.ndarray | None, obs: dict[str, np.ndarray] | None,
               reasons: SafetyFlag = SafetyFlag.NONE) -> tuple[np.ndarray, SafetyFlag]:
        """The action to send and the flags raised. ``action=None`` or any reason in ``reasons`` -> safe action."""
        p = self.profile
        flags = SafetyFlag(reasons)
        if action is not None and not np.all(np.isfinite(action)):
            flags |= SafetyFlag.NONFINITE
        if action is None or flags & SAFE_ACTION_FLAGS:
            if action is None and not flags & SAFE_ACTION_FLAGS:
                flags |= SafetyFlag.NO_ACTION
            out = self.safe_action()
            self.last_sent = out.copy()
            return out, flags
        a = np.asarray(action, dtype=np.float64).reshape(p.action_dim)
        clipped = np.clip(a, p.action_low, p.action_high)
        if np.any(clipped != a):
            flags |= SafetyFlag.CLIPPED_LIMITS
        if p.workspace is not None and obs is not None:
            inside = self._clip_workspace(clipped, obs)
            if np.any(inside != clipped):
                flags |= SafetyFlag.CLIPPED_WORKSPACE
            clipped = inside
        if self.last_sent is not None:
            previous = self.last_sent.astype(np.float64)
            limited = np.clip(clipped, previous - p.max_action_delta, previous + p.max_action_delta)
            if np.any(limited != clipped):
                flags |= SafetyFlag.CLIPPED_VELOCITY
            clipped = limited
        out = np.clip(clipped, p.action_low, p.action_high).astype(np.float32)
        self.last_sent = out.copy()
        return out, flags


def _set(action: np.ndarray, indices: list[int], values: np.ndarray) -> np.ndarray:
    out = action.copy()
    out[indices] = values
    return out
