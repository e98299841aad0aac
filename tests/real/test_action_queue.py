"""The action queue: chunks land on the right ticks, passed ticks are dropped, overlaps are crossfaded."""

from __future__ import annotations

import numpy as np
import pytest

from robopolicy.real.action_queue import ActionQueue, blend_weights


def test_chunk_actions_land_on_consecutive_ticks_and_passed_ones_are_dropped():
    queue = ActionQueue(blend="none")
    chunk = np.arange(5, dtype=np.float64)[:, None] * np.ones((1, 2))
    queue.insert(chunk, first_tick=10, obs_time=1.0, current_tick=12)  # ticks 10, 11 already passed
    assert queue.dropped_late == 2 and queue.depth(12) == 3
    assert queue.pop(12).action[0] == 2.0
    assert queue.pop(14).action[0] == 4.0  # tick 13 is dropped on the way
    assert queue.pop(15) is None and queue.depth(0) == 0


@pytest.mark.parametrize("mode", ["linear", "exponential"])
def test_overlap_is_a_crossfade_from_old_to_new(mode):
    queue = ActionQueue(blend=mode, exp_rate=3.0)
    queue.insert(np.zeros((6, 1)), first_tick=0, obs_time=1.0, current_tick=0)
    blended = queue.insert(np.ones((6, 1)), first_tick=2, obs_time=2.0, current_tick=2)
    assert blended == 4  # ticks 2..5 overlap
    weights = blend_weights(4, mode, 3.0)
    assert np.all(np.diff(weights) > 0) and 0 < weights[0] and weights[-1] <= 1
    got = [queue.pop(t) for t in range(2, 8)]
    np.testing.assert_allclose([g.action[0] for g in got[:4]], weights)  # 0 * (1 - w) + 1 * w
    assert [g.action[0] for g in got[4:]] == [1.0, 1.0]
    assert [g.obs_time for g in got] == [1.0] * 4 + [2.0] * 2  # blended actions keep the older age


def test_linear_weights_formula():
    np.testing.assert_allclose(blend_weights(3, "linear"), [0.25, 0.5, 0.75])
    with pytest.raises(ValueError, match="linear, exponential, none"):
        ActionQueue(blend="cubic")


def test_fresh_drops_parts_older_than_the_maximum_age_and_renormalizes():
    queue = ActionQueue(blend="linear")
    queue.insert(np.zeros((4, 1)), first_tick=0, obs_time=1.0, current_tick=0)
    queue.insert(np.full((4, 1), 2.0), first_tick=1, obs_time=1.5, current_tick=1)  # overlap ticks 1..3
    slot = queue.pop(2)
    w = blend_weights(3, "linear")[1]
    action, age = slot.fresh(now=1.6, max_age_s=1.0)  # both parts fresh: the crossfade
    assert action[0] == pytest.approx(2.0 * w) and age == pytest.approx(0.6)
    action, age = slot.fresh(now=2.2, max_age_s=1.0)  # the old part is 1.2 s old: only the new one is used
    assert action[0] == pytest.approx(2.0) and age == pytest.approx(0.7)
    action, age = slot.fresh(now=3.0, max_age_s=1.0)  # everything stale
    assert action is None and age == pytest.approx(1.5)


def test_fresh_depth_counts_only_actions_still_fresh_when_their_tick_comes():
    period, max_age = 1 / 50, 0.25  # 50 Hz; 0.25 s is 12.5 ticks
    queue = ActionQueue(blend="none")
    queue.insert(np.zeros((16, 2)), first_tick=0, obs_time=0.0, current_tick=0)  # a 16-step chunk from tick 0
    assert queue.depth(1) == 15
    assert queue.fresh_depth(1, from_time=period, period_s=period, max_age_s=max_age) == 12  # ticks 1..12
    assert queue.fresh_depth(13, from_time=13 * period, period_s=period, max_age_s=max_age) == 0
    queue.insert(np.ones((16, 2)), first_tick=5, obs_time=5 * period, current_tick=5)  # a newer chunk blends in
    assert queue.fresh_depth(5, from_time=5 * period, period_s=period, max_age_s=max_age) == 13  # ticks 5..17
    assert queue.fresh_depth(30, from_time=0.0, period_s=period, max_age_s=max_age) == 0  # nothing queued there
