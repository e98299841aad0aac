"""The control-loop daemon: a fixed-rate loop that sends one safe action per tick while inference runs aside.

Tick ``k`` has the absolute deadline ``t0 + k / rate`` (``time.perf_counter``): the loop sleeps until shortly
before it and busy-waits the last ``busy_wait_s``, so a slow tick does not shift the ones after it. Each tick:

1. observe the robot (the observation window of the last ``To`` observations is kept);
2. pop the action queued for this tick (actions for passed ticks are dropped; an action predicted from an
   observation older than ``max_action_age_s`` is refused);
3. the safety layer turns it into the action sent (limits, workspace, velocity; safe action on NaN, no
   action, stale inference or observations, e-stop);
4. ``robot.act``; log the step (observations, action sent, timing, safety flags) to the episode store;
5. when fewer than ``refill_below`` + the estimated delay (ticks) queued actions will still be fresh (no older
   than ``max_action_age_s``) when their tick comes, wake the inference thread, which sends the latest
   observation window to the policy and queues the returned chunk. Counting every queued action instead would
   let a chunk longer than ``max_action_age_s`` run into stale actions before the next one is asked for; not
   counting the delay would let the queue run dry while the chunk is on its way.

How a chunk joins the queued plan is ``daemon.execution`` (``robopolicy.execution.ExecutionSettings``; the same
``ActionQueue`` as latency-aware simulated evaluation): ``naive`` (replace from its arrival on), ``blend``
(crossfade over the overlap, the default), ``ensemble`` (temporal ensembling) or ``rtc`` (real-time chunking:
the request carries the plan queued from the observation's tick and the estimated delay ``d``, and the server
samples a chunk whose first ``d`` actions match the committed ones; it then replaces the queue). The delay is a
``DelayEstimator`` (EWMA, the cold-start request excluded) of the measured round trips, in ticks; before any
steady-state sample it is 0 (RTC is then plain sampling). A chunk is inserted with ``current_tick`` = the first
tick not yet executed (atomically with the loop's pop), so a fresh ``ActionQueue`` fed the same chunks at the
same ticks pops the same actions (``chunk_log`` keeps the recent chunks for that).

A running daemon holds an exclusive lock on ``<run_dir>/daemon.lock`` (which names its pid); the lock goes with
the process, however it ends, so ``robopolicy deploy estop`` can tell a live daemon from a stopped run.
E-stop: ``SIGUSR1`` (what ``robopolicy deploy estop`` sends) or the file ``<run_dir>/estop`` latches the safe
action. ``SIGINT``/``SIGTERM`` stop the loop cleanly: the last segment is written to the store, the status says
stopped and how the run ended. Any other exception, from the robot adapter (``observe``/``act`` raising
``OSError``), the transport or the policy backend, ends the run through the same path: the safe action is attempted
(its failure logged), the episode log is closed (buffered steps written), ``status.json`` and the log's
``run ended:`` line say how it ended, and ``run`` raises one ``DaemonFailedError`` line naming the exception.
Every chunk is checked before it joins the queue (a 2-d array of ``action_dim`` columns, at least ``To`` and at most
``pred_horizon`` actions): a bad one is refused and reported, and the daemon asks again; non-finite actions are
reported when they arrive and become the safe action at their tick (NONFINITE). Server lost / reconnected, e-stop and switches to and from the safe action are
logged (the CLI sends the log to stderr and ``<run_dir>/daemon.log``).
"""

from __future__ import annotations

import collections
import fcntl
import logging
import os
import signal
import sys
import threading
import time
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, TextIO

import numpy as np

from robopolicy.data.features import describe_mismatch, parse_features
from robopolicy.errors import ConfigError, RobopolicyError
from robopolicy.execution import DAEMON_STRATEGIES, DelayEstimator, ExecutionSettings
from robopolicy.horizons import executed_slice
from robopolicy.ranges import at_least, check_ranges, greater_than
from robopolicy.real.backends import PolicyBackend
from robopolicy.real.client import PolicyRequestError, PolicyUnavailable
from robopolicy.real.episode_log import EpisodeLogger, open_or_create_store, step_features
from robopolicy.real.safety import SAFE_ACTION_FLAGS, SafetyFlag, SafetyLayer
from robopolicy.real.status import STATUS_FILE, RingBuffer, latency_histogram, percentiles, write_status

log = logging.getLogger(__name__)

ESTOP_FILE = "estop"
LOCK_FILE = "daemon.lock"
LOG_FILE = "daemon.log"
STORE_DIR = "episodes.zarr"
RECENT_EVENTS = 50
CHUNK_LOG = 1000  # recent chunks kept in memory (ChunkEvent): what a replay through a fresh ActionQueue needs


class DaemonFailedError(RobopolicyError):
    """The run ended on an exception from the robot, the transport or the backend (the original is chained)."""


def daemon_execution() -> ExecutionSettings:
    return ExecutionSettings(strategy="blend")


def execution_settings(value: ExecutionSettings | dict[str, Any]) -> ExecutionSettings:
    """``daemon.execution`` as settings the daemon can run; one-line ``ConfigError`` otherwise (``sync`` waits for
    every chunk, which a robot cannot)."""
    if isinstance(value, ExecutionSettings):
        strategy = value.strategy
    elif isinstance(value, dict):
        valid = {f.name for f in fields(ExecutionSettings)}
        unknown = sorted(set(value) - valid)
        if unknown:
            raise ConfigError(f"unknown daemon.execution keys {unknown}; valid: {', '.join(sorted(valid))}")
        strategy = value.get("strategy", "sync")
    else:
        raise ConfigError(f"daemon.execution must be a mapping of execution settings, got {type(value).__name__}")
    if strategy not in DAEMON_STRATEGIES:
        raise ConfigError(f"daemon.execution.strategy={strategy!r} is not valid for the deploy daemon (a robot "
                          f"cannot wait for chunks); valid: {', '.join(DAEMON_STRATEGIES)}")
    return value if isinstance(value, ExecutionSettings) else ExecutionSettings(**value)


@dataclass
class DaemonConfig:
    """The control loop's settings (``daemon.*`` in ``configs/deploy.yaml``)."""

    # None: the robot profile's control_rate
    rate_hz: float | None = field(default=None, metadata=greater_than(0.0))
    max_ticks: int = field(default=0, metadata=at_least(0))  # 0: run until stopped
    # spin this long before each deadline instead of sleeping
    busy_wait_s: float = field(default=0.0005, metadata=at_least(0.0))
    # request a new chunk when fewer actions than this + the estimated delay (ticks) remain queued
    refill_below: int = field(default=3, metadata=at_least(1))
    # actions used from each chunk, from index To-1; 0: all of them
    actions_per_chunk: int = field(default=0, metadata=at_least(0))
    # how a chunk joins the queued plan: naive | blend (default, linear) | ensemble | rtc (no sync)
    execution: ExecutionSettings = field(default_factory=daemon_execution)
    # never send an action predicted from an observation older than this
    max_action_age_s: float = field(default=0.25, metadata=greater_than(0.0))
    # no chunk for this long: flush the queue, send the safe action
    watchdog_inference_s: float = field(default=0.5, metadata=greater_than(0.0))
    # no observation for this long: send the safe action
    watchdog_observation_s: float = field(default=0.2, metadata=greater_than(0.0))
    # wait between attempts while the policy is unreachable
    retry_interval_s: float = field(default=0.05, metadata=greater_than(0.0))
    # wait this long for the first chunk before starting the loop
    startup_timeout_s: float = field(default=30.0, metadata=greater_than(0.0))
    # steps per stored segment (a killed daemon loses at most this many)
    segment_steps: int = field(default=250, metadata=at_least(1))
    status_interval_s: float = field(default=1.0, metadata=greater_than(0.0))
    stop_on_success: bool = False
    # let the loop thread take the GIL back quickly from inference
    gil_switch_interval_s: float = field(default=0.0002, metadata=greater_than(0.0))
    stats_window: int = field(default=4000, metadata=at_least(1))
    task: str = ""  # instruction for language policies (default: the robot's, if it has one)
    seed: int = -1

    def __post_init__(self) -> None:
        self.execution = execution_settings(self.execution)
        check_ranges(self, DaemonConfig, "deploy daemon")


def already_running(run_dir: Path | str, pid: int | str) -> RobopolicyError:
    """The refusal to start a second daemon in a run directory that has a live one."""
    return RobopolicyError(f"a daemon (pid {pid}) is already running in {run_dir}; stop it first (robopolicy deploy "
                           "estop / SIGTERM) or give another run_dir=")


def hold_run_lock(run_dir: Path) -> TextIO:
    """Take ``<run_dir>/daemon.lock`` for this process and write our pid in it; keep the returned file open for
    as long as the daemon runs (the operating system drops the lock when the process ends, even on SIGKILL)."""
    lock = open(Path(run_dir) / LOCK_FILE, "a+")  # noqa: SIM115 - held open for the daemon's lifetime
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        lock.seek(0)
        pid = lock.read().strip() or "?"
        lock.close()
        raise already_running(run_dir, pid) from None
    lock.seek(0)
    lock.truncate()
    lock.write(f"{os.getpid()}\n")
    lock.flush()
    return lock


def live_daemon_pid(run_dir: Path) -> int | None:
    """The pid of the daemon running in ``run_dir``, or None when none holds its lock (stopped, killed, never run)."""
    path = Path(run_dir) / LOCK_FILE
    try:
        lock = open(path)  # noqa: SIM115
    except FileNotFoundError:
        return None
    with lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:  # held: a daemon is alive
            text = lock.read().strip()
            return int(text) if text.isdigit() else None
        fcntl.flock(lock, fcntl.LOCK_UN)
        return None


@dataclass
class ObservationSnapshot:
    history: list[dict[str, np.ndarray]]  # the last To observations, oldest first
    tick: int
    obs_time: float


@dataclass
class ChunkEvent:
    """One chunk the daemon queued: predicted from the observation of ``obs_tick``, requested when ``request_tick``
    was the first tick not yet executed, inserted (``ActionQueue.insert(actions, obs_tick, obs_time,
    arrival_tick)``) before the pop of ``arrival_tick``. ``delay`` and ``prefix`` are what an RTC request sent."""

    obs_tick: int
    request_tick: int
    arrival_tick: int
    actions: np.ndarray  # (n, Da) as inserted
    obs_time: float
    round_trip_ms: float
    delay: int = 0
    prefix: np.ndarray | None = None


class ControlDaemon:
    def __init__(self, robot: Any, backend: PolicyBackend, run_dir: Path, config: DaemonConfig):
        self.robot = robot
        self.profile = robot.profile
        self.backend = backend
        self.run_dir = Path(run_dir)
        self.config = config
        self.rate_hz = float(config.rate_hz or self.profile.control_rate)
        self.period_s = 1.0 / self.rate_hz
        self.safety = SafetyLayer(self.profile)
        self.execution = config.execution
        self.queue = self.execution.new_queue()
        self.rtc = self.execution.strategy == "rtc"
        self.delay = DelayEstimator()  # of the round trips (s); the first, a cold start, is excluded
        self._delay_ticks = 0
        # the inference thread inserts and the loop pops under this lock, so every chunk has a definite first tick
        self._pop_lock = threading.Lock()
        self._next_pop = 0  # the first tick whose action has not been popped
        self._last_popped: tuple[int, np.ndarray | None] = (-1, None)  # (tick, its planned action): RTC's prefix
        self._arrived: ChunkEvent | None = None  # the latest chunk not yet logged
        self.chunk_log: collections.deque[ChunkEvent] = collections.deque(maxlen=CHUNK_LOG)
        self.stop_requested = False
        self.stop_signal: str | None = None
        self.estop = False
        self.estop_reason = ""
        self.estop_tick: int | None = None
        self.ended: str | None = None  # how the run ended, once it has
        self._estop_announced = False
        self._status_due = threading.Event()  # write the status now (the e-stop is confirmed this way)
        self._t0: float | None = None
        self._lock_file: TextIO | None = None
        self._safe_since: int | None = None  # first tick of the current run of safe actions
        self._safe_reasons = SafetyFlag.NONE
        self._lost_at: float | None = None
        self._last_request_error = ""
        self.tick = 0
        self.ticks_run = 0
        self._wake_inference = threading.Event()
        self._latest: ObservationSnapshot | None = None
        self._latest_lock = threading.Lock()
        self._threads: list[threading.Thread] = []
        self._finished = threading.Event()
        # statistics (written by the loop thread, read by the status thread)
        n = config.stats_window
        self.periods_ms, self.jitter_ms, self.latency_ms = RingBuffer(n), RingBuffer(n), RingBuffer(n)
        self.inference_ms, self.round_trip_ms = RingBuffer(n), RingBuffer(n)
        self.deadline_misses = 0
        self.ticks_without_action = 0
        self.chunks_received = 0
        self.inference_failures = 0
        self.last_chunk_time: float | None = None
        self.last_obs_time: float | None = None
        self.policy_connected = False
        self.safety_counts: collections.Counter[str] = collections.Counter()
        self.recent_events: collections.deque[dict[str, Any]] = collections.deque(maxlen=RECENT_EVENTS)
        self.state = "starting"
        self.logger: EpisodeLogger | None = None
        self.chunks_refused = 0
        self.shutdown_errors: list[str] = []  # what failed while the run was ending (safe action, store, ...)
        self._inference_error: BaseException | None = None  # an unexpected exception of the inference thread
        self._last_chunk_problem = ""

    # ------------------------------------------------------------------ set-up
    def _setup(self) -> None:
        (self.run_dir / ESTOP_FILE).unlink(missing_ok=True)
        if self.config.refill_below * self.period_s > self.config.max_action_age_s:
            log.warning("refill_below=%d ticks (%.3f s) is longer than max_action_age_s=%g s: fewer fresh actions "
                        "than that are ever queued, so the daemon asks for chunks continuously; lower refill_below "
                        "or raise max_action_age_s", self.config.refill_below,
                        self.config.refill_below * self.period_s, self.config.max_action_age_s)
        self.metadata = self._wait_for_metadata()
        self.spec_features = parse_features(self.metadata["spec"]["obs_features"])
        self.obs_horizon = int(self.metadata["obs_horizon"])
        self.plan_horizon = int(self.metadata["pred_horizon"]) - self.obs_horizon + 1  # H: actions from the obs tick
        self.language = bool(self.metadata.get("language", False))
        if self.rtc and not self.metadata.get("rtc", False):
            why = ("its policy cannot be guided (only flow and diffusion policies can)" if "rtc" in self.metadata
                   else "the server predates real-time chunking (update robopolicy where it runs)")
            raise RobopolicyError(f"daemon.execution.strategy=rtc needs a policy that supports real-time chunking, "
                                  f"and {why}; serve a flow or diffusion policy, or set daemon.execution.strategy="
                                  f"{'|'.join(s for s in DAEMON_STRATEGIES if s != 'rtc')}")
        robot_features = self.robot.observation_features
        problems = describe_mismatch(self.spec_features, robot_features, "policy", f"robot {self.profile.name!r}")
        if problems:
            raise RobopolicyError("the policy and the robot disagree: " + "; ".join(problems))
        if int(self.metadata["action_dim"]) != self.profile.action_dim:
            raise RobopolicyError(f"the policy outputs {self.metadata['action_dim']}-d actions but robot "
                                  f"{self.profile.name!r} takes {self.profile.action_dim}")
        task = self.config.task or str(getattr(self.robot, "instruction", ""))
        if self.language and not task:
            raise RobopolicyError("the policy is language-conditioned: give task='<instruction>'")
        self.task = task
        store = open_or_create_store(self.run_dir / STORE_DIR, step_features(robot_features, self.profile.action_dim),
                                     fps=self.rate_hz, robot=self.profile.name)
        self.logger = EpisodeLogger(store, self.config.segment_steps, task, str(self.metadata.get("checkpoint_hash")),
                                    seed=self.config.seed)

    def _wait_for_metadata(self) -> dict[str, Any]:
        deadline = time.monotonic() + self.config.startup_timeout_s
        while True:
            try:
                metadata = self.backend.metadata()
                self.policy_connected = True
                return metadata
            except PolicyUnavailable as e:
                self._announce_estop()
                if time.monotonic() > deadline:
                    raise RobopolicyError(f"no policy after {self.config.startup_timeout_s} s: {e}") from None
                time.sleep(self.config.retry_interval_s)

    def _install_estop_handler(self) -> None:
        if threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGUSR1, lambda *_: self.engage_estop("SIGUSR1"))

    def _install_stop_handlers(self) -> None:
        if threading.current_thread() is not threading.main_thread():
            return

        def request_stop(signum: int, _frame: Any) -> None:
            self.stop_signal = self.stop_signal or signal.Signals(signum).name
            self.stop_requested = True

        signal.signal(signal.SIGINT, request_stop)
        signal.signal(signal.SIGTERM, request_stop)

    def engage_estop(self, why: str) -> None:
        """Latch the safe action. Safe in a signal handler: it only sets attributes; the main thread reports it
        (``_announce_estop``) at its next tick or start-up step."""
        if not self.estop:
            self.estop_reason = why
            self.estop_tick = self.tick
            self.estop = True

    def _announce_estop(self) -> None:
        if self.estop and not self._estop_announced:
            self._estop_announced = True
            self._event(f"e-stop engaged ({self.estop_reason}): the safe action is latched until the daemon is "
                        "restarted", logging.ERROR)
            self._status_due.set()

    def _event(self, what: str, level: int = logging.WARNING) -> None:
        """An operator event: into the status' recent events and the log (stderr and daemon.log via the CLI)."""
        self.recent_events.append({"tick": self.tick, "what": what, "time": time.time()})
        log.log(level, "tick %d: %s", self.tick, what)

    def refill_threshold(self) -> int:
        """Ask for the next chunk when fewer fresh actions than this are queued: ``refill_below`` + the
        estimated delay in ticks (the actions the robot runs while the chunk is on its way)."""
        return self.config.refill_below + self._delay_ticks

    def record_round_trip(self, round_trip_ms: float) -> None:
        """Feed the delay estimate (EWMA of the round trips, the cold start excluded) that drives the refill
        threshold and RTC's committed actions."""
        self.delay.update(round_trip_ms / 1e3)
        self._delay_ticks = self.delay.steps(self.period_s, default=0)

    def delay_estimate(self) -> dict[str, Any]:
        value = self.delay.value_s
        return {"delay_estimate_ms": None if value is None else value * 1e3,
                "delay_estimate_ticks": None if value is None else self._delay_ticks}

    def _fresh_depth(self) -> int:
        """Queued actions from the next tick on that will still be fresh when sent (see ``ActionQueue.fresh_depth``)."""
        k = self.tick + 1
        t0 = self._t0
        from_time = time.perf_counter() if t0 is None else t0 + k * self.period_s
        return self.queue.fresh_depth(k, from_time, self.period_s, self.config.max_action_age_s)

    # ------------------------------------------------------------------ inference thread
    def _observation_window(self, snapshot: ObservationSnapshot) -> dict[str, Any]:
        history = snapshot.history
        history = [history[0]] * (self.obs_horizon - len(history)) + history  # pad at the start of a run
        obs: dict[str, Any] = {k: np.stack([h[k] for h in history]) for k in self.spec_features}
        if self.language:
            obs["task"] = self.task
        return obs

    def _committed_plan(self, obs_tick: int) -> np.ndarray:
        """``queue.plan(obs_tick, H, Da)`` as it stands for the robot (under ``_pop_lock``): when the observation's
        tick has already run, its row is the action planned for it then. The plan ends (NaN rows) at the first
        action that is not finite (a faulty chunk: the safety layer never sends it)."""
        horizon, dim = self.plan_horizon, self.profile.action_dim
        if obs_tick >= self._next_pop:
            out = self.queue.plan(obs_tick, horizon, dim)
        else:
            out = np.full((horizon, dim), np.nan)
            tick, action = self._last_popped
            if tick == obs_tick and action is not None:
                out[0] = action
                out[1:] = self.queue.plan(obs_tick + 1, horizon - 1, dim)
        finite = np.isfinite(out).all(axis=1)
        if not finite.all():
            out[int(np.argmin(finite)):] = np.nan
        return out

    def _rtc_request(self, prefix: np.ndarray, delay: int) -> dict[str, Any]:
        ex = self.execution
        return {"prefix": prefix, "delay": int(delay), "max_guidance": float(ex.rtc_max_guidance),
                "schedule": ex.rtc_schedule, "jacobian": ex.rtc_jacobian}

    def _inference_loop(self) -> None:
        """Run ``_infer_until_finished``; an exception it does not handle ends the run (the loop raises it)."""
        try:
            self._infer_until_finished()
        except Exception as e:  # noqa: BLE001 - handed to the control loop, which ends the run through one path
            self._inference_error = e
            self._wake_inference.set()

    def chunk_problem(self, chunk: Any, first: int) -> str | None:
        """Why a chunk from the backend cannot be queued (None when it can): not a 2-d numeric array of
        ``action_dim`` columns, fewer than ``first + 1`` actions, or more than the policy's ``pred_horizon``
        (a runaway server must not make the queue grow or the loop starve)."""
        try:
            actions = np.asarray(chunk, dtype=np.float64)
        except (TypeError, ValueError) as e:
            return f"not a numeric array ({type(chunk).__name__}: {e})"
        dim, limit = self.profile.action_dim, int(self.metadata["pred_horizon"])
        if actions.ndim != 2 or actions.shape[1] != dim:
            return f"shape {actions.shape}, expected (actions, {dim}) for robot {self.profile.name!r}"
        if actions.shape[0] <= first:
            return f"{actions.shape[0]} actions, but the observation window needs at least {first + 1}"
        if actions.shape[0] > limit:
            return f"{actions.shape[0]} actions, more than the policy's pred_horizon={limit}"
        return None

    def _refuse_chunk(self, problem: str) -> None:
        self.chunks_refused += 1
        self.inference_failures += 1
        if problem != self._last_chunk_problem:  # once per distinct problem, not once per chunk
            self._last_chunk_problem = problem
            self._event(f"refused a chunk from the policy: {problem}; asking again (the safe action is sent while "
                        "no valid chunk is queued)", logging.ERROR)

    def _infer_until_finished(self) -> None:
        first = executed_slice(self.obs_horizon, 1).start  # the protocol's first executed action, To - 1
        while not self._finished.is_set():
            if not self._wake_inference.wait(timeout=self.config.status_interval_s):
                continue
            with self._pop_lock:  # the observation and the plan it continues, consistent with the loop's pops
                with self._latest_lock:
                    snapshot = self._latest
                request_tick = self._next_pop
                prefix = self._committed_plan(snapshot.tick) if self.rtc and snapshot is not None else None
            if snapshot is None or self._finished.is_set():
                continue
            delay = min(self._delay_ticks, self.plan_horizon)
            rtc = None if prefix is None else self._rtc_request(prefix, delay)
            try:
                chunk, timing = self.backend.infer(self._observation_window(snapshot), rtc)
            except PolicyUnavailable as e:
                self.inference_failures += 1
                if self.policy_connected:
                    self._lost_at = time.monotonic()
                    self._event(f"policy server lost: {e}; sending the safe action, retrying every "
                                f"{self.config.retry_interval_s:g} s")
                self.policy_connected = False
                time.sleep(self.config.retry_interval_s)
                continue
            except PolicyRequestError as e:
                self.inference_failures += 1
                if str(e) != self._last_request_error:  # once per distinct refusal, not once per request
                    self._last_request_error = str(e)
                    self._event(f"the policy server refused a request: {e}")
                time.sleep(self.config.retry_interval_s)
                continue
            if not self.policy_connected:
                away = "" if self._lost_at is None else f" after {time.monotonic() - self._lost_at:.1f} s"
                self._event(f"policy server reconnected{away}", logging.INFO if self._lost_at is None else logging.WARNING)
                self._lost_at = None
            self.policy_connected = True
            self._last_request_error = ""
            problem = self.chunk_problem(chunk, first)
            if problem is not None:
                self._refuse_chunk(problem)
                time.sleep(self.config.retry_interval_s)
                continue
            n = self.config.actions_per_chunk or len(chunk) - first
            actions = np.asarray(chunk[first:first + n], dtype=np.float64)
            nonfinite = int((~np.isfinite(actions)).any(axis=1).sum())
            if nonfinite:
                self._event(f"a chunk with {nonfinite} non-finite action(s) (NaN or inf) from the policy: their "
                            "ticks get the safe action (NONFINITE)", logging.ERROR)
            round_trip = float(timing.get("round_trip_ms", np.nan))
            with self._pop_lock:
                arrival = self._next_pop
                self.queue.insert(actions, snapshot.tick, snapshot.obs_time, arrival)
                event = ChunkEvent(snapshot.tick, request_tick, arrival, actions, snapshot.obs_time, round_trip,
                                   delay if rtc else 0, prefix)
                self._arrived = event
            self.chunk_log.append(event)
            self.last_chunk_time = time.perf_counter()
            self.chunks_received += 1
            self.inference_ms.add(timing.get("infer_ms", np.nan))
            self.round_trip_ms.add(round_trip)
            self.record_round_trip(round_trip)
            if self._fresh_depth() >= self.refill_threshold():
                self._wake_inference.clear()

    # ------------------------------------------------------------------ status thread
    def status(self) -> dict[str, Any]:
        periods = self.periods_ms.recent()
        window = periods[-int(self.rate_hz):] if len(periods) else periods
        return {"written_at": time.time(), "pid": os.getpid(), "state": self.state, "ended": self.ended,
                "robot": self.profile.name,
                "policy": str(self.metadata.get("checkpoint_hash")) if hasattr(self, "metadata") else None,
                "policy_connected": self.policy_connected, "estop": self.estop, "estop_reason": self.estop_reason or None,
                "loop": {"ticks": self.ticks_run, "target_hz": self.rate_hz,
                         "rate_hz": float(1e3 / np.mean(window)) if len(window) else None,
                         "period_ms": percentiles(periods), "jitter_ms": percentiles(self.jitter_ms.recent()),
                         "deadline_misses": self.deadline_misses},
                "latency_ms": percentiles(self.latency_ms.recent()),
                "latency_histogram": latency_histogram(self.latency_ms.recent()),
                "inference_ms": percentiles(self.inference_ms.recent()),
                "round_trip_ms": percentiles(self.round_trip_ms.recent()),
                "execution": self.execution.strategy, **self.delay_estimate(),
                "refill_threshold": self.refill_threshold(),
                "queue_depth": self.queue.depth(self.tick), "fresh_queue_depth": self._fresh_depth(),
                "chunks_received": self.chunks_received, "chunks_refused": self.chunks_refused,
                "shutdown_errors": list(self.shutdown_errors),
                "inference_failures": self.inference_failures, "ticks_without_action": self.ticks_without_action,
                "actions_dropped_late": self.queue.dropped_late, "safety_counts": dict(self.safety_counts),
                "recent_events": list(self.recent_events),
                "steps_logged": self.logger.steps_logged if self.logger else 0,
                "segments_written": self.logger.segments_written if self.logger else 0,
                "store_error": str(self.logger.error) if self.logger and self.logger.error else None}

    def _status_loop(self) -> None:
        path = self.run_dir / STATUS_FILE
        while not self._finished.is_set():
            self._status_due.wait(self.config.status_interval_s)
            self._status_due.clear()
            if not self._finished.is_set():
                write_status(path, self.status())

    # ------------------------------------------------------------------ the loop
    def _publish(self, history: collections.deque, tick: int, obs_time: float) -> None:
        with self._latest_lock:
            self._latest = ObservationSnapshot(list(history), tick, obs_time)

    def _wait_until(self, deadline: float) -> None:
        remaining = deadline - time.perf_counter()
        if remaining > self.config.busy_wait_s:
            time.sleep(remaining - self.config.busy_wait_s)
        while time.perf_counter() < deadline:
            pass

    def _record_flags(self, flags: SafetyFlag, previous: SafetyFlag) -> None:
        for name in SafetyFlag.names(int(flags)):
            self.safety_counts[name] += 1
        if flags != previous and flags:
            self.recent_events.append({"tick": self.tick, "what": "+".join(SafetyFlag.names(int(flags)))})
        safe = flags & SAFE_ACTION_FLAGS
        if safe and self._safe_since is None:  # one log line when the safe action starts, one when it ends
            self._safe_since, self._safe_reasons = self.tick, safe
            log.warning("tick %d: sending the safe action: %s", self.tick, "+".join(SafetyFlag.names(int(safe))))
        elif safe:
            self._safe_reasons |= safe
        elif self._safe_since is not None:
            log.info("tick %d: policy actions again after %d ticks of the safe action (%s)", self.tick,
                     self.tick - self._safe_since, "+".join(SafetyFlag.names(int(self._safe_reasons))))
            self._safe_since, self._safe_reasons = None, SafetyFlag.NONE

    def run(self) -> dict[str, Any]:
        """Connect, run until ``max_ticks``, a stop signal or success; returns the final status."""
        cfg = self.config
        self.run_dir.mkdir(parents=True, exist_ok=True)
        self._install_estop_handler()  # before the lock: an e-stop sent as soon as the lock is seen must not kill us
        self._lock_file = hold_run_lock(self.run_dir)
        status_thread = threading.Thread(target=self._status_loop, name="status", daemon=True)
        status_thread.start()  # the status (and an e-stop confirmation) is written during start-up too
        self._threads = [status_thread]
        connected = False
        try:
            self.robot.connect()
            connected = True
            self._setup()
        except BaseException as e:
            if connected:
                self._attempt("disconnect the robot", self.robot.disconnect)
            self.ended = f"failed at start-up: {e}"
            self._release(status_thread)
            if isinstance(e, RobopolicyError) or not isinstance(e, Exception):
                raise
            raise DaemonFailedError(f"the run failed at start-up: {type(e).__name__}: {e} (details: "
                                    f"{self.run_dir / LOG_FILE})") from e
        self._install_stop_handlers()
        previous_switch = sys.getswitchinterval()
        sys.setswitchinterval(cfg.gil_switch_interval_s)
        k = 0
        try:
            k = self._loop()
        except BaseException as e:
            if self.ended is None:
                self.ended = f"failed at tick {self.tick}: {type(e).__name__}: {e}"
            failure: BaseException | None = e
        else:
            failure = None
        finally:
            self.tick = max(self.tick, k)
            self._shutdown(previous_switch)
        if failure is not None:
            if isinstance(failure, RobopolicyError) or not isinstance(failure, Exception):
                raise failure  # ours (one line already) or an interrupt
            raise DaemonFailedError(f"the run ended: {self.ended}; {self._shutdown_summary()}; "
                                    f"{self.logger.steps_logged if self.logger else 0} steps logged to "
                                    f"{self.run_dir / STORE_DIR} (details: {self.run_dir / LOG_FILE})") from failure
        return self.status()

    def _check_inference(self) -> None:
        if self._inference_error is not None:
            raise self._inference_error

    def _loop(self) -> int:
        """Wait for the first chunk, then run the ticks until a limit, a stop or success; returns the last tick.
        Sets ``ended`` when the run ends normally; raises on a failure (``run`` ends it)."""
        cfg = self.config
        obs = self.robot.observe()
        history: collections.deque = collections.deque([obs], maxlen=self.obs_horizon)
        self.last_obs_time = time.perf_counter()
        self._publish(history, 0, self.last_obs_time)
        inference_thread = threading.Thread(target=self._inference_loop, name="inference", daemon=True)
        self._threads.append(inference_thread)
        inference_thread.start()
        self._wake_inference.set()
        startup_deadline = time.perf_counter() + cfg.startup_timeout_s
        while self.chunks_received == 0 and not self.stop_requested:
            self._announce_estop()
            self._check_inference()
            if time.perf_counter() > startup_deadline:
                self.ended = f"no action chunk within {cfg.startup_timeout_s} s of start-up"
                raise RobopolicyError(f"no action chunk within {cfg.startup_timeout_s} s of start-up; check the "
                                      "server's log, or raise daemon.startup_timeout_s")
            time.sleep(0.001)
        self.state = "running"
        estop_path = self.run_dir / ESTOP_FILE
        t0 = self._t0 = time.perf_counter()
        last_start = t0
        previous_flags = SafetyFlag.NONE
        k = 0
        while not self.stop_requested and (cfg.max_ticks <= 0 or k < cfg.max_ticks):
            self._check_inference()
            deadline = t0 + k * self.period_s
            self._wait_until(deadline)
            start = time.perf_counter()
            if start > deadline + self.period_s:  # fell more than a period behind: skip the lost ticks
                skipped = int((start - deadline) / self.period_s)
                self.deadline_misses += skipped
                k += skipped
                deadline = t0 + k * self.period_s
            self.tick = k
            if k > 0:
                self.periods_ms.add((start - last_start) * 1e3)
                self.jitter_ms.add(abs(start - deadline) * 1e3)
            last_start = start
            reasons = SafetyFlag.NONE
            try:
                obs = self.robot.observe()
                self.last_obs_time = obs_time = time.perf_counter()
                history.append(obs)
            except RobopolicyError as e:
                obs_time = time.perf_counter()
                self.recent_events.append({"tick": k, "what": f"observation failed: {e}"})
            if obs_time - self.last_obs_time > cfg.watchdog_observation_s:
                reasons |= SafetyFlag.WATCHDOG_OBSERVATION
            self._publish(history, k, obs_time)
            if not self.estop and estop_path.exists():
                self.engage_estop("control file")
            self._announce_estop()
            if self.estop:
                reasons |= SafetyFlag.ESTOP
            if self.last_chunk_time is not None and start - self.last_chunk_time > cfg.watchdog_inference_s:
                reasons |= SafetyFlag.WATCHDOG_INFERENCE
                self.queue.clear()
            with self._pop_lock:
                queued = self.queue.pop(k)
                self._next_pop = k + 1
                if self.rtc:
                    self._last_popped = (k, None if queued is None else queued.action)
                arrived, self._arrived = self._arrived, None
            proposed, age_ms = None, np.nan
            if queued is not None:
                proposed, age_s = queued.fresh(time.perf_counter(), cfg.max_action_age_s)
                age_ms = age_s * 1e3
                if proposed is None:
                    reasons |= SafetyFlag.STALE_ACTION
            action, flags = self.safety.filter(proposed, history[-1], reasons)
            sent = self.robot.act(action)
            done = time.perf_counter()
            if proposed is None:
                self.ticks_without_action += 1
            latency = (done - obs_time) * 1e3
            self.latency_ms.add(latency)
            if done > deadline + self.period_s:
                self.deadline_misses += 1
            depth = self.queue.depth(k + 1)
            if self.queue.fresh_depth(k + 1, deadline + self.period_s, self.period_s,
                                      cfg.max_action_age_s) < self.refill_threshold():
                self._wake_inference.set()
            self._record_flags(flags, previous_flags)
            previous_flags = flags
            raw = np.zeros(self.profile.action_dim) if queued is None else np.nan_to_num(
                queued.action if proposed is None else proposed, nan=0.0, posinf=0.0, neginf=0.0)
            self.logger.log({**history[-1], "action": sent, "policy_action": raw, "tick_time": start - t0,
                             "latency_ms": latency, "action_age_ms": 0.0 if np.isnan(age_ms) else age_ms,
                             "safety_flags": int(flags), "queue_depth": depth, "tick": k,
                             "round_trip_ms": 0.0 if arrived is None else np.nan_to_num(arrived.round_trip_ms),
                             "chunk_obs_tick": -1 if arrived is None else arrived.obs_tick})
            self.ticks_run += 1
            if cfg.stop_on_success and getattr(self.robot, "task_success", False):
                self.ended = "the task succeeded (stop_on_success)"
                return k
            k += 1
        self.ended = (f"stopped by {self.stop_signal or 'a stop request'}" if self.stop_requested
                      else f"reached max_ticks={cfg.max_ticks}")
        return k

    def _shutdown(self, previous_switch: float) -> None:
        """End the run, however it ends: every step is attempted even when an earlier one fails (each failure is
        logged and listed in the status' ``shutdown_errors``)."""
        self._attempt("send the safe action at shutdown", lambda: self.robot.act(self.safety.safe_action()))
        self._finished.set()
        self._wake_inference.set()
        self._status_due.set()
        for thread in self._threads:
            thread.join(timeout=5)
        if self.logger is not None:
            logger = self.logger
            self._attempt("close the episode log", lambda: logger.close(getattr(self.robot, "task_success", None)))
            if logger.error is not None:
                self.shutdown_errors.append(f"the episode log could not write a segment: {logger.error}")
        self._attempt("close the policy backend", self.backend.close)
        self._attempt("disconnect the robot", self.robot.disconnect)
        sys.setswitchinterval(previous_switch)
        self.state = "stopped"
        if self._safe_since is not None:
            log.info("the last %d ticks sent the safe action (%s)", self.tick - self._safe_since,
                     "+".join(SafetyFlag.names(int(self._safe_reasons))))
        level = logging.ERROR if self.ended and self.ended.startswith("failed") else logging.INFO
        errors = f" ({self._shutdown_summary()})" if self.shutdown_errors else ""
        log.log(level, "run ended: %s%s", self.ended or "stopped", errors)
        write_status(self.run_dir / STATUS_FILE, self.status())
        self._release_lock()

    def _attempt(self, what: str, step: Any) -> None:
        try:
            step()
        except Exception as e:  # noqa: BLE001 - a failing driver must not stop the rest of the shutdown
            self.shutdown_errors.append(f"could not {what}: {type(e).__name__}: {e}")
            log.error("could not %s: %s: %s", what, type(e).__name__, e)

    def _shutdown_summary(self) -> str:
        return "; ".join(self.shutdown_errors) if self.shutdown_errors else "the safe action was sent"

    def _release(self, status_thread: threading.Thread) -> None:
        """Stop the status thread after a failed start-up, write the last status and drop the lock."""
        self._finished.set()
        self._status_due.set()
        status_thread.join(timeout=5)
        self.state = "stopped"
        log.info("run ended: %s", self.ended)
        write_status(self.run_dir / STATUS_FILE, self.status())
        self._release_lock()

    def _release_lock(self) -> None:
        if self._lock_file is not None:
            self._lock_file.close()  # closing drops the flock; the file stays (it names the last pid)
            self._lock_file = None
