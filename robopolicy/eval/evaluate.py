"""Evaluate a ``Sampler`` on one env id or a task set (``metaworld/mt10``) and write the run report.

For each task: run the episodes (``rollout.run_episodes``), then replay the first few successes and failures
by their seeds with a camera on, and write them as mp4 videos. Replays are exact for policies that are
deterministic given their noise (each episode's noise comes from its own seed); the report marks any video
whose replay ended differently. The quickstart and ``robopolicy eval`` both call ``evaluate``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from robopolicy.config import schema_field
from robopolicy.eval.report import VIDEOS_SUBDIR, build_report, pick_video_episodes, write_report, write_video
from robopolicy.eval.rollout import run_episodes
from robopolicy.eval.settings import EvalConfig, resolve_execution
from robopolicy.eval.workers import EpisodeResult
from robopolicy.execution import ExecutionSettings
from robopolicy.policies.protocol import Sampler
from robopolicy.version import code_version


def _schema_execution() -> ExecutionSettings | None:
    """What eval's schema defaults (strategy sync, latency 0, no replan_every) run with: the plain harness (None)."""
    schema = EvalConfig()
    return resolve_execution(schema.execution, [schema.latency], schema.replan_every)


@dataclass
class EvalSettings:
    """The part of ``robopolicy eval``'s schema (``eval.settings.EvalConfig``: each key's meaning) that runs
    episodes. Every default is the schema's, taken from there (written once): ``execution`` is what the schema's
    defaults resolve to (``resolve_execution``: None, the plain synchronous harness)."""

    episodes: int = schema_field(EvalConfig, "episodes")
    seed: int = schema_field(EvalConfig, "seed")
    workers: int = schema_field(EvalConfig, "workers")
    envs_per_worker: int = schema_field(EvalConfig, "envs_per_worker")
    stop_on_success: bool = schema_field(EvalConfig, "stop_on_success")
    max_episode_steps: int | None = schema_field(EvalConfig, "max_episode_steps")
    env_kwargs: dict[str, Any] = schema_field(EvalConfig, "env_kwargs")
    videos: int = schema_field(EvalConfig, "videos")
    camera: str | None = schema_field(EvalConfig, "camera")
    video_size: int = schema_field(EvalConfig, "video_size")
    progress: bool = schema_field(EvalConfig, "progress")
    backend: str = schema_field(EvalConfig, "backend")            # local | ray
    address: str | None = schema_field(EvalConfig, "address")
    checkpoint: str | None = None     # backend=ray: workers load the policy from here (the schema's is required)
    execution: ExecutionSettings | None = field(default_factory=_schema_execution)  # None: synchronous
    latency: Any = schema_field(EvalConfig, "latency")  # simulated inference latency (execution.parse_latency)
    replan_every: int | None = schema_field(EvalConfig, "replan_every")  # None: the policy's exec_horizon


def default_camera(env_id: str) -> str:
    """The simulator's default camera (``sim/settings.py``: ``default_cameras[0]``)."""
    from robopolicy.envs import simulator_defaults

    return simulator_defaults(env_id.partition("/")[0])["default_cameras"][0]


def policy_provenance(checkpoint: str | Path) -> dict[str, Any]:
    """Checkpoint path, its weights' content hash and, when its training run recorded one, the dataset."""
    from robopolicy.checkpoint import checkpoint_hash, resolve_checkpoint

    resolved = resolve_checkpoint(checkpoint)
    dataset = None
    run_config = resolved.parent.parent / "config.yaml"  # <run_dir>/checkpoints/<step>/
    if run_config.is_file():
        dataset = (yaml.safe_load(run_config.read_text()) or {}).get("dataset")
    return {"policy": str(resolved), "policy_hash": checkpoint_hash(resolved), "dataset": dataset}


EpisodesBackend = Callable[[Sampler, str, EvalSettings], list[EpisodeResult]]


def local_episodes(policy: Sampler, env_id: str, settings: EvalSettings) -> list[EpisodeResult]:
    """The default backend: ``run_episodes`` in this process (and its worker processes)."""
    return run_episodes(policy, env_id, settings.episodes, base_seed=settings.seed, workers=settings.workers,
                        envs_per_worker=settings.envs_per_worker, stop_on_success=settings.stop_on_success,
                        max_episode_steps=settings.max_episode_steps, env_kwargs=settings.env_kwargs,
                        progress=settings.progress, execution=settings.execution, latency=settings.latency,
                        replan_every=settings.replan_every)


def evaluate_env(policy: Sampler, env_id: str, settings: EvalSettings, run_dir: Path,
                 backend: EpisodesBackend = local_episodes) -> tuple[list[EpisodeResult], list[dict[str, Any]]]:
    """Episodes of one env (run by ``backend``: local, or Ray's ``scale.ray_rollout.ray_episodes`` chosen by the
    command), plus the videos written for it (``[{path, env_id, seed, success, ...}]``)."""
    timing = {"execution": settings.execution, "latency": settings.latency, "replan_every": settings.replan_every}
    results = backend(policy, env_id, settings)
    chosen = pick_video_episodes(results, settings.videos)
    if not chosen:
        return results, []
    camera = settings.camera or default_camera(env_id)
    replays = run_episodes(policy, env_id, len(chosen), seeds=[r.seed for r in chosen], workers=1,
                           envs_per_worker=len(chosen), stop_on_success=settings.stop_on_success,
                           max_episode_steps=settings.max_episode_steps,
                           env_kwargs={"image_size": settings.video_size, **settings.env_kwargs}
                           if not _reads_images(policy) else settings.env_kwargs,
                           record_camera=camera, record_episodes=range(len(chosen)), progress=False, **timing)
    videos = []
    for original, replay in zip(chosen, replays):
        outcome = "success" if original.success else "failure"
        name = f"{env_id.replace('/', '_')}_seed{original.seed}_{outcome}.mp4"
        path = write_video(run_dir / VIDEOS_SUBDIR / name, replay.frames, fps=replay.fps)
        videos.append({"path": str(path.relative_to(run_dir)), "env_id": env_id, "seed": original.seed,
                       "success": original.success, "camera": camera,
                       "replay_matches": (replay.success, replay.length) == (original.success, original.length)})
    return results, videos


def _reads_images(policy: Sampler) -> bool:
    return any(f.kind == "image" for f in policy.spec.obs_features.values())


def evaluate(policy: Sampler, env_ids: list[str], settings: EvalSettings, run_dir: str | Path,
             provenance: dict[str, Any] | None = None, backend: EpisodesBackend = local_episodes) -> dict[str, Any]:
    """Evaluate ``policy`` on every env id, write report.json/.md, the plot and videos; return the report."""
    run_dir = Path(run_dir)
    results_by_env: dict[str, list[EpisodeResult]] = {}
    videos: list[dict[str, Any]] = []
    for env_id in env_ids:
        results_by_env[env_id], env_videos = evaluate_env(policy, env_id, settings, run_dir, backend)
        videos.extend(env_videos)
    full_provenance = {"policy": None, "policy_hash": None, "dataset": None, **(provenance or {}),
                       "env_ids": list(env_ids), "base_seed": settings.seed,
                       "episodes_per_task": settings.episodes, "code_version": code_version(),
                       "policy_spec": policy.spec.to_dict(), "settings": _settings_dict(settings)}
    report = build_report(results_by_env, full_provenance, videos)
    write_report(run_dir, report)
    return report


def _settings_dict(settings: EvalSettings) -> dict[str, Any]:
    from dataclasses import asdict

    d = asdict(settings)
    d["latency"] = str(settings.latency)
    return d
