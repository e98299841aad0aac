"""Pretraining the generalists (issue [2/6]): ``vla_flow`` on Meta-World ML45's 45 training tasks from state +
instruction, and (``--variant mt10_pixels``) on MT10 from one camera, the arm's own state and the instruction.

    python -m experiments.generalist collect      # 45 x 50 noisy expert demos (datasets/recipes/ml45_expert50_noise0.1)
    python -m experiments.generalist train        # resumes exactly where an interrupted run stopped; run it again
    python -m experiments.generalist eval --step 10000   # a checkpoint on the development seeds, per task
    python -m experiments.generalist publish      # the finished generalist's weights into git (models/)
    python -m experiments.generalist final        # the published generalist, 100 fresh episodes per task, once
    python -m experiments.generalist --render     # the pretraining table (docs/results.md), from the JSONs

Each stage is one library command (``robopolicy collect``, ``robopolicy train ... resume=true``, ``robopolicy
eval``); this file only fixes their arguments and writes the records. Training runs for hours on one core: it
checkpoints every ``ckpt_every`` steps and ``train`` picks up from ``latest.json`` after any interruption (the
resume is exact: tests/train/test_resume.py). Checkpoints are evaluated on the development split only (seeds
100,000+, ``EPISODES_PER_TASK`` per task); the budget is chosen there, and the five held-out ML45 tasks are the
test split's (adaptation, issue [2/6] item 2), never seen here. Every stage takes ``--variant`` (``VARIANTS``). ``final`` measures the published generalist once,
``FINAL_EPISODES`` per task on development seeds no evaluation had used (``FINAL_SEEDS``): the number the issue's
target is read against, chosen by nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from experiments import stages
from experiments.provenance import REPO_ROOT, run_provenance
from robopolicy.protocol import DEVELOPMENT_SEEDS, check_run

RESULTS = REPO_ROOT / "experiments" / "results" / "generalist"
WORK = REPO_ROOT / "runs" / "generalist"
EPISODES_PER_TASK = 10
FINAL_EPISODES = 100
FINAL_SEEDS = range(150_000, 150_000 + FINAL_EPISODES)   # development seeds no checkpoint was ever evaluated on


@dataclass(frozen=True)
class Variant:
    """One generalist: its data recipe, its task set and its ``robopolicy train`` arguments (fixed before any
    evaluation); the run, store and published folder are named after it."""

    name: str
    recipe: str
    task_set: str
    steps: int
    train: tuple[str, ...]
    observations: str   # what the results page says it sees

    @property
    def store(self) -> Path:
        return WORK / f"{self.name.split('_vla')[0]}.zarr"

    @property
    def run(self) -> Path:
        return WORK / self.name

    @property
    def published(self) -> Path:
        return REPO_ROOT / "models" / self.name   # the finished generalist, in git (no trainer state)


# 2,250 demos (4.5x MT10's 500): MT10's 9,000-step budget scaled by the data, rounded; chosen before any
# evaluation, and checkpoints along the way are evaluated on development seeds to see where it saturates
ML45 = Variant("ml45_vla_flow", "ml45_expert50_noise0.1", "metaworld/ml45", 40_000,
               ("policy=vla_flow", "paraphrase_instructions=true", "seed=0", "threads=1", "ckpt_every=1000",
                "steps=40000"), "state + instruction")
# MT10 from one 64 px camera, the arm's own state (hand, gripper, goal: no object poses) and the instruction:
# the state-only MT10 recipe's 9,000 steps, the image settings benchmarks/vla_pixels.py measured as shipped
MT10_PIXELS = Variant("mt10_pixels_vla_flow", "mt10_pixels50_noise0.1", "metaworld/mt10", 9_000,
                      ("policy=vla_flow", "obs_keys=[proprio,corner]", "paraphrase_instructions=true", "seed=0",
                       "threads=1", "ckpt_every=500", "steps=9000"), "one 64 px camera + hand/gripper/goal + "
                      "instruction")
VARIANTS = {v.name.split("_vla")[0]: v for v in (ML45, MT10_PIXELS)}
# the ML45 generalist's names, as adaptation and the pages read them
STORE, RUN, RECIPE, TASK_SET, STEPS, TRAIN, PUBLISHED = (ML45.store, ML45.run, ML45.recipe, ML45.task_set,
                                                        ML45.steps, list(ML45.train), ML45.published)


def collect(v: Variant) -> int:
    from robopolicy.eval import collect as collect_cli

    if (v.store / "zarr.json").exists():
        print(f"{v.store}: collected already")
        return 0
    return collect_cli.main([f"recipe={v.recipe}", f"out={v.store}", "progress=true"])


def train(v: Variant) -> int:

    if not (v.store / "zarr.json").exists():
        raise SystemExit(f"no demos at {v.store}: run `python -m experiments.generalist collect` first")
    return stages.train([*v.train, f"dataset={v.store}"], v.run)


def checkpoint_at(v: Variant, step: int | None) -> Path:
    if step is None:
        return v.run
    from robopolicy.checkpoint import CHECKPOINTS_SUBDIR, checkpoint_name

    path = v.run / CHECKPOINTS_SUBDIR / checkpoint_name(step)
    if not path.exists():
        folder = v.run / CHECKPOINTS_SUBDIR
        have = sorted(p.name for p in folder.glob("step_*")) if folder.exists() else []
        raise SystemExit(f"no checkpoint at step {step}; have: {', '.join(have) or 'none'}")
    return path


def evaluate(v: Variant, step: int | None, allow_dirty: bool, final: bool = False) -> int:
    """A checkpoint on the development seeds (``EPISODES_PER_TASK`` per task), or with ``final`` the published
    generalist on ``FINAL_SEEDS`` (``FINAL_EPISODES`` per task); one JSON record either way."""
    from robopolicy.checkpoint import checkpoint_hash, resolve_checkpoint
    from robopolicy.envs import expand_env_ids
    from robopolicy.eval.rollout import success_outcomes
    from robopolicy.policies.loading import load_policy

    tasks = expand_env_ids(v.task_set)
    episodes = FINAL_EPISODES if final else EPISODES_PER_TASK
    seeds = FINAL_SEEDS if final else range(DEVELOPMENT_SEEDS.start, DEVELOPMENT_SEEDS.start + episodes)
    for task in tasks:
        check_run(task, "development", seeds)
    if final and not (v.published / "meta.json").exists():
        raise SystemExit(f"{v.published}: not published yet: run `python -m experiments.generalist publish` first")
    out = RESULTS / f"{v.name}_final.json"
    if final and out.exists():
        raise SystemExit(f"{out.relative_to(REPO_ROOT)} exists: the final evaluation runs once")
    provenance = run_provenance(allow_dirty, command=" ".join(["python -m experiments.generalist",
                                                               *sys.argv[1:]]))
    checkpoint = v.published if final else resolve_checkpoint(checkpoint_at(v, step))
    policy = load_policy(checkpoint)
    start = time.perf_counter()
    per_task = {}
    for task in tasks:
        outcomes = success_outcomes(policy, task, episodes, base_seed=seeds.start, envs_per_worker=10,
                                    progress=False)
        per_task[task] = [bool(o) for o in outcomes]
        print(f"{task}: {sum(per_task[task])}/{episodes}", flush=True)
    meta = json.loads((checkpoint / "meta.json").read_text()) if (checkpoint / "meta.json").exists() else {}
    record = {"variant": v.name, "task_set": v.task_set, "split": "development", "final": final,
              "recipe": v.recipe, "train": list(v.train),
              "checkpoint": str(checkpoint.relative_to(REPO_ROOT)) if checkpoint.is_relative_to(REPO_ROOT) else
              str(checkpoint), "checkpoint_hash": checkpoint_hash(checkpoint),
              "step": meta.get("step", v.steps if final else step),
              "eval_seeds": [seeds.start, seeds.stop - 1], "per_task": per_task,
              "success": sum(map(sum, per_task.values())) / (len(tasks) * episodes),
              "seconds": time.perf_counter() - start, "provenance": provenance,
              "load_average_end": list(os.getloadavg())}
    RESULTS.mkdir(parents=True, exist_ok=True)
    if not final:
        out = RESULTS / f"{v.name}_step{record['step']}.json"
    out.write_text(json.dumps(record, indent=1) + "\n")
    print(f"{out.name}: {record['success']:.2f} over {len(tasks)} tasks")
    return 0


def publish(v: Variant) -> int:
    """The generalist at its last step into ``models/`` (weights + policy.json, hash in meta.json): what later work
    and users start from; the run itself (with optimizer state) stays out of git."""
    from robopolicy.checkpoint import CHECKPOINTS_SUBDIR, checkpoint_name, publish_checkpoint
    from robopolicy.data.store import EpisodeStore
    from robopolicy.policies.protocol import INSTRUCTIONS_KEY

    final = v.run / CHECKPOINTS_SUBDIR / checkpoint_name(v.steps)
    if not final.exists():
        raise SystemExit(f"{v.run}: no checkpoint at step {v.steps} yet: finish it (python -m "
                         "experiments.generalist train)")
    provenance = run_provenance(False, command=" ".join(["python -m experiments.generalist", *sys.argv[1:]]))
    # the ML45 run began before training recorded its instructions: the store's, so the fine-tuners can check them
    instructions = sorted(EpisodeStore.open(v.store, mode="r").tasks)
    out = publish_checkpoint(final, v.published, spec_extra={INSTRUCTIONS_KEY: instructions}, published_from={
        "run": str(v.run.relative_to(REPO_ROOT)), "step": v.steps, "recipe": v.recipe, "train": list(v.train),
        "task_set": v.task_set, "publish_provenance": provenance})
    print(f"published {final} -> {out.relative_to(REPO_ROOT)}")
    return 0


def render(v: Variant = ML45) -> list[str]:
    records = sorted((json.loads(p.read_text()) for p in RESULTS.glob(f"{v.name}_step*.json")),
                     key=lambda r: r["step"])
    final = RESULTS / f"{v.name}_final.json"
    records += [json.loads(final.read_text())] if final.exists() else []
    if not records:
        return [f"No checkpoint of {v.name} has been evaluated yet."]
    lines = [f"| step | {v.task_set} (development seeds) | episodes per task | tasks at >= 0.8 | tasks at 0 |",
             "|---|---|---|---|---|"]
    for r in records:
        rates = [sum(v) / len(v) for v in r["per_task"].values()]
        step = f"{r['step']:,}" + (" (published, final: fresh seeds)" if r.get("final") else "")
        lines.append(f"| {step} | {r['success']:.3f} | {len(next(iter(r['per_task'].values())))} | "
                     f"{sum(x >= 0.8 for x in rates)} of {len(rates)} | {sum(x == 0 for x in rates)} |")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("stage", choices=("collect", "train", "eval", "publish", "final"), nargs="?")
    parser.add_argument("--variant", choices=sorted(VARIANTS), default="ml45",
                        help="which generalist: ml45 (state + instruction) or mt10_pixels (camera + instruction)")
    parser.add_argument("--step", type=int, default=None, help="eval: the checkpoint at this step (default: latest)")
    parser.add_argument("--allow-dirty", action="store_true")
    parser.add_argument("--render", action="store_true")
    args = parser.parse_args(argv)
    v = VARIANTS[args.variant]
    if args.render:
        print("\n".join(render(v)))
        return 0
    if args.stage is None:
        parser.error("give a stage (collect, train, eval, publish, final) or --render")
    import torch

    torch.set_num_threads(1)
    if args.stage == "collect":
        return collect(v)
    if args.stage == "train":
        return train(v)
    if args.stage == "publish":
        return publish(v)
    return evaluate(v, args.step, args.allow_dirty, final=args.stage == "final")


if __name__ == "__main__":
    raise SystemExit(main())
