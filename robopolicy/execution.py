"""What happens between two action chunks: one implementation for simulated evaluation and the deploy daemon.

A chunk predicted from the observation of tick ``t`` holds actions for ticks ``t, t+1, ...`` (its index
``To - 1`` is tick ``t``; ``horizons.executed_slice``). On a robot it arrives ``d`` ticks later, and the robot
must keep acting meanwhile: ticks ``t .. t+d-1`` are *committed* to the plan already queued. The
``ActionQueue`` holds that plan, one slot per tick, and an execution **strategy** says how a new chunk joins it:

=========== =========================================================================================
sync        the robot waits for every chunk (no latency: what simulated evaluation did before; the daemon
            cannot wait, so it has no sync mode)
naive       the new chunk replaces the queue from its arrival on (a seam where the two plans disagree)
blend       crossfade over the overlap with the queued plan: new weight ``(i+1)/(n+1)`` (linear) or
            ``1 - exp(-rate (i+1)/n)`` (exponential) at overlap position ``i`` of ``n`` (the daemon's default)
ensemble    temporal ensembling (ACT): every chunk that predicted a tick votes, the oldest with weight 1 and
            the ``i``-th newer with ``exp(-decay * i)``, normalized
rtc         real-time chunking (Black et al. 2025): the new chunk is *sampled* so that its first ``d`` actions
            match the committed ones and it leans towards the rest of the queued plan (guided inpainting,
            ``robopolicy.policies.rtc``), then replaces the queue like ``naive``
=========== =========================================================================================

A queued action keeps its parts (action, observation time, weight), so the daemon can drop parts predicted from
observations older than its maximum age at send time (``QueuedAction.fresh``). This module is free of torch: the
robot side imports it. ``robopolicy.eval.rollout`` drives it with simulated delays (``Latency``); the daemon
drives it with real ones and estimates the delay with ``DelayEstimator``.
"""

from __future__ import annotations

import json
import math
import re
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from robopolicy.errors import ConfigError
from robopolicy.ranges import at_least, check_ranges, greater_than

STRATEGIES = ("sync", "naive", "blend", "ensemble", "rtc")
DAEMON_STRATEGIES = ("naive", "blend", "ensemble", "rtc")
BLEND_MODES = ("linear", "exponential", "none")
RTC_SCHEDULES = ("exp", "linear", "ones", "zeros")
RTC_JACOBIANS = ("identity", "vjp")


def _choice(value: str, valid: tuple[str, ...], key: str) -> str:
    if value not in valid:
        raise ConfigError(f"{key}={value!r} is not valid; valid: {', '.join(valid)}")
    return value


@dataclass
class ExecutionSettings:
    """How chunks are executed (``eval.execution`` and the deploy profile's ``daemon.execution``)."""

    strategy: str = "sync"                # sync | naive | blend | ensemble | rtc (the daemon cannot wait: no sync)
    blend: str = "linear"                 # strategy=blend: the crossfade curve (linear | exponential | none)
    blend_exp_rate: float = field(default=3.0, metadata=greater_than(0.0))  # blend=exponential: the rate
    ensemble_decay: float = field(default=0.01, metadata=at_least(0.0))    # strategy=ensemble: ACT's m
    rtc_max_guidance: float = field(default=5.0, metadata=greater_than(0.0))  # RTC's beta (paper: 5)
    rtc_schedule: str = "exp"             # weights over the soft part of the overlap: exp | linear | ones | zeros
    # identity: J = I, no backward pass; vjp: the paper's exact J^T e (measured: looser prefix match, ~3x cost)
    rtc_jacobian: str = "identity"

    def __post_init__(self) -> None:
        _choice(self.strategy, STRATEGIES, "strategy")
        _choice(self.blend, BLEND_MODES, "blend")
        _choice(self.rtc_schedule, RTC_SCHEDULES, "rtc_schedule")
        _choice(self.rtc_jacobian, RTC_JACOBIANS, "rtc_jacobian")
        check_ranges(self, ExecutionSettings, "execution")

    @property
    def queue_mode(self) -> str:
        """How ``ActionQueue.insert`` joins a chunk to the queued plan: a blend mode, ``ensemble`` or ``none``."""
        return {"blend": self.blend, "ensemble": "ensemble"}.get(self.strategy, "none")

    def new_queue(self) -> ActionQueue:
        return ActionQueue(self.queue_mode, self.blend_exp_rate, self.ensemble_decay)


# ---------------------------------------------------------------------------------------------- the queue
@dataclass
class QueuedAction:
    """The action for one tick: ``parts`` of ``(action (Da,), obs_time, weight)``, weights summing to 1.

    ``obs_time`` is when the observation a part was predicted from was taken (``perf_counter`` seconds on the
    robot, the tick number in simulation)."""

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


def ensemble_weights(n: int, decay: float) -> np.ndarray:
    """ACT's temporal-ensemble weights ``(n,)`` of ``n`` predictions of one tick, oldest first, summing to 1."""
    w = np.exp(-decay * np.arange(n, dtype=np.float64))
    return w / w.sum()


QUEUE_MODES = (*BLEND_MODES, "ensemble")


class ActionQueue:
    """Thread-safe per-tick plan: the inference side inserts chunks, the control side pops one action per tick."""

    def __init__(self, mode: str = "linear", exp_rate: float = 3.0, ensemble_decay: float = 0.01):
        if mode not in QUEUE_MODES:
            raise ValueError(f"unknown blend mode {mode!r}; valid: {', '.join(QUEUE_MODES)}")
        if not math.isfinite(exp_rate) or exp_rate <= 0:
            raise ValueError(f"exp_rate must be positive, got {exp_rate}")
        self.blend = mode
        self.exp_rate = exp_rate
        self.ensemble_decay = ensemble_decay
        self._slots: dict[int, QueuedAction] = {}
        self._lock = threading.Lock()
        self.dropped_late = 0

    def insert(self, chunk: np.ndarray, first_tick: int, obs_time: float, current_tick: int) -> int:
        """Queue ``chunk`` ``(N, Da)`` for ticks ``first_tick ...``; actions for ticks before ``current_tick``
        have passed and are dropped. Returns how many ticks overlapped the queued plan."""
        chunk = np.asarray(chunk, dtype=np.float64)
        with self._lock:
            ticks = [first_tick + j for j in range(len(chunk))]
            future = [(t, a) for t, a in zip(ticks, chunk) if t >= current_tick]
            self.dropped_late += len(chunk) - len(future)
            overlap = [t for t, _ in future if t in self._slots]
            if self.blend == "ensemble":
                for t, a in future:
                    old = self._slots.get(t)
                    parts = [] if old is None else [(pa, pt) for pa, pt, _ in old.parts]
                    parts.append((a.copy(), obs_time))
                    w = ensemble_weights(len(parts), self.ensemble_decay)
                    self._slots[t] = QueuedAction([(pa, pt, float(wi)) for (pa, pt), wi in zip(parts, w)])
                return len(overlap)
            if self.blend == "none":  # the new plan replaces the queued one, also beyond its own end
                for t in [t for t in self._slots if t >= current_tick and t > ticks[-1]]:
                    del self._slots[t]
            weights = dict(zip(overlap, blend_weights(len(overlap), self.blend, self.exp_rate)))
            for t, a in future:
                old = self._slots.get(t)
                if old is None or self.blend == "none":
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

    def plan(self, from_tick: int, n: int, action_dim: int) -> np.ndarray:
        """The queued actions for ticks ``from_tick .. from_tick + n - 1`` ``(n, Da)`` without removing them;
        NaN rows from the first tick with nothing queued on (what RTC inpaints against)."""
        out = np.full((n, action_dim), np.nan)
        with self._lock:
            for i in range(n):
                slot = self._slots.get(from_tick + i)
                if slot is None:
                    break
                out[i] = slot.action
        return out

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


# ---------------------------------------------------------------------------------------------- RTC weights
def rtc_weights(horizon: int, delay: int, overlap: int, schedule: str = "exp") -> np.ndarray:
    """Guidance weights ``(horizon,)`` over a new chunk's executable actions (index 0 = the observation's tick).

    ``delay`` actions are committed (weight 1); the next ones up to ``overlap`` (how far the queued plan reaches)
    get the soft mask of the RTC paper, ``c (e^c - 1) / (e - 1)`` with ``c = (overlap - i) / (overlap - delay + 1)``
    (``linear``: ``c``; ``ones``: 1; ``zeros``: 0); past the queued plan, 0. With nothing committed
    (``delay == 0``) every weight is 0: RTC is then plain sampling."""
    w = np.zeros(horizon)
    if delay <= 0:
        return w
    overlap = max(min(overlap, horizon), delay)
    i = np.arange(horizon, dtype=np.float64)
    c = np.clip((overlap - i) / (overlap - delay + 1), 0.0, 1.0)
    soft = {"exp": c * np.expm1(c) / math.expm1(1.0), "linear": c, "ones": np.ones(horizon),
            "zeros": np.zeros(horizon)}[schedule]
    w[:overlap] = soft[:overlap]
    w[:delay] = 1.0
    return w


# ---------------------------------------------------------------------------------------------- latency
class LatencyError(ConfigError):
    """A latency setting that is negative, not a number, or longer than a chunk allows."""


LATENCY_FORMS = ("4 (control steps)", "uniform(2,6) (steps)", "120ms", "normal(120,30)ms", "uniform(50,150)ms",
                 "trace(<file of ms values, or a daemon run's episodes.zarr>)")


@dataclass(frozen=True)
class Latency:
    """The delay, in control steps, between an observation and the chunk predicted from it.

    Kinds: ``fixed`` (steps), ``uniform`` (integer steps, both ends included), ``ms`` (fixed milliseconds),
    ``normal_ms`` / ``uniform_ms`` (milliseconds drawn per chunk), ``trace_ms`` (milliseconds replayed in order,
    cycling). Milliseconds become steps at the env's control rate, rounded up (a chunk that arrives during tick
    ``k`` is first used at tick ``k + 1``)."""

    kind: str
    a: float = 0.0
    b: float = 0.0
    trace: tuple[float, ...] = ()
    text: str = "0"

    @property
    def is_zero(self) -> bool:
        return self.kind in ("fixed", "ms") and self.a == 0

    def steps_of_ms(self, ms: float, control_rate: float) -> int:
        return max(0, math.ceil(ms * control_rate / 1000.0 - 1e-9))

    def max_steps(self, control_rate: float) -> int | None:
        """The largest delay this latency can give; None when unbounded (a normal distribution)."""
        if self.kind == "fixed":
            return int(self.a)
        if self.kind == "uniform":
            return int(self.b)
        if self.kind == "ms":
            return self.steps_of_ms(self.a, control_rate)
        if self.kind == "uniform_ms":
            return self.steps_of_ms(self.b, control_rate)
        if self.kind == "trace_ms":
            return self.steps_of_ms(max(self.trace), control_rate)
        return None

    def sampler(self, seed: int, control_rate: float) -> LatencySampler:
        return LatencySampler(self, np.random.default_rng([seed, 0x1A7E]), control_rate)


@dataclass
class LatencySampler:
    """Draws the delay of each chunk of one episode (its own generator: reproducible per episode seed)."""

    latency: Latency
    rng: np.random.Generator
    control_rate: float
    drawn: int = 0
    clipped: int = 0

    def next(self, limit: int) -> int:
        """The next chunk's delay in steps, at most ``limit`` (a draw above it is clipped and counted)."""
        lat, i = self.latency, self.drawn
        self.drawn += 1
        if lat.kind == "fixed":
            d = int(lat.a)
        elif lat.kind == "uniform":
            d = int(self.rng.integers(int(lat.a), int(lat.b) + 1))
        elif lat.kind == "ms":
            d = lat.steps_of_ms(lat.a, self.control_rate)
        elif lat.kind == "uniform_ms":
            d = lat.steps_of_ms(self.rng.uniform(lat.a, lat.b), self.control_rate)
        elif lat.kind == "normal_ms":
            d = lat.steps_of_ms(max(0.0, self.rng.normal(lat.a, lat.b)), self.control_rate)
        else:
            d = lat.steps_of_ms(lat.trace[i % len(lat.trace)], self.control_rate)
        if d > limit:
            self.clipped += 1
            d = limit
        return d


def _number(text: str, original: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise LatencyError(f"latency={original!r} is not a number; valid forms: {', '.join(LATENCY_FORMS)}") from None
    if not math.isfinite(value) or value < 0:
        raise LatencyError(f"latency={original!r}: delays must be finite and >= 0; valid forms: "
                           f"{', '.join(LATENCY_FORMS)}")
    return value


def read_latency_trace(path: str | Path) -> tuple[float, ...]:
    """Milliseconds from a JSON list, a text file of numbers (one per line or comma-separated), or a deploy run's
    episode store / run directory (its ``round_trip_ms`` column: one value per chunk the daemon received)."""
    p = Path(path)
    if p.is_dir() and (p / "episodes.zarr").is_dir():
        p = p / "episodes.zarr"
    if p.is_dir():
        from robopolicy.data.store import EpisodeStore

        store = EpisodeStore.open(p)
        if "round_trip_ms" not in store.features:
            raise LatencyError(f"latency trace {str(path)!r}: the store has no 'round_trip_ms' column (a deploy run "
                               f"written by this version logs one); it has {sorted(store.features)}")
        values = np.asarray(store.load(["round_trip_ms"])["round_trip_ms"], dtype=np.float64).ravel()
        values = values[np.isfinite(values) & (values > 0)]
    elif p.is_file():
        text = p.read_text()
        try:
            values = np.asarray(json.loads(text), dtype=np.float64).ravel()
        except (json.JSONDecodeError, ValueError, TypeError):
            values = np.asarray([_number(t, t) for t in re.split(r"[\s,]+", text.strip()) if t], dtype=np.float64)
    else:
        raise LatencyError(f"latency trace {str(path)!r} does not exist")
    if len(values) == 0 or not np.all(np.isfinite(values)) or np.any(values < 0):
        raise LatencyError(f"latency trace {str(path)!r} must hold one or more finite delays >= 0 (ms)")
    return tuple(float(v) for v in values)


def parse_latency(value: Any) -> Latency:
    """``Latency`` from a setting: a number of steps or one of ``LATENCY_FORMS`` (one-line error otherwise)."""
    if isinstance(value, Latency):
        return value
    if isinstance(value, bool) or value is None:
        raise LatencyError(f"latency={value!r} is not valid; valid forms: {', '.join(LATENCY_FORMS)}")
    original = str(value)
    text = original.strip().lower().replace(" ", "")
    if isinstance(value, (int, float)) or re.fullmatch(r"[-+0-9.eE]+", text):
        steps = _number(text, original)
        if steps != int(steps):
            raise LatencyError(f"latency={original!r}: a delay in steps must be a whole number (or give "
                               f"milliseconds, e.g. {steps:g}ms)")
        return Latency("fixed", steps, text=original)
    if m := re.fullmatch(r"trace\((.+)\)", original.strip()):
        return Latency("trace_ms", trace=read_latency_trace(m.group(1).strip()), text=original)
    if m := re.fullmatch(r"([-+0-9.e]+)ms", text):
        return Latency("ms", _number(m.group(1), original), text=original)
    if m := re.fullmatch(r"(uniform|normal)\(([^,]+),([^,]+)\)(ms)?", text):
        kind, a, b, ms = m.groups()
        a_, b_ = _number(a, original), _number(b, original)
        if kind == "normal" and not ms:
            raise LatencyError(f"latency={original!r}: a normal distribution is given in milliseconds, e.g. "
                               "normal(120,30)ms")
        if kind == "uniform" and a_ > b_:
            raise LatencyError(f"latency={original!r}: uniform(low,high) needs low <= high")
        if kind == "uniform" and not ms and (a_ != int(a_) or b_ != int(b_)):
            raise LatencyError(f"latency={original!r}: uniform(low,high) in steps takes whole numbers")
        return Latency(f"{kind}_ms" if ms else "uniform", a_, b_, text=original)
    raise LatencyError(f"latency={original!r} is not valid; valid forms: {', '.join(LATENCY_FORMS)}")


def delay_limit(replan_every: int, executable: int) -> int:
    """The longest delay the chunks can cover: one inference is in flight at a time (``d <= replan_every``) and
    the queued plan must last until the new chunk arrives (``d <= executable - replan_every``, ``executable`` =
    ``Tp - To + 1`` actions per chunk)."""
    if not 1 <= replan_every <= executable:
        raise LatencyError(f"replan_every={replan_every} must be in [1, {executable}], the policy's executable "
                           "actions per chunk (Tp - To + 1)")
    return min(replan_every, executable - replan_every)


def check_delay_fits(latency: Latency, replan_every: int, executable: int, control_rate: float) -> int:
    """The delay limit; a latency whose largest delay exceeds it is refused (one line naming the limit). An
    unbounded latency (a normal distribution) is allowed: its draws above the limit are clipped and counted."""
    limit = delay_limit(replan_every, executable)
    biggest = latency.max_steps(control_rate)
    if biggest is not None and biggest > limit:
        raise LatencyError(f"latency={latency.text!r} gives delays up to {biggest} steps, longer than the chunks allow: "
                           f"at most {limit} = min(replan_every {replan_every}, executable actions {executable} - "
                           "replan_every); lower the latency or replan_every, or use a policy with a longer "
                           "pred_horizon")
    return limit


# ---------------------------------------------------------------------------------------------- the daemon's estimate
class DelayEstimator:
    """An EWMA of recent inference latencies (s), the first ``skip_first`` excluded (a cold start is not the
    steady state: model warm-up and compilation would make the estimate far too long for minutes)."""

    def __init__(self, alpha: float = 0.2, skip_first: int = 1):
        if not 0 < alpha <= 1:
            raise ValueError(f"alpha must be in (0, 1], got {alpha}")
        self.alpha = alpha
        self.skip_first = skip_first
        self.seen = 0
        self.value_s: float | None = None

    def update(self, latency_s: float) -> None:
        self.seen += 1
        if self.seen <= self.skip_first or not math.isfinite(latency_s) or latency_s < 0:
            return
        self.value_s = latency_s if self.value_s is None else (1 - self.alpha) * self.value_s + self.alpha * latency_s

    def steps(self, period_s: float, default: int = 0) -> int:
        """The estimated delay in control ticks (rounded up); ``default`` before any steady-state sample."""
        if self.value_s is None:
            return default
        return max(0, math.ceil(self.value_s / period_s - 1e-9))


# ---------------------------------------------------------------------------------------------- seam metrics
def seam_metrics(actions: np.ndarray, switches: list[int]) -> dict[str, float]:
    """Smoothness of an executed action sequence ``(L, Da)``.

    ``jump``: mean ``||a_k - a_{k-1}||`` over the ticks ``k`` where a new chunk took over (``switches``);
    ``step``: the same over the other ticks, the motion within a plan (the baseline a seam is compared with:
    a seamless switch has ``jump`` close to ``step``); ``jerk``: mean ``||a_{k+1} - 2 a_k + a_{k-1}||``, the second
    difference of the commands."""
    a = np.asarray(actions, dtype=np.float64)
    out = {"jump": float("nan"), "step": float("nan"), "jerk": float("nan"), "switches": 0}
    if len(a) >= 2:
        diffs = np.linalg.norm(np.diff(a, axis=0), axis=1)              # diffs[k - 1]: from tick k - 1 to k
        at = sorted({k for k in switches if 1 <= k < len(a)})
        within = np.ones(len(diffs), dtype=bool)
        within[[k - 1 for k in at]] = False
        if within.any():
            out["step"] = float(diffs[within].mean())
        out["switches"] = len(at)
        if at:
            out["jump"] = float(np.mean([diffs[k - 1] for k in at]))
    if len(a) >= 3:
        out["jerk"] = float(np.linalg.norm(a[2:] - 2 * a[1:-1] + a[:-2], axis=1).mean())
    return out
