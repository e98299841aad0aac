"""A LeRobot outside the supported range is refused in one line naming the installed version and the range.

These tests fake the installed ``lerobot`` (a module with only ``__version__``), so they run in the main venv too;
the range is declared once (``robopolicy.policies.lerobot.SUPPORTED_LEROBOT``) and the package metadata and the
lane's pin must agree with it."""

from __future__ import annotations

import re
import sys
import types
from pathlib import Path

import pytest

from robopolicy.policies.lerobot import (
    SUPPORTED_LEROBOT,
    LeRobotSampler,
    LeRobotUnavailableError,
    LeRobotVersionError,
    check_lerobot_version,
)

ROOT = Path(__file__).resolve().parents[2]


def _fake_lerobot(monkeypatch, version: str) -> None:
    fake = types.ModuleType("lerobot")
    fake.__version__ = version
    monkeypatch.setitem(sys.modules, "lerobot", fake)


@pytest.mark.parametrize("version", ["0.4.4", "0.6.0", "0.7.0", "1.0.0", "unknown"])
def test_a_lerobot_outside_the_range_is_refused_naming_both(monkeypatch, tmp_path, version):
    _fake_lerobot(monkeypatch, version)
    with pytest.raises(LeRobotVersionError) as err:
        LeRobotSampler(tmp_path)  # checked before anything is read
    message = str(err.value)
    assert len(message.splitlines()) == 1
    assert f"LeRobot {version} is installed" in message and f"lerobot{SUPPORTED_LEROBOT}" in message
    assert isinstance(err.value, LeRobotUnavailableError)  # callers that catch "LeRobot unusable" catch it too


@pytest.mark.parametrize("version", ["0.6.1", "0.6.2", "0.6.9.post1"])
def test_versions_in_the_range_pass(monkeypatch, version):
    _fake_lerobot(monkeypatch, version)
    assert check_lerobot_version() == version


def test_the_range_is_declared_once():
    """pyproject's `lerobot` extra is SUPPORTED_LEROBOT, and the lane's pin lies inside it."""
    from packaging.specifiers import SpecifierSet

    tomllib = pytest.importorskip("tomllib", reason="Python >= 3.11 reads TOML")
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["lerobot"]
    requirement = next(r for r in extra if re.match(r"lerobot\b", r))
    assert SpecifierSet(requirement[len("lerobot"):]) == SpecifierSet(SUPPORTED_LEROBOT)
    pin = re.search(r"^lerobot==(\S+)$", (ROOT / "constraints-lerobot.txt").read_text(), re.M).group(1)
    assert pin in SpecifierSet(SUPPORTED_LEROBOT)
