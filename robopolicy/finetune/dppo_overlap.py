"""DPPO with its rollouts in a worker process, overlapping the learner's work after each update (issue 53).

PPO is on-policy: rollout k+1 must come from the actor that update k produced, so the actor's gradient steps and the
env steps cannot overlap without acting on stale weights (a bounded staleness, as DSRL's actors use, is an
off-policy rollout that PPO's ratio and clip do not correct for). What can overlap is everything in an iteration
that rollout k+1 does not read:

1. ``DPPOAgent.actor_update``: the actor's PPO epochs on rollout k (the learner);
2. the new actor weights go to the worker, which collects rollout k+1 with them (env steps, the frozen encoder, the
   denoising chain sampled with the training chain's noise; ``collect_rollout``, the in-process loop's function);
3. meanwhile the learner runs ``DPPOAgent.critic_update`` (the critic's steps on the minibatches the actor's epochs
   ran, up to the same target-KL stop), logs, and runs any periodic evaluation and selection point (they use the
   new actor, which the worker acts with);
4. the learner takes rollout k+1; its values and GAE come from the updated critic, after collection, as in-process.

Nothing in a rollout reads the critic (values are computed after it, in ``rollout_batch``), the actor's steps do not
read the critic's (disjoint parameters, separately clipped), and the worker's torch generator continues the
learner's from the state the in-process loop's first rollout starts at, so the run is the in-process run's, number
for number (``tests/finetune/test_dppo_overlap.py``). One rollout worker: splitting the envs across workers would
split the batched chain sampling, which changes its random draws and its batch-size-dependent float kernels, so
the results would differ; with one worker the learner and the worker use the 2 cores the design is for.

The worker processes and the weight shipping are DSRL's (``robopolicy.finetune.actors``): ``RolloutWorkerPool`` is
an ``ActorPool`` whose one process runs ``_worker_main`` (a rollout per grant, not a decision) at staleness 0
(lock-step: one rollout granted per update, after the weights it must use, in the same FIFO queue), so
``report()`` counts every rollout's staleness (always 0) and ``close()`` stops the worker as DSRL's actors stop.
"""

from __future__ import annotations

import os
import queue
import signal
import sys
import time
import traceback
from dataclasses import dataclass
from typing import Any

import numpy as np
import torch
from torch import nn

from robopolicy.errors import ConfigError
from robopolicy.eval.workers import WorkerError
from robopolicy.finetune.actors import POLL_S, ActorPool
from robopolicy.protocol import training_stream

ROLLOUT_FIELDS = ("cond", "chain", "reward", "terminated", "ended", "next_cond")


def check_cores() -> None:
    """``overlap=true`` runs a rollout worker beside the learner: refuse it where there is one core only."""
    cores = os.cpu_count() or 1
    if cores < 2:
        raise ConfigError(f"dppo: overlap=true runs 2 processes (the learner and one rollout worker) and this "
                          f"machine has {cores} core (os.cpu_count()); valid here: overlap=false")


def actor_weights(policy: Any) -> nn.ModuleList:
    """What PPO's actor steps change and the worker must act with: the copy's denoiser (and the learned initial
    noise), not the whole copy (its encoder stays the base's)."""
    return nn.ModuleList([policy.finetuned.denoiser, *([policy.noise_step] if policy.noise_step is not None else [])])


def rollout_arrays(rollout: Any) -> dict[str, np.ndarray]:
    """A ``Rollout``'s lists as stacked ``(T, N, ...)`` numpy arrays (what the result queue carries)."""
    return {k: np.stack([np.asarray(v) for v in getattr(rollout, k)]) for k in ROLLOUT_FIELDS}


def rollout_from_arrays(arrays: dict[str, np.ndarray], device: torch.device) -> Any:
    """The ``Rollout`` back, element for element (the tensor fields on ``device``)."""
    from robopolicy.finetune.dppo import Rollout

    tensors = ("cond", "chain", "next_cond")
    return Rollout(**{k: [torch.from_numpy(a).to(device) if k in tensors else a for a in arrays[k]]
                      for k in ROLLOUT_FIELDS})


def _parent_alive(parent: int) -> bool:
    return os.getppid() == parent


def _exit_now() -> None:
    """End the worker without the interpreter's teardown (about a second of CPU that the learner's last update
    would share): what it sent has been read, and nothing else of it outlives it (a forked worker ends so too)."""
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


def _worker_main(index: int, policy: Any, env_id: str, cfg: Any, reserved: dict[str, range], base_hash: str,
                 rng_state: torch.Tensor, control: Any, results: Any, parent: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)   # Ctrl-C is the learner's to handle; it stops us in order
    try:
        from robopolicy.finetune.dppo import DPPOAgent, collect_rollout
        from robopolicy.finetune.gae import RunningReturnScaler
        from robopolicy.finetune.steered import state_dict_sha256
        from robopolicy.finetune.vector_env import VectorChunkEnv

        torch.set_num_threads(1)
        if state_dict_sha256(policy.base) != base_hash:
            raise WorkerError("the worker's copy of the base policy differs from the learner's (state-dict sha256)")
        agent = DPPOAgent(policy, cfg)        # sample_chain only (its critic is never used here)
        weights = actor_weights(policy)
        torch.set_rng_state(rng_state)       # the learner's stream where its first rollout would start
        vec = VectorChunkEnv(env_id, policy.spec, cfg.num_envs, cfg.seed, cfg.max_episode_steps, reserved)
        try:
            scaler = RunningReturnScaler(cfg.num_envs, cfg.gamma) if cfg.reward_scaling else None
            counters = {"env_steps": 0, "episodes": 0, "successes": 0}
            episode_returns = np.zeros(cfg.num_envs, np.float64)
            cond = policy.encode(vec.observation())
            with torch.random.fork_rng(devices=[]):   # a first chain outside the clock and the stream (kernel warm-up)
                agent.sample_chain(cond)
            results.put(("ready", index, os.getpid()))
            version, credits = -1, 0
            while True:
                while credits <= 0 or not control.empty():   # take every message waiting; block without credit
                    try:
                        message = control.get(timeout=POLL_S)
                    except queue.Empty:
                        if not _parent_alive(parent):
                            results.cancel_join_thread()
                            return
                        continue
                    if message[0] == "stop":
                        results.cancel_join_thread()
                        vec.close()
                        _exit_now()
                    if message[0] == "grant":
                        credits += message[1]
                    elif message[0] == "weights":
                        version, _, state = message[1:]
                        weights.load_state_dict({k: torch.from_numpy(v) for k, v in state.items()})
                start = time.perf_counter()
                finished_returns: list[float] = []
                rollout, cond = collect_rollout(agent, vec, scaler, counters, cond, episode_returns, finished_returns)
                results.put(("batch", index, {"rollout": rollout_arrays(rollout), "counters": dict(counters),
                                              "finished_returns": finished_returns, "version": version,
                                              "seconds": time.perf_counter() - start}))
                credits -= 1
        finally:
            vec.close()
    except Exception:  # noqa: BLE001 - reported to the learner, which raises it
        results.put(("error", index, traceback.format_exc()))


@dataclass(frozen=True)
class _LockStep:
    """The ``ActorPool`` settings of an on-policy worker: one rollout granted at a time, never ahead."""

    max_staleness: int = 0


class RolloutWorkerPool(ActorPool):
    """One rollout worker (``ActorPool``'s queues, grants, weight versions, staleness counts and shutdown)."""

    label = "dppo rollout worker"

    def __init__(self, policy: Any, env_id: str, cfg: Any, reserved: dict[str, range], base_hash: str,
                 rng_state: torch.Tensor):
        self.start(_LockStep(), [training_stream(cfg.seed)],
                   [("dppo-rollout-worker", _worker_main, (0, policy, env_id, cfg, reserved, base_hash, rng_state))])
        self.rollout_seconds = 0.0

    def next_rollout(self, device: torch.device) -> tuple[Any, dict[str, int], list[float]]:
        """The next rollout (blocking): ``(Rollout, the worker's counters so far, the returns of the episodes that
        ended in it)``."""
        batch = self.receive()
        self.rollout_seconds += batch["seconds"]
        return rollout_from_arrays(batch["rollout"], device), batch["counters"], batch["finished_returns"]

    def release(self) -> None:
        """No rollout is needed any more: the worker stops now (``close`` then finds it gone or going)."""
        self.controls[0].put(("stop",))

    def report(self) -> dict[str, Any]:
        out = super().report()
        out.pop("actors")
        return {"workers": len(self.processes), **out, "rollout_seconds": self.rollout_seconds}
