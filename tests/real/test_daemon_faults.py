"""The daemon survives its driver: exceptions from the robot adapter or the backend end the run through one path
(safe action attempted, episode log closed, status and end line), and bad chunks are refused before the queue.

The real ``ControlDaemon`` runs in this process against the fake robot and scripted backend of
``experiments/fixtures/daemon.py`` (no server, no simulator: each test takes well under a second of loop time).
"""

from __future__ import annotations

import logging
from typing import Any

import numpy as np
import pytest

from experiments.fixtures.daemon import (
    ACTION_DIM,
    FAIL_AT,
    BadChunks,
    CountingRobot,
    FailingRobot,
    ScriptedBackend,
    ended_run,
    run_daemon,
)
from robopolicy.locks import LOCK_FILE
from robopolicy.real.daemon import DaemonFailedError
from robopolicy.real.safety import SafetyFlag


class BrokenTransport(ScriptedBackend):
    """A backend whose transport raises a non-protocol exception on its fourth request."""

    def infer(self, obs: dict[str, Any], rtc: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, float]]:
        if self.calls >= 3:
            raise ConnectionResetError(104, "Connection reset by peer")
        return super().infer(obs, rtc)


@pytest.mark.fault("deploy")
def test_a_driver_oserror_ends_the_run_with_the_log_closed_and_the_status_saying_how(tmp_path, caplog):
    """The robot driver's `act()` raises `OSError` mid-run, and again for the safe action at shutdown: the
    shutdown raised again, the episode log was never closed (every step lost), `status.json` stayed "running" and
    the log had no end line; now the safe action's failure is logged, every step sent is in the store (closed, its
    lock released), the status says stopped and how it ended, the log ends with `run ended: failed at tick …`, and
    `run` raises one line naming the `OSError`."""
    run_dir = tmp_path / "run"
    with caplog.at_level(logging.INFO, logger="robopolicy.real.daemon"):
        with pytest.raises(DaemonFailedError) as failed:
            run_daemon(FailingRobot(50.0), ScriptedBackend(), run_dir, rate_hz=50.0, max_ticks=200, segment_steps=7)
    message = str(failed.value)
    assert "\n" not in message and isinstance(failed.value.__cause__, OSError)
    assert f"failed at tick {FAIL_AT}: OSError: [Errno 5] Input/output error" in message
    assert "could not send the safe action at shutdown: OSError" in message and f"{FAIL_AT} steps logged" in message
    status, steps = ended_run(run_dir)
    assert status["state"] == "stopped" and status["ended"].startswith(f"failed at tick {FAIL_AT}: OSError")
    assert status["steps_logged"] == len(steps["tick"]) == FAIL_AT  # nothing buffered was lost (7-step segments)
    assert any("safe action at shutdown" in e for e in status["shutdown_errors"])
    assert not (run_dir / "episodes.zarr" / LOCK_FILE).exists()
    assert "could not send the safe action at shutdown: OSError" in caplog.text
    assert caplog.records[-1].getMessage().startswith(f"run ended: failed at tick {FAIL_AT}: OSError")


@pytest.mark.fault("deploy")
def test_a_transport_exception_in_the_inference_thread_ends_the_run_through_the_same_path(tmp_path, caplog):
    """The transport raises an exception that is not one of the protocol's (a `ConnectionResetError` from a
    backend): the inference thread died with a traceback and the loop sent the safe action forever; now the run
    ends at the next tick through the one path (safe action sent, log closed, status and end line) and `run`
    raises one line naming it."""
    run_dir = tmp_path / "run"
    robot = CountingRobot(50.0)
    with caplog.at_level(logging.INFO, logger="robopolicy.real.daemon"):
        with pytest.raises(DaemonFailedError, match=r"the run ended: failed at tick \d+: ConnectionResetError: "
                                                    r".*; the safe action was sent; \d+ steps logged"):
            run_daemon(robot, BrokenTransport(delays_s=(0.002,)), run_dir, rate_hz=50.0, max_ticks=500)
    status, steps = ended_run(run_dir)
    assert status["state"] == "stopped" and "ConnectionResetError" in status["ended"]
    assert len(steps["tick"]) == status["steps_logged"] < 500 and status["shutdown_errors"] == []
    np.testing.assert_array_equal(robot.sent[-1], np.zeros(ACTION_DIM))  # the safe action went out last
    assert "run ended: failed at tick" in caplog.records[-1].getMessage()


@pytest.mark.fault("deploy")
@pytest.mark.parametrize("bad", ["wide", "rows", "flat", "text"])
def test_bad_chunks_are_refused_before_the_queue_and_the_run_goes_on(tmp_path, bad, caplog):
    """Every other chunk from the server is malformed (wrong width, 100,000 rows, 1-d, not numbers): a chunk of
    the wrong width ended a deployment at tick 0 with a traceback and nothing logged; now each bad chunk is refused
    before it enters the queue, reported once as an error event naming what is wrong, counted in the status'
    `chunks_refused`, and the run goes on to its tick limit on the good chunks."""
    run_dir = tmp_path / "run"
    robot = CountingRobot(50.0)
    with caplog.at_level(logging.WARNING, logger="robopolicy.real.daemon"):
        _, final = run_daemon(robot, BadChunks(bad), run_dir, rate_hz=50.0, max_ticks=60, refill_below=2)
    assert final["ended"] == "reached max_ticks=60" and final["chunks_refused"] > 0
    assert final["chunks_received"] > 0 and final["shutdown_errors"] == []
    what = {"wide": f"shape (8, {ACTION_DIM + 3}), expected (actions, {ACTION_DIM})",
            "rows": "100000 actions, more than the policy's pred_horizon=8", "flat": "shape (8,)",
            "text": "not a numeric array"}[bad]
    refusals = [r.getMessage() for r in caplog.records if "refused a chunk" in r.getMessage()]
    assert len(refusals) == 1 and what in refusals[0]  # once per distinct problem
    _, steps = ended_run(run_dir)
    assert steps["action"].shape == (len(steps["tick"]), ACTION_DIM) and np.isfinite(steps["action"]).all()
    policy_ticks = (steps["safety_flags"] & int(SafetyFlag.NO_ACTION)) == 0
    assert policy_ticks.mean() > 0.5  # the good chunks drove the robot
