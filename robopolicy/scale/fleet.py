"""Actor/learner fleet mode: many rollout actors stream whole episodes to one learner and pull its newest
weights between episodes, asynchronously (each actor at its own pace).

* ``Learner`` (a Ray actor, the only store writer): appends each received episode to the ``EpisodeStore`` with
  ``policy_id="<checkpoint hash>@v<version that acted>"``, logs ``staleness = learner version - episode
  version`` to ``<run_dir>/metrics.jsonl``, and every ``update_every`` episodes runs ``updates_per_round``
  behaviour-cloning steps (``policy.loss`` on windows of the growing store), bumps its version, publishes the
  weights (one ``ray.put``) and checkpoints (``<run_dir>/learner/``: safetensors weights + optimizer + version).
* ``FleetActor`` (a Ray actor per simulated robot): pull ``(version, weights)`` if newer, run one episode
  (``ray_rollout.run_policy_episode``), submit it, repeat. Actor ``a``'s ``n``-th episode has seed
  ``seed + a * ACTOR_SEED_STRIDE + n``.
* Faults: the learner is started with unlimited restarts; a restarted learner resumes from its last
  checkpoint (its version continues from there) and reopens the store (an uncommitted tail is discarded).
  Actors' calls wait for the restart and are retried (Ray ``max_task_retries``), then carry on.
  A submit that dies after its episode was committed but before it returned may store that episode twice.
"""

from __future__ import annotations

import os
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import torch

from robopolicy.data.sampler import WindowSampler
from robopolicy.data.store import EpisodeStore
from robopolicy.errors import RobopolicyError
from robopolicy.runs import MetricsLog
from robopolicy.scale.episode_record import EpisodeRecord
from robopolicy.scale.ray_rollout import (
    checkpoint_spec,
    load_policy_weights,
    make_runner,
    policy_weights,
    run_policy_episode,
    versioned_policy_id,
)
from robopolicy.train.optim import adamw

ACTOR_SEED_STRIDE = 1_000_000  # seeds of different actors never collide below a million episodes each
LEARNER_SUBDIR = "learner"
METRICS_FILE = "metrics.jsonl"
PULL_RETRIES, PULL_RETRY_WAIT_S = 30, 1.0  # how long an actor keeps trying while the learner restarts


@dataclass
class FleetConfig:
    """One fleet run. ``store_path`` is created from the env's features when missing."""

    policy_path: str
    env_id: str
    store_path: str
    run_dir: str
    seed: int = 0
    update_every: int = 2  # episodes received between learner updates
    updates_per_round: int = 4  # BC gradient steps per update (= per new weights version)
    batch_size: int = 16
    lr: float = 1e-4
    ckpt_every: int = 1  # weights versions between learner checkpoints
    stop_on_success: bool = True
    max_episode_steps: int | None = None
    env_kwargs: dict[str, Any] = field(default_factory=dict)
    cpus_per_actor: float = 1.0
    cpus_for_learner: float = 1.0


class Learner:
    """A Ray actor (``ray.remote(Learner)``): receives episodes, trains, publishes versioned weights."""

    def __init__(self, cfg: dict[str, Any]):
        import ray

        from robopolicy import checkpoint as ckpt
        from robopolicy import load_policy

        torch.set_num_threads(1)
        self.cfg = FleetConfig(**cfg)
        base = ckpt.resolve_checkpoint(self.cfg.policy_path)
        self.policy_hash = ckpt.checkpoint_hash(base)
        self.policy_info = ckpt.read_policy_info(base)
        self.policy = load_policy(base)
        self.optimizer = adamw([p for p in self.policy.parameters() if p.requires_grad], lr=self.cfg.lr)
        self.version, self.updates, self.since_update = 0, 0, 0
        self.ckpt_dir = Path(self.cfg.run_dir) / LEARNER_SUBDIR
        self.restored_from: str | None = None
        if (self.ckpt_dir / "latest.json").exists():
            self._restore(ckpt.read_pointer(self.ckpt_dir, "latest"))
        self.store = EpisodeStore.open(self.cfg.store_path, mode="a")  # drops any uncommitted tail
        self.metrics = MetricsLog(Path(self.cfg.run_dir) / METRICS_FILE)
        self.metrics.log(self.store.num_episodes, event="learner_start", version=self.version, pid=os.getpid(),
                         restored_from=self.restored_from)
        self._ray = ray
        self._publish()

    # ---------------------------------------------------------------------------------- protocol
    def pid(self) -> int:
        return os.getpid()

    def latest(self) -> tuple[int, list[Any]]:
        """``(version, [weights ref])``; the ref is wrapped in a list so callers fetch it only when newer."""
        return self.version, [self.weights_ref]

    def submit(self, record: EpisodeRecord) -> int:
        """Store one whole episode, log its staleness, update when due; returns the learner's version."""
        result = record.result
        staleness = self.version - record.policy_version
        entry = {"event": "episode", "actor": record.worker, "seed": result.seed, "policy_version":
                 record.policy_version, "learner_version": self.version, "staleness": staleness,
                 "return": result.ret, "length": result.length, "success": result.success, "error": result.error}
        if record.steps is None or result.error is not None:  # an env error: reported, not stored
            self.metrics.log(self.store.num_episodes, stored=False, **entry)
            return self.version
        index = self.store.append_episode(record.steps, task=result.task, success=result.success,
                                          source="rollout", seed=result.seed,
                                          policy_id=versioned_policy_id(self.policy_hash, record.policy_version))
        self.metrics.log(self.store.num_episodes, stored=True, store_index=index, env_steps=self.store.num_steps,
                         **entry)
        self.since_update += 1
        if self.since_update >= self.cfg.update_every:
            self._update()
        return self.version

    def status(self) -> dict[str, Any]:
        return {"version": self.version, "updates": self.updates, "episodes": self.store.num_episodes,
                "env_steps": self.store.num_steps, "pid": os.getpid(), "restored_from": self.restored_from}

    # ---------------------------------------------------------------------------------- internals
    def _update(self) -> None:
        """``updates_per_round`` BC steps on random windows of the whole store, then a new weights version."""
        from robopolicy.train.trainer import to_device

        spec = self.policy.spec
        self.store.refresh()
        windows = WindowSampler(self.store, list(spec.obs_features), spec.action_key, spec.obs_horizon,
                                spec.pred_horizon, spec.exec_horizon, include_task=spec.language)
        rng = np.random.default_rng([self.cfg.seed, self.version])
        torch.manual_seed(int(rng.integers(2**31)))
        self.policy.train()
        losses = []
        for _ in range(self.cfg.updates_per_round):
            batch = windows.get_batch(rng.integers(len(windows), size=self.cfg.batch_size))
            loss, _ = self.policy.loss(to_device(batch, torch.device("cpu")))
            if not torch.isfinite(loss):
                raise RobopolicyError(f"fleet learner diverged: loss {float(loss)} at version {self.version}")
            self.optimizer.zero_grad(set_to_none=True)
            loss.backward()
            self.optimizer.step()
            losses.append(float(loss.detach()))
        self.policy.eval()
        self.version += 1
        self.updates += self.cfg.updates_per_round
        self.since_update = 0
        self._publish()
        self.metrics.log(self.store.num_episodes, event="update", version=self.version, loss=float(np.mean(losses)),
                         windows=len(windows))
        if self.version % self.cfg.ckpt_every == 0:
            self._save()

    def _publish(self) -> None:
        self.weights_ref = self._ray.put(policy_weights(self.policy))

    def _save(self) -> None:
        from robopolicy import checkpoint as ckpt

        tensors: dict[str, torch.Tensor] = {}
        state = {"version": self.version, "updates": self.updates,
                 "optimizer": ckpt.flatten_state(self.optimizer.state_dict(), "optimizer", tensors)}
        path = ckpt.save_checkpoint(self.ckpt_dir / ckpt.checkpoint_name(self.version), self.policy.state_dict(),
                                    self.policy_info, self.version, tensors, state)
        ckpt.write_pointer(self.ckpt_dir, "latest", path, version=self.version)

    def _restore(self, path: Path) -> None:
        from robopolicy import checkpoint as ckpt

        weights, _ = ckpt.load_model_state(path)
        tensors, state = ckpt.load_trainer_state(path)
        self.policy.load_state_dict(weights)
        self.optimizer.load_state_dict(ckpt.unflatten_state(state["optimizer"], tensors))
        self.version, self.updates = int(state["version"]), int(state["updates"])
        self.restored_from = str(path)


class FleetActor:
    """A Ray actor per simulated robot: its own env and policy copy, pulling weights between episodes."""

    def __init__(self, actor_id: int, cfg: dict[str, Any]):
        from robopolicy import load_policy

        torch.set_num_threads(1)
        self.cfg = FleetConfig(**cfg)
        self.actor_id = actor_id
        self.policy = load_policy(self.cfg.policy_path)
        self.runner = make_runner(self.policy.spec, self.cfg.env_id, self.cfg.env_kwargs, self.cfg.stop_on_success,
                                  self.cfg.max_episode_steps, record_steps=True)
        self.version, self.episodes, self.pulls = 0, 0, 0

    def pid(self) -> int:
        return os.getpid()

    def run(self, learner: Any, episodes: int) -> dict[str, Any]:
        """Run ``episodes`` episodes, each with the newest weights available when it starts."""
        import ray

        versions = []
        for _ in range(episodes):
            self._pull(learner)
            seed = self.cfg.seed + self.actor_id * ACTOR_SEED_STRIDE + self.episodes
            result = run_policy_episode(self.policy, self.runner, self.episodes, seed)
            record = EpisodeRecord(result, self.runner.env.take_steps(), self.version, self.actor_id)
            ray.get(learner.submit.remote(record))
            versions.append(self.version)
            self.episodes += 1
        return {"actor": self.actor_id, "episodes": self.episodes, "pulls": self.pulls, "versions": versions}

    def _pull(self, learner: Any) -> None:
        import ray
        from ray.exceptions import ObjectLostError, OwnerDiedError, RayActorError

        for attempt in range(PULL_RETRIES):
            try:
                version, [ref] = ray.get(learner.latest.remote())
                if version != self.version:
                    load_policy_weights(self.policy, ray.get(ref))
                    self.version = version
                    self.pulls += 1
                return
            except (RayActorError, OwnerDiedError, ObjectLostError):  # the learner is restarting
                if attempt == PULL_RETRIES - 1:
                    raise
                time.sleep(PULL_RETRY_WAIT_S)


# -------------------------------------------------------------------------------------------- driver
def create_fleet_store(cfg: FleetConfig) -> EpisodeStore:
    """Open the fleet's store, or create it with the env's features (before the learner opens it)."""
    path = Path(cfg.store_path)
    if path.exists():
        return EpisodeStore.open(path)
    from robopolicy.eval.rollout import env_kwargs_for
    from robopolicy.eval.workers import EnvFactory

    spec = checkpoint_spec(cfg.policy_path)
    if spec is None:
        raise RobopolicyError(f"{cfg.policy_path}: the checkpoint records no policy spec; create {path} first")
    env = EnvFactory(cfg.env_id, env_kwargs_for(spec, **cfg.env_kwargs))()
    try:
        return EpisodeStore.create(path, features=env.feature_spec, fps=env.fps, robot=env.robot,
                                   created_by="robopolicy fleet")
    finally:
        env.close()


class Fleet:
    """A learner and ``actors`` fleet actors on the running Ray; ``start`` → ``wait``; ``close``."""

    def __init__(self, cfg: FleetConfig, actors: int):
        import ray

        if actors < 1:
            raise RobopolicyError(f"actors must be >= 1, got {actors}")
        self.cfg = cfg
        create_fleet_store(cfg)
        learner_class = ray.remote(Learner).options(num_cpus=cfg.cpus_for_learner, max_restarts=-1,
                                                    max_task_retries=-1)
        self.learner = learner_class.remote(asdict(cfg))
        actor_class = ray.remote(FleetActor).options(num_cpus=cfg.cpus_per_actor, max_restarts=0)
        self.actors = [actor_class.remote(a, asdict(cfg)) for a in range(actors)]
        self.actor_pids = ray.get([a.pid.remote() for a in self.actors])  # all ready before any episode
        self.learner_pid = ray.get(self.learner.pid.remote())

    def start(self, episodes_per_actor: int) -> list[Any]:
        return [a.run.remote(self.learner, episodes_per_actor) for a in self.actors]

    def wait(self, runs: list[Any]) -> list[dict[str, Any]]:
        import ray

        return ray.get(runs)

    def status(self) -> dict[str, Any]:
        import ray

        return ray.get(self.learner.status.remote())

    def close(self) -> None:
        import ray

        for a in [*self.actors, self.learner]:
            ray.kill(a, no_restart=True)


def run_fleet(cfg: FleetConfig, actors: int, episodes_per_actor: int, address: str | None = None,
              num_cpus: int | None = None) -> dict[str, Any]:
    """Run a whole fleet session; returns the learner's final status and each actor's summary."""
    from robopolicy.scale.cluster import ray_session

    local_cpus = None if address is not None else (num_cpus or actors + 1)
    with ray_session(address, local_cpus):
        fleet = Fleet(cfg, actors)
        try:
            actor_summaries = fleet.wait(fleet.start(episodes_per_actor))
            return {"learner": fleet.status(), "actors": actor_summaries}
        finally:
            fleet.close()
