"""One behaviour-cloning experiment, run in its own process: collect expert demos -> train -> evaluate.

    python -m experiments.bc_job JOB.json RESULT.json

``JOB.json`` holds a :class:`JobSpec` (written by ``experiments/bc_results.py``). Each stage is the ordinary
library entry point (``collect_episodes``, ``robopolicy train``, ``robopolicy eval``), so the numbers are what a
user typing those commands would get. ``RESULT.json`` gets the expert's per-task collection counts, the
training settings and wall time, and the evaluation's per-task success with its 95% Wilson interval.
"""

from __future__ import annotations

import json
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import torch

from robopolicy.errors import RobopolicyError


class JobError(RobopolicyError):
    """A stage of a behaviour-cloning job failed."""


@dataclass
class JobSpec:
    """What one job runs. ``env_id`` may be ``metaworld/mt10`` (collect and evaluate each of the ten tasks)."""

    name: str                       # e.g. "bc:metaworld/push-v3" or "vla:metaworld/mt10"
    kind: str                       # "bc" (single task) or "vla" (multi-task, language-conditioned)
    env_id: str
    policy: str                     # a configs/policy/<name>.yaml
    demos: int                      # expert episodes per task
    steps: int                      # training steps
    batch_size: int
    eval_episodes: int              # per task
    eval_max_steps: int | None      # None: the env's own episode limit
    work_dir: str                   # store, train run and eval run go under here
    seed: int = 0                   # demos use seeds seed..seed+demos-1 and training uses this seed
    eval_seed: int = 1000           # evaluation seeds start here (disjoint from the demo seeds)
    action_noise: float = 0.0
    device: str = "cpu"
    threads: int = 1
    train_overrides: list[str] = field(default_factory=list)


def _collect(spec: JobSpec, store: Path) -> dict[str, Any]:
    from robopolicy.eval.collect import collect_episodes
    from robopolicy.eval.stats import wilson_interval

    start = time.perf_counter()
    stats = collect_episodes(spec.env_id, "expert", spec.demos, store, action_noise=spec.action_noise,
                             seed=spec.seed, overwrite=True, progress=False)
    seconds = time.perf_counter() - start
    tasks = []
    for task in stats.tasks.values():
        low, high = wilson_interval(task.successes, task.episodes)
        tasks.append({"env_id": task.env_id, "instruction": task.instruction, "episodes": task.episodes,
                      "successes": task.successes, "success_rate": task.success_rate, "ci95": [low, high],
                      "mean_steps": task.steps / task.episodes if task.episodes else float("nan"),
                      "seeds": [min(task.seeds), max(task.seeds)] if task.seeds else []})
    return {"store": str(store), "episodes": stats.episodes, "successes": stats.successes,
            "action_noise": spec.action_noise, "seconds": seconds, "tasks": tasks}


def _train_argv(spec: JobSpec, store: Path, run_dir: Path) -> list[str]:
    return [f"policy={spec.policy}", f"dataset={store}", f"steps={spec.steps}", f"batch_size={spec.batch_size}",
            f"seed={spec.seed}", f"device={spec.device}", f"threads={spec.threads}", f"run_dir={run_dir}",
            *spec.train_overrides]


def _eval_argv(spec: JobSpec, train_dir: Path, run_dir: Path) -> list[str]:
    argv = [f"policy={train_dir}", f"env={spec.env_id}", f"episodes={spec.eval_episodes}",
            f"seed={spec.eval_seed}", f"device={spec.device}", f"threads={spec.threads}", "videos=0",
            "progress=false", f"run_dir={run_dir}"]
    if spec.eval_max_steps is not None:
        argv.append(f"max_episode_steps={spec.eval_max_steps}")
    return argv


def _timed(stage: str, main: Any, argv: list[str]) -> float:
    print(f"[{stage}] robopolicy {stage} " + " ".join(argv), flush=True)
    start = time.perf_counter()
    code = main(argv)
    if code:
        raise JobError(f"stage '{stage}' exited with code {code} for argv {argv}")
    return time.perf_counter() - start


def run_job(spec: JobSpec) -> dict[str, Any]:
    """Run collect -> train -> eval for ``spec``; returns the result record (see the module docstring)."""
    from robopolicy.eval import cli as eval_cli
    from robopolicy.train import cli as train_cli

    torch.set_num_threads(spec.threads)
    work = Path(spec.work_dir)
    work.mkdir(parents=True, exist_ok=True)
    store, train_dir, eval_dir = work / "demos.zarr", work / "train", work / "eval"
    started = time.perf_counter()

    collect = _collect(spec, store)
    train_argv = _train_argv(spec, store, train_dir)
    train_seconds = _timed("train", train_cli.main, train_argv)
    metrics = [json.loads(line) for line in (train_dir / "metrics.jsonl").read_text().splitlines() if line]
    train_losses = [m["train_loss"] for m in metrics if "train_loss" in m]
    val_losses = [m["val_loss"] for m in metrics if "val_loss" in m]
    eval_argv = _eval_argv(spec, train_dir, eval_dir)
    eval_seconds = _timed("eval", eval_cli.main, eval_argv)
    report = json.loads((eval_dir / "report.json").read_text())

    eval_tasks = [{k: t[k] for k in ("env_id", "task", "episodes", "completed", "successes", "errors",
                                     "success_rate", "ci95", "mean_length")} for t in report["tasks"]]
    return {
        "spec": asdict(spec),
        "collect": collect,
        "train": {"argv": train_argv, "seconds": train_seconds, "run_dir": str(train_dir),
                  "final_train_loss": train_losses[-1] if train_losses else None,
                  "final_val_loss": val_losses[-1] if val_losses else None},
        "eval": {"argv": eval_argv, "seconds": eval_seconds, "run_dir": str(eval_dir),
                 "checkpoint": report["provenance"]["policy"], "tasks": eval_tasks,
                 "overall": report["overall"]},
        "seconds": time.perf_counter() - started,
    }


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: python -m experiments.bc_job JOB.json RESULT.json", file=sys.stderr)
        return 2
    spec = JobSpec(**json.loads(Path(argv[0]).read_text()))
    result = run_job(spec)
    Path(argv[1]).write_text(json.dumps(result, indent=2, allow_nan=True))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
