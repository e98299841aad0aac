"""RL on the generalist (issue [2/6] item 3, the multi-task target): the published ML45 generalist fine-tuned on
MT10 (ten of its training tasks) as one multi-task run, every rollout batch mixing the tasks.

    python -m experiments.generalist_rl run --methods dsrl      # once per method: the record is the result
    python -m experiments.generalist_rl --render                # the table (docs/results.md), from the JSONs

Each run is ``robopolicy finetune method=<m> policy=models/ml45_vla_flow env=metaworld/mt10`` with the method's
shipped defaults and nothing chosen here, except what a task set needs: DSRL's noise policy and critics read the
instruction (``finetune.condition_on_task=true``; without it one steering serves ten tasks). The verdict is the
command's own: ``EVAL_EPISODES`` paired episodes split evenly over the ten tasks (100 per task) on development seeds
``EVAL_SEEDS`` that no evaluation had used, pooled and per task (exact McNemar), with the zero-noise control. The
target: the mean raised by >= 0.05 with no task significantly worse. MT10's tasks are development tasks (the
generalist trained on them), so this measures the method's defaults, not a recipe chosen on them.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
from pathlib import Path
from typing import Any

from experiments import generalist, stages
from experiments.provenance import REPO_ROOT, run_provenance
from robopolicy.protocol import check_run

RESULTS = REPO_ROOT / "experiments" / "results" / "generalist_rl"
WORK = REPO_ROOT / "runs" / "generalist_rl"
TASK_SET = "metaworld/mt10"
EVAL_EPISODES = 1_000                       # 100 per task
EVAL_SEEDS = range(160_000, 160_000 + EVAL_EPISODES // 10)   # per task: development seeds no evaluation had used
METHODS = {"dsrl": ["finetune.condition_on_task=true"], "dppo": []}


def run(method: str, allow_dirty: bool) -> Path:
    from robopolicy.checkpoint import checkpoint_hash
    from robopolicy.envs import expand_env_ids

    if method not in METHODS:
        raise SystemExit(f"generalist_rl: unknown method {method!r}; valid: {', '.join(METHODS)}")
    out = RESULTS / f"mt10_{method}_seed0.json"
    if out.exists():
        print(f"{out.relative_to(REPO_ROOT)}: done already (each run happens once)")
        return out
    base = generalist.PUBLISHED
    if not (base / "meta.json").exists():
        raise SystemExit(f"{base}: the generalist is not published yet (python -m experiments.generalist publish)")
    for task in expand_env_ids(TASK_SET):
        check_run(task, "development", EVAL_SEEDS)
    provenance = run_provenance(allow_dirty, command=" ".join(["python -m experiments.generalist_rl", *sys.argv[1:]]))
    run_dir = WORK / f"mt10_{method}_seed0"
    if run_dir.exists():
        shutil.rmtree(run_dir)   # an interrupted run starts again
    argv = [f"method={method}", f"policy={base}", f"env={TASK_SET}", "seed=0", "threads=1", "progress=true",
            f"run_dir={run_dir}", f"eval.episodes={EVAL_EPISODES}", f"eval.seed={EVAL_SEEDS.start}",
            "eval.envs_per_worker=10", *METHODS[method]]
    outcome = stages.finetune(argv, run_dir, out.stem)
    record = {"task_set": TASK_SET, "method": method, "seed": 0, "split": "development", "argv": argv,
              "base": {"checkpoint": str(base.relative_to(REPO_ROOT)), "checkpoint_hash": checkpoint_hash(base)},
              "eval_seeds": [EVAL_SEEDS.start, EVAL_SEEDS.stop - 1], **outcome, "provenance": provenance,
              "load_average_end": list(os.getloadavg())}
    RESULTS.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(record, indent=1) + "\n")
    v = record["verdict"]
    print(f"{out.name}: {v['before']} -> {v['after']} of {v['episodes']}: {v['verdict']} (p = {v['p_value']:.2g})")
    return out


def meets_target(record: dict[str, Any]) -> bool:
    """The issue's target: the pooled mean up by >= 0.05 and no task significantly worse."""
    v = record["verdict"]
    worse = [t for t, tv in (record["per_task"] or {}).items() if tv["verdict"] == "worse"]
    return (v["after"] - v["before"]) / v["episodes"] >= 0.05 and not worse


def kept(record: dict[str, Any]) -> str:
    """Which point the run's selection kept, with its tuning-seed successes."""
    k = (record.get("selection") or {}).get("kept")
    if not k:
        return "-"
    what = "the base" if k.get("policy") == "base" else f"{k['env_steps']:,} env steps"
    return f"{what} ({k['successes']}/{k['episodes']})"


def render() -> list[str]:
    records = [json.loads(p.read_text()) for p in sorted(RESULTS.glob("*.json"))]
    if not records:
        return []
    lines = ["| method | base | zero noise | after | pooled verdict | tasks improved / worse | target (+0.05, none "
             "worse) | env steps | kept (tuning seeds) |", "|---|---|---|---|---|---|---|---|---|"]
    for r in records:
        v, n = r["verdict"], r["verdict"]["episodes"]
        tasks = (r["per_task"] or {}).values()
        zero = f"{sum(r['zero_noise']) / n:.2f}" if r.get("zero_noise") else "-"
        lines.append(f"| {r['method']} | {v['before'] / n:.2f} | {zero} | {v['after'] / n:.2f} | {v['verdict']} "
                     f"({v['gained']} gained, {v['lost']} lost, p = {v['p_value']:.2g}) | "
                     f"{sum(t['verdict'] == 'improved' for t in tasks)} / {sum(t['verdict'] == 'worse' for t in tasks)}"
                     f" | {'met' if meets_target(r) else 'missed'} | {r['env_steps']:,} | {kept(r)} |")
    return lines


def main(argv: list[str] | None = None) -> int:
    def methods(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--methods", nargs="+", default=["dsrl"], choices=sorted(METHODS))

    return stages.main(__doc__, {"run": lambda args: [run(m, args.allow_dirty) for m in args.methods]}, render,
                       argv, methods)


if __name__ == "__main__":
    raise SystemExit(main())
