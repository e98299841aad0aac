"""A timestamped queue of actions, one slot per control tick, filled by chunks from asynchronous inference.

A chunk predicted from the observation of tick ``k`` holds actions for ticks ``k, k+1, ...``. Actions for ticks
that have already passed are dropped on insert. Where the new chunk overlaps actions still queued, the two are
crossfaded over the overlap: at overlap position ``i`` of ``n`` the new chunk's weight is

    linear:       w_i = (i + 1) / (n + 1)
    exponential:  w_i = 1 - exp(-rate * (i + 1) / n)
    none:         w_i = 1 (the new chunk replaces the old)

so the command moves smoothly from the old plan to the new one. A blended action keeps its parts (action,
observation time, weight): at send time ``fresh(now, max_age)`` drops the parts predicted from observations
older than the maximum age and renormalizes the rest, so no stale prediction reaches the robot, even mixed in.
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass

import numpy as np

BLEND_MODES = ("linear", "exponential", "none")


@dataclass
class QueuedAction:
    """The action for one tick: ``parts`` of ``(action (Da,), obs_time, weight)``, weights summing to 1.

    ``obs_time`` is the ``perf_counter`` time of the observation a part was predicted from."""

    parts: list[tuple[np.ndarray, float, float]]

    @property
    def action(self) -> np.ndarray:
        return sum(w * a for a, _, w in self.parts)

    @property
    def obs_time(self) -> float:
        return min(t for _, t, _ in self.parts)

    def fresh(self, now: float, max_age_s: float) -> tuple[np.ndarray | None, float]:
        """The blend of the parts no older than ``max_age_s`` (renormalized) and the oldest age used (s);
        ``(None, age of the newest part)`` when every part is too old."""
        kept = [(a, t, w) for a, t, w in self.parts if now - t <= max_age_s]
        if not kept:
            return None, now - max(t for _, t, _ in self.parts)
        total = sum(w for _, _, w in kept)
        return sum((w / total) * a for a, _, w in kept), now - min(t for _, t, _ in kept)


def blend_weights(n: int, mode: str, rate: float = 3.0) -> np.ndarray:
    """Weights ``(n,)`` of the new chunk over an overlap of ``n`` ticks (increasing, in (0, 1])."""
    i = np.arange(1, n + 1, dtype=np.float64)
    if mode == "linear":
        return i / (n + 1)
    if mode == "exponential":
        return 1.0 - np.exp(-rate * i / max(n, 1))
    if mode == "none":
        return np.ones(n)
    raise ValueError(f"unknown blend mode {mode!r}; valid: {', '.join(BLEND_MODES)}")


class ActionQueue:
    """Thread-safe: the inference thread inserts chunks, the control loop pops one action per tick."""

    def __init__(self, blend: str = "linear", exp_rate: float = 3.0):
        if blend not in BLEND_MODES:
            raise ValueError(f"unknown blend mode {blend!r}; valid: {', '.join(BLEND_MODES)}")
        if not math.isfinite(exp_rate) or exp_rate <= 0:
            raise ValueError(f"exp_rate must be positive, got {exp_rate}")
        self.blend = blend
        self.exp_rate = exp_rate
        self._slots: dict[int, QueuedAction] = {}
        self._lock = threading.Lock()
        self.dropped_late = 0

    def insert(self, chunk: np.ndarray, first_tick: int, obs_time: float, current_tick: int) -> int:
        """Queue ``chunk`` ``(N, Da)`` for ticks ``first_tick ...``; returns how many ticks were blended."""
        chunk = np.asarray(chunk, dtype=np.float64)
        with self._lock:
            ticks = [first_tick + j for j in range(len(chunk))]
            future = [(t, a) for t, a in zip(ticks, chunk) if t >= current_tick]
            self.dropped_late += len(chunk) - len(future)
            overlap = [t for t, _ in future if t in self._slots]
            weights = dict(zip(overlap, blend_weights(len(overlap), self.blend, self.exp_rate)))
            for t, a in future:
                old = self._slots.get(t)
                if old is None:
                    self._slots[t] = QueuedAction([(a.copy(), obs_time, 1.0)])
                else:
                    w = float(weights[t])
                    parts = [(pa, pt, pw * (1 - w)) for pa, pt, pw in old.parts if pw * (1 - w) > 0]
                    self._slots[t] = QueuedAction([*parts, (a.copy(), obs_time, w)])
            return len(overlap)

    def pop(self, tick: int) -> QueuedAction | None:
        """The action for ``tick`` (removed), after dropping every action for earlier ticks."""
        with self._lock:
            for t in [t for t in self._slots if t < tick]:
                del self._slots[t]
                self.dropped_late += 1
            return self._slots.pop(tick, None)

    def depth(self, from_tick: int) -> int:
        """Actions queued for ``from_tick`` and later."""
        with self._lock:
            return sum(1 for t in self._slots if t >= from_tick)

    def fresh_depth(self, from_tick: int, from_time: float, period_s: float, max_age_s: float) -> int:
        """Consecutive actions from ``from_tick`` on that will still be fresh when their tick comes.

        The action for tick ``t`` is sent at about ``from_time + (t - from_tick) * period_s``; it counts while its
        newest part is then no older than ``max_age_s`` (``QueuedAction.fresh`` would keep it). The first missing
        or too-old action ends the count. This, not ``depth``, is what says when to ask for the next chunk: a
        chunk longer than ``max_age_s`` holds actions that will be refused however many are queued."""
        with self._lock:
            count = 0
            while (slot := self._slots.get(from_tick + count)) is not None:
                newest = max(t for _, t, _ in slot.parts)
                if from_time + count * period_s - newest > max_age_s:
                    break
                count += 1
            return count

    def clear(self) -> None:
        with self._lock:
            self._slots.clear()
