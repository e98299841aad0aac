"""Actor processes for DSRL-SAC: env stepping and acting overlap the learner's gradient updates (issue 53).

``ActorPool(base, env_id, cfg, ...)`` spawns ``cfg.actors`` processes (``spawn`` context, one torch/BLAS thread
each). Actor ``i`` builds the same ``DSRLAgent`` as the learner (it uses only its noise policy and its base calls),
owns a ``VectorChunkEnv`` of ``cfg.num_envs`` envs and steps it one decision at a time with ``dsrl.act``, the
function the in-process loop calls; each decision goes to the learner as one batch::

    obs, next_obs   {key: (N, To, *shape)}   the observation windows before and after the chunk
    stored          (N, Tp, Da) or (N, Ta, Da)  the noise w (sac) or the executed actions (na)
    reward, done, steps  (N,)                the chunk's summed reward, terminal flag, env steps n
    finished        N x (success | None)     the success flag of each env whose episode ended
    version         int                      the weight version the actor acted with
    seeds           (N,)                     each env's episode reset seed during the decision

Two channels, both ``multiprocessing`` queues (no pipe send can block either side on the other's buffer):
one shared queue actors -> learner (batches, "ready", errors) and one control queue per actor, learner -> actor,
carrying ``("weights", version, on_policy, state)`` (the noise policy's state dict as numpy arrays; ``on_policy``:
act with it, else warm-up noise), ``("grant", k)`` (k more decisions) and ``("stop",)``.

Bounded staleness by credits: at the start the learner grants every actor ``max_staleness + 1`` decisions and then
one more per batch it has consumed (its updates done and the new weights published first, in the same FIFO
queue). Before each decision an actor takes every message waiting, so it acts with the newest weights it has.
With one actor a batch is therefore at most ``max_staleness`` versions behind the learner when consumed
(``max_staleness=0`` is lock-step: every decision acts on the weights after all earlier decisions' updates); with
A actors the others' batches publish versions in between, up to ``A * (max_staleness + 1) - 1``. Each batch's
staleness (learner version at consumption minus the batch's version) is counted in ``report()``.

Reset seeds: actor ``i`` of ``A`` resets its episodes from ``actor_stream(seed, i, A)``, the ``i``-th of ``A``
equal, disjoint slices of training seed ``seed``'s stream (``robopolicy.protocol.training_stream``), so no two
actors share a start state, and none leaves the seed's stream or reaches an evaluation or tuning seed (the
reserved ranges are still skipped by ``VectorChunkEnv``). With one actor its slice is the whole stream, the seeds
the in-process loop uses.

Shutdown: ``close()`` (called from the learner's ``finally``) sends stop, joins, then terminates and kills what is
left. Actors ignore SIGINT (Ctrl-C reaches the learner, which closes them in order) and exit by themselves when
the learner's process is gone (they check their parent between decisions and while waiting).
"""

from __future__ import annotations

import multiprocessing as mp
import os
import queue
import signal
import time
import traceback
from collections import Counter
from typing import Any

import numpy as np

from robopolicy.errors import RobopolicyError
from robopolicy.eval.workers import WORKER_START_TIMEOUT_S, WorkerError, _single_threaded_children
from robopolicy.protocol import SeedRange, training_stream

POLL_S = 1.0          # how often a waiting side checks that the other is still alive
JOIN_TIMEOUT_S = 10.0  # close(): how long an actor gets to exit after "stop" before it is terminated


def actor_stream(seed: int, actor: int, actors: int) -> SeedRange:
    """The reset seeds of actor ``actor`` of ``actors``: the ``actor``-th of ``actors`` equal, disjoint slices of
    training seed ``seed``'s stream."""
    stream = training_stream(seed)
    length = stream.count // actors
    return SeedRange(stream.start + actor * length, length)


def actor_torch_seed(seed: int, actor: int) -> int | None:
    """The torch seed actor ``actor`` reseeds with after building its agent (None: actor 0 keeps the learner's
    stream as it is at the in-process loop's first decision, so its warm-up noise is the in-process loop's)."""
    if actor == 0:
        return None
    return int(np.random.SeedSequence([seed, actor]).generate_state(1)[0])


def state_arrays(module: Any) -> dict[str, np.ndarray]:
    """A module's state dict as numpy copies (what the control queue carries)."""
    return {k: v.detach().cpu().numpy().copy() for k, v in module.state_dict().items()}


def _parent_alive(parent: int) -> bool:
    return os.getppid() == parent


def _actor_main(index: int, base: Any, env_id: str, cfg: Any, reserved: dict[str, range], base_hash: str | None,
                control: Any, results: Any, parent: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)   # Ctrl-C is the learner's to handle; it stops us in order
    try:
        import torch

        from robopolicy.finetune.dsrl import DSRLAgent, act
        from robopolicy.finetune.steered import state_dict_sha256
        from robopolicy.finetune.vector_env import VectorChunkEnv

        torch.set_num_threads(1)
        if base_hash is not None and state_dict_sha256(base) != base_hash:
            raise RobopolicyError("the actor's copy of the base policy differs from the learner's (state-dict sha256)")
        torch.manual_seed(cfg.seed)
        agent = DSRLAgent(base, cfg)                 # the learner's construction: same RNG use, same shapes
        reseed = actor_torch_seed(cfg.seed, index)
        if reseed is not None:
            torch.manual_seed(reseed)
        vec = VectorChunkEnv(env_id, base.spec, cfg.num_envs, cfg.seed, cfg.max_episode_steps, reserved,
                             stream=actor_stream(cfg.seed, index, cfg.actors))
        results.put(("ready", index, os.getpid()))
        version, on_policy, credits = -1, False, 0
        try:
            while True:
                while credits <= 0 or not control.empty():   # take every message waiting; block without credit
                    try:
                        message = control.get(timeout=POLL_S)
                    except queue.Empty:
                        if not _parent_alive(parent):
                            results.cancel_join_thread()   # nobody reads our last batches: exit without them
                            return
                        continue
                    if message[0] == "stop":
                        results.cancel_join_thread()
                        return
                    if message[0] == "grant":
                        credits += message[1]
                    elif message[0] == "weights":
                        version, on_policy, state = message[1:]
                        agent.actor.load_state_dict({k: torch.from_numpy(v) for k, v in state.items()})
                if not _parent_alive(parent):
                    results.cancel_join_thread()
                    return
                seeds = list(vec.seeds)
                decision = act(agent, vec, cfg, on_policy)
                out = decision["out"]
                results.put(("batch", index, {
                    "obs": decision["obs"], "stored": decision["stored"],
                    "next_obs": decision["next_obs"], "reward": out["reward"], "done": out["done"],
                    "steps": out["steps"], "finished": decision["finished"], "tasks": decision["tasks"],
                    "version": version, "seeds": seeds}))
                credits -= 1
        finally:
            vec.close()
    except Exception:  # noqa: BLE001 - reported to the learner, which raises it (exiting flushes the message)
        results.put(("error", index, traceback.format_exc()))


class ActorPool:
    """``cfg.actors`` actor processes feeding one learner (see the module doc)."""

    label = "dsrl actor"   # how messages name one process (a subclass runs other workers on the same machinery)

    def __init__(self, base: Any, env_id: str, cfg: Any, reserved: dict[str, range], base_hash: str | None):
        self.start(cfg, [actor_stream(cfg.seed, i, cfg.actors) for i in range(cfg.actors)],
                   [(f"dsrl-actor-{i}", _actor_main, (i, base, env_id, cfg, reserved, base_hash))
                    for i in range(cfg.actors)])

    def start(self, cfg: Any, streams: list, workers: list[tuple[str, Any, tuple]]) -> None:
        """Start one process per ``(name, target, args)``; each target gets ``(*args, control queue, results
        queue, learner pid)``. ``cfg.max_staleness`` sets how far ahead of the weights a process may run."""
        self.cfg = cfg
        context = mp.get_context("spawn")
        self.results = context.Queue()
        self.controls = [context.Queue() for _ in workers]
        self.processes = []
        self.version = -1
        self.published_key: Any = None
        self.to_grant: dict[int, int] = {}
        self.staleness: Counter[int] = Counter()
        self.last_staleness = 0
        self.learner_wait_seconds = 0.0
        self.started = time.perf_counter()
        self.startup_seconds = 0.0
        self.streams = streams
        try:
            with _single_threaded_children():
                for i, (name, target, args) in enumerate(workers):
                    process = context.Process(target=target, name=name, daemon=True,
                                              args=(*args, self.controls[i], self.results, os.getpid()))
                    process.start()
                    self.processes.append(process)
        except BaseException:
            self.close()
            raise

    @property
    def pids(self) -> list[int]:
        return [p.pid for p in self.processes]

    def _get(self, timeout: float) -> tuple:
        """The next message from any actor; raises ``WorkerError`` for an actor's error or death."""
        deadline = time.perf_counter() + timeout
        while True:
            try:
                message = self.results.get(timeout=POLL_S)
            except queue.Empty:
                dead = [(i, p) for i, p in enumerate(self.processes) if not p.is_alive()]
                if dead:
                    i, p = dead[0]
                    raise WorkerError(f"{self.label} {i} (pid {p.pid}) died (exit code {p.exitcode}); "
                                      "see its output above") from None
                if time.perf_counter() > deadline:
                    raise WorkerError(f"no message from the {self.label}s within {timeout:.0f} s") from None
                continue
            if message[0] == "error":
                raise WorkerError(f"{self.label} {message[1]} failed:\n{message[2]}")
            return message

    def wait_ready(self) -> None:
        """Block until every actor has built its envs (the start-up is not part of the timed loop)."""
        ready = set()
        while len(ready) < len(self.processes):
            message = self._get(WORKER_START_TIMEOUT_S)
            if message[0] != "ready":
                raise WorkerError(f"{self.label} {message[1]} sent {message[0]!r} before it was ready")
            ready.add(message[1])
        self.startup_seconds = time.perf_counter() - self.started
        self.to_grant = dict.fromkeys(range(len(self.processes)), self.cfg.max_staleness + 1)

    def publish(self, actor: Any, on_policy: bool, key: Any) -> None:
        """Send the noise policy's weights to every actor if ``key`` (what they depend on: updates, scalers)
        changed since the last publication; then the pending decision grants."""
        if key != self.published_key:
            self.version += 1
            self.published_key = key
            state = state_arrays(actor)
            for control in self.controls:
                control.put(("weights", self.version, bool(on_policy), state))
        for i, k in self.to_grant.items():
            if k:
                self.controls[i].put(("grant", k))
        self.to_grant = dict.fromkeys(self.to_grant, 0)

    def receive(self) -> dict[str, Any]:
        """The next decision batch (blocking); its actor gets one more decision at the next ``publish``."""
        start = time.perf_counter()
        _, index, batch = self._get(WORKER_START_TIMEOUT_S)
        self.learner_wait_seconds += time.perf_counter() - start
        self.to_grant[index] += 1
        self.last_staleness = self.version - batch["version"]
        self.staleness[self.last_staleness] += 1
        batch["actor"] = index
        return batch

    def report(self) -> dict[str, Any]:
        counts = dict(sorted(self.staleness.items()))
        total = sum(counts.values())
        return {"actors": len(self.processes), "max_staleness": self.cfg.max_staleness,
                "weight_versions": self.version + 1,
                "staleness_counts": {str(k): v for k, v in counts.items()},
                "staleness_mean": sum(k * v for k, v in counts.items()) / max(total, 1),
                "staleness_max": max(counts, default=0),
                "startup_seconds": self.startup_seconds, "learner_wait_seconds": self.learner_wait_seconds,
                "seed_streams": [[s.start, s.stop - 1] for s in self.streams]}

    def close(self) -> None:
        """Stop every actor: "stop", a join, then terminate and kill whatever is still running."""
        for control in self.controls:
            try:
                control.put(("stop",))
            except (OSError, ValueError):
                pass
        deadline = time.perf_counter() + JOIN_TIMEOUT_S
        for process in self.processes:
            process.join(timeout=max(0.0, deadline - time.perf_counter()))
        for process in self.processes:
            if process.is_alive():
                process.terminate()
                process.join(timeout=5)
            if process.is_alive():
                process.kill()
                process.join()
        for q in [self.results, *self.controls]:
            q.cancel_join_thread()
            q.close()
