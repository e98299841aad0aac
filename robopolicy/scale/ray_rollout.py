"""Rollout workers on Ray: each actor owns its environment and a copy of the policy, and returns whole episodes.

A ``RolloutWorker`` builds the policy from the checkpoint once; new weights arrive through the object store
(``RolloutPool.set_weights`` puts ``{name: array}`` once with ``ray.put`` and every worker loads that one
object). Episodes run with the local harness's per-episode logic (``EpisodeRunner`` from
``robopolicy.eval.workers``, the policy call of ``robopolicy.eval.rollout``): episode ``i`` resets with
``seed + i`` and, for policies deterministic given their noise, draws its noise from a generator seeded by its
seed — so its result equals the local backend's for the same seed. (Policies without ``noise_shape`` are run
after ``torch.manual_seed(seed)`` per episode: reproducible here, but not equal to the local backend.)

Faults: when a worker dies (its process is killed), its in-flight episode goes back to the queue and runs on a
remaining worker, up to ``max_attempts`` tries; after that it is recorded as lost (an ``EpisodeResult`` with
``error`` starting with ``"lost:"``). Only the driver writes the store, and only whole episodes, in episode
order; an episode that ended in an env error is reported but not stored.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import torch
from tqdm import tqdm

from robopolicy.data.store import EpisodeStore
from robopolicy.errors import RobopolicyError
from robopolicy.eval.rollout import (
    _batch_observations,
    _executed_actions,
    check_policy_matches_env,
    env_kwargs_for,
)
from robopolicy.eval.workers import Assignment, EnvFactory, EpisodeResult, EpisodeRunner, WorkerError
from robopolicy.policies.protocol import PolicySpec, Sampler
from robopolicy.scale.cluster import ray_session
from robopolicy.scale.episode_record import EpisodeRecord, RecordingEnvFactory

LOST_PREFIX = "lost: "
DEFAULT_MAX_ATTEMPTS = 2  # a killed worker's episode is tried once more elsewhere, then recorded as lost
STORE_SOURCE = "rollout"


# ------------------------------------------------------------------------------------------ weights
def policy_weights(policy: torch.nn.Module) -> dict[str, np.ndarray]:
    """``state_dict`` as CPU numpy arrays (zero-copy in Ray's object store)."""
    return {k: v.detach().cpu().numpy() for k, v in policy.state_dict().items()}


def load_policy_weights(policy: torch.nn.Module, weights: Mapping[str, np.ndarray]) -> None:
    policy.load_state_dict({k: torch.from_numpy(np.array(v)) for k, v in weights.items()})


def versioned_policy_id(policy_hash: str, version: int) -> str:
    """Store ``policy_id`` of an episode: ``"<checkpoint hash>@v<weights version>"``."""
    return f"{policy_hash}@v{version}"


# ------------------------------------------------------------------------------------------ one episode
def run_policy_episode(policy: Sampler, runner: EpisodeRunner, index: int, seed: int) -> EpisodeResult:
    """One whole episode of ``policy`` in ``runner``'s env, exactly as the local harness runs it.

    Each round: history ``{key: (1, To, ...)}`` -> ``sample`` ``(1, 1, Tp, Da)`` -> execute ``Ta`` actions from
    index ``To - 1``. Noise ``(1, 1, Tp, Da)`` per round from a generator seeded by ``seed``.
    """
    spec = policy.spec
    generator = torch.Generator().manual_seed(seed) if policy.noise_shape is not None else None
    if generator is None:
        torch.manual_seed(seed)
    reply = runner.start(Assignment(index, seed))
    instruction = runner.env.instruction
    while not reply.finished:
        obs = _batch_observations(spec, [reply.obs], instruction)
        noise = None
        if generator is not None:
            noise = torch.randn((1, *policy.noise_shape), generator=generator).unsqueeze(0)
        actions = _executed_actions(policy, obs, noise, 1)
        reply = runner.act(actions[0], None)
    return reply.finished[0]


def make_runner(spec: PolicySpec, env_id: str, env_kwargs: Mapping[str, Any] | None, stop_on_success: bool,
                max_episode_steps: int | None, record_steps: bool) -> EpisodeRunner:
    factory: Callable[[], Any] = EnvFactory(env_id, env_kwargs_for(spec, **dict(env_kwargs or {})))
    if record_steps:
        factory = RecordingEnvFactory(factory)
    return EpisodeRunner(factory, list(spec.obs_features), spec.obs_horizon, stop_on_success, max_episode_steps,
                         frame_key=None)


class RolloutWorker:
    """A Ray actor (``ray.remote(RolloutWorker)``): one env and one policy copy, one thread."""

    def __init__(self, worker_id: int, policy_path: str, env_id: str, env_kwargs: Mapping[str, Any] | None = None,
                 stop_on_success: bool = True, max_episode_steps: int | None = None, record_steps: bool = False,
                 threads: int = 1):
        torch.set_num_threads(threads)
        from robopolicy import load_policy

        self.worker_id = worker_id
        self.policy = load_policy(policy_path)
        self.version = 0
        self.record_steps = record_steps
        self.runner = make_runner(self.policy.spec, env_id, env_kwargs, stop_on_success, max_episode_steps,
                                  record_steps)
        check_policy_matches_env(self.policy.spec, self.runner.env.feature_spec, env_id)

    def pid(self) -> int:
        return os.getpid()

    def set_weights(self, weights: Mapping[str, np.ndarray], version: int) -> int:
        """Load weights (an object-store ref passed as the argument arrives here resolved); returns version."""
        load_policy_weights(self.policy, weights)
        self.version = int(version)
        return self.version

    def run_episode(self, index: int, seed: int) -> EpisodeRecord:
        result = run_policy_episode(self.policy, self.runner, index, seed)
        steps = self.runner.env.take_steps() if self.record_steps else None
        return EpisodeRecord(result, steps, self.version, self.worker_id)


# ------------------------------------------------------------------------------------------ driver side
@dataclass
class RolloutRun:
    """Results in episode order (lost episodes included, marked by ``error``), and what happened on the way."""

    results: list[EpisodeResult]
    retried: int = 0  # episodes re-queued after their worker died
    lost: list[int] = field(default_factory=list)  # episode indices given up on
    dead_workers: list[int] = field(default_factory=list)
    stored: list[int] = field(default_factory=list)  # store indices written, in episode order


def checkpoint_spec(policy_path: str | os.PathLike) -> PolicySpec | None:
    from robopolicy.checkpoint import read_policy_info, resolve_checkpoint

    info = read_policy_info(resolve_checkpoint(policy_path))
    return PolicySpec.from_dict(info["spec"]) if "spec" in info else None


def lost_result(index: int, seed: int, attempts: int, error: BaseException) -> EpisodeResult:
    """The record of an episode given up on: not a success, ``error`` says why."""
    return EpisodeResult(index=index, env_id="", task="", seed=seed, ret=0.0, length=0, success=False,
                         error=f"{LOST_PREFIX}its worker died on each of {attempts} tries ({type(error).__name__})")


class RolloutPool:
    """``workers`` Ray rollout actors for one policy checkpoint and one env id (Ray must be initialized)."""

    def __init__(self, policy_path: str | os.PathLike, env_id: str, workers: int, *,
                 env_kwargs: Mapping[str, Any] | None = None, stop_on_success: bool = True,
                 max_episode_steps: int | None = None, record_steps: bool = False, cpus_per_worker: float = 1.0):
        import ray

        if workers < 1:
            raise RobopolicyError(f"workers must be >= 1, got {workers}")
        from robopolicy.checkpoint import checkpoint_hash, resolve_checkpoint

        path = str(resolve_checkpoint(policy_path))
        self.policy_hash = checkpoint_hash(path)
        spec = checkpoint_spec(path)
        self.env_features = None
        if spec is not None:  # fail here, before any actor starts, with both sides named
            probe = EnvFactory(env_id, env_kwargs_for(spec, **dict(env_kwargs or {})))()
            try:
                check_policy_matches_env(spec, probe.feature_spec, env_id)
                self.env_features, self.env_fps, self.robot = probe.feature_spec, probe.fps, probe.robot
            finally:
                probe.close()
        actor_class = ray.remote(RolloutWorker).options(num_cpus=cpus_per_worker, max_restarts=0)
        self.workers = {i: actor_class.remote(i, path, env_id, dict(env_kwargs or {}), stop_on_success,
                                              max_episode_steps, record_steps) for i in range(workers)}
        self.pids = dict(zip(self.workers, ray.get([w.pid.remote() for w in self.workers.values()])))
        self.version = 0

    def set_weights(self, weights: Mapping[str, np.ndarray], version: int) -> None:
        """Broadcast ``{name: array}`` through the object store (one ``ray.put``) to every live worker."""
        import ray

        ref = ray.put(dict(weights))
        ray.get([w.set_weights.remote(ref, version) for w in self.workers.values()])
        self.version = int(version)

    def run(self, seeds: Sequence[int], *, store: EpisodeStore | None = None, max_attempts: int = DEFAULT_MAX_ATTEMPTS,
            on_record: Callable[[EpisodeRecord], None] | None = None, progress: bool = True) -> RolloutRun:
        """Episode ``i`` with ``seeds[i]`` on whichever worker is free; whole episodes stored in episode order."""
        import ray
        from ray.exceptions import RayActorError, WorkerCrashedError

        pending: deque[int] = deque(range(len(seeds)))
        attempts = [0] * len(seeds)
        in_flight: dict[Any, tuple[int, int]] = {}  # ref -> (worker id, episode index)
        idle = sorted(self.workers)
        finished: dict[int, EpisodeRecord | None] = {}  # None: lost
        lost_results: dict[int, EpisodeResult] = {}
        run = RolloutRun(results=[])
        next_to_store = 0
        bar = tqdm(total=len(seeds), desc="episodes (ray)", unit="ep", disable=not progress, leave=False)
        while pending or in_flight:
            while idle and pending:
                w, i = idle.pop(0), pending.popleft()
                in_flight[self.workers[w].run_episode.remote(i, int(seeds[i]))] = (w, i)
            if not in_flight:
                break
            [ref], _ = ray.wait(list(in_flight), num_returns=1)
            w, i = in_flight.pop(ref)
            try:
                record = ray.get(ref)
            except (RayActorError, WorkerCrashedError) as e:
                self._drop_worker(w, run)
                attempts[i] += 1
                if attempts[i] < max_attempts:
                    pending.appendleft(i)
                    run.retried += 1
                else:
                    run.lost.append(i)
                    finished[i] = None
                    lost_results[i] = lost_result(i, int(seeds[i]), attempts[i], e)
                    bar.update(1)
                continue
            idle.append(w)
            idle.sort()
            finished[i] = record
            bar.update(1)
            if on_record is not None:
                on_record(record)
            while next_to_store in finished:  # commit whole episodes in episode order
                rec = finished[next_to_store]
                if store is not None and rec is not None and rec.steps is not None and rec.result.error is None:
                    run.stored.append(store.append_episode(
                        rec.steps, task=rec.result.task, success=rec.result.success, source=STORE_SOURCE,
                        seed=rec.result.seed, policy_id=versioned_policy_id(self.policy_hash, rec.policy_version)))
                next_to_store += 1
        bar.close()
        if pending:
            raise WorkerError(f"every rollout worker died ({len(run.dead_workers)} of them); {len(pending)} of "
                              f"{len(seeds)} episodes were not run")
        run.results = [rec.result if rec is not None else lost_results[i] for i, rec in sorted(finished.items())]
        return run

    def _drop_worker(self, worker: int, run: RolloutRun) -> None:
        if worker in self.workers:
            del self.workers[worker]
            run.dead_workers.append(worker)

    def close(self) -> None:
        import ray

        for w in self.workers.values():
            ray.kill(w)
        self.workers = {}


def evaluate_ray(policy_path: str | os.PathLike, env_id: str, episodes: int, workers: int, seed: int = 0, *,
                 seeds: Sequence[int] | None = None, stop_on_success: bool = True,
                 max_episode_steps: int | None = None, env_kwargs: Mapping[str, Any] | None = None,
                 store: EpisodeStore | str | Path | None = None, address: str | None = None,
                 num_cpus: int | None = None, max_attempts: int = DEFAULT_MAX_ATTEMPTS,
                 progress: bool = True) -> list[EpisodeResult]:
    """The Ray backend of ``robopolicy eval``: ``episodes`` episodes (episode ``i`` seeded ``seed + i``) on
    ``workers`` Ray actors; results sorted by episode index, in the local harness's ``EpisodeResult`` format.

    Uses the running Ray if there is one; else starts a local one with ``num_cpus`` (default: ``workers``) or
    connects to ``address``. ``store`` (an open store or a path, created from the env's features if missing)
    receives every whole episode with ``policy_id="<hash>@v0"``.
    """
    if episodes < 1:
        raise RobopolicyError(f"episodes must be >= 1, got {episodes}")
    seeds = [seed + i for i in range(episodes)] if seeds is None else [int(s) for s in seeds]
    if len(seeds) != episodes:
        raise RobopolicyError(f"got {len(seeds)} seeds for {episodes} episodes")
    local_cpus = None if address is not None else (num_cpus or workers)
    with ray_session(address, local_cpus):
        pool = RolloutPool(policy_path, env_id, workers, env_kwargs=env_kwargs, stop_on_success=stop_on_success,
                           max_episode_steps=max_episode_steps, record_steps=store is not None)
        try:
            if store is not None and not isinstance(store, EpisodeStore):
                store = open_rollout_store(store, pool)
            return pool.run(seeds, store=store, max_attempts=max_attempts, progress=progress).results
        finally:
            pool.close()


def open_rollout_store(path: str | os.PathLike, pool: RolloutPool) -> EpisodeStore:
    """Open ``path`` for appending, or create it with the env's features."""
    path = Path(path)
    if path.exists():
        return EpisodeStore.open(path, mode="a")
    if pool.env_features is None:
        raise RobopolicyError(f"cannot create {path}: the checkpoint records no policy spec to probe the env with")
    return EpisodeStore.create(path, features=pool.env_features, fps=pool.env_fps, robot=pool.robot,
                               created_by="robopolicy scale")


def ray_episodes(policy: Any, env_id: str, settings: Any) -> list[EpisodeResult]:
    """``robopolicy eval backend=ray``: the episodes of ``settings`` (an ``eval.evaluate.EvalSettings``) on Ray
    actors that load ``settings.checkpoint`` (``policy`` is the local copy, used for the videos)."""
    return evaluate_ray(settings.checkpoint, env_id, settings.episodes, settings.workers, settings.seed,
                        stop_on_success=settings.stop_on_success, max_episode_steps=settings.max_episode_steps,
                        env_kwargs=settings.env_kwargs, address=settings.address, progress=settings.progress)
