"""Merging results for docs/results_archive.md: the generalist experiment in miniature (RETAIN-style weight merging).

    python -m experiments.merge_results                  # the settings of the published CPU run (~45 min, 2 cores)
    python -m experiments.merge_results --quick          # smoke test: a few demos, steps and episodes (< 1 min)
    python -m experiments.merge_results --new-task metaworld/window-close-v3 --eval-episodes 50 --device cuda
    python -m experiments.merge_results --render-only experiments/results/merge_results_cpu.json
    python -m experiments.merge_results --render          # the "Merging" section from the committed JSON

Stages, each the ordinary library entry point:

1. **Demos.** Scripted-expert episodes (``collect_episodes``): ``--demos`` per old task (the MT10 tasks except
   ``--new-task``), seeds 0..demos-1, into one store; ``--new-demos`` of the new task into another.
2. **Pretrain** a multi-task VLA (``vla_flow``, state + instruction) on the old tasks only (``robopolicy train``).
3. **Fine-tune** it on the new task only (``robopolicy train ... init_from=<pretrained>``: the pretrained
   weights and normalizer, a fresh optimizer), so the two checkpoints share an architecture and a normalizer.
4. **Merge and sweep** (``robopolicy.finetune.merge_cli.sweep``, i.e. ``robopolicy merge sweep=true``) over
   ``--alphas``; alpha 0 is the pretrained model and alpha 1 the fine-tuned one, bit for bit. The sweep evaluates
   every alpha on the new task and on each old task with the same seeds (from ``EVAL_SEED``).
5. **Out of distribution**: every merged checkpoint on the new task with an instruction paraphrase never seen in
   training, the hand pushed away from Meta-World's fixed start before the policy acts (``PerturbedStart``), and
   seeds from ``OOD_SEED`` (other layouts again). Same seeds for every alpha.

Per alpha: new-task success, OOD new-task success, and old-task success pooled over the old tasks (equal
episodes per task, so the pooled rate is the mean of the per-task rates), each with a 95% Wilson interval.
Results go to ``<out>/results.json`` and (full runs) ``--json``; the ``## Merging`` section of
``docs/results_archive.md`` keeps its heading and intro and gets the rest re-rendered. ``--render`` (also ``--render-only``
with the committed ``RESULTS_JSON``) writes the whole section from the committed JSON only: ``RESULTS_JSON`` and
the per-module follow-up ``BY_MODULE_JSON`` (shown only while its paths, seeds and episodes match the run: rerun it
after a new run); a test re-renders it and fails on any difference.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from experiments.bc_job import JobSpec, _collect, _timed, _train_argv
from experiments.bc_results import machine_description
from experiments.results_markdown import (
    _section_span,
    add_render_arg,
    check_claim,
    marked_table,
    provenance_mark,
    write_section,
)
from robopolicy.errors import RobopolicyError
from robopolicy.eval.stats import success_summary

REPO_ROOT = Path(__file__).resolve().parents[1]
RESULTS_PAGE = REPO_ROOT / "docs" / "results_archive.md"
RESULTS_JSON = REPO_ROOT / "experiments" / "results" / "merge_results_cpu.json"
VARIANTS_DIR = REPO_ROOT / "experiments" / "results" / "merge"   # --json of the gentle fine-tuning variants
SECTION = "Merging"
POLICY = "vla_flow"
DEFAULT_NEW_TASK = "metaworld/button-press-topdown-v3"
ALPHAS = [0.0, 0.25, 0.5, 0.75, 1.0]
EVAL_SEED = 1000   # in-distribution evaluation seeds start here (demos use seeds 0..demos-1)
OOD_SEED = 5000    # out-of-distribution evaluation seeds start here
TARGET_FRACTION = 0.9
# The small VLA of the bc_results CPU run (MT10 mean 0.68 with 10 demos per task and 1,500 steps).
ARCH_OVERRIDES = ["policy.unet.down_dims=[32,64,128]", "policy.trunk.num_layers=2"]
FULL = {"demos": 10, "new_demos": 20, "pretrain_steps": 1500, "finetune_steps": 500, "batch_size": 64,
        "finetune_warmup": 50, "eval_episodes": 20, "eval_max_steps": 200, "old_tasks": None}
QUICK = {"demos": 2, "new_demos": 2, "pretrain_steps": 4, "finetune_steps": 3, "batch_size": 8,
         "finetune_warmup": 1, "eval_episodes": 2, "eval_max_steps": 24, "old_tasks": 2}
# Instruction paraphrases for the out-of-distribution evaluation (never in any training store).
PARAPHRASES = {
    "reach-v3": "move the gripper to the target",
    "push-v3": "slide the puck over to the target",
    "pick-place-v3": "grab the puck and put it down on the target",
    "door-open-v3": "swing the door open",
    "drawer-open-v3": "pull the drawer out",
    "drawer-close-v3": "push the drawer shut",
    "button-press-topdown-v3": "push the button down from above",
    "peg-insert-side-v3": "slide the peg sideways into the hole",
    "window-open-v3": "push the window open sideways",
    "window-close-v3": "push the window shut sideways",
}
# The start perturbation: before the policy's first observation the hand is driven PUSH_STEPS control steps
# with a constant action of norm PUSH_SCALE in a direction drawn from the episode seed (x, y free, z upward).
# Meta-World actions move the hand's mocap target 1 cm per unit per step; the hand, which lags it, ends about
# 1-4 cm away from Meta-World's fixed start, where every demo began (measured per seed into the results).
PUSH_STEPS = 10
PUSH_SCALE = 0.5


class MergeExperimentError(RobopolicyError):
    """A stage of the merging experiment failed or was given bad settings."""


@dataclass(frozen=True)
class PerturbedStart:
    """Picklable env recipe for the OOD evaluation: ``make_env(env_id)`` with another instruction and a
    displaced hand at reset (see ``PUSH_STEPS``); the displacement direction is drawn from the episode seed."""

    env_id: str
    instruction: str
    push_steps: int = PUSH_STEPS
    push_scale: float = PUSH_SCALE

    def __call__(self) -> Any:
        from robopolicy.sim import make_env

        env = make_env(self.env_id)
        env.instruction = self.instruction
        reset_sim = env._reset_sim

        def displaced_reset(seed: int | None) -> None:
            reset_sim(seed)
            direction = np.random.default_rng([OOD_SEED, seed or 0]).normal(size=3)
            direction[2] = abs(direction[2])  # never push down into the table or the object
            action = np.append(self.push_scale * direction / np.linalg.norm(direction), 0.0)
            for _ in range(self.push_steps):
                env._step_sim(action)

        env._reset_sim = displaced_reset
        return env


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m experiments.merge_results", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--quick", action="store_true", help="smoke-test scale: " + json.dumps(QUICK))
    p.add_argument("--new-task", default=DEFAULT_NEW_TASK, help="the MT10 task held out of pretraining")
    p.add_argument("--old-tasks", type=int, help="use only the first N old tasks (default: all nine)")
    p.add_argument("--demos", type=int, help=f"expert demos per old task (default {FULL['demos']})")
    p.add_argument("--new-demos", type=int, help=f"expert demos of the new task (default {FULL['new_demos']})")
    p.add_argument("--pretrain-steps", type=int, help=f"default {FULL['pretrain_steps']}")
    p.add_argument("--finetune-steps", type=int, help=f"default {FULL['finetune_steps']}")
    p.add_argument("--finetune-warmup", type=int, help=f"fine-tuning warm-up steps (default {FULL['finetune_warmup']})")
    p.add_argument("--batch-size", type=int, help=f"default {FULL['batch_size']}")
    p.add_argument("--eval-episodes", type=int, help=f"per env and alpha (default {FULL['eval_episodes']})")
    p.add_argument("--eval-max-steps", type=int, help=f"episode step limit (default {FULL['eval_max_steps']})")
    p.add_argument("--alphas", type=float, nargs="+", default=ALPHAS)
    p.add_argument("--train-seed", type=int, default=0, help="seed of both trainings (the demos stay the same)")
    p.add_argument("--finetune-lr", type=float, help="fine-tuning learning rate (default: the trainer's, 1e-4)")
    p.add_argument("--cotrain", type=int, default=0, metavar="N",
                   help="co-training: the first N demos of every old task join the new task's in the fine-tuning "
                        "store (RETAIN's gentle fine-tune; 0: the new task only)")
    p.add_argument("--envs-per-worker", type=int, default=10, help="envs stepped together per evaluation")
    p.add_argument("--device", default="cpu")
    p.add_argument("--threads", type=int, default=1, help="torch threads")
    p.add_argument("--out", default="runs/merge_results", help="work folder (stores, runs, merged checkpoints)")
    p.add_argument("--json", help=f"also write the results here (full runs default: {RESULTS_JSON.relative_to(REPO_ROOT)})")
    p.add_argument("--page", default=str(RESULTS_PAGE), help="the results page whose Merging section to update")
    p.add_argument("--no-page", action="store_true", help="do not touch the results page (implied by --quick)")
    p.add_argument("--render-only", metavar="RESULTS_JSON", help="re-render the page section from a saved json")
    add_render_arg(p, SECTION)
    return p.parse_args(argv)


def settings_of(args: argparse.Namespace) -> dict[str, Any]:
    """The scale settings: the flags given, else QUICK / FULL; the task split."""
    from robopolicy.sim import mt10_env_ids

    scale = QUICK if args.quick else FULL
    s = {k: getattr(args, k) if getattr(args, k, None) is not None else v for k, v in scale.items()}
    tasks = mt10_env_ids()
    if args.new_task not in tasks:
        raise MergeExperimentError(f"--new-task {args.new_task!r} is not an MT10 task; valid: {', '.join(tasks)}")
    old = [t for t in tasks if t != args.new_task]
    s["old_tasks"] = old[: s["old_tasks"]] if s["old_tasks"] else old
    for key in ("demos", "new_demos", "pretrain_steps", "finetune_steps", "batch_size", "eval_episodes",
                "eval_max_steps"):
        if s[key] < 1:
            raise MergeExperimentError(f"{key} must be >= 1, got {s[key]}")
    if not all(0.0 <= a <= 1.0 for a in args.alphas):
        raise MergeExperimentError(f"alphas must be in [0, 1], got {args.alphas}")
    task = args.new_task.split("/", 1)[1]
    s.update(new_task=args.new_task, alphas=[float(a) for a in args.alphas], policy=POLICY,
             arch_overrides=ARCH_OVERRIDES, eval_seed=EVAL_SEED, ood_seed=OOD_SEED,
             ood_instruction=PARAPHRASES.get(task, "do the task: " + task.removesuffix("-v3").replace("-", " ")),
             push_steps=PUSH_STEPS, push_scale=PUSH_SCALE, envs_per_worker=args.envs_per_worker,
             device=args.device, threads=args.threads, train_seed=args.train_seed, finetune_lr=args.finetune_lr,
             cotrain=args.cotrain)
    if args.cotrain < 0 or args.cotrain > s["demos"]:
        raise MergeExperimentError(f"--cotrain must be in [0, --demos={s['demos']}], got {args.cotrain}")
    return s


# ---------------------------------------------------------------------------------------------- stages
def cotrain_store(new_store: Path, old_store: Path, per_task: int, out: Path) -> dict[str, Any]:
    """A fine-tuning store: every episode of ``new_store`` plus the first ``per_task`` episodes of each old task
    in ``old_store`` (copied with their instruction and success flag)."""
    from robopolicy.data.store import EpisodeStore

    if out.exists():
        shutil.rmtree(out)
    new, old = EpisodeStore.open(new_store), EpisodeStore.open(old_store)
    store = EpisodeStore.create(out, features=new.features, fps=new.fps, robot=new.robot,
                                created_by=f"experiments.merge_results --cotrain {per_task}")
    taken: dict[str, int] = {}
    for source, limit in ((new, None), (old, per_task)):
        for i in range(source.num_episodes):
            meta = source.episode_meta(i)
            task = meta.get("task")
            if limit is not None and taken.get(task, 0) >= limit:
                continue
            taken[task] = taken.get(task, 0) + 1
            store.append_episode(source.episode(i), task=task, success=meta["success"], source=meta["source"],
                                 seed=meta["seed"], policy_id=meta.get("policy_id"))
    return {"store": str(out), "episodes": store.num_episodes, "per_task": taken}



def collect_old_tasks(env_ids: list[str], demos: int, store: Path) -> dict[str, Any]:
    """``demos`` expert episodes of every old task into one store (seeds 0..demos-1 per task)."""
    from robopolicy.eval.collect import collect_episodes

    start = time.perf_counter()
    if store.exists():
        shutil.rmtree(store)
    tasks = []
    for env_id in env_ids:
        stats = collect_episodes(env_id, "expert", demos, store, seed=0, overwrite=False, progress=False)
        t = stats.tasks[env_id]
        tasks.append({"env_id": env_id, "instruction": t.instruction, **success_summary(t.successes, t.episodes),
                      "seeds": [min(t.seeds), max(t.seeds)]})
    return {"store": str(store), "episodes": sum(t["episodes"] for t in tasks),
            "successes": sum(t["successes"] for t in tasks), "seconds": time.perf_counter() - start, "tasks": tasks}


def train_stage(name: str, spec: JobSpec, store: Path, run_dir: Path, extra: list[str]) -> dict[str, Any]:
    """``robopolicy train`` with the job's argv (``experiments.bc_job._train_argv``) plus ``extra``."""
    from robopolicy.train import cli as train_cli

    if run_dir.exists():
        shutil.rmtree(run_dir)
    argv = _train_argv(spec, store, run_dir) + extra
    seconds = _timed("train", train_cli.main, argv)
    metrics = [json.loads(line) for line in (run_dir / "metrics.jsonl").read_text().splitlines() if line]
    train = [m["train_loss"] for m in metrics if "train_loss" in m]
    val = [m["val_loss"] for m in metrics if "val_loss" in m]
    print(f"[{name}] {seconds / 60:.1f} min, final train loss {train[-1]:.3f}", flush=True)
    return {"argv": argv, "seconds": seconds, "run_dir": str(run_dir), "final_train_loss": train[-1] if train else None,
            "final_val_loss": val[-1] if val else None}


def sweep_stage(s: dict[str, Any], pretrained: Path, finetuned: Path, out: Path) -> dict[str, Any]:
    """``robopolicy merge sweep=true`` (its Python API) on the new task and every old task."""
    from robopolicy.config import compose
    from robopolicy.finetune.merge_cli import sweep

    if out.exists():
        shutil.rmtree(out)
    envs = [s["new_task"], *s["old_tasks"]]
    cfg = compose("merge", [f"base={pretrained}", f"finetuned={finetuned}", f"out={out}", "sweep=true",
                            f"envs=[{','.join(envs)}]", f"alphas=[{','.join(str(a) for a in s['alphas'])}]",
                            f"episodes={s['eval_episodes']}", f"seed={EVAL_SEED}",
                            f"max_episode_steps={s['eval_max_steps']}", f"envs_per_worker={s['envs_per_worker']}",
                            f"device={s['device']}", f"threads={s['threads']}", "progress=false"])
    start = time.perf_counter()
    table = sweep(cfg)
    table["seconds"] = time.perf_counter() - start
    table["sweep_md"] = str(out / "sweep.md")
    return table


def start_displacements(s: dict[str, Any]) -> list[float]:
    """Metres between the hand at an unperturbed reset and at the ``PerturbedStart`` reset, per OOD seed."""
    from robopolicy.sim import make_env

    plain, shifted = make_env(s["new_task"]), PerturbedStart(s["new_task"], s["ood_instruction"])()
    try:
        out = []
        for seed in range(OOD_SEED, OOD_SEED + s["eval_episodes"]):
            a, _ = plain.reset(seed=seed)
            b, _ = shifted.reset(seed=seed)
            out.append(float(np.linalg.norm(b["state"][:3] - a["state"][:3])))
        return out
    finally:
        plain.close()
        shifted.close()


def ood_stage(s: dict[str, Any], rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every merged checkpoint on the perturbed new task (paraphrase + displaced start + OOD seeds)."""
    from robopolicy import load_policy
    from robopolicy.eval.rollout import run_episodes

    factory = PerturbedStart(s["new_task"], s["ood_instruction"])
    results = []
    for row in rows:
        start = time.perf_counter()
        policy = load_policy(row["checkpoint"], device=s["device"])
        episodes = run_episodes(policy, s["new_task"], s["eval_episodes"], base_seed=OOD_SEED,
                                envs_per_worker=s["envs_per_worker"], max_episode_steps=s["eval_max_steps"],
                                env_factory=factory, progress=False)
        errors = [e.error for e in episodes if e.error]
        if errors:
            raise MergeExperimentError(f"OOD evaluation of alpha {row['alpha']} had {len(errors)} env errors, "
                                       f"first: {errors[0]}")
        results.append({"alpha": row["alpha"], **success_summary(sum(int(e.success) for e in episodes), len(episodes)),
                        "task": episodes[0].task, "seconds": time.perf_counter() - start})
        print(f"[ood] alpha {row['alpha']:g}: {results[-1]['success']:.2f}", flush=True)
    return results


def summarise(s: dict[str, Any], table: dict[str, Any], ood: list[dict[str, Any]]) -> dict[str, Any]:
    """Per alpha: new, OOD and pooled old-task success; and whether the target is met."""
    rows = []
    for row, o in zip(table["rows"], ood):
        new = row["envs"][s["new_task"]]
        old = [row["envs"][t] for t in s["old_tasks"]]
        rows.append({"alpha": row["alpha"], "new": success_summary(new["successes"], new["episodes"]),
                     "ood": {k: o[k] for k in ("success", "successes", "episodes", "ci95")},
                     "old": success_summary(sum(e["successes"] for e in old), sum(e["episodes"] for e in old)),
                     "old_per_task": {t: row["envs"][t]["success"] for t in s["old_tasks"]}})
    by_alpha = {r["alpha"]: r for r in rows}
    target: dict[str, Any] = {"fraction": TARGET_FRACTION, "met": None}
    if 0.0 in by_alpha and 1.0 in by_alpha:
        old_ref, new_ref = by_alpha[0.0]["old"]["success"], by_alpha[1.0]["new"]["success"]
        ok = [r["alpha"] for r in rows if r["old"]["success"] >= TARGET_FRACTION * old_ref
              and r["new"]["success"] >= TARGET_FRACTION * new_ref]
        target.update(pretrained_old=old_ref, finetuned_new=new_ref, old_needed=TARGET_FRACTION * old_ref,
                      new_needed=TARGET_FRACTION * new_ref, alphas_meeting=ok, met=bool(ok),
                      interior_alphas_meeting=[a for a in ok if 0.0 < a < 1.0])
    return {"rows": rows, "target": target}


# ---------------------------------------------------------------------------------------------- page
def _pct(x: dict[str, Any]) -> str:
    return f"**{x['success']:.2f}** [{x['ci95'][0]:.2f}, {x['ci95'][1]:.2f}] ({x['successes']}/{x['episodes']})"


def _minutes(seconds: float) -> str:
    return f"{seconds / 60:.1f} min"


def render_section(data: dict[str, Any], results_path: str, rerender: str | None = None) -> str:
    """The body of ``## Merging`` after its intro paragraph; ``rerender``: the command the page names to re-render
    it (default: ``--render-only <results_path>``)."""
    s, summary, w = data["settings"], data["summary"], data["wall_seconds"]
    m = data["machine"]
    load = ", ".join(f"{x:.1f}" for x in m["load_average"])
    load_end = ", ".join(f"{x:.1f}" for x in data["load_average_end"])
    new_id = s["new_task"]
    old_names = ", ".join(t.split("/", 1)[1] for t in s["old_tasks"])
    collect = data["collect"]
    d = s["start_displacement_m"]
    scale = " (**smoke-test scale (`--quick`): not a result**)" if data.get("quick") else ""
    mark, sources = provenance_mark(data), {results_path: data}
    lines = [
        f"- Produced by `{data['command']}` on {data['started']}{scale}; total wall time "
        f"{_minutes(w['total'])} (collect {_minutes(w['collect'])}, pretrain {_minutes(w['pretrain'])}, "
        f"fine-tune {_minutes(w['finetune'])}, merge + in-distribution sweep {_minutes(w['sweep'])}, "
        f"OOD evaluation {_minutes(w['ood'])}). Raw numbers: `{results_path}`{mark}; re-render with "
        f"`{rerender or f'python -m experiments.merge_results --render-only {results_path}'}`.",
        f"- Machine: {m['host_cpu']}, {m['cpu_cores']} cores (load average at start {load}, at the end "
        f"{load_end}; shared with other jobs), device `{m['device']}`, Python {m['python']}, torch {m['torch']}, "
        f"code `{m['code_version']}`.",
        f"- Policy: `{s['policy']}` (state + instruction, no camera) with `{'`, `'.join(s['arch_overrides'])}`, "
        f"the small VLA of the [VLA on MT10](#vla-on-mt10) section.",
        f"- Pretraining: the {len(s['old_tasks'])} old tasks ({old_names}), {s['demos']} scripted-expert demos "
        f"each (seeds 0..{s['demos'] - 1}; {collect['old']['successes']}/{collect['old']['episodes']} "
        f"successful), {s['pretrain_steps']} steps at batch {s['batch_size']} (lr 1e-4, 500 warm-up steps, "
        f"EMA), seed 0.",
        f"- New task: `{new_id}` (\"{collect['new']['tasks'][0]['instruction']}\"), held out of pretraining. "
        f"Fine-tuning: `init_from=` the pretrained checkpoint (its weights and normalizer, fresh optimizer and "
        f"EMA), {s['new_demos']} demos of the new task only (seeds 0..{s['new_demos'] - 1}; "
        f"{collect['new']['successes']}/{collect['new']['episodes']} successful), {s['finetune_steps']} steps at "
        f"batch {s['batch_size']}, {s['finetune_warmup']} warm-up steps.",
        "- Merge: `robopolicy merge sweep=true` (`merge_cli.sweep`), θ = (1 − α) θ_pretrained + α θ_finetuned "
        "for every parameter, normalizer from the fine-tuned checkpoint (identical to the pretrained one "
        "here). α = 0 is the pretrained model and α = 1 the fine-tuned one, bit for bit.",
        f"- Evaluation, the same seeds for every α: {s['eval_episodes']} episodes per env and α, episode limit "
        f"{s['eval_max_steps']} steps, stopped at the first success, the merged checkpoint's (EMA) weights. "
        f"**New task**: seeds {s['eval_seed']}..{s['eval_seed'] + s['eval_episodes'] - 1} (object layouts "
        f"not in the demos). **New task, OOD**: seeds {s['ood_seed']}..{s['ood_seed'] + s['eval_episodes'] - 1}, "
        f"the instruction replaced by a paraphrase never seen in training (\"{s['ood_instruction']}\"), and the "
        f"hand pushed away from Meta-World's fixed start (where every demo began) before the policy's first "
        f"observation: {s['push_steps']} control steps of a constant action of norm {s['push_scale']} in a "
        f"direction drawn from the seed (no downward component), which moved the hand "
        f"{100 * min(d):.1f}-{100 * max(d):.1f} cm (mean {100 * np.mean(d):.1f} cm) on these seeds. "
        f"**Old tasks**: seeds "
        f"{s['eval_seed']}..{s['eval_seed'] + s['eval_episodes'] - 1} on each, pooled (equal episodes per task, "
        f"so the pooled rate is the mean over tasks; its Wilson interval treats the pooled episodes as one "
        f"sample).",
        "",
    ]
    table = [f"| α | new task ({new_id.split('/', 1)[1]}) | new task, OOD | old tasks (mean of {len(s['old_tasks'])}) |",
             "|---|---|---|---|"]
    for r in summary["rows"]:
        table.append(f"| {r['alpha']:g} | {_pct(r['new'])} | {_pct(r['ood'])} | {_pct(r['old'])} |")
    old_tasks = s["old_tasks"]
    lines += [*marked_table(table, sources), "",
              "Old tasks one by one (success over " + str(s["eval_episodes"]) + " episodes):", ""]
    table = ["| α | " + " | ".join(t.split("/", 1)[1] for t in old_tasks) + " |", "|---|" + "---|" * len(old_tasks)]
    for r in summary["rows"]:
        table.append(f"| {r['alpha']:g} | " + " | ".join(f"{r['old_per_task'][t]:.2f}" for t in old_tasks) + " |")
    lines += marked_table(table, sources)
    t = summary["target"]
    lines.append("")
    if t["met"] is None:
        lines.append("Target not assessed: the sweep needs α = 0 and α = 1.")
    else:
        head = (f"**Target**{mark} (some α keeps ≥ 90% of the pretrained model's old-task success, here ≥ "
                f"{t['old_needed']:.2f}, while reaching ≥ 90% of the fine-tuned model's new-task success, here ≥ "
                f"{t['new_needed']:.2f}): ")
        if t["finetuned_new"] == 0:
            verdict = "not meaningful: the fine-tuned model never solved the new task."
        elif t["interior_alphas_meeting"]:
            verdict = (f"**met** at α ∈ {{{', '.join(f'{a:g}' for a in t['interior_alphas_meeting'])}}} (point "
                       "estimates; the intervals above say how sure).")
        elif t["met"]:
            verdict = (f"met only at an endpoint (α ∈ {{{', '.join(f'{a:g}' for a in t['alphas_meeting'])}}}), "
                       "so merging itself added nothing measurable here.")
        else:
            verdict = "**not met** at any α."
        lines.append(head + verdict)
        if t["pretrained_old"] > 0 and t["finetuned_new"] > 0:
            kept = "; ".join(f"α = {r['alpha']:g}: {r['old']['success'] / t['pretrained_old']:.0%} of the old-task "
                             f"and {r['new']['success'] / t['finetuned_new']:.0%} of the new-task success"
                             for r in summary["rows"] if 0.0 < r["alpha"] < 1.0)
            lines += ["", f"Fractions kept (point estimates): {kept}."]
    lines.append(data.get("notes", ""))
    return "\n".join(line for line in lines).rstrip() + "\n"


def update_page(page: Path, data: dict[str, Any], results_path: str) -> None:
    """Replace the ``## Merging`` section's body after its heading and intro paragraph."""
    text = page.read_text()
    span = _section_span(text, SECTION)
    if span is None:
        raise MergeExperimentError(f"{page} has no '## {SECTION}' section")
    section = text[span[0]:span[1]]
    heading, _, rest = section.partition("\n\n")
    intro = rest.split("\n\n", 1)[0]
    if not re.search(r"How to run it", intro):
        raise MergeExperimentError(f"the intro paragraph of '## {SECTION}' was not found where expected:\n{intro}")
    block = f"{heading}\n\n{intro}\n\n{render_section(data, results_path)}\n"
    page.write_text(text[:span[0]] + block + text[span[1]:])


# ---------------------------------------------------------------------------------------------- the committed page
BY_MODULE_JSON = REPO_ROOT / "experiments" / "results" / "merge_by_module_cpu.json"
INTRO = """A multi-task VLA pretrained on {old} of the MT10 tasks, fine-tuned on the {new}, then merged; per α: the new task,
the new task out of distribution (perturbed initial conditions or instruction paraphrases), and the {old} old
tasks. How to run it: [Merge](howto/merge.md)."""


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _pooled(envs: dict[str, dict[str, Any]], tasks: list[str]) -> tuple[int, int]:
    """Successes and episodes pooled over ``tasks`` (a sweep row stores rates: successes = rate x episodes)."""
    return (sum(round(envs[t]["success"] * envs[t]["episodes"]) for t in tasks), sum(envs[t]["episodes"] for t in tasks))


def _same_run(data: dict[str, Any], by_module: dict[str, Any]) -> bool:
    """Whether the per-module follow-up merged this run's checkpoints, on its seeds, episodes and envs."""
    s = data["settings"]

    def ends_with(full: str, tail: str) -> bool:
        return Path(full).parts[-len(Path(tail).parts):] == Path(tail).parts

    return (ends_with(data["sweep"]["base"], by_module["base"])
            and ends_with(data["sweep"]["finetuned"], by_module["finetuned"]) and by_module["seed"] == s["eval_seed"]
            and all(set(r["envs"]) == {s["new_task"], *s["old_tasks"]} for r in by_module["rows"])
            and all(e["episodes"] == s["eval_episodes"] for r in by_module["rows"] for e in r["envs"].values()))


def render_by_module(data: dict[str, Any], by_module: dict[str, Any]) -> str:
    """The per-module follow-up (``robopolicy merge ... alpha_by_module.<group>=<alpha>``) on the run's checkpoints."""
    s, t = data["settings"], data["summary"]["target"]
    new, old = s["new_task"], s["old_tasks"]
    groups = by_module["alpha_by_module"]
    check_claim(list(groups) == ["action_head"], "the follow-up sets the action head only")
    head_alpha = groups["action_head"]
    rows = sorted(by_module["rows"], key=lambda r: r["alpha"])
    uniform = {r["alpha"]: r for r in data["summary"]["rows"]}
    news = [r["envs"][new]["success"] for r in rows]
    olds = [_pooled(r["envs"], old) for r in rows]
    old_rates = [w / n for w, n in olds]
    check_claim(min(news) == max(news), "the new task stays at one rate")
    check_claim(all(x < uniform[0.5]["old"]["success"] for x in old_rates), "below the uniform α = 0.5")
    check_claim(not any(o >= t["old_needed"] and n >= t["new_needed"] for o, n in zip(old_rates, news)),
                "splitting by module group does not meet the target either")
    out = Path(rows[0]["checkpoint"]).parent
    alphas = ",".join(f"{r['alpha']:g}" for r in rows)
    by_module_path = str(BY_MODULE_JSON.relative_to(REPO_ROOT))
    lines = [
        f"**Per-module α (a follow-up, same checkpoints, seeds and episodes):**{provenance_mark(data, by_module)} the "
        "action head at the fine-tuned weights",
        f"(`alpha_by_module.action_head={head_alpha}`) and every other group at α. The new task stays at "
        f"{news[0]:.2f} even with the trunk",
        f"at α = {rows[0]['alpha']:g}, but the old tasks fall to "
        + " and ".join(f"{x:.2f} (α = {r['alpha']:g})" for x, r in zip(old_rates, rows))
        + ", below the uniform α = 0.5. So the",
        "action head carries both the new skill and most of the forgetting, and splitting by module group does not "
        "meet",
        f"the target either. Raw table: `{by_module_path}`{provenance_mark(by_module)}, from",
        "",
        "```bash",
        f"robopolicy merge base={by_module['base']} finetuned={by_module['finetuned']} \\",
        f"    out={out} sweep=true 'alphas=[{alphas}]' alpha_by_module.action_head={head_alpha} \\",
        f"    'envs=[{new},<the {len(old)} old tasks>]' episodes={s['eval_episodes']} seed={by_module['seed']} "
        f"max_episode_steps={s['eval_max_steps']}",
        "```",
        "",
    ]
    table = [f"| α (all groups but the action head) | action head α | new task | old tasks (mean of {len(old)}) |",
             "|---|---|---|---|"]
    for r, (wins, n) in zip(rows, olds):
        e = r["envs"][new]
        table.append(f"| {r['alpha']:g} | {head_alpha} | {e['success']:.2f} "
                     f"({round(e['success'] * e['episodes'])}/{e['episodes']}) | {wins / n:.2f} ({wins}/{n}) |")
    return "\n".join(lines + marked_table(table, {by_module_path: by_module}))


def render_page_section(data: dict[str, Any], by_module: dict[str, Any] | None) -> str:
    """The body of ``## Merging`` from the committed JSON: intro, the run (``render_section``), the per-module
    follow-up when it merged this run's checkpoints, and what is left to try."""
    s = data["settings"]
    header = (f"Generated by `python -m experiments.merge_results --render` from "
              f"`{RESULTS_JSON.relative_to(REPO_ROOT)}`{provenance_mark(data)} and\n"
              f"`{BY_MODULE_JSON.relative_to(REPO_ROOT)}`{provenance_mark(by_module) if by_module is not None else ''}.")
    parts = [header + "\n" + INTRO.format(old=len(s["old_tasks"]), new=_ordinal(len(s["old_tasks"]) + 1)),
             render_section(data, str(RESULTS_JSON.relative_to(REPO_ROOT)),
                            rerender="python -m experiments.merge_results --render").rstrip("\n")]
    if by_module is not None and _same_run(data, by_module):
        parts.append(render_by_module(data, by_module))
    variants = sorted(VARIANTS_DIR.glob("*.json")) if VARIANTS_DIR.exists() else []
    if variants:
        parts.append(render_variants([json.loads(v.read_text()) for v in variants],
                                     [str(v.relative_to(REPO_ROOT)) for v in variants]))
    else:
        parts.append("Left to try: a lower fine-tuning learning rate or co-training on old-task demos (RETAIN's gentle "
                     "fine-tune: `--finetune-lr`, `--cotrain N`), and more than one seed (`--train-seed`), each "
                     f"run with `--json {VARIANTS_DIR.relative_to(REPO_ROOT)}/<name>.json --no-page`.")
    return "\n\n".join(parts) + "\n"


def variant_label(s: dict[str, Any]) -> str:
    parts = [f"co-training {s['cotrain']} demos/old task" if s.get("cotrain") else "new task only",
             f"lr {s['finetune_lr']:g}" if s.get("finetune_lr") is not None else "lr 1e-4"]
    return ", ".join(parts)


def render_variants(runs: list[dict[str, Any]], paths: list[str] | None = None) -> str:
    """The gentle fine-tunes (``--cotrain``, ``--finetune-lr``) over training seeds, one row per run: each alpha's
    old-task success as a fraction of the pretrained model's and new-task success as a fraction of the fine-tuned
    model's, and the alphas meeting both 90% targets; ``paths``: the runs' files, for their provenance marks."""
    folder = VARIANTS_DIR.relative_to(REPO_ROOT)
    sources = dict(zip(paths or [f"{folder}/<run {i}>" for i in range(len(runs))], runs))
    caption = [f"**Gentle fine-tuning variants** (`{folder}/*.json`{provenance_mark(*runs)}; same settings as above "
               "unless named; cells: old-task retained / new-task reached, as fractions of the pretrained model's old "
               "and the fine-tuned model's new success):", ""]
    alphas = sorted({r["alpha"] for run in runs for r in run["summary"]["rows"]})
    lines = ["| variant | train seed | pretrained old | fine-tuned new | " + " | ".join(f"α={a:g}" for a in alphas)
              + " | α meeting both |", "|---|---|---|---|" + "---|" * len(alphas) + "---|"]
    for run in sorted(runs, key=lambda r: (variant_label(r["settings"]), r["settings"].get("train_seed", 0))):
        s, t = run["settings"], run["summary"]["target"]
        by_alpha = {r["alpha"]: r for r in run["summary"]["rows"]}
        cells = []
        for a in alphas:
            r = by_alpha.get(a)
            cells.append("" if r is None else
                         f"{r['old']['success'] / max(t['pretrained_old'], 1e-9):.2f} / "
                         f"{r['new']['success'] / max(t['finetuned_new'], 1e-9):.2f}")
        met = ", ".join(f"{a:g}" for a in t["alphas_meeting"]) or "none"
        lines.append(f"| {variant_label(s)} | {s.get('train_seed', 0)} | {t['pretrained_old']:.2f} | "
                     f"{t['finetuned_new']:.2f} | " + " | ".join(cells) + f" | {met} |")
    return "\n".join(caption + marked_table(lines, sources))


def render_page(page: Path = RESULTS_PAGE) -> None:
    by_module = json.loads(BY_MODULE_JSON.read_text()) if BY_MODULE_JSON.exists() else None
    write_section(page, SECTION, render_page_section(json.loads(RESULTS_JSON.read_text()), by_module))


# ---------------------------------------------------------------------------------------------- main
def run(args: argparse.Namespace, command: str) -> dict[str, Any]:
    import torch

    torch.set_num_threads(args.threads)
    s = settings_of(args)
    out = Path(args.out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    machine = machine_description(args.device)
    started, wall = time.time(), time.perf_counter()
    seconds: dict[str, float] = {}

    t0 = time.perf_counter()
    old_store, new_store = out / "old_tasks.zarr", out / "new_task.zarr"
    collect_old = collect_old_tasks(s["old_tasks"], s["demos"], old_store)
    new_spec = JobSpec(name="finetune", kind="vla", env_id=s["new_task"], policy=POLICY, demos=s["new_demos"],
                       steps=s["finetune_steps"], batch_size=s["batch_size"], eval_episodes=s["eval_episodes"],
                       eval_max_steps=s["eval_max_steps"], work_dir=str(out), device=args.device,
                       threads=args.threads, train_overrides=list(ARCH_OVERRIDES))
    collect_new = _collect(new_spec, new_store)  # experiments.bc_job: expert demos of one env id, with counts
    seconds["collect"] = time.perf_counter() - t0
    print(f"[collect] old {collect_old['successes']}/{collect_old['episodes']}, new "
          f"{collect_new['successes']}/{collect_new['episodes']} in {seconds['collect'] / 60:.1f} min", flush=True)

    pre_spec = JobSpec(name="pretrain", kind="vla", env_id=",".join(s["old_tasks"]), policy=POLICY,
                       demos=s["demos"], steps=s["pretrain_steps"], batch_size=s["batch_size"],
                       eval_episodes=s["eval_episodes"], eval_max_steps=s["eval_max_steps"], work_dir=str(out),
                       device=args.device, threads=args.threads, train_overrides=list(ARCH_OVERRIDES))
    seed = [f"seed={s['train_seed']}"]
    pretrain = train_stage("pretrain", pre_spec, old_store, out / "pretrain", seed)
    seconds["pretrain"] = pretrain["seconds"]
    mixed = cotrain_store(new_store, old_store, s["cotrain"], out / "cotrain.zarr") if s["cotrain"] else None
    lr = [f"lr={s['finetune_lr']}"] if s["finetune_lr"] is not None else []
    finetune = train_stage("finetune", new_spec, Path(mixed["store"]) if mixed else new_store, out / "finetune",
                           [f"init_from={out / 'pretrain'}", f"warmup_steps={s['finetune_warmup']}", *seed, *lr])
    finetune["cotrain"] = mixed
    seconds["finetune"] = finetune["seconds"]

    table = sweep_stage(s, out / "pretrain", out / "finetune", out / "merged")
    seconds["sweep"] = table["seconds"]
    t0 = time.perf_counter()
    ood = ood_stage(s, table["rows"])
    s["start_displacement_m"] = start_displacements(s)
    seconds["ood"] = time.perf_counter() - t0
    seconds["total"] = time.perf_counter() - wall
    return {"command": command, "started": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(started)),
            "quick": args.quick, "settings": s, "machine": machine, "load_average_end": list(os.getloadavg()),
            "wall_seconds": seconds, "collect": {"old": collect_old, "new": collect_new}, "pretrain": pretrain,
            "finetune": finetune, "sweep": table, "ood": ood, "summary": summarise(s, table, ood)}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    args = parse_args(argv)
    if args.render or (args.render_only and Path(args.render_only).resolve() == RESULTS_JSON):
        render_page(Path(args.page))       # the committed run: the whole section, with the per-module follow-up
        print(f"re-rendered the {SECTION} section of {args.page} from {RESULTS_JSON.relative_to(REPO_ROOT)}")
        return 0
    if args.render_only:
        data = json.loads(Path(args.render_only).read_text())
        update_page(Path(args.page), data, args.render_only)
        print(f"re-rendered the {SECTION} section of {args.page} from {args.render_only}")
        return 0
    data = run(args, "python -m experiments.merge_results " + " ".join(argv))
    out = Path(args.out).resolve()
    (out / "results.json").write_text(json.dumps(data, indent=2, allow_nan=True))
    print(render_section(data, str(out / "results.json")))
    json_path = args.json or (None if args.quick else str(RESULTS_JSON.relative_to(REPO_ROOT)))
    if json_path:
        path = Path(json_path) if Path(json_path).is_absolute() else REPO_ROOT / json_path
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data, indent=2, allow_nan=True))
        print(f"results: {path}")
        if not (args.quick or args.no_page):
            if path.resolve() == RESULTS_JSON:
                render_page(Path(args.page))
            else:
                update_page(Path(args.page), data, json_path)
            print(f"updated the {SECTION} section of {args.page}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
