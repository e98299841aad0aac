"""``robopolicy collect``: roll out a scripted expert or a policy checkpoint in simulation into an episode store.

    robopolicy collect env=metaworld/push-v3 source=expert episodes=20 action_noise=0.1 out=datasets/push.zarr
    robopolicy collect env=metaworld/mt10 source=expert episodes=5 cameras=[corner] out=datasets/mt10.zarr
    robopolicy collect env=robosuite/Lift source=runs/train/x/checkpoints/latest episodes=10 out=datasets/lift.zarr
    robopolicy collect recipe=reach_noisy20              # a dataset recipe (datasets/recipes/): -> datasets/...

Every episode is kept, failed or not, with its task instruction, success flag, seed, source (``demo`` for the
expert, ``rollout`` for a policy) and policy id. Noise is marked in the policy id (``...@noise=0.1``) because
RL fine-tuning and critics need to know which data is imperfect. Episode ``i`` of a task resets with
``seed + i`` and draws its action noise, and a policy's sampling noise (``PolicyActor.reset``), from generators
seeded by that same seed, so a rerun gives the same episodes.

Appending to an existing store skips every seed the store already holds for the same task, source and policy id
(noise included), so re-running a command after a crash completes it instead of repeating episodes. With
``overwrite=true`` the new store is written beside the old one and replaces it only once complete; a crash or an
error leaves the old store as it was. Only an episode store is ever replaced: any other ``out=`` is refused.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from rich.console import Console
from rich.table import Table
from tqdm import tqdm

from robopolicy.atomic import require_writable
from robopolicy.config import compose
from robopolicy.data.formats.staging import staged_directory
from robopolicy.data.store import EPISODE_SOURCES, EpisodeStore, refuse_to_replace
from robopolicy.envs import (
    NoExpertError,
    PolicyActor,
    SimEnv,
    check_env_id,
    check_policy_matches_env,
    expand_env_ids,
    make_env,
)
from robopolicy.errors import ConfigError, RobopolicyError

EXPERT_SOURCE = "expert"
NOISE_SEED_OFFSET = 1_000_003  # the noise generator of episode seed s is seeded with (s, this), not s alone
PIPED_TABLE_WIDTH = 160


class CollectError(RobopolicyError):
    """Collection cannot run with these inputs."""


@dataclass
class TaskStats:
    """Counts for one env id."""

    env_id: str
    instruction: str
    episodes: int = 0
    successes: int = 0
    steps: int = 0
    seconds: float = 0.0
    seeds: list[int] = field(default_factory=list)
    skipped_seeds: list[int] = field(default_factory=list)  # already in the store (an earlier, interrupted run)

    @property
    def success_rate(self) -> float:
        return self.successes / self.episodes if self.episodes else 0.0


@dataclass
class CollectStats:
    """What ``collect_episodes`` wrote: per-task counts and the store indices of the new episodes."""

    store_path: Path
    source: str
    policy_id: str
    tasks: dict[str, TaskStats]
    episode_indices: list[int]

    @property
    def episodes(self) -> int:
        return sum(t.episodes for t in self.tasks.values())

    @property
    def successes(self) -> int:
        return sum(t.successes for t in self.tasks.values())

    @property
    def success_rate(self) -> float:
        return self.successes / self.episodes if self.episodes else 0.0


# ---------------------------------------------------------------------------------------------- sources
def _checkpoint_policy_id(path: Path) -> str:
    meta = path / "meta.json"
    if meta.exists():
        content = json.loads(meta.read_text())
        for key in ("content_hash", "hash"):
            if key in content:
                return f"{path.name}:{content[key]}"
    return str(path)


def resolve_source(source: Any, device: str = "cpu") -> tuple[Any, str, str]:
    """``(policy or None for the expert, store source, policy id)`` from ``"expert"``, a checkpoint path or a
    ``Sampler`` object."""
    if isinstance(source, str) and source == EXPERT_SOURCE:
        return None, "demo", EXPERT_SOURCE
    if isinstance(source, str | Path):
        path = Path(source)
        if not path.exists():
            raise CollectError(f"source={source!r} is neither 'expert' nor an existing checkpoint directory")
        import robopolicy

        return robopolicy.load_policy(path, device=device), "rollout", _checkpoint_policy_id(path)
    if hasattr(source, "spec") and hasattr(source, "sample"):
        return source, "rollout", str(getattr(source, "policy_id", type(source).__name__))
    raise CollectError(f"source must be 'expert', a checkpoint path or a Sampler; got {type(source).__name__}")


def _actor_factory(env: SimEnv, policy: Any) -> Callable[[int], Callable[[Mapping[str, np.ndarray]], np.ndarray]]:
    """A function making a fresh ``obs -> action`` for the episode of each seed (experts and histories are stateful;
    a policy's sampling noise is drawn from the episode's seed, as evaluation draws it)."""
    if policy is None:
        try:
            if env.expert() is None:
                raise NoExpertError(f"{env.env_id} has no scripted expert")
        except NoExpertError as e:
            raise CollectError(f"{e}; use source=<checkpoint> for this env, or an env with an expert "
                               "(every metaworld/* task, robosuite/Lift, robosuite/PickPlaceCan, pusht, so101/pick-place)") from None
        return lambda seed: env.expert()
    check_policy_matches_env(policy.spec, env.feature_spec, env.env_id)
    actor = PolicyActor(policy, instruction=env.instruction)

    def fresh(seed: int) -> PolicyActor:
        actor.reset(seed)
        return actor

    return fresh


# ---------------------------------------------------------------------------------------------- rollouts
def rollout_episode(env: SimEnv, act: Callable[[Mapping[str, np.ndarray]], np.ndarray], seed: int,
                    action_noise: float = 0.0, max_steps: int | None = None, stop_on_success: bool = True,
                    steps_after_success: int = 0, peaks: dict[str, float] | None = None,
                    ) -> tuple[dict[str, np.ndarray], bool]:
    """One episode as store columns ``{key: (L, ...)}`` (observations before each action, the executed
    (noisy, clipped) action, reward, done) and whether it succeeded at any step. ``peaks``, when given, is filled
    with the episode's maximum of each of the env's ``score_keys`` (PushT: coverage)."""
    keys = list(env.feature_spec)
    columns: dict[str, list[np.ndarray]] = {k: [] for k in keys}
    noise_rng = np.random.default_rng([seed, NOISE_SEED_OFFSET])
    low, high = env.action_space.low, env.action_space.high
    limit = max_steps or env.max_episode_steps
    obs, _ = env.reset(seed=seed)
    success, steps_since_success = False, 0
    for t in range(limit):
        action = np.asarray(act(obs), dtype=np.float64)
        if action_noise > 0:
            action = action + noise_rng.normal(0.0, action_noise, size=action.shape)
        action = np.clip(action, low, high)
        try:
            next_obs, reward, terminated, truncated, info = env.step(action)
        except Exception as e:
            e.add_note(f"while collecting {env.env_id} episode seed={seed}, step {t}")
            raise
        for k, v in obs.items():
            columns[k].append(v)
        columns["action"].append(action.astype(np.float32))
        columns["reward"].append(np.float32(reward))
        success = success or bool(info["is_success"])
        if peaks is not None:
            for key in getattr(env, "score_keys", ()):
                peaks[key] = max(peaks.get(key, -np.inf), float(info[key]))
        steps_since_success += int(success)
        done = (terminated or truncated or t == limit - 1
                or (stop_on_success and success and steps_since_success > steps_after_success))
        columns["done"].append(np.bool_(done))
        obs = next_obs
        if done:
            break
    return {k: np.stack(v) for k, v in columns.items()}, success


# Rendered frames have no sensor noise: lz4hc without bitshuffle stores them in 0.39x the bytes of the store's
# default (lz4 + bitshuffle, chosen for camera images) and decodes 2.7x faster, so training reads them from disk
# twice as fast (docs/benchmarks/sampler.md, part 4); it encodes ~5x slower, still far faster than a simulator
# renders. Stores of real camera data (convert, deploy logs) keep the default.
SIMULATED_IMAGE_LAYOUT = {"image_compressor": "lz4hc", "image_shuffle": "noshuffle"}


def _open_store(path: Path, env: SimEnv, overwrite: bool, created_by: str = "robopolicy collect") -> EpisodeStore:
    if path.exists() and not overwrite:
        store = EpisodeStore.open(path, mode="a")
        if store.features != env.feature_spec:
            raise CollectError(f"{path} exists with features {_describe(store.features)} but {env.env_id} gives "
                               f"{_describe(env.feature_spec)}; pass overwrite=true or another out=")
        return store
    return EpisodeStore.create(path, features=env.feature_spec, fps=env.fps, robot=env.robot,
                               created_by=created_by, overwrite=overwrite, **SIMULATED_IMAGE_LAYOUT)


def committed_seeds(store: EpisodeStore, task: str, source: str, policy_id: str) -> set[int]:
    """Seeds the store already holds for this task instruction, source and policy id."""
    if task not in store.tasks or policy_id not in store.policies or not store.num_episodes:
        return set()
    same = ((store.column("task_index") == store.tasks.index(task))
            & (store.column("policy_index") == store.policies.index(policy_id))
            & (store.column("source") == EPISODE_SOURCES.index(source)))
    return {int(s) for s in store.column("seed")[same]}


def seed_ranges(seeds: Sequence[int]) -> str:
    """``[0, 1, 2, 5]`` -> ``"0-2, 5"``."""
    runs: list[list[int]] = []
    for s in sorted(seeds):
        if runs and s == runs[-1][1] + 1:
            runs[-1][1] = s
        else:
            runs.append([s, s])
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in runs)


def _describe(features: Mapping[str, Any]) -> str:
    return "{" + ", ".join(f"{k}: {tuple(f.shape)}" for k, f in features.items()) + "}"


def collect_episodes(env_id: str, policy_or_expert: Any, episodes: int, store_path: str | Path, *,
                     action_noise: float = 0.0, cameras: Sequence[str] = (), image_size: int = 84,
                     state: bool = True, seed: int = 0, max_steps: int | None = None,
                     stop_on_success: bool = True, steps_after_success: int = 0, overwrite: bool = False,
                     device: str = "cpu", progress: bool = True, env_kwargs: Mapping[str, Any] | None = None,
                     created_by: str = "robopolicy collect",
                     ) -> CollectStats:
    """Collect ``episodes`` per task of ``env_id`` (``metaworld/mt10``: each of the ten) into ``store_path``.

    ``policy_or_expert``: ``"expert"``, a checkpoint directory, or a ``Sampler``. Returns per-task stats.
    """
    if episodes < 1:
        raise CollectError(f"episodes must be >= 1, got {episodes}")
    if action_noise < 0:
        raise CollectError(f"action_noise is a standard deviation and must be >= 0, got {action_noise}")
    path = Path(store_path)
    require_writable(path, "collect: out=")  # before a policy is loaded or an env built
    if overwrite and path.exists():
        require_writable(path.parent, "collect overwrite=true writes the new store beside out=, in ")
    policy, source, policy_id = resolve_source(policy_or_expert, device)
    if action_noise > 0:
        policy_id = f"{policy_id}@noise={action_noise:g}"
    env_ids = expand_env_ids(env_id)
    for task_id in env_ids:
        check_env_id(task_id)
    stats = CollectStats(path, source, policy_id, {}, [])
    staging: AbstractContextManager[Path] = nullcontext(path)
    replaced = None
    if overwrite and path.exists():
        refuse_to_replace(path)  # only an episode store may be replaced
        from robopolicy.data.store import take_writer_lock

        # the old store's writer lock, held until it is replaced: a collect still appending to it refuses the
        # overwrite in one line (the staged store below has a lock of its own, so it was replaced under the writer)
        replaced = take_writer_lock(path)
        staging = staged_directory(path, overwrite=True)  # written beside it, renamed over it once complete
    try:
        with staging as write_path:
            _collect_into(write_path, env_ids, env_id, policy, source, policy_id, episodes, stats,
                          overwrite=overwrite, action_noise=action_noise, cameras=cameras, image_size=image_size,
                          state=state, seed=seed, max_steps=max_steps, stop_on_success=stop_on_success,
                          steps_after_success=steps_after_success, progress=progress, env_kwargs=env_kwargs,
                          created_by=created_by, replacing=write_path != path)
    finally:
        if replaced is not None:
            replaced.release()
    return stats


def _collect_into(path: Path, env_ids: list[str], env_id: str, policy: Any, source: str, policy_id: str,
                  episodes: int, stats: CollectStats, *, overwrite: bool, action_noise: float,
                  cameras: Sequence[str], image_size: int, state: bool, seed: int, max_steps: int | None,
                  stop_on_success: bool, steps_after_success: int, progress: bool,
                  env_kwargs: Mapping[str, Any] | None, created_by: str = "robopolicy collect",
                  replacing: bool = False) -> None:
    """The rollouts of ``collect_episodes`` into the store at ``path`` (the final one, or a staged copy: then
    ``replacing``). A disk that fails mid-write ends it in one line (``_disk_failed``), nothing half-written kept."""
    store: EpisodeStore | None = None
    bar = None  # created once the first env and its actor are ready (bad input fails before any bar shows)
    created, writing = not path.exists(), "the store"
    try:
        for task_id in env_ids:
            env = make_env(task_id, cameras=cameras, image_size=image_size, state=state, seed=seed,
                           **dict(env_kwargs or {}))
            try:
                new_actor = _actor_factory(env, policy)
                if store is None:
                    store = _open_store(path, env, overwrite, created_by)
                if bar is None:
                    bar = tqdm(total=episodes * len(env_ids), desc=f"collect {env_id}", unit="ep",
                               disable=not progress)
                task = stats.tasks[task_id] = TaskStats(task_id, env.instruction)
                already = committed_seeds(store, env.instruction, source, policy_id)
                for i in range(episodes):
                    episode_seed = seed + i
                    if episode_seed in already:
                        task.skipped_seeds.append(episode_seed)
                        bar.update(1)
                        continue
                    start = time.perf_counter()
                    writing = f"episode seed={episode_seed} of {task_id}"
                    data, success = rollout_episode(env, new_actor(episode_seed), episode_seed, action_noise, max_steps,
                                                    stop_on_success, steps_after_success)
                    index = store.append_episode(data, task=env.instruction, success=success, source=source,
                                                 seed=episode_seed, policy_id=policy_id)
                    task.seconds += time.perf_counter() - start
                    task.episodes += 1
                    task.successes += int(success)
                    task.steps += len(data["action"])
                    task.seeds.append(episode_seed)
                    stats.episode_indices.append(index)
                    bar.update(1)
                    bar.set_postfix(task=task_id.split("/")[-1], success=f"{stats.success_rate:.0%}")
            finally:
                env.close()
    except OSError as e:
        from robopolicy.atomic import is_disk_error

        if not is_disk_error(e):
            raise
        raise _disk_failed(e, store, stats, created, replacing, writing, path) from None
    finally:
        if bar is not None:
            bar.close()


def _disk_failed(error: OSError, store: EpisodeStore | None, stats: CollectStats, created: bool, replacing: bool,
                 writing: str, path: Path) -> RobopolicyError:
    """The one line for a disk that failed (full, read-only) while collecting into ``path``, after making sure
    nothing half-written stays: the incomplete episode is cut off (the committed ones are intact), a store this run
    created with no episode committed is removed, and a staged replacement is dropped (out= unchanged)."""
    from robopolicy.atomic import disk_error

    what = f"collect: out={stats.store_path}"
    resume = "free space, then run the same command again"
    cut = True if store is None else store.discard_uncommitted()
    committed = 0 if store is None else store.num_episodes
    if store is not None:
        store.close()
    if replacing:
        return disk_error(error, what, f"the new store written beside it was removed and out= is unchanged: {resume}")
    if created and not committed:
        import shutil

        shutil.rmtree(path, ignore_errors=True)
        return disk_error(error, what, f"the new store was removed (no episode had been committed): {resume}")
    if store is None:
        return disk_error(error, what, f"the store is unchanged: {resume}")
    kept = (f"{committed} episode(s) in the store are intact ({len(stats.episode_indices)} from this run) and the "
            f"incomplete {writing} was " + ("discarded" if cut else "left past the commit point, where readers "
                                            "ignore it and the next writer cuts it off"))
    return disk_error(error, what, f"{kept}: {resume} to complete it (the seeds already collected are skipped)")


def summary_table(stats: CollectStats) -> Table:
    table = Table(title=f"collected into {stats.store_path} (source={stats.source}, policy={stats.policy_id})")
    for col in ("env", "instruction", "episodes", "success", "rate", "mean length", "steps/s"):
        table.add_column(col, justify="right" if col not in ("env", "instruction") else "left")
    for t in stats.tasks.values():
        table.add_row(t.env_id, t.instruction, str(t.episodes), str(t.successes), f"{t.success_rate:.0%}",
                      f"{t.steps / max(t.episodes, 1):.0f}", f"{t.steps / max(t.seconds, 1e-9):.0f}")
    if len(stats.tasks) > 1:
        table.add_row("all", "", str(stats.episodes), str(stats.successes), f"{stats.success_rate:.0%}", "", "")
    return table


def _override_value(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(map(str, value)) + "]"
    return str(value)


def with_recipe(argv: list[str]) -> tuple[list[str], Any]:
    """``recipe=<name or file>`` in ``argv``: its settings as overrides, under the command line's own (a key given
    on the command line wins). Returns the new argv and the recipe (or None)."""
    given = {a.partition("=")[0].lstrip("+~"): a.partition("=")[2] for a in argv if "=" in a}
    if "recipe" not in given:
        return argv, None
    from robopolicy.datasets import load_recipe

    recipe = load_recipe(given["recipe"])
    rest = [a for a in argv if a.partition("=")[0] != "recipe"]
    from_recipe = [f"{k}={_override_value(v)}" for k, v in recipe.collect_settings().items() if k not in given]
    return from_recipe + rest, recipe


def recipe_digest(recipe: Any) -> str:
    import hashlib
    import json

    return "sha256:" + hashlib.sha256(json.dumps(recipe.collect_settings(), sort_keys=True).encode()).hexdigest()[:16]


def check_recipe_target(recipe: Any, env: str, source: str, given: set[str]) -> None:
    """An unknown env id or a source that is neither the expert nor a checkpoint, when it came from a recipe:
    a one-line error naming the recipe and the key to change (before any env is built)."""
    try:
        for task_id in expand_env_ids(env):
            check_env_id(task_id)
        if source != EXPERT_SOURCE and not Path(source).exists():
            raise CollectError(f"source={source!r} is neither 'expert' nor an existing checkpoint directory")
    except RobopolicyError as e:
        key = "env" if "env" in str(e.args[0])[:40] else "source"
        where = "given on the command line" if key in given else "set in the recipe file"
        raise ConfigError(f"recipe {recipe.name!r}, {key}= {where}: {e.args[0]}") from None


def _collect(cfg: Any, created_by: str) -> CollectStats:
    return collect_episodes(
        cfg.env, cfg.source, int(cfg.episodes), cfg.out, action_noise=float(cfg.action_noise),
        cameras=list(cfg.cameras), image_size=int(cfg.image_size), state=bool(cfg.state), seed=int(cfg.seed),
        max_steps=cfg.max_steps, stop_on_success=bool(cfg.stop_on_success),
        steps_after_success=int(cfg.steps_after_success), overwrite=bool(cfg.overwrite), device=cfg.device,
        progress=bool(cfg.progress), created_by=created_by,
        env_kwargs={"proprio": True} if bool(cfg.proprio) else None)


def main(argv: list[str]) -> int:
    if any(a in ("-h", "--help") for a in argv):
        print(__doc__)
        return 0
    argv_given = list(argv)
    argv, recipe = with_recipe(argv)
    cfg = compose("collect", argv)
    created_by = "robopolicy collect"
    if recipe is not None:
        check_recipe_target(recipe, cfg.env, cfg.source, {a.partition("=")[0] for a in argv_given})
        created_by = f"robopolicy collect recipe={recipe.name} ({recipe_digest(recipe)})"
        if not cfg.out:
            cfg.out = str(recipe.store_path(cfg.env))
    if not cfg.out:
        raise ConfigError("out=<store path> is required (e.g. out=datasets/push.zarr), or give recipe=<name> "
                          "(datasets/recipes/) to write under datasets/<name>/")
    import torch

    torch.set_num_threads(1)
    stats = _collect(cfg, created_by)
    # Piped output (logs, CI) gets a wide table instead of rich's 80-column default.
    console = Console(width=None if sys.stdout.isatty() else PIPED_TABLE_WIDTH)
    console.print(summary_table(stats))
    for t in stats.tasks.values():
        if t.skipped_seeds:
            console.print(f"{t.env_id}: skipped seeds {seed_ranges(t.skipped_seeds)}, already in {stats.store_path} "
                          f"for this task and policy ({stats.policy_id}), e.g. from an interrupted run; pass "
                          "another seed= to collect more", highlight=False, soft_wrap=True)
    return 0
