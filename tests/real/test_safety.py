"""The safety layer: nothing non-finite or out of limits leaves it, and each intervention is flagged."""

from __future__ import annotations

import numpy as np
import pytest

from robopolicy.real.profile import ProfileError, load_profile, profile_from_dict
from robopolicy.real.safety import SafetyFlag, SafetyLayer


@pytest.fixture
def profile():
    return load_profile("metaworld_reach")


def obs_at(x, y, z):
    state = np.zeros(39, np.float32)
    state[:3] = (x, y, z)
    return {"state": state}


CENTER = obs_at(0.0, 0.6, 0.2)


def test_nonfinite_action_becomes_the_safe_action(profile):
    safety = SafetyLayer(profile)
    for bad in ([np.nan, 0, 0, 0], [0, np.inf, 0, 0], [0, 0, -np.inf, np.nan]):
        out, flags = safety.filter(np.array(bad), CENTER)
        np.testing.assert_array_equal(out, profile.safe_action_value)
        assert flags & SafetyFlag.NONFINITE


def test_limits_clip_and_flag(profile):
    out, flags = SafetyLayer(profile).filter(np.array([5.0, -5.0, 0.5, 0.0]), CENTER)
    np.testing.assert_allclose(out, [1.0, -1.0, 0.5, 0.0])
    assert flags == SafetyFlag.CLIPPED_LIMITS


def test_velocity_limit_bounds_the_change_per_tick(profile):
    safety = SafetyLayer(profile)
    safety.filter(np.array([-1.0, 0, 0, -1.0]), CENTER)
    out, flags = safety.filter(np.array([1.0, 0, 0, 1.0]), CENTER)
    np.testing.assert_allclose(out, [-1.0 + profile.max_action_delta[0], 0, 0, 1.0])  # gripper delta 2 is allowed
    assert flags & SafetyFlag.CLIPPED_VELOCITY
    rng = np.random.default_rng(0)
    previous = out
    for _ in range(200):
        out, _ = safety.filter(rng.normal(scale=3, size=4), CENTER)
        assert np.all(np.abs(out - previous) <= profile.max_action_delta + 1e-6)
        assert np.all(out >= profile.action_low) and np.all(out <= profile.action_high)
        previous = out


def test_workspace_clip_keeps_the_hand_inside_the_box(profile):
    w = profile.workspace
    near_top = obs_at(0.0, 0.6, w.high[2] - 0.004)  # 4 mm below the ceiling: at most 0.4 of a full step up
    out, flags = SafetyLayer(profile).filter(np.array([0.0, 0.0, 1.0, 0.0]), near_top)
    assert flags & SafetyFlag.CLIPPED_WORKSPACE
    np.testing.assert_allclose(near_top["state"][2] + out[2] * w.action_scale, w.high[2], atol=1e-6)
    outside = obs_at(0.0, 0.6, w.high[2] + 0.05)  # already outside: may move back, never further out
    out, _ = SafetyLayer(profile).filter(np.array([0.0, 0.0, 1.0, 0.0]), outside)
    assert out[2] == 0.0
    out, _ = SafetyLayer(profile).filter(np.array([0.0, 0.0, -0.5, 0.0]), outside)
    assert out[2] == pytest.approx(-0.5)


def test_no_action_and_reasons_send_the_safe_action(profile):
    safety = SafetyLayer(profile)
    out, flags = safety.filter(None, CENTER)
    assert flags == SafetyFlag.NO_ACTION
    out, flags = safety.filter(np.array([0.3, 0.3, 0.3, 0.3]), CENTER, SafetyFlag.ESTOP)
    np.testing.assert_array_equal(out, profile.safe_action_value)
    assert flags == SafetyFlag.ESTOP


def test_safe_action_mode_last_holds_the_last_command():
    profile = load_profile("so100")
    safety = SafetyLayer(profile)
    held, _ = safety.filter(np.array([10.0, 20.0, 0, 0, 0, 50.0]), None)
    out, flags = safety.filter(np.array([np.nan] * 6), None)
    np.testing.assert_array_equal(out, held)
    assert flags & SafetyFlag.NONFINITE


def test_profile_errors_name_the_bad_value():
    base = load_profile("metaworld_reach")
    raw = {"kind": "mujoco", "action_dim": 2, "action_low": [0, 0], "action_high": [1, 1],
           "max_action_delta": [0.1, 0.1], "control_rate": 10, "safe_action": {"mode": "fixed", "value": [0, 0]}}
    assert profile_from_dict(raw).action_dim == 2 and base.action_dim == 4
    with pytest.raises(ProfileError, match="kind='arm'.*mujoco, lerobot"):
        profile_from_dict({**raw, "kind": "arm"})
    with pytest.raises(ProfileError, match="max_action_delta"):
        profile_from_dict({**raw, "max_action_delta": [0.1]})
    with pytest.raises(ProfileError, match="outside the action limits"):
        profile_from_dict({**raw, "safe_action": {"mode": "fixed", "value": [2, 0]}})
    with pytest.raises(ProfileError, match="shipped profiles: .*metaworld_reach"):
        load_profile("no_such_robot")
