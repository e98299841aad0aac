"""The execution layer shared by latency-aware evaluation and the deploy daemon: latencies, RTC weights, the
delay estimate and the seam metrics (exact values; no simulator, no torch)."""

from __future__ import annotations

import json
import math
import re

import numpy as np
import pytest

from robopolicy.errors import ConfigError
from robopolicy.execution import (
    DelayEstimator,
    ExecutionSettings,
    LatencyError,
    check_delay_fits,
    delay_limit,
    parse_latency,
    rtc_weights,
    seam_metrics,
)


@pytest.mark.parametrize(("value", "kind", "max_steps"), [
    (0, "fixed", 0), ("4", "fixed", 4), ("uniform(2,6)", "uniform", 6), ("50ms", "ms", 4),
    ("51ms", "ms", 5), ("uniform(10,100)ms", "uniform_ms", 8), ("normal(120,30)ms", "normal_ms", None)])
def test_latency_forms_and_their_largest_delay_at_80_hz(value, kind, max_steps):
    latency = parse_latency(value)
    assert latency.kind == kind and latency.max_steps(80.0) == max_steps  # 50 ms at 80 Hz is exactly 4 steps


@pytest.mark.fault("eval")
@pytest.mark.parametrize(("value", "message"), [
    ("-1", "must be finite and >= 0"), ("abc", "valid forms: 4 (control steps)"), ("4.5", "whole number"),
    ("normal(120,30)", "given in milliseconds"), ("uniform(6,2)", "low <= high"), (None, "valid forms"),
    ("trace(/nonexistent/trace.json)", "does not exist")])
def test_bad_latency_is_one_line_naming_the_valid_forms(value, message):
    """`latency=-1`, `abc`, `4.5`, `normal(120,30)` without ms, `uniform(6,2)`, none, or a missing trace file: one
    line naming what is wrong and the valid forms."""
    with pytest.raises(LatencyError, match=re.escape(message)) as e:
        parse_latency(value)
    assert "\n" not in str(e.value)


def test_trace_latency_replays_milliseconds_in_order(tmp_path):
    path = tmp_path / "trace.json"
    path.write_text(json.dumps([10.0, 30.0, 100.0]))
    latency = parse_latency(f"trace({path})")
    sampler = latency.sampler(seed=0, control_rate=80.0)
    assert [sampler.next(limit=6) for _ in range(4)] == [1, 3, 6, 1]  # 100 ms = 8 steps, clipped to 6
    assert sampler.clipped == 1 and latency.max_steps(80.0) == 8


def test_drawn_latency_is_reproducible_per_episode_seed():
    latency = parse_latency("uniform(0,8)")
    draws = [[latency.sampler(seed, 10.0).next(8) for _ in range(20)] for seed in (3, 3, 4)]
    assert draws[0] == draws[1] and draws[0] != draws[2] and set(draws[0]) <= set(range(9))


@pytest.mark.fault("eval")
def test_a_delay_the_chunks_cannot_cover_is_refused_naming_the_limit():
    """A delay longer than the queued plan can cover (or `replan_every` longer than a chunk): refused, naming the
    limit `min(replan_every, executable - replan_every)`; an unbounded distribution is clipped and counted."""
    assert delay_limit(8, 23) == 8 and delay_limit(8, 15) == 7
    with pytest.raises(LatencyError, match=r"at most 7 = min\(replan_every 8, executable actions 15"):
        check_delay_fits(parse_latency(8), 8, 15, 10.0)
    with pytest.raises(LatencyError, match="replan_every=16 must be in"):
        delay_limit(16, 15)
    assert check_delay_fits(parse_latency("normal(500,100)ms"), 8, 23, 10.0) == 8  # unbounded: clipped, counted


def test_rtc_weights_commit_the_delay_and_fade_over_the_queued_plan():
    w = rtc_weights(horizon=23, delay=4, overlap=15, schedule="exp")
    assert np.all(w[:4] == 1.0) and np.all(w[15:] == 0.0)
    assert np.all(np.diff(w[3:16]) < 0)  # strictly fading from the last committed action to the plan's end
    c = (15 - 4) / (15 - 4 + 1)
    assert w[4] == pytest.approx(c * math.expm1(c) / math.expm1(1.0))
    np.testing.assert_allclose(rtc_weights(23, 4, 15, "linear")[4:15], (15 - np.arange(4, 15)) / 12)
    assert not rtc_weights(23, 0, 15).any()  # nothing committed: plain sampling


def test_delay_estimate_skips_the_cold_start_and_rounds_up_to_ticks():
    est = DelayEstimator(alpha=0.5, skip_first=1)
    assert est.steps(0.02, default=0) == 0
    est.update(2.0)  # model warm-up: not the steady state
    assert est.value_s is None
    est.update(0.050)
    est.update(0.070)
    assert est.value_s == pytest.approx(0.060) and est.steps(0.02) == 3  # 60 ms at 50 Hz


def test_seam_metrics_exact_values():
    actions = np.array([[0.0], [0.0], [1.0], [1.0], [3.0]])
    m = seam_metrics(actions, switches=[2, 4])
    assert m["jump"] == pytest.approx((1.0 + 2.0) / 2) and m["step"] == pytest.approx(0.0)  # ticks 1 and 3: no change
    assert m["jerk"] == pytest.approx((1.0 + 1.0 + 2.0) / 3) and m["switches"] == 2


@pytest.mark.fault("eval")
def test_unknown_strategy_lists_the_valid_ones():
    """`execution.strategy=fast` or a non-positive guidance weight: one line listing the valid values."""
    with pytest.raises(ConfigError, match="strategy='fast' is not valid; valid: sync, naive, blend, ensemble, rtc"):
        ExecutionSettings(strategy="fast")
    with pytest.raises(ConfigError, match="rtc_max_guidance"):
        ExecutionSettings(rtc_max_guidance=0.0)
