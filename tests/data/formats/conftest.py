"""Shared fixtures: the committed LeRobot-written dataset (tests/fixtures/lerobot_v3_tiny)."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

import numpy as np
import pytest

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
LEROBOT_TINY = FIXTURES / "lerobot_v3_tiny"


def psnr(a: np.ndarray, b: np.ndarray) -> float:
    """Peak signal-to-noise ratio in dB between two uint8 arrays (inf when equal)."""
    mse = float(np.mean((a.astype(np.float64) - b.astype(np.float64)) ** 2))
    return float("inf") if mse == 0 else 10.0 * np.log10(255.0**2 / mse)


@pytest.fixture(scope="session")
def fixture_maker():
    """The script that wrote the fixture (its frame generator gives the frames before video encoding)."""
    spec = importlib.util.spec_from_file_location("make_lerobot_fixture", FIXTURES / "make_lerobot_fixture.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def lerobot_copy(tmp_path) -> Path:
    """A writable copy of the fixture (for tests that break it)."""
    dst = tmp_path / "lerobot_v3_tiny"
    shutil.copytree(LEROBOT_TINY, dst)
    return dst


@pytest.fixture(scope="module")
def imported_tiny(tmp_path_factory):
    from robopolicy.data.formats.lerobot import import_lerobot

    return import_lerobot(LEROBOT_TINY, tmp_path_factory.mktemp("imported") / "tiny.zarr", progress=False)
