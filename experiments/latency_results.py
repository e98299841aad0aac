"""Success and seam smoothness against inference latency, per execution strategy (issue [5/6]).

    python -m experiments.latency_results base push-v3                  # collect demos + behaviour-clone (cached)
    python -m experiments.latency_results sweep push-v3                 # every strategy x delay not yet measured
    python -m experiments.latency_results sweep push-v3 --strategies rtc --delays 4
    python -m experiments.latency_results --render                      # the section of docs/results_archive.md

Recipe (one per Meta-World task; the demos are ``datasets/recipes/expert50_noise0.1.yaml`` with ``env=<task>``):
50 scripted-expert episodes with Gaussian action noise 0.1 (seeds 0..49),
behaviour-cloned 3,000 steps into ``flow_unet`` with its defaults except ``pred_horizon=24`` (To = 2, Ta = 8: 23
executable actions per chunk, so a delay of 8 steps still leaves the queued plan long enough; see
``execution.delay_limit``). Evaluation: ``EPISODES`` episodes on seeds 100,000 + i (disjoint from the demos), the
same seeds for every strategy and delay (paired), through ``run_episodes(..., execution=, latency=)`` -- the
harness ``robopolicy eval latency=...`` uses. One JSON per (task, strategy, delay) under
``experiments/results/latency/`` with per-episode outcomes, delays and seam metrics, the checkpoint's hash and the
provenance (clean commit, command, CPU model, load). A finished (task, strategy, delay) is not run again.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

import numpy as np
import torch

from experiments.provenance import REPO_ROOT, run_provenance
from experiments.results_markdown import add_result_args, load_records, parse_or_render, write_section

RESULTS = REPO_ROOT / "experiments" / "results" / "latency"
WORK = REPO_ROOT / "runs" / "latency"
RECIPE = "expert50_noise0.1"  # datasets/recipes/: 50 expert episodes, action noise 0.1, seeds 0..49
DEMOS, ACTION_NOISE, DEMO_SEED = 50, 0.1, 0  # what the recipe says (recorded in each JSON)
TRAIN = ["policy=flow_unet", "policy.pred_horizon=24", "steps=3000", "seed=0", "threads=1", "val_every=1000"]
EPISODES, EVAL_SEED, ENVS = 100, 100_000, 10
# rtc_vjp: the paper's exact Jacobian; rtc_prefix: guidance on the d committed actions only (schedule zeros)
STRATEGIES = ("sync", "naive", "blend", "ensemble", "rtc", "rtc_vjp", "rtc_prefix")


def execution_settings(strategy: str):
    from robopolicy.execution import ExecutionSettings

    if strategy == "rtc_vjp":
        return ExecutionSettings(strategy="rtc", rtc_jacobian="vjp")
    if strategy == "rtc_prefix":
        return ExecutionSettings(strategy="rtc", rtc_schedule="zeros")
    return ExecutionSettings(strategy=strategy)
DELAYS = (0, 1, 2, 4, 8)


def env_id(task: str) -> str:
    return task if "/" in task else f"metaworld/{task}"


def task_dir(task: str) -> Path:
    return WORK / env_id(task).replace("/", "_")


def build_base(task: str) -> Path:
    """Collect the demos (recipe ``datasets/recipes/expert50_noise0.1.yaml`` for this task) and train the policy
    for ``task`` once; returns the training run directory."""
    from robopolicy.datasets import load_recipe
    from robopolicy.eval.collect import collect_episodes
    from robopolicy.train import cli as train_cli

    work = task_dir(task)
    run = work / "train"
    if (run / "latest.json").exists():
        return run
    store = work / "demos.zarr"
    if not (store / "zarr.json").exists():
        settings = load_recipe(RECIPE).collect_settings()
        settings.pop("env")
        collect_episodes(env_id(task), settings.pop("source"), settings.pop("episodes"), store, overwrite=True,
                         progress=False, **settings)
    code = train_cli.main([*TRAIN, f"dataset={store}", f"run_dir={run}"])
    if code:
        raise SystemExit(f"training {task} exited with code {code}")
    return run


def measure(task: str, strategy: str, delay: int, provenance: dict, out: Path) -> Path:
    from robopolicy.checkpoint import checkpoint_hash, resolve_checkpoint
    from robopolicy.eval.rollout import run_episodes
    from robopolicy.eval.stats import wilson_interval
    from robopolicy.policies.loading import load_policy

    path = out / f"{env_id(task).replace('/', '_')}_{strategy}_d{delay}.json"
    if path.exists():
        print(f"{path.name}: done already")
        return path
    checkpoint = resolve_checkpoint(task_dir(task) / "train")
    policy = load_policy(checkpoint)
    start = time.perf_counter()
    results = run_episodes(policy, env_id(task), EPISODES, base_seed=EVAL_SEED, envs_per_worker=ENVS,
                           progress=False, execution=execution_settings(strategy), latency=delay)
    errors = [r.error for r in results if r.error]
    if errors:
        raise SystemExit(f"{len(errors)} episodes raised, the first: {errors[0]}")
    successes = [bool(r.success) for r in results]
    seams = [r.execution for r in results]
    record = {"task": env_id(task), "strategy": strategy, "delay": delay, "episodes": EPISODES,
              "eval_seeds": [EVAL_SEED, EVAL_SEED + EPISODES - 1], "successes": successes,
              "success_rate": float(np.mean(successes)), "ci95": list(wilson_interval(sum(successes), EPISODES)),
              "lengths": [r.length for r in results],
              "jump": [s["jump"] for s in seams], "step": [s["step"] for s in seams], "jerk": [s["jerk"] for s in seams],
              "checkpoint": str(checkpoint.relative_to(REPO_ROOT)) if checkpoint.is_relative_to(REPO_ROOT)
              else str(checkpoint), "checkpoint_hash": checkpoint_hash(checkpoint),
              "recipe": {"demos": DEMOS, "action_noise": ACTION_NOISE, "demo_seed": DEMO_SEED, "train": TRAIN},
              "seconds": time.perf_counter() - start, "provenance": provenance,
              "load_average_end": list(os.getloadavg())}
    path.write_text(json.dumps(record, indent=1) + "\n")
    print(f"{path.name}: {sum(successes)}/{EPISODES}, jump {np.nanmean(record['jump']):.4f}, "
          f"jerk {np.nanmean(record['jerk']):.4f} in {record['seconds']:.0f} s", flush=True)
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("stage", choices=("base", "sweep"), nargs="?")
    parser.add_argument("task", nargs="?", help="a Meta-World task, e.g. push-v3")
    parser.add_argument("--strategies", nargs="+", default=list(STRATEGIES[:5]), choices=STRATEGIES)
    parser.add_argument("--delays", type=int, nargs="+", default=list(DELAYS))
    add_result_args(parser, RESULTS, SECTION)
    parsed = parse_or_render(parser, argv, render_page)
    if parsed is None:
        return 0
    args, argv = parsed
    if args.stage is None or args.task is None:
        parser.error("give a stage and a task (or --render)")
    torch.set_num_threads(1)
    provenance = run_provenance(args.allow_dirty, command=" ".join(["python -m experiments.latency_results", *argv]))
    build_base(args.task)
    if args.stage == "sweep":
        args.out.mkdir(parents=True, exist_ok=True)
        for delay in args.delays:
            for strategy in args.strategies:
                if strategy == "sync" and delay:
                    continue  # sync waits for the chunk: one row, at delay 0
                if strategy in ("naive", "rtc", "rtc_vjp", "rtc_prefix") and not delay:
                    continue  # at d = 0 these are the sync episodes exactly (tests/eval/test_latency.py)
                measure(args.task, strategy, delay, provenance, args.out)
    return 0


# ------------------------------------------------------------------------------------------------ the page
SECTION = "Latency and execution strategies"
PAGE = REPO_ROOT / "docs" / "results_archive.md"


def render_section(records: list[dict]) -> str:
    from robopolicy.eval.stats import paired_comparison

    lines = ["Generated by `python -m experiments.latency_results --render` from `experiments/results/latency/*.json`.",
             "The env keeps stepping while the policy thinks: a chunk computed from the observation of tick t is used",
             "from tick t + d; meanwhile the queued plan runs (`robopolicy eval latency=d execution.strategy=...`).",
             "Policy: `flow_unet` (Tp = 24, To = 2, Ta = 8) behaviour-cloned 3,000 steps on 50 noisy expert demos;",
             "the same evaluation seeds for every row (paired). Success with its 95% Wilson interval; the paired",
             "column compares with `sync` on the same episodes (exact McNemar). `jump`: mean action change at the",
             "ticks where a new chunk takes over; `step`: mean action change over the other ticks (motion within a plan:",
             "a seamless switch has jump close to step); `jerk`: mean second",
             "difference of the commands (raw action units; lower is smoother). `rtc` uses the default identity",
             "Jacobian; `rtc_vjp` the paper's exact vector-Jacobian product; `rtc_prefix` guides only the d committed",
             "actions (soft-mask schedule `zeros`). At d = 0, `naive` and `rtc` are the `sync`",
             "episodes exactly (a test checks it), so they have no rows of their own.", ""]
    by_task: dict[str, list[dict]] = {}
    for r in records:
        by_task.setdefault(r["task"], []).append(r)
    order = {s: i for i, s in enumerate(STRATEGIES)}
    for task, rows in sorted(by_task.items()):
        sync = next((r for r in rows if r["strategy"] == "sync"), None)
        lines += [f"### {task}", "", "| strategy | delay d | success | 95% CI | vs sync (paired) | jump | step | "
                  "jump - step | jerk |", "|---|---|---|---|---|---|---|---|---|"]
        for r in sorted(rows, key=lambda r: (order[r["strategy"]], r["delay"])):
            verdict = ""
            if sync is not None and r is not sync:
                c = paired_comparison(sync["successes"], r["successes"])
                verdict = f"{c['verdict']} (+{c['gained']}/-{c['lost']}, p = {c['p_value']:.2g})"
            lo, hi = r["ci95"]
            jump, step = np.nanmean(r["jump"]), np.nanmean(r["step"])
            lines.append(f"| {r['strategy']} | {r['delay']} | {sum(r['successes'])}/{r['episodes']} | "
                         f"[{lo:.2f}, {hi:.2f}] | {verdict} | {jump:.4f} | {step:.4f} | {jump - step:+.4f} | "
                         f"{np.nanmean(r['jerk']):.4f} |")
        first = rows[0]
        lines += ["", f"Checkpoint `{first['checkpoint_hash']}`; commit `{first['provenance']['commit'][:10]}`, "
                      f"{first['provenance']['cpu']}.", ""]
    lines += targets(by_task)
    return "\n".join(lines).rstrip("\n") + "\n"


def targets(by_task: dict[str, list[dict]], delay: int = 4) -> list[str]:
    """The issue's two targets at ``delay``, task by task: RTC's success inside sync's interval, and its seam."""
    out = [f"### Targets at d = {delay}", "",
           "| task | sync [95% CI] | rtc | rtc inside sync's interval | jump naive / rtc | (jump - step) naive / rtc |",
           "|---|---|---|---|---|---|"]
    inside = 0
    tasks = 0
    for task, rows in sorted(by_task.items()):
        get = {(r["strategy"], r["delay"]): r for r in rows}
        sync, rtc, naive = get.get(("sync", 0)), get.get(("rtc", delay)), get.get(("naive", delay))
        if not (sync and rtc and naive):
            continue
        tasks += 1
        lo, hi = sync["ci95"]
        ok = lo <= float(np.mean(rtc["successes"])) <= hi
        inside += ok
        seam = {k: np.nanmean(r["jump"]) - np.nanmean(r["step"]) for k, r in (("naive", naive), ("rtc", rtc))}
        out.append(f"| {task} | {np.mean(sync['successes']):.2f} [{lo:.2f}, {hi:.2f}] | {np.mean(rtc['successes']):.2f} | "
                   f"{'yes' if ok else 'no'} | {np.nanmean(naive['jump']) / np.nanmean(rtc['jump']):.2f}x | "
                   f"{seam['naive']:+.4f} / {seam['rtc']:+.4f} |")
    if tasks:
        out += ["", f"RTC's success at d = {delay} is inside the synchronous baseline's interval on {inside} of {tasks} "
                "tasks (target: >= 2 of 3). The seam target (a jump at least 2x smaller than naive async) is read on "
                "both columns: the raw jump includes the motion any tick has; `jump - step` is the seam itself.", ""]
    return out


def render_page(out: Path = RESULTS, page: Path = PAGE) -> None:
    write_section(page, SECTION, render_section(load_records(out)))


if __name__ == "__main__":
    sys.exit(main())
