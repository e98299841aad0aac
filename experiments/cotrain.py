"""Co-training instead of adapting alone (issue [2/6] item 2, "old skills"): the generalist fine-tuned (every weight,
``adapter=full``, the arm that forgets the most) on a weighted mixture of its own ML45 training store and the new
task's 5 demos, so the old tasks stay in every batch (``robopolicy train dataset=[old,new] dataset_weights=[w,1-w]``).

    python -m experiments.cotrain dev             # the development check: choose the old data's weight (rule below)
                                                  # (--weights 0.2 / --weights 0.5: one weight per process)
    python -m experiments.cotrain freeze          # freeze cotrain_generalist v1 (the chosen weight)
    python -m experiments.cotrain run             # the test split, once per held-out task (5 demos; --tasks ...)

**The development check** is ``merge_back``'s: ``merge_back.DEV_TASK`` with the same 5 demos and the same
``adaptation`` training settings (2,000 steps, the generalist's last step), one cell per weight of the old data in
``DEV_WEIGHTS``; each cell measured on the adapted task (50 development seeds) and on the 44 other training tasks
(development seeds 150,000+, against the generalist's episodes on them in ``merge_back_dev/generalist.json``). **The
rule**, fixed before the check ran, is ``merge_back``'s: among the weights keeping >= 90% of the generalist's success
there, the one with the most adapted-task successes (a tie to the smaller old weight); if none, the one keeping most.
A confound found after the check ran: ``DEV_TASK`` is an ML45 training task, so the old store holds its own 50 demos
and a larger old weight also trains on more demos of the adapted task (a held-out task has none there).

**The test split** trains one co-trained cell per held-out task and measures it as ``merge_back run`` measures a
merged cell (its task on 100 test seeds, the 45 training tasks on the generalist's evaluation seeds), once.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from pathlib import Path
from typing import Any

from experiments import adaptation, generalist, merge_back, stages
from experiments.provenance import REPO_ROOT, run_provenance
from experiments.results_markdown import load_records
from robopolicy.protocol import DEVELOPMENT_SEEDS, TEST_SEEDS, Recipe, RecipeLedger, check_run

DEMOS = 5
DEV_WEIGHTS = (0.2, 0.5)     # the old data's share of every batch
DEV_RESULTS = REPO_ROOT / "experiments" / "results" / "cotrain_dev"
RESULTS = adaptation.RESULTS / "cotrained"
WORK = REPO_ROOT / "runs" / "cotrain"


def new_demos(task: str) -> Path:
    """The first ``DEMOS`` episodes of adaptation's demo store, as a store of their own (a mixture takes whole
    stores): the same demos the adapted cells trained on."""
    from robopolicy.data.store import EpisodeStore

    path = WORK / "demos" / f"{adaptation.short(task)}_{DEMOS}.zarr"
    if (path / "zarr.json").exists():
        return path
    src = EpisodeStore.open(adaptation.demos_store(task))
    path.parent.mkdir(parents=True, exist_ok=True)
    with EpisodeStore.create(path, {k: f.to_dict() for k, f in src.features.items()}, fps=src.fps, robot=src.robot,
                             created_by=f"experiments.cotrain: episodes 0..{DEMOS - 1} of {src.path.name}") as new:
        for i in range(DEMOS):
            meta = src.episode_meta(i)
            new.append_episode(src.episode(i), task=meta["task"], success=meta["success"], source=meta["source"],
                               seed=meta["seed"], policy_id=meta["policy_id"])
    return path


def train_cell(task: str, weight: float, split: str) -> Path:
    """One co-trained run (resumed if interrupted); its last checkpoint."""
    from robopolicy.checkpoint import resolve_checkpoint

    run_dir = WORK / split / f"{adaptation.short(task)}_{DEMOS}demos_old{weight:g}"
    overrides = [*adaptation.TRAIN, f"dataset=[{generalist.STORE},{new_demos(task)}]",
                 f"dataset_weights=[{weight},{1 - weight:g}]", f"init_from={adaptation.generalist_checkpoint()}",
                 "adapter=full"]
    if stages.train(overrides, run_dir):
        raise SystemExit(f"training {run_dir.name} failed")
    return resolve_checkpoint(run_dir)


def dev(provenance: dict[str, Any], weights: tuple[float, ...] = DEV_WEIGHTS) -> int:
    ref_path = merge_back.DEV_RESULTS / "generalist.json"
    if not ref_path.exists():
        raise SystemExit(f"cotrain: {ref_path} is missing: run `python -m experiments.merge_back dev` first (the "
                         "generalist's episodes on the 44 other training tasks)")
    ref = json.loads(ref_path.read_text())
    check_run(merge_back.DEV_TASK, "development", range(DEVELOPMENT_SEEDS.start, DEVELOPMENT_SEEDS.start + 50))
    for weight in weights:
        path = DEV_RESULTS / f"{adaptation.short(merge_back.DEV_TASK)}_{DEMOS}demos_old{weight:g}.json"
        if path.exists():
            continue
        start = time.perf_counter()
        ckpt = train_cell(merge_back.DEV_TASK, weight, "development")
        adapted = merge_back.outcomes_on(ckpt, [merge_back.DEV_TASK], adaptation.DEV_EPISODES,
                                         DEVELOPMENT_SEEDS.start)[merge_back.DEV_TASK]
        after = merge_back.outcomes_on(ckpt, list(ref["per_task"]), merge_back.DEV_RETAIN_EPISODES,
                                       ref["eval_seeds"][0])
        record = {"task": merge_back.DEV_TASK, "demos": DEMOS, "weight": weight, "split": "development",
                  "checkpoint_hash": merge_back.checkpoint_hash_of(ckpt), "adapted": adapted,
                  "adapted_seeds": [DEVELOPMENT_SEEDS.start, DEVELOPMENT_SEEDS.start + adaptation.DEV_EPISODES - 1],
                  "eval_seeds": ref["eval_seeds"], "per_task": after, "retention": merge_back.kept(ref["per_task"],
                                                                                                   after),
                  "seconds": time.perf_counter() - start, "provenance": provenance,
                  "load_average_end": list(os.getloadavg())}
        DEV_RESULTS.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(record, indent=1) + "\n")
        print(f"{path.stem}: adapted task {sum(adapted)}/{len(adapted)}, kept {record['retention']['kept']:.0%}",
              flush=True)
    return 0


def dev_rows() -> list[dict[str, Any]]:
    return load_records(DEV_RESULTS)


def choose_weight(rows: list[dict[str, Any]]) -> float:
    """``merge_back.choose_alpha``'s rule over the weights (the larger alpha = the smaller old weight on a tie)."""
    return -merge_back.choose_alpha([{**r, "alpha": -r["weight"]} for r in rows])


def recipe(version: int = 1) -> Recipe:
    rows = dev_rows()
    if sorted(r["weight"] for r in rows) != sorted(DEV_WEIGHTS):
        raise SystemExit("cotrain: the development check is incomplete: run `python -m experiments.cotrain dev`")
    adapt = adaptation.recipe()
    return Recipe("cotrain_generalist", version, {
        "adaptation": {"name": adapt.name, "version": adapt.version, "digest": adapt.digest},
        "old_store": generalist.RECIPE, "old_weight": choose_weight(rows), "demos": DEMOS, "adapter": "full"})


def run(provenance: dict[str, Any], tasks: tuple[str, ...] = adaptation.ML45_TEST) -> int:
    r = recipe()
    RecipeLedger(adaptation.LEDGER).require_frozen(r)
    record_of = {"name": r.name, "version": r.version, "digest": r.digest}
    ref = json.loads((generalist.RESULTS / f"{generalist.ML45.name}_step{generalist.STEPS}.json").read_text())
    seeds = [TEST_SEEDS.start, TEST_SEEDS.start + adaptation.EVAL_EPISODES - 1]
    for task in tasks:
        check_run(task, "test", range(seeds[0], seeds[1] + 1))
        name = f"{adaptation.short(task)}_{DEMOS}demos_full.json"
        out, kept_out = RESULTS / name, RESULTS / "retention" / name
        if kept_out.exists():
            continue
        start = time.perf_counter()
        ckpt = train_cell(task, r.settings["old_weight"], "test")
        common = {"task": task, "demos": DEMOS, "arm": "full", "old_weight": r.settings["old_weight"], "split": "test",
                  "recipe": record_of, "checkpoint_hash": merge_back.checkpoint_hash_of(ckpt), "provenance": provenance}
        if not out.exists():
            outcomes = merge_back.outcomes_on(ckpt, [task], adaptation.EVAL_EPISODES, seeds[0])[task]
            RESULTS.mkdir(parents=True, exist_ok=True)
            out.write_text(json.dumps({**common, "eval_seeds": seeds, "outcomes": outcomes,
                                       "success": sum(outcomes) / len(outcomes)}, indent=1) + "\n")
        summary = merge_back.write_retention(kept_out, ckpt, ref, common, start)
        print(f"{name}: co-trained, held-out {json.loads(out.read_text())['success']:.2f}, kept {summary['kept']:.0%}",
              flush=True)
    return 0


def percent(kept: float) -> str:
    """A kept share as a whole percentage, with one decimal where rounding would carry it up to the 90% bar
    (0.8995 reads 89.9%, never 90%)."""
    text = f"{kept:.0%}"
    return f"{math.floor(kept * 1000) / 10:.1f}%" if kept < merge_back.KEEP and text == f"{merge_back.KEEP:.0%}" else text


def render_dev(rows: list[dict[str, Any]]) -> list[str]:
    if not rows:
        return []
    chosen = choose_weight(rows)
    lines = [f"| old data's weight | {adaptation.short(merge_back.DEV_TASK)} (adapted) | {len(rows[0]['per_task'])} other "
             "training tasks: kept | chosen |", "|---:|---:|---:|---|"]
    for r in sorted(rows, key=lambda r: r["weight"]):
        k = r["retention"]
        lines.append(f"| {r['weight']:g} | {sum(r['adapted'])}/{len(r['adapted'])} | {k['success']:.2f} of "
                     f"{k['generalist']:.2f} ({percent(k['kept'])}) | {'yes' if r['weight'] == chosen else ''} |")
    return lines


def render(records: list[dict[str, Any]], kept_records: list[dict[str, Any]]) -> list[str]:
    """Each co-trained test cell beside the adapted cell of the same task, demos and arm (trained on the 5 demos
    alone): the held-out task paired on the same test seeds, the old tasks' retention before -> after."""
    if not records:
        return []
    from robopolicy.eval.stats import paired_comparison

    kept = {(k["task"], k["demos"]): k for k in kept_records}
    old_tasks = len(kept_records[0]["per_task"]) if kept_records else 45
    lines = ["| held-out task | demos | old weight | held-out task: adapted -> co-trained (paired) | "
             f"{old_tasks} training tasks kept: adapted -> co-trained (target >= {merge_back.KEEP:.0%}) |",
             "|---|---:|---:|---|---|"]
    for r in sorted(records, key=lambda r: r["task"]):
        name = cell_name(r)
        cell = json.loads((adaptation.RESULTS / name).read_text())
        c = paired_comparison(cell["outcomes"], r["outcomes"])
        before = adaptation.RETENTION / name
        was = f"{percent(json.loads(before.read_text())['kept'])} -> " if before.exists() else ""
        k = kept.get((r["task"], r["demos"]))
        after = f"{was}{percent(k['kept'])} (against the generalist: {k['verdict']['verdict']})" if k else "not measured yet"
        lines.append(f"| {adaptation.short(r['task'])} | {r['demos']} | {r['old_weight']:g} | {cell['success']:.2f} -> "
                     f"{r['success']:.2f} ({c['verdict']}, p = {c['p_value']:.2g}) | {after} |")
    return lines


def cell_name(r: dict[str, Any]) -> str:
    """The file name of the adapted cell a co-trained record is paired with (same task, demos and arm)."""
    return f"{adaptation.short(r['task'])}_{r['demos']}demos_{r['arm']}.json"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("stage", choices=("dev", "freeze", "run"), nargs="?")
    parser.add_argument("--weights", type=float, nargs="+", default=list(DEV_WEIGHTS),
                        help="dev: the old weights to run in this process (two processes can split DEV_WEIGHTS)")
    parser.add_argument("--tasks", nargs="+", default=list(adaptation.ML45_TEST), choices=adaptation.ML45_TEST,
                        metavar="TASK", help="run: the held-out tasks to run in this process")
    parser.add_argument("--allow-dirty", action="store_true")
    parser.add_argument("--render", action="store_true", help="print the development and test tables")
    args = parser.parse_args(argv)
    if args.render:
        print("\n".join([*render_dev(dev_rows()), "", *render(load_records(RESULTS), load_records(RESULTS / "retention"))]))
        return 0
    if args.stage is None:
        parser.error("give a stage (dev, freeze, run) or --render")
    bad = [w for w in args.weights if w not in DEV_WEIGHTS]
    if bad:
        parser.error(f"--weights {bad}: the development check's weights are {list(DEV_WEIGHTS)}")
    if args.stage == "freeze":
        r = recipe()
        RecipeLedger(adaptation.LEDGER).freeze(r)
        print(f"frozen {r.label}: {r.digest} (old weight {r.settings['old_weight']})")
        return 0
    import torch

    torch.set_num_threads(1)
    provenance = run_provenance(args.allow_dirty, command=" ".join(
        ["python -m experiments.cotrain", *(sys.argv[1:] if argv is None else argv)]))
    return dev(provenance, tuple(args.weights)) if args.stage == "dev" else run(provenance, tuple(args.tasks))


if __name__ == "__main__":
    raise SystemExit(main())
