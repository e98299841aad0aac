"""robopolicy.real imports no torch (a robot computer needs no ML stack); the LeRobot bridge says what to install."""

from __future__ import annotations

import subprocess
import sys

import pytest

from robopolicy.real.profile import load_profile
from robopolicy.real.robot import LeRobotRobot, RobotError, make_robot

REAL_MODULES = ["protocol", "client", "profile", "robot", "safety", "action_queue", "backends", "episode_log",
                "status", "daemon", "cli"]


def test_robot_side_imports_no_torch():
    code = ("import sys\n" + "".join(f"import robopolicy.real.{m}\n" for m in REAL_MODULES)
            + "import robopolicy.sim\n"
            + "bad = [m for m in ('torch', 'robopolicy.policies', 'robopolicy.models') if m in sys.modules]\n"
            + "assert not bad, bad\nprint('clean')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "clean" in out.stdout


def test_lerobot_bridge_names_the_extra_to_install():
    try:
        import lerobot  # noqa: F401
        pytest.skip("lerobot is installed here; the missing-package message cannot be observed")
    except ImportError:
        pass
    robot = make_robot(load_profile("so100"))
    assert isinstance(robot, LeRobotRobot)
    with pytest.raises(RobotError, match=r"pip install 'robopolicy\[lerobot\]'"):
        robot.connect()
