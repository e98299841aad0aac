"""Merging adapted generalists back toward the generalist (issue [2/6] item 2, "old skills"): the adapted cells keep
too little of ML45's 45 training tasks (``adaptation retention``), so each is merged with the generalist it started
from (``robopolicy merge``: weights ``(1 - a) * generalist + a * adapted``) at one ``a`` per arm.

    python -m experiments.merge_back dev                  # the development check: choose a per arm (rule below)
    python -m experiments.merge_back freeze               # freeze merge_adapted v1 (the chosen alphas)
    python -m experiments.merge_back run --demos 5        # the test split, once per adapted cell
    python -m experiments.merge_back --render [--split development]

**The development check** adapts the generalist to ``DEV_TASK`` (an ML45 training task it does poorly, 0.4 at its
last step: the closest a development task comes to a new one) with 5 demos, each arm by the frozen adaptation
recipe's settings, then merges each cell at every ``DEV_ALPHAS``; each merge is measured on the adapted task (the
development cell's 50 seeds) and on the 44 other training tasks (``DEV_RETAIN_EPISODES`` each on development seeds
150,000+, used by no other evaluation), paired with the generalist on the same seeds. **The rule**, fixed before the
check ran: per arm, among the alphas keeping >= 90% of the generalist's success on those tasks, the one with the most
adapted-task successes (a tie goes to the larger alpha); if none keeps 90%, the one keeping the most.

**The test split** (``run``) merges every adapted 5-demo test cell at its arm's frozen alpha, measures it on its
held-out task (the cell's 100 test seeds) and on the 45 training tasks exactly as ``adaptation retention`` does (one
``kind: retention`` record each), once.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from experiments import adaptation, generalist
from experiments.provenance import REPO_ROOT, run_provenance
from experiments.results_markdown import load_records
from robopolicy.protocol import DEVELOPMENT_SEEDS, Recipe, RecipeLedger, check_run

DEV_TASK = "metaworld/peg-insert-side-v3"
DEV_ALPHAS = (0.25, 0.5, 0.75, 1.0)
DEV_RETAIN_EPISODES = 4
DEV_RETAIN_SEED = DEVELOPMENT_SEEDS.start + 50_000
ADAPTED = ("full", "lora", "head")
KEEP = 0.90
DEV_RESULTS = REPO_ROOT / "experiments" / "results" / "merge_back_dev"
RESULTS = adaptation.RESULTS / "merged"
WORK = REPO_ROOT / "runs" / "merge_back"


def outcomes_on(checkpoint: Path, tasks: list[str], episodes: int, seed: int) -> dict[str, list[bool]]:
    from robopolicy.eval.rollout import success_outcomes
    from robopolicy.policies.loading import load_policy

    policy = load_policy(checkpoint)
    return {t: [bool(o) for o in success_outcomes(policy, t, episodes, base_seed=seed, envs_per_worker=10,
                                                  progress=False)] for t in tasks}


def merged(base: Path, cell_dir: Path, alpha: float, out: Path) -> Path:
    from robopolicy.checkpoint import resolve_checkpoint
    from robopolicy.finetune.merge import merge_checkpoints

    if alpha == 1.0:
        return resolve_checkpoint(cell_dir)
    if not (out / "meta.json").exists():
        merge_checkpoints(base, cell_dir, out, alpha=alpha, overwrite=True)
    return out


def kept(before: dict[str, list[bool]], after: dict[str, list[bool]]) -> dict[str, Any]:
    from robopolicy.eval.stats import paired_comparison

    b = [o for t in before for o in before[t]]
    a = [o for t in before for o in after[t]]
    return {"generalist": sum(b) / len(b), "success": sum(a) / len(a), "kept": (sum(a) / len(a)) / (sum(b) / len(b)),
            "verdict": paired_comparison(b, a)}


def choose_alpha(rows: list[dict[str, Any]]) -> float:
    """The rule of the module's docstring over one arm's rows (``alpha``, ``retention.kept``, ``adapted``)."""
    meets = [r for r in rows if r["retention"]["kept"] >= KEEP]
    if meets:
        return max(meets, key=lambda r: (sum(r["adapted"]), r["alpha"]))["alpha"]
    return max(rows, key=lambda r: (r["retention"]["kept"], r["alpha"]))["alpha"]


def dev(provenance: dict[str, Any], arms: tuple[str, ...] = ADAPTED) -> int:
    """Adapt on ``DEV_TASK`` (each of ``arms``), merge at every ``DEV_ALPHAS``, measure; one JSON per (arm, alpha)."""
    base = adaptation.generalist_checkpoint()
    from robopolicy.envs import expand_env_ids

    others = [t for t in expand_env_ids(generalist.TASK_SET) if t != DEV_TASK]
    assert len(others) == 44, others
    check_run(DEV_TASK, "development", range(DEVELOPMENT_SEEDS.start, DEVELOPMENT_SEEDS.start + 50))
    for t in others:
        check_run(t, "development", range(DEV_RETAIN_SEED, DEV_RETAIN_SEED + DEV_RETAIN_EPISODES))
    ref_path = DEV_RESULTS / "generalist.json"
    if not ref_path.exists():
        ref = {"checkpoint_hash": checkpoint_hash_of(base), "eval_seeds": [DEV_RETAIN_SEED, DEV_RETAIN_SEED +
                                                                            DEV_RETAIN_EPISODES - 1],
               "per_task": outcomes_on(base, others, DEV_RETAIN_EPISODES, DEV_RETAIN_SEED), "split": "development",
               "provenance": provenance}
        DEV_RESULTS.mkdir(parents=True, exist_ok=True)
        ref_path.write_text(json.dumps(ref, indent=1) + "\n")
    ref = json.loads(ref_path.read_text())
    for arm in arms:
        lr = adaptation.adapter_lr() if arm != "full" else None
        cell = adaptation.run_cell(DEV_TASK, 5, arm, lr, "development", provenance, DEV_RESULTS / "cells", None, base)
        tag = f"{adaptation.short(DEV_TASK)}_5demos_{arm}"
        for alpha in DEV_ALPHAS:
            path = DEV_RESULTS / f"{tag}_alpha{alpha:g}.json"
            if path.exists():
                continue
            start = time.perf_counter()
            ckpt = merged(base, adaptation.WORK / "development" / (tag + (f"_lr{lr:g}" if lr else "")), alpha,
                          WORK / "development" / f"{tag}_alpha{alpha:g}")
            adapted = cell["outcomes"] if alpha == 1.0 else outcomes_on(
                ckpt, [DEV_TASK], len(cell["outcomes"]), cell["eval_seeds"][0])[DEV_TASK]
            after = outcomes_on(ckpt, others, DEV_RETAIN_EPISODES, DEV_RETAIN_SEED)
            record = {"task": DEV_TASK, "demos": 5, "arm": arm, "alpha": alpha, "split": "development",
                      "checkpoint_hash": checkpoint_hash_of(ckpt), "adapted": adapted,
                      "adapted_seeds": cell["eval_seeds"], "eval_seeds": ref["eval_seeds"], "per_task": after,
                      "retention": kept(ref["per_task"], after), "seconds": time.perf_counter() - start,
                      "provenance": provenance, "load_average_end": list(os.getloadavg())}
            path.write_text(json.dumps(record, indent=1) + "\n")
            print(f"{path.stem}: adapted task {sum(adapted)}/{len(adapted)}, kept {record['retention']['kept']:.0%}",
                  flush=True)
    return 0


def checkpoint_hash_of(path: Path) -> str:
    from robopolicy.checkpoint import checkpoint_hash

    return checkpoint_hash(path)


def dev_rows() -> list[dict[str, Any]]:
    return [json.loads(p.read_text()) for p in sorted(DEV_RESULTS.glob("*_alpha*.json"))]


def recipe(version: int = 1) -> Recipe:
    rows = dev_rows()
    alphas = {arm: choose_alpha([r for r in rows if r["arm"] == arm]) for arm in ADAPTED
              if sum(r["arm"] == arm for r in rows) == len(DEV_ALPHAS)}
    if set(alphas) != set(ADAPTED):
        raise SystemExit(f"merge_back: the development check is incomplete ({sorted(alphas)} of {list(ADAPTED)} "
                         "arms): run `python -m experiments.merge_back dev` first")
    adapt = adaptation.recipe()
    return Recipe("merge_adapted", version, {"adaptation": {"name": adapt.name, "version": adapt.version,
                                                            "digest": adapt.digest},
                                             "alpha": alphas, "normalizer": "finetuned"})


def run(demos: list[int], provenance: dict[str, Any], tasks: list[str] | None = None) -> int:
    """Each adapted test cell of ``demos``, merged at its arm's frozen alpha: its held-out task on the cell's test
    seeds (``RESULTS``) and the 45 training tasks paired with the generalist (``RESULTS / retention``); once."""
    r = recipe()
    RecipeLedger(adaptation.LEDGER).require_frozen(r)
    record_of = {"name": r.name, "version": r.version, "digest": r.digest}
    base = adaptation.generalist_checkpoint()
    ref = json.loads((generalist.RESULTS / f"{generalist.ML45.name}_step{generalist.STEPS}.json").read_text())
    for path in sorted(adaptation.RESULTS.glob("*.json")):
        cell = json.loads(path.read_text())
        out, kept_out = RESULTS / path.name, RESULTS / "retention" / path.name
        if (cell["arm"] == "scratch" or cell["demos"] not in demos or kept_out.exists()
                or (tasks and adaptation.short(cell["task"]) not in tasks)):
            continue
        alpha = r.settings["alpha"][cell["arm"]]
        cell_dir = adaptation.WORK / "test" / path.stem
        start = time.perf_counter()
        ckpt = merged(base, cell_dir, alpha, WORK / "test" / f"{path.stem}_alpha{alpha:g}")
        common = {"cell": path.name, "task": cell["task"], "demos": cell["demos"], "arm": cell["arm"], "alpha": alpha,
                  "split": "test", "recipe": record_of, "checkpoint_hash": checkpoint_hash_of(ckpt),
                  "provenance": provenance}
        # alpha 1 is the adapted checkpoint itself: its own records on the same seeds stand (no second evaluation)
        unmerged_kept = adaptation.RETENTION / path.name
        reuse = (alpha == 1.0 and unmerged_kept.exists()   # the same checkpoint's record, not a namesake's
                 and json.loads(unmerged_kept.read_text()).get("checkpoint_hash") == cell.get("checkpoint_hash"))
        if not out.exists():
            seeds = cell["eval_seeds"]
            outcomes = (cell["outcomes"] if alpha == 1.0 else
                        outcomes_on(ckpt, [cell["task"]], seeds[1] - seeds[0] + 1, seeds[0])[cell["task"]])
            RESULTS.mkdir(parents=True, exist_ok=True)
            out.write_text(json.dumps({**common, "eval_seeds": seeds, "outcomes": outcomes,
                                       "success": sum(outcomes) / len(outcomes), "unmerged": cell["success"],
                                       **({"reused": path.name} if alpha == 1.0 else {})}, indent=1) + "\n")
        summary = write_retention(kept_out, ckpt, ref, {**common, **({"reused": unmerged_kept.name} if reuse else {})},
                                  start, json.loads(unmerged_kept.read_text())["per_task"] if reuse else None)
        print(f"{path.stem} merged at {alpha:g}: held-out {json.loads(out.read_text())['success']:.2f} (unmerged "
              f"{cell['success']:.2f}), kept {summary['kept']:.0%}", flush=True)
    return 0


def write_retention(path: Path, ckpt: Path, ref: dict[str, Any], common: dict[str, Any], start: float,
                    after: dict[str, list[bool]] | None = None) -> dict[str, Any]:
    """``ckpt`` on the generalist's training tasks and evaluation seeds (``ref``: its last-step record), paired with
    it; written to ``path`` as a ``kind: retention`` record (``common``: the cell's fields); the summary. ``after``:
    the same checkpoint's outcomes on those seeds, already measured (not evaluated again)."""
    if after is None:
        after = outcomes_on(ckpt, list(ref["per_task"]), ref["eval_seeds"][1] - ref["eval_seeds"][0] + 1,
                            ref["eval_seeds"][0])
    summary = kept(ref["per_task"], after)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({**common, "kind": "retention", "reference": {
        "file": f"{generalist.ML45.name}_step{generalist.STEPS}.json", "checkpoint_hash": ref["checkpoint_hash"],
        "success": ref["success"]}, "eval_seeds": ref["eval_seeds"], "per_task": after,
        "success": summary["success"], "kept": summary["kept"], "verdict": summary["verdict"],
        "seconds": time.perf_counter() - start, "load_average_end": list(os.getloadavg())}, indent=1) + "\n")
    return summary


def render_dev(rows: list[dict[str, Any]]) -> list[str]:
    if not rows:
        return []
    chosen = {arm: choose_alpha([r for r in rows if r["arm"] == arm]) for arm in {r["arm"] for r in rows}}
    lines = [f"| arm | alpha | {adaptation.short(DEV_TASK)} (adapted) | 44 other training tasks: kept | chosen |",
             "|---|---:|---:|---:|---|"]
    for r in sorted(rows, key=lambda r: (ADAPTED.index(r["arm"]), r["alpha"])):
        k = r["retention"]
        lines.append(f"| {r['arm']} | {r['alpha']:g} | {sum(r['adapted'])}/{len(r['adapted'])} | {k['success']:.2f} "
                     f"of {k['generalist']:.2f} ({k['kept']:.0%}) | {'yes' if chosen[r['arm']] == r['alpha'] else ''} |")
    return lines


def render(records: list[dict[str, Any]], kept_records: list[dict[str, Any]]) -> list[str]:
    if not records:
        return []
    from robopolicy.eval.stats import paired_comparison

    held = {r["cell"]: r for r in records}
    lines = ["| held-out task | demos | arm | alpha | held-out task: adapted -> merged (paired) | 45 training tasks "
             "kept: adapted -> merged (target >= 90%) |", "|---|---:|---|---:|---|---|"]
    for k in sorted(kept_records, key=lambda r: (r["task"], r["demos"], ADAPTED.index(r["arm"]))):
        h = held[k["cell"]]
        cell = json.loads((adaptation.RESULTS / k["cell"]).read_text())
        before = adaptation.RETENTION / k["cell"]
        was = f"{json.loads(before.read_text())['kept']:.0%} -> " if before.exists() else ""
        c = paired_comparison(cell["outcomes"], h["outcomes"])
        lines.append(f"| {adaptation.short(k['task'])} | {k['demos']} | {k['arm']} | {k['alpha']:g} | "
                     f"{h['unmerged']:.2f} -> {h['success']:.2f} ({c['verdict']}, p = {c['p_value']:.2g}) | "
                     f"{was}{k['kept']:.0%} (against the generalist: {k['verdict']['verdict']}) |")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("stage", choices=("dev", "freeze", "run"), nargs="?")
    parser.add_argument("--demos", type=int, nargs="+", default=[5], choices=adaptation.DEMOS)
    parser.add_argument("--arms", nargs="+", default=list(ADAPTED), choices=ADAPTED, help="dev: the arms to check")
    parser.add_argument("--tasks", nargs="+", choices=[adaptation.short(t) for t in adaptation.ML45_TEST],
                        help="run: these held-out tasks only (default: all five)")
    parser.add_argument("--allow-dirty", action="store_true")
    parser.add_argument("--render", action="store_true")
    parser.add_argument("--split", choices=("test", "development"), default="test")
    args = parser.parse_args(argv)
    if args.render:
        if args.split == "development":
            lines = render_dev(dev_rows())
        else:
            lines = render(load_records(RESULTS), load_records(RESULTS / "retention"))
        print("\n".join(lines))
        return 0
    if args.stage is None:
        parser.error("give a stage (dev, freeze, run) or --render")
    if args.stage == "freeze":
        r = recipe()
        RecipeLedger(adaptation.LEDGER).freeze(r)
        print(f"frozen {r.label}: {r.digest} ({r.settings['alpha']})")
        return 0
    import torch

    torch.set_num_threads(1)
    provenance = run_provenance(args.allow_dirty, command=" ".join(
        ["python -m experiments.merge_back", *(sys.argv[1:] if argv is None else argv)]))
    return dev(provenance, tuple(args.arms)) if args.stage == "dev" else run(args.demos, provenance, args.tasks)


if __name__ == "__main__":
    raise SystemExit(main())
