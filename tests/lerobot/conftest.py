"""The LeRobot lane's tests: tiny LeRobot policies built from their own config classes (no Hub), wrapped by
``robopolicy.policies.lerobot``.

The main venv has no ``lerobot`` (LeRobot 0.6 needs Python >= 3.12 and torch<2.12), so there these tests skip
(``pytest.importorskip``). The LeRobot lane (``make test-lerobot``: .venv-lerobot, docs/howto/lerobot.md) sets
``ROBOPOLICY_LEROBOT_LANE=1``, which turns every skip under tests/lerobot into a failure: a test that cannot run
where LeRobot is installed is a broken lane, not a pass.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

LANE_ENV = "ROBOPOLICY_LEROBOT_LANE"
IN_LANE = os.environ.get(LANE_ENV, "") not in ("", "0")
SKIP_REASON = ("the optional lerobot extra is not installed (LeRobot 0.6 needs Python >= 3.12 and torch<2.12): "
               "run `make test-lerobot`")


def _import_hugging_face_datasets() -> None:
    """Import Hugging Face's ``datasets`` (the lane installs it: lerobot-eval imports ``lerobot.datasets``) from
    site-packages before anything asks for it. pytest puts the repository root first on ``sys.path``, and there the
    top-level ``datasets/`` folder (robopolicy's recipes, installed as ``robopolicy.datasets``) would be found
    instead, breaking ``import lerobot.policies``. (LeRobot's console commands do not put the working directory on
    ``sys.path``; ``python -m lerobot...`` from the repository root would meet the same clash.)"""
    root = Path(__file__).resolve().parents[2]
    saved = list(sys.path)
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != root]
    try:
        import datasets  # noqa: F401
    except ImportError:  # not installed (the main venv): nothing to shadow
        pass
    finally:
        sys.path[:] = saved


_import_hugging_face_datasets()


def require_lerobot():
    """``lerobot``, or a skip (outside the LeRobot lane) saying where these tests run."""
    return pytest.importorskip("lerobot", reason=SKIP_REASON)


def _fail_skip(report, what: str) -> None:
    reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
    report.outcome = "failed"
    report.longrepr = f"{LANE_ENV}=1: no LeRobot test may be skipped in the LeRobot lane; {what} skipped: {reason}"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if IN_LANE and report.skipped and not hasattr(report, "wasxfail"):
        _fail_skip(report, item.nodeid)


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector):
    outcome = yield
    report = outcome.get_result()
    if IN_LANE and report.skipped:  # a module-level importorskip
        _fail_skip(report, collector.nodeid)
