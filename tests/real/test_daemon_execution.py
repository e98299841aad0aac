"""The daemon executes chunks with ``robopolicy.execution`` -- the code simulated evaluation runs -- and nothing else.

The real ``ControlDaemon`` runs in this process (in a thread, so it installs no signal handlers) against a fake
robot and either a scripted backend (deterministic chunks, varied round trips) or the real policy server on
loopback with a tiny real flow policy (real-time chunking). Every chunk it queued (``chunk_log``: observation
tick, first tick not yet executed when it was inserted, actions) is replayed through a fresh
``ExecutionSettings(...).new_queue()``: the popped stream equals, bit for bit, the policy actions the daemon sent,
and for RTC the plan each request carried equals the replayed queue's committed plan.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from experiments.fixtures.daemon import ACTION_DIM, CountingRobot, ScriptedBackend, run_daemon
from experiments.fixtures.serve import TOKEN
from robopolicy.data.store import EpisodeStore
from robopolicy.errors import ConfigError, RobopolicyError
from robopolicy.execution import ExecutionSettings, read_latency_trace
from robopolicy.real.backends import RemoteBackend
from robopolicy.real.daemon import ControlDaemon, DaemonConfig
from robopolicy.real.safety import SafetyFlag


def committed_plan(queue, popped: dict, obs_tick: int, request_tick: int, horizon: int) -> np.ndarray:
    """What an RTC request must carry: the plan from the observation's tick, its first row the action popped
    for it when that tick had already run."""
    if obs_tick >= request_tick:
        return queue.plan(obs_tick, horizon, ACTION_DIM)
    out = np.full((horizon, ACTION_DIM), np.nan)
    if popped.get(obs_tick) is not None:
        out[0] = popped[obs_tick].action
        out[1:] = queue.plan(obs_tick + 1, horizon - 1, ACTION_DIM)
    return out


def replay(daemon: ControlDaemon, ticks: np.ndarray, settings: ExecutionSettings) -> tuple[list, list[int]]:
    """Feed the daemon's chunks to a fresh queue at the ticks it inserted them, popping the ticks it ran; check
    each RTC request's plan on the way. Returns the popped slots and the overlap of each insert."""
    events = list(daemon.chunk_log)
    assert len(events) == daemon.chunks_received
    queue = settings.new_queue()
    popped: dict[int, Any] = {}
    slots, overlaps, checked, inserted = [], [], 0, 0
    for k in ticks:
        while True:
            if checked == inserted < len(events) and events[checked].request_tick <= k:
                e = events[checked]  # the queue now stands as it did when this request was sent
                if e.prefix is not None:
                    np.testing.assert_array_equal(e.prefix, committed_plan(queue, popped, e.obs_tick, e.request_tick,
                                                                           daemon.plan_horizon))
                checked += 1
            elif inserted < checked and events[inserted].arrival_tick <= k:
                e = events[inserted]
                overlaps.append(queue.insert(e.actions, e.obs_tick, e.obs_time, e.arrival_tick))
                inserted += 1
            else:
                break
        popped[int(k)] = slot = queue.pop(int(k))
        slots.append(slot)
    return slots, overlaps


def check_one_code_path(daemon: ControlDaemon, robot: CountingRobot, run_dir: Path, settings: ExecutionSettings
                        ) -> tuple[list, list[int]]:
    steps = EpisodeStore.open(run_dir / "episodes.zarr").load()
    ticks, flags = steps["tick"], steps["safety_flags"]
    assert len(ticks) == daemon.ticks_run and np.all(np.diff(ticks) > 0)
    slots, overlaps = replay(daemon, ticks, settings)
    no_action = np.array([s is None for s in slots])
    np.testing.assert_array_equal(flags, np.where(no_action, int(SafetyFlag.NO_ACTION), 0))
    assert no_action.mean() < 0.5
    sent = np.stack(robot.sent[:len(ticks)])
    for row, slot in enumerate(slots):
        if slot is None:
            continue
        # the daemon sends QueuedAction.fresh (every part is fresh here): the same arithmetic, bit for bit
        expected = slot.fresh(slot.obs_time, math.inf)[0].astype(np.float32)
        np.testing.assert_array_equal(steps["policy_action"][row], expected, err_msg=f"tick {ticks[row]}")
        np.testing.assert_array_equal(sent[row], expected, err_msg=f"tick {ticks[row]}")
        np.testing.assert_allclose(expected, slot.action, atol=1e-6)
    # each chunk's round trip and observation tick are logged on the first tick that could use it
    first_use: dict[int, Any] = {}
    for e in daemon.chunk_log:
        later = ticks[ticks >= e.arrival_tick]
        if len(later):
            first_use[int(later[0])] = e  # two chunks before one tick: the latest is logged
    logged = steps["chunk_obs_tick"] >= 0
    assert set(ticks[logged].tolist()) == set(first_use)
    for row in np.flatnonzero(logged):
        e = first_use[int(ticks[row])]
        assert steps["chunk_obs_tick"][row] == e.obs_tick
        assert steps["round_trip_ms"][row] == np.float32(e.round_trip_ms)
    assert (steps["round_trip_ms"][~logged] == 0).all()  # the store keeps finite values only: 0, not NaN
    return slots, overlaps


@pytest.mark.parametrize("settings", [ExecutionSettings(strategy="blend"),
                                      ExecutionSettings(strategy="blend", blend="exponential", blend_exp_rate=2.0),
                                      ExecutionSettings(strategy="naive"),
                                      ExecutionSettings(strategy="ensemble", ensemble_decay=0.3)],
                         ids=["blend-linear", "blend-exponential", "naive", "ensemble"])
def test_the_daemon_sends_exactly_what_the_shared_action_queue_pops(tmp_path, settings):
    robot = CountingRobot(50.0)
    daemon, final = run_daemon(robot, ScriptedBackend(), tmp_path / "run", rate_hz=50.0, max_ticks=100,
                               refill_below=2, execution=settings)
    assert final["execution"] == settings.strategy and final["chunks_received"] > 10
    _, overlaps = check_one_code_path(daemon, robot, tmp_path / "run", settings)
    assert sum(overlaps) > 0  # chunks did meet queued plans: the strategy was exercised
    # the delay estimate (cold start excluded) is reported and raises the refill threshold
    assert final["delay_estimate_ms"] > 0
    assert final["refill_threshold"] == 2 + final["delay_estimate_ticks"]
    assert final["delay_estimate_ticks"] == math.ceil(final["delay_estimate_ms"] / 20.0 - 1e-9)


def test_rtc_through_the_server_continues_the_committed_plan_and_replays_exactly(tmp_path):
    from experiments.fixtures.serve import InProcessServer, tiny_flow_policy

    settings = ExecutionSettings(strategy="rtc")
    robot = CountingRobot(20.0)
    with InProcessServer(tiny_flow_policy()) as server:
        backend = RemoteBackend(server.url, TOKEN, timeout_s=60, open_timeout_s=10)
        daemon, final = run_daemon(robot, backend, tmp_path / "run", rate_hz=20.0, max_ticks=60, refill_below=2,
                                   execution=settings)
    assert final["execution"] == "rtc" and final["chunks_received"] > 5
    check_one_code_path(daemon, robot, tmp_path / "run", settings)  # includes: each request's plan was the queue's
    events = list(daemon.chunk_log)
    assert events[0].delay == 0 and np.isnan(events[0].prefix).all()  # the first request: plain sampling
    guided = [e for e in events if e.delay > 0 and np.isfinite(e.prefix[0]).all()]
    assert len(guided) > len(events) // 2
    for e in guided:
        assert e.delay <= daemon.plan_horizon
        committed = int(min(e.delay, np.isfinite(e.prefix).all(axis=1).argmin() or daemon.plan_horizon))
        np.testing.assert_allclose(e.actions[:committed], e.prefix[:committed], atol=0.05)


def test_a_deploy_run_directory_replays_as_a_latency_trace(tmp_path):
    """``latency=trace(<run_dir>)`` in simulated evaluation replays the round trips the daemon measured."""
    run_dir = tmp_path / "run"
    daemon, _ = run_daemon(CountingRobot(50.0), ScriptedBackend(), run_dir, rate_hz=50.0, max_ticks=40,
                           refill_below=2)
    logged = EpisodeStore.open(run_dir / "episodes.zarr").load(["round_trip_ms"])["round_trip_ms"]
    assert (logged > 0).sum() >= daemon.chunks_received - 2  # all but chunks that came between two ticks or late
    np.testing.assert_allclose(read_latency_trace(run_dir), logged[logged > 0], rtol=1e-6)


# ---------------------------------------------------------------------------------------------- refusals
def test_strategy_sync_or_unknown_is_refused_in_one_line_naming_the_valid_ones():
    from robopolicy.config import compose
    from robopolicy.real.cli import daemon_config

    for strategy in ("sync", "fast"):
        with pytest.raises(ConfigError) as refused:
            DaemonConfig(execution=ExecutionSettings(strategy=strategy) if strategy == "sync" else
                         {"strategy": strategy})
        message = str(refused.value)
        assert "\n" not in message and f"strategy={strategy!r}" in message
        assert message.endswith("valid: naive, blend, ensemble, rtc")
    with pytest.raises(ConfigError, match="strategy='sync' is not valid for the deploy daemon"):
        daemon_config(compose("deploy", ["daemon.execution.strategy=sync"]).daemon)
    with pytest.raises(ConfigError, match=r"unknown daemon.execution keys \['latency'\]"):
        DaemonConfig(execution={"strategy": "blend", "latency": 3})
    assert DaemonConfig().execution == ExecutionSettings(strategy="blend", blend="linear")
    config = daemon_config(compose("deploy", ["daemon.execution.strategy=rtc"]).daemon)
    assert isinstance(config.execution, ExecutionSettings) and config.execution.strategy == "rtc"


@pytest.mark.parametrize("server_kind", ["no guidable policy", "server predates rtc"])
def test_rtc_against_a_policy_or_server_that_cannot_is_refused_at_start_up(tmp_path, server_kind):
    if server_kind == "no guidable policy":  # the real server, serving the policy behind the bare Sampler tier
        from experiments.fixtures.serve import InProcessServer, PlainSampler, tiny_flow_policy

        context: Any = InProcessServer(PlainSampler(tiny_flow_policy()))
    else:  # an older server's metadata has no 'rtc'
        context = None
    robot = CountingRobot(20.0)
    if context is None:
        backend: Any = ScriptedBackend(rtc=None)
        with pytest.raises(RobopolicyError) as refused:
            run_daemon(robot, backend, tmp_path / "run", execution=ExecutionSettings(strategy="rtc"))
    else:
        with context as server:
            backend = RemoteBackend(server.url, TOKEN, timeout_s=60, open_timeout_s=10)
            with pytest.raises(RobopolicyError) as refused:
                run_daemon(robot, backend, tmp_path / "run", execution=ExecutionSettings(strategy="rtc"))
    message = str(refused.value)
    assert "\n" not in message and "strategy=rtc needs a policy that supports real-time chunking" in message
    assert ("only flow and diffusion policies" if context else "predates real-time chunking") in message
    assert "daemon.execution.strategy=naive|blend|ensemble" in message
    assert robot.sent == []  # refused before the loop sent anything


# ---------------------------------------------------------------------------------------------- the delay
def test_the_delay_estimate_drives_the_refill_threshold(tmp_path):
    daemon = ControlDaemon(CountingRobot(50.0), ScriptedBackend(), tmp_path, DaemonConfig(rate_hz=50.0,
                                                                                          refill_below=3))
    assert daemon.refill_threshold() == 3 and daemon.delay_estimate()["delay_estimate_ticks"] is None
    daemon.record_round_trip(900.0)  # the cold start (model warm-up): excluded
    assert daemon.refill_threshold() == 3 and daemon.delay_estimate()["delay_estimate_ms"] is None
    daemon.record_round_trip(50.0)  # 2.5 ticks of 20 ms: the robot runs 3 actions while a chunk is on its way
    assert daemon.delay_estimate() == {"delay_estimate_ms": pytest.approx(50.0), "delay_estimate_ticks": 3}
    assert daemon.refill_threshold() == 6
    daemon.record_round_trip(100.0)  # EWMA (alpha 0.2): 60 ms, still 3 ticks
    assert daemon.delay_estimate()["delay_estimate_ms"] == pytest.approx(60.0) and daemon.refill_threshold() == 6
    for _ in range(10):
        daemon.record_round_trip(100.0)
    assert daemon.delay_estimate()["delay_estimate_ticks"] == 5 and daemon.refill_threshold() == 8


def test_counting_the_delay_keeps_the_queue_from_running_dry(tmp_path):
    """Chunks of 8 actions, 50 ms round trips at 50 Hz (2.5 ticks) and refill_below=1: asking only when the queue
    is nearly empty leaves ~2 ticks of every chunk without an action; asking delay ticks earlier does not."""
    robot = CountingRobot(50.0)
    daemon, final = run_daemon(robot, ScriptedBackend(delays_s=(0.05,)), tmp_path / "run", rate_hz=50.0,
                               max_ticks=150, refill_below=1, execution=ExecutionSettings(strategy="naive"))
    assert final["delay_estimate_ticks"] >= 3 and final["refill_threshold"] >= 4
    flags = EpisodeStore.open(tmp_path / "run" / "episodes.zarr").load()["safety_flags"]
    without = (flags[10:] & int(SafetyFlag.NO_ACTION)) != 0
    assert without.mean() < 0.1, f"{without.sum()} of {len(without)} ticks without an action"


def test_the_committed_plan_starts_at_the_observations_tick_and_ends_at_a_non_finite_action(tmp_path):
    daemon = ControlDaemon(CountingRobot(50.0), ScriptedBackend(), tmp_path, DaemonConfig(
        rate_hz=50.0, execution=ExecutionSettings(strategy="rtc")))
    daemon.plan_horizon = 5
    chunk = np.arange(12, dtype=np.float64).reshape(6, 2)
    chunk[4, 1] = np.nan  # a faulty action at tick 4: the plan RTC continues ends before it
    daemon.queue.insert(chunk, first_tick=0, obs_time=0.0, current_tick=0)
    np.testing.assert_array_equal(daemon._committed_plan(0)[:4], chunk[:4])
    assert np.isnan(daemon._committed_plan(0)[4:]).all()
    # the observation's tick has run already (the loop popped it): its row is the action planned for it
    slot = daemon.queue.pop(0)
    daemon._next_pop, daemon._last_popped = 1, (0, slot.action)
    plan = daemon._committed_plan(0)
    np.testing.assert_array_equal(plan[:4], chunk[:4])
    assert np.isnan(plan[4]).all()
    daemon._last_popped = (0, None)  # nothing was queued for it: nothing is committed
    assert np.isnan(daemon._committed_plan(0)).all()
