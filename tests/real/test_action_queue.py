"""The action queue (``robopolicy.execution``, shared by the daemon and simulated evaluation): chunks land on the
right ticks, passed ticks are dropped, overlaps are crossfaded, ensembled or replaced; ``plan`` reads it."""

from __future__ import annotations

import numpy as np
import pytest

from robopolicy.execution import ActionQueue, ExecutionSettings, blend_weights, ensemble_weights


def test_chunk_actions_land_on_consecutive_ticks_and_passed_ones_are_dropped():
    queue = ActionQueue("none")
    chunk = np.arange(5, dtype=np.float64)[:, None] * np.ones((1, 2))
    queue.insert(chunk, first_tick=10, obs_time=1.0, current_tick=12)  # ticks 10, 11 already passed
    assert queue.dropped_late == 2 and queue.depth(12) == 3
    assert queue.pop(12).action[0] == 2.0
    assert queue.pop(14).action[0] == 4.0  # tick 13 is dropped on the way
    assert queue.pop(15) is None and queue.depth(0) == 0


@pytest.mark.parametrize("mode", ["linear", "exponential"])
def test_overlap_is_a_crossfade_from_old_to_new(mode):
    queue = ActionQueue(mode, exp_rate=3.0)
    queue.insert(np.zeros((6, 1)), first_tick=0, obs_time=1.0, current_tick=0)
    blended = queue.insert(np.ones((6, 1)), first_tick=2, obs_time=2.0, current_tick=2)
    assert blended == 4  # ticks 2..5 overlap
    weights = blend_weights(4, mode, 3.0)
    assert np.all(np.diff(weights) > 0) and 0 < weights[0] and weights[-1] <= 1
    got = [queue.pop(t) for t in range(2, 8)]
    np.testing.assert_allclose([g.action[0] for g in got[:4]], weights)  # 0 * (1 - w) + 1 * w
    assert [g.action[0] for g in got[4:]] == [1.0, 1.0]
    assert [g.obs_time for g in got] == [1.0] * 4 + [2.0] * 2  # blended actions keep the older age


def test_linear_weights_formula_and_unknown_modes():
    np.testing.assert_allclose(blend_weights(3, "linear"), [0.25, 0.5, 0.75])
    with pytest.raises(ValueError, match="linear, exponential, none, ensemble"):
        ActionQueue("cubic")


def test_mode_none_replaces_the_queued_plan_also_beyond_the_new_chunks_end():
    queue = ActionQueue("none")
    queue.insert(np.zeros((8, 1)), first_tick=0, obs_time=0.0, current_tick=0)  # ticks 0..7
    overlap = queue.insert(np.ones((3, 1)), first_tick=2, obs_time=1.0, current_tick=3)  # ticks 3, 4 survive
    assert overlap == 2 and queue.dropped_late == 1
    assert queue.pop(2).action[0] == 0.0  # before the new chunk's arrival: the old plan
    assert [queue.pop(t).action[0] for t in (3, 4)] == [1.0, 1.0]
    assert queue.depth(5) == 0 and queue.pop(5) is None  # the old plan's ticks 5..7 are gone


def test_ensemble_every_chunk_that_predicted_a_tick_votes_oldest_heaviest():
    decay = 0.5
    queue = ExecutionSettings(strategy="ensemble", ensemble_decay=decay).new_queue()
    assert queue.blend == "ensemble"
    queue.insert(np.zeros((4, 1)), first_tick=0, obs_time=0.0, current_tick=0)       # ticks 0..3
    queue.insert(np.full((4, 1), 1.0), first_tick=1, obs_time=1.0, current_tick=1)   # ticks 1..4
    queue.insert(np.full((4, 1), 2.0), first_tick=2, obs_time=2.0, current_tick=2)   # ticks 2..5
    w2, w3 = ensemble_weights(2, decay), ensemble_weights(3, decay)
    assert w3[0] > w3[1] > w3[2] and w3.sum() == pytest.approx(1.0)
    assert queue.pop(0).action[0] == 0.0
    assert queue.pop(1).action[0] == pytest.approx(w2[1] * 1.0)               # 2 votes: 0 (oldest) and 1
    slot = queue.pop(2)
    assert slot.action[0] == pytest.approx(w3[1] * 1.0 + w3[2] * 2.0)          # 3 votes
    assert [t for _, t, _ in slot.parts] == [0.0, 1.0, 2.0] and slot.obs_time == 0.0
    assert queue.pop(4).action[0] == pytest.approx(w2[0] * 1.0 + w2[1] * 2.0)  # tick 3 dropped on the way
    assert queue.pop(5).action[0] == 2.0


def test_plan_reads_the_queue_without_popping_and_is_nan_past_the_queued_plan():
    queue = ActionQueue("linear")
    queue.insert(np.arange(8, dtype=np.float64).reshape(4, 2), first_tick=5, obs_time=0.0, current_tick=5)
    plan = queue.plan(6, 5, 2)
    assert plan.shape == (5, 2)
    np.testing.assert_array_equal(plan[:3], [[2, 3], [4, 5], [6, 7]])  # ticks 6..8
    assert np.isnan(plan[3:]).all()                                     # nothing queued from tick 9 on
    assert queue.depth(5) == 4                                          # nothing was removed
    assert np.isnan(queue.plan(0, 3, 2)).all()                          # tick 0 is empty: all NaN from there
    queue.pop(6)
    assert np.isnan(queue.plan(6, 3, 2)).all()                          # a gap ends the plan


def test_fresh_drops_parts_older_than_the_maximum_age_and_renormalizes():
    queue = ActionQueue("linear")
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
    queue = ActionQueue("none")
    queue.insert(np.zeros((16, 2)), first_tick=0, obs_time=0.0, current_tick=0)  # a 16-step chunk from tick 0
    assert queue.depth(1) == 15
    assert queue.fresh_depth(1, from_time=period, period_s=period, max_age_s=max_age) == 12  # ticks 1..12
    assert queue.fresh_depth(13, from_time=13 * period, period_s=period, max_age_s=max_age) == 0
    queue.insert(np.ones((16, 2)), first_tick=5, obs_time=5 * period, current_tick=5)  # a newer chunk replaces it
    assert queue.fresh_depth(5, from_time=5 * period, period_s=period, max_age_s=max_age) == 13  # ticks 5..17
    assert queue.fresh_depth(30, from_time=0.0, period_s=period, max_age_s=max_age) == 0  # nothing queued there
