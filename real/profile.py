"""Robot profiles: what a robot accepts and where it may go, read from ``real/profiles/<name>.yaml``.

A profile holds the action limits (joint limits for joint-position robots), the largest change of each action
dimension per tick (velocity limit), an optional workspace box for the end effector, the control rate, the
camera map (robot camera name -> observation key) and the safe action. The safety layer reads nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import yaml

from robopolicy.errors import RobopolicyError

PROFILE_DIR = Path(__file__).resolve().parent / "profiles"
ROBOT_KINDS = ("mujoco", "lerobot")
SAFE_ACTION_MODES = ("fixed", "last")
WORKSPACE_ACTION_MODES = ("delta", "absolute")


class ProfileError(RobopolicyError):
    """A robot profile is missing or malformed."""


@dataclass(frozen=True)
class Workspace:
    """A box ``[low, high]`` for ``obs[obs_key][position_indices]``; actions that would leave it are clipped."""

    obs_key: str
    position_indices: tuple[int, ...]
    low: np.ndarray
    high: np.ndarray
    action_mode: str
    action_indices: tuple[int, ...]
    action_scale: float = 1.0


@dataclass(frozen=True)
class RobotProfile:
    name: str
    kind: str
    control_rate: float
    action_low: np.ndarray  # (Da,)
    action_high: np.ndarray  # (Da,)
    max_action_delta: np.ndarray  # (Da,)
    safe_action_mode: str
    safe_action_value: np.ndarray | None
    workspace: Workspace | None = None
    cameras: dict[str, str] = field(default_factory=dict)
    mujoco: dict[str, Any] = field(default_factory=dict)
    lerobot: dict[str, Any] = field(default_factory=dict)

    @property
    def action_dim(self) -> int:
        return int(self.action_low.shape[0])

    @property
    def period_s(self) -> float:
        return 1.0 / self.control_rate


def available_profiles() -> list[str]:
    return sorted(p.stem for p in PROFILE_DIR.glob("*.yaml"))


def _vector(raw: dict[str, Any], key: str, dim: int, source: str) -> np.ndarray:
    value = raw.get(key)
    if value is None or len(value) != dim:
        raise ProfileError(f"{source}: {key} must be a list of {dim} numbers (action_dim), got {value!r}")
    return np.asarray(value, dtype=np.float64)


def profile_from_dict(raw: dict[str, Any], source: str = "<profile>") -> RobotProfile:
    """Build and check a profile from its YAML mapping."""
    kind = raw.get("kind")
    if kind not in ROBOT_KINDS:
        raise ProfileError(f"{source}: kind={kind!r}; valid kinds: {', '.join(ROBOT_KINDS)}")
    dim = int(raw.get("action_dim", 0))
    if dim < 1:
        raise ProfileError(f"{source}: action_dim must be a positive integer, got {raw.get('action_dim')!r}")
    low, high = _vector(raw, "action_low", dim, source), _vector(raw, "action_high", dim, source)
    if np.any(low > high):
        raise ProfileError(f"{source}: action_low {low.tolist()} exceeds action_high {high.tolist()}")
    delta = _vector(raw, "max_action_delta", dim, source)
    if np.any(delta <= 0):
        raise ProfileError(f"{source}: max_action_delta must be positive, got {delta.tolist()}")
    rate = float(raw.get("control_rate", 0))
    if rate <= 0:
        raise ProfileError(f"{source}: control_rate must be positive Hz, got {raw.get('control_rate')!r}")
    safe = raw.get("safe_action") or {}
    mode = safe.get("mode")
    if mode not in SAFE_ACTION_MODES:
        raise ProfileError(f"{source}: safe_action.mode={mode!r}; valid: {', '.join(SAFE_ACTION_MODES)}")
    safe_value = _vector(safe, "value", dim, f"{source} safe_action") if mode == "fixed" else (
        None if safe.get("value") is None else _vector(safe, "value", dim, f"{source} safe_action"))
    if safe_value is not None and (np.any(safe_value < low) or np.any(safe_value > high)):
        raise ProfileError(f"{source}: safe_action.value {safe_value.tolist()} is outside the action limits")
    workspace = None
    if raw.get("workspace"):
        w = raw["workspace"]
        if w.get("action_mode") not in WORKSPACE_ACTION_MODES:
            raise ProfileError(f"{source}: workspace.action_mode={w.get('action_mode')!r}; "
                               f"valid: {', '.join(WORKSPACE_ACTION_MODES)}")
        n = len(w.get("position_indices", []))
        if n == 0 or len(w.get("action_indices", [])) != n or len(w.get("low", [])) != n or len(w.get("high", [])) != n:
            raise ProfileError(f"{source}: workspace needs position_indices, action_indices, low and high of one length")
        workspace = Workspace(obs_key=str(w["obs_key"]), position_indices=tuple(int(i) for i in w["position_indices"]),
                              low=np.asarray(w["low"], np.float64), high=np.asarray(w["high"], np.float64),
                              action_mode=w["action_mode"], action_indices=tuple(int(i) for i in w["action_indices"]),
                              action_scale=float(w.get("action_scale", 1.0)))
    return RobotProfile(name=str(raw.get("name", source)), kind=kind, control_rate=rate, action_low=low,
                        action_high=high, max_action_delta=delta, safe_action_mode=mode, safe_action_value=safe_value,
                        workspace=workspace, cameras=dict(raw.get("cameras") or {}),
                        mujoco=dict(raw.get("mujoco") or {}), lerobot=dict(raw.get("lerobot") or {}))


def load_profile(name_or_path: str) -> RobotProfile:
    """A shipped profile by name (``metaworld_reach``) or a YAML file path."""
    path = Path(name_or_path).expanduser()
    if not path.suffix:
        path = PROFILE_DIR / f"{name_or_path}.yaml"
    if not path.is_file():
        raise ProfileError(f"no robot profile {name_or_path!r}; shipped profiles: {', '.join(available_profiles())} "
                           "(or give a path to a YAML file)")
    raw = yaml.safe_load(path.read_text()) or {}
    if not isinstance(raw, dict):
        raise ProfileError(f"{path}: a profile is a YAML mapping")
    return profile_from_dict(raw, str(path))
