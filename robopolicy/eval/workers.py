"""Environment slots for the rollout harness: step episodes a chunk of actions at a time.

The policy lives in the main process; environments live in *slots*. A slot runs one episode at a time and
keeps its observation history of ``To`` frames (the first frame repeated at reset). Each round the harness
sends every slot one command and gets one reply:

* ``("start", Assignment)``: reset for a new episode;
* ``("act", actions (Ta, Da), Assignment | None)``: execute the chunk, stopping early when the episode ends;
  if it ends and an assignment is attached, reset straight into that episode (saves a round trip);
* ``None``: nothing to do.

A reply says which episode now runs in the slot, its observation history ``{key: (To, *shape)}``, and the
episodes that finished. An environment that raises is recorded as an errored episode (with its seed) and is
rebuilt from its factory; the evaluation goes on. A chunk of actions holding NaN or inf is never sent to the
simulator: the episode ends there as an errored episode naming the first bad action.

``LocalSlots`` steps its environments in the calling process; ``ProcessSlots`` owns a spawned worker process
(``OMP_NUM_THREADS=1``) that steps its own environments. This module imports no torch.
"""

from __future__ import annotations

import math
import multiprocessing as mp
import os
import traceback
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from robopolicy.errors import RobopolicyError

WORKER_THREAD_ENV = ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS")
WORKER_START_TIMEOUT_S = 300.0  # making the first env in a fresh process can compile/load for a while


class WorkerError(RobopolicyError):
    """A worker process failed outside an episode (could not build its envs, or died)."""


@dataclass(frozen=True)
class EnvFactory:
    """Picklable recipe for an env: ``robopolicy.envs.make_env(env_id, **kwargs)``."""

    env_id: str
    kwargs: dict[str, Any] = field(default_factory=dict)

    def __call__(self) -> Any:
        from robopolicy.envs import make_env

        return make_env(self.env_id, **self.kwargs)


@dataclass(frozen=True)
class Assignment:
    """Episode ``index`` of an evaluation, reset with ``seed``; ``record`` keeps its camera frames."""

    index: int
    seed: int
    record: bool = False


@dataclass
class EpisodeResult:
    """One finished episode. ``error`` is set (and ``success`` false) when the env raised during it.

    ``frames``: ``(L + 1, H, W, 3)`` uint8 camera frames (reset frame included) when recorded, else None.
    """

    index: int
    env_id: str
    task: str
    seed: int
    ret: float
    length: int
    success: bool
    error: str | None = None
    fps: float = 0.0  # the env's control rate (for videos and durations)
    frames: np.ndarray | None = None
    # latency-aware runs: strategy, delays, seam metrics (``rollout.EpisodeExecution.summary``)
    execution: dict[str, Any] | None = None
    # the episode's maximum of each of the env's ``score_keys`` (PushT: {"coverage": ...}); None when it has none
    peaks: dict[str, float] | None = None

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d.pop("frames")
        for key in ("execution", "peaks"):
            if d[key] is None:
                d.pop(key)
        d["return"] = d.pop("ret")
        return d


@dataclass
class SlotReply:
    running: int | None  # episode index now running in the slot, None when idle
    obs: dict[str, np.ndarray] | None  # {key: (To, *shape)} of the running episode
    finished: list[EpisodeResult]


class EpisodeRunner:
    """One environment and the episode running in it."""

    def __init__(self, env_factory: Callable[[], Any], obs_keys: Sequence[str], obs_horizon: int,
                 stop_on_success: bool, max_episode_steps: int | None, frame_key: str | None,
                 env: Any | None = None):
        self.env_factory = env_factory
        self.obs_keys = list(obs_keys)
        self.obs_horizon = int(obs_horizon)
        self.stop_on_success = bool(stop_on_success)
        self.frame_key = frame_key
        self.env = env if env is not None else env_factory()
        limit = self.env.max_episode_steps
        self.max_steps = int(min(limit, max_episode_steps) if max_episode_steps else limit)
        self._reset_episode_state(None)

    def _reset_episode_state(self, assignment: Assignment | None) -> None:
        self.assignment = assignment
        self.history: deque[dict[str, np.ndarray]] = deque(maxlen=self.obs_horizon)
        self.ret, self.length, self.success = 0.0, 0, False
        self.peaks: dict[str, float] = {}
        self.frames: list[np.ndarray] | None = [] if assignment is not None and assignment.record else None

    def _observe(self, obs: dict[str, Any]) -> None:
        self.history.append({k: np.asarray(obs[k]) for k in self.obs_keys})
        if self.frames is not None:
            self.frames.append(np.asarray(obs[self.frame_key], dtype=np.uint8))

    def _stacked_history(self) -> dict[str, np.ndarray]:
        return {k: np.stack([o[k] for o in self.history]) for k in self.obs_keys}

    def _result(self, error: str | None) -> EpisodeResult:
        a = self.assignment
        frames = np.stack(self.frames) if self.frames else None
        return EpisodeResult(index=a.index, env_id=self.env.env_id, task=self.env.instruction, seed=a.seed,
                             ret=self.ret, length=self.length, success=self.success and error is None,
                             error=error, fps=float(self.env.fps), frames=frames, peaks=dict(self.peaks) or None)

    def _rebuild_env(self) -> None:
        try:
            self.env.close()
        except Exception:  # noqa: BLE001 - the env already failed; its close may fail too, a new one replaces it
            pass
        self.env = self.env_factory()

    def start(self, assignment: Assignment) -> SlotReply:
        """Reset into ``assignment``; a reset that raises is an errored episode and leaves the slot idle."""
        self._reset_episode_state(assignment)
        try:
            obs, _info = self.env.reset(seed=assignment.seed)
        except Exception as e:  # noqa: BLE001 - recorded in the report, evaluation continues
            result = self._result(_describe(e))
            self._rebuild_env()
            self._reset_episode_state(None)
            return SlotReply(None, None, [result])
        for _ in range(self.obs_horizon):  # the first frame repeated fills the history
            self.history.append({k: np.asarray(obs[k]) for k in self.obs_keys})
        if self.frames is not None:
            self.frames.append(np.asarray(obs[self.frame_key], dtype=np.uint8))
        return SlotReply(assignment.index, self._stacked_history(), [])

    def act(self, actions: np.ndarray, next_assignment: Assignment | None) -> SlotReply:
        """Execute ``actions`` ``(Ta, Da)`` until the chunk or the episode ends."""
        if self.assignment is None:
            raise WorkerError("act() on an idle slot (harness bug: it sent actions before a start)")
        refused = non_finite_actions(actions, self.length)
        error = refused
        done = False
        for action in actions if error is None else ():
            try:
                obs, reward, terminated, truncated, info = self.env.step(action)
            except Exception as e:  # noqa: BLE001 - recorded in the report, evaluation continues
                error = _describe(e)
                break
            self.ret += float(reward)
            self.length += 1
            self.success = self.success or bool(info.get("is_success", False))
            for key in getattr(self.env, "score_keys", ()):
                if key in info:
                    self.peaks[key] = max(self.peaks.get(key, -math.inf), float(info[key]))
            self._observe(obs)
            done = (terminated or truncated or self.length >= self.max_steps
                    or (self.stop_on_success and self.success))
            if done:
                break
        if error is None and not done:
            return SlotReply(self.assignment.index, self._stacked_history(), [])
        finished = [self._result(error)]
        if error is not None and refused is None:  # the env raised: rebuild it (a refused chunk never reached it)
            self._rebuild_env()
        self._reset_episode_state(None)
        if next_assignment is None:
            return SlotReply(None, None, finished)
        reply = self.start(next_assignment)
        return SlotReply(reply.running, reply.obs, finished + reply.finished)

    def handle(self, command: tuple | None) -> SlotReply:
        if command is None:
            return SlotReply(None, None, [])
        if command[0] == "start":
            return self.start(command[1])
        if command[0] == "act":
            return self.act(command[1], command[2])
        raise WorkerError(f"unknown slot command {command[0]!r}; valid: start, act")

    def close(self) -> None:
        self.env.close()


def non_finite_actions(actions: np.ndarray, first_step: int) -> str | None:
    """The episode error for a chunk ``(Ta, Da)`` holding NaN or inf (``first_step``: the episode step of its first
    action); None when every value is finite."""
    finite = np.isfinite(actions)
    if finite.all():
        return None
    row = int(np.flatnonzero(~finite.reshape(len(actions), -1).all(axis=1))[0])
    return (f"NonFiniteActionError: the policy's action for step {first_step + row} holds NaN or inf "
            f"({int((~finite).sum())} of {finite.size} values in the chunk); it was not sent to the simulator. "
            "Check the checkpoint's weights and the observation ranges")


def _describe(e: BaseException) -> str:
    frame = traceback.extract_tb(e.__traceback__)[-1] if e.__traceback__ else None
    where = f" (at {os.path.basename(frame.filename)}:{frame.lineno})" if frame else ""
    return f"{type(e).__name__}: {e}{where}"


class LocalSlots:
    """``n`` slots stepped in this process; ``first_env`` (an env already made) is reused by the first."""

    def __init__(self, n: int, runner_kwargs: dict[str, Any], first_env: Any | None = None):
        self.runners = [EpisodeRunner(**runner_kwargs, env=first_env if i == 0 else None) for i in range(n)]

    def __len__(self) -> int:
        return len(self.runners)

    def send(self, commands: Sequence[tuple | None]) -> None:
        self._replies = [r.handle(c) for r, c in zip(self.runners, commands)]

    def receive(self) -> list[SlotReply]:
        return self._replies

    def close(self) -> None:
        for r in self.runners:
            r.close()


def _worker_main(conn: Any, n: int, runner_kwargs: dict[str, Any]) -> None:
    try:
        runners = [EpisodeRunner(**runner_kwargs) for _ in range(n)]
    except Exception:  # noqa: BLE001 - reported to the main process, which raises WorkerError
        conn.send(("fatal", traceback.format_exc()))
        return
    conn.send(("ready", None))
    while True:
        commands = conn.recv()
        if commands is None:
            break
        try:
            conn.send(("ok", [r.handle(c) for r, c in zip(runners, commands)]))
        except Exception:  # noqa: BLE001 - a harness bug, not an env error: reported and fatal
            conn.send(("fatal", traceback.format_exc()))
            return
    for r in runners:
        r.close()


@contextmanager
def _single_threaded_children() -> Iterator[None]:
    """Spawned children inherit the environment at start: one BLAS/OpenMP thread each."""
    saved = {k: os.environ.get(k) for k in WORKER_THREAD_ENV}
    os.environ.update({k: "1" for k in WORKER_THREAD_ENV})
    try:
        yield
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


class ProcessSlots:
    """``n`` slots stepped by one spawned worker process."""

    def __init__(self, n: int, runner_kwargs: dict[str, Any]):
        self.n = n
        context = mp.get_context("spawn")
        self.conn, child = context.Pipe()
        with _single_threaded_children():
            self.process = context.Process(target=_worker_main, args=(child, n, runner_kwargs), daemon=True)
            self.process.start()
        child.close()

    def wait_ready(self) -> None:
        if not self.conn.poll(WORKER_START_TIMEOUT_S):
            raise WorkerError(f"worker process {self.process.pid} did not start within {WORKER_START_TIMEOUT_S} s")
        self._check(self._recv())

    def __len__(self) -> int:
        return self.n

    def send(self, commands: Sequence[tuple | None]) -> None:
        self.conn.send(list(commands))

    def receive(self) -> list[SlotReply]:
        return self._check(self._recv())

    def _recv(self) -> tuple[str, Any]:
        try:
            return self.conn.recv()
        except EOFError:
            raise WorkerError(f"worker process {self.process.pid} died (exit code {self.process.exitcode})") from None

    def _check(self, message: tuple[str, Any]) -> Any:
        kind, payload = message
        if kind == "fatal":
            raise WorkerError(f"worker process {self.process.pid} failed:\n{payload}")
        return payload

    def close(self) -> None:
        if self.process.is_alive():
            try:
                self.conn.send(None)
            except (BrokenPipeError, OSError):
                pass
            self.process.join(timeout=30)
            if self.process.is_alive():
                self.process.terminate()
                self.process.join()
        self.conn.close()
