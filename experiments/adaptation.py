"""Adapting the generalist to new tasks (issue [2/6] item 2): ML45's five held-out tasks with 1, 5 and 20 demos,
by full fine-tuning, LoRA and head-only, each against the same architecture trained from scratch on the same demos,
paired on the same evaluation seeds.

    python -m experiments.adaptation dev --tasks peg-insert-side-v3      # the recipe check, on a development task
    python -m experiments.adaptation freeze                              # the recipe into the ledger (v1)
    python -m experiments.adaptation run --demos 5 1 20                  # the test split, once per cell
    python -m experiments.adaptation retention --demos 5                # what the adapted cells keep of ML45's 45 tasks
    python -m experiments.adaptation retention --demos 1 --arms lora    # ... of some cells only (--tasks too)
    python -m experiments.adaptation --render                            # the adaptation table (docs/results.md)

**The generalist** is ``experiments/generalist.py``'s run (``vla_flow`` on ML45's 45 training tasks, state +
instruction) at its last step; every record carries its checkpoint's hash. **Demos**: ``MAX_DEMOS`` scripted-expert
episodes per task with action noise 0.1 (demonstration seeds 0+, as the pretraining's), collected once; a cell with
n demos trains on episodes 0..n-1 (``episodes=[...]``) and holds none out (``val_fraction=0``). **Arms** (``ARMS``):
``full`` / ``lora`` / ``head`` start from the generalist (``robopolicy train init_from=... adapter=...``), ``scratch``
is ``policy=vla_flow`` from a fresh initialisation; all four train ``STEPS`` steps with the train defaults otherwise
(the adapters' learning rate aside: ``choose_adapter_lr``'s pick from the development check below) and are judged by their
last checkpoint. **Evaluation**: ``EVAL_EPISODES`` seeds per task, the same for every arm (test seeds 1,000,000+ on
the test split; development seeds 100,000+ in the development check), paired against scratch (exact McNemar).

**The development check** (``dev``) runs the same cells on development tasks (ML45 training tasks, so the generalist
has seen them: it checks the pipeline and picks the adapters' learning rate among ``DEV_LRS``, nothing else) before
the recipe is frozen; the test split runs the frozen recipe once per cell.

**Retention** (``retention``): each adapted test cell's checkpoint on ML45's 45 training tasks, on the seeds of the
generalist's own evaluation at its last step (``python -m experiments.generalist eval --step 40000``: development
seeds 100,000+, 10 per task), paired against it: what adaptation cost the old skills (the issue's target: >= 90%
of the generalist's success kept).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from experiments import generalist, stages
from experiments.provenance import REPO_ROOT, run_provenance
from robopolicy.protocol import (
    DEVELOPMENT_SEEDS,
    TEST_SEEDS,
    TEST_TASKS,
    ProtocolError,
    Recipe,
    RecipeLedger,
    check_run,
)

RESULTS = REPO_ROOT / "experiments" / "results" / "test_split" / "adaptation"
DEV_RESULTS = REPO_ROOT / "experiments" / "results" / "adaptation_dev"
LEDGER = REPO_ROOT / "experiments" / "results" / "frozen_recipes.json"
WORK = REPO_ROOT / "runs" / "adaptation"
ML45_TEST = tuple(t for t in TEST_TASKS if t.startswith("metaworld/"))  # ML45's five held-out tasks
DEMOS, MAX_DEMOS, NOISE = (1, 5, 20), 20, 0.1
STEPS = 2_000            # every arm, every demo count: fixed before any evaluation
EVAL_EPISODES, DEV_EPISODES = 100, 50
ARMS = ("full", "lora", "head", "scratch")
DEV_LRS = (1e-4, 1e-3)   # the adapters' (lora, head) learning rates tried in the development check
ADAPTER_LR = None        # None: chosen by ``choose_adapter_lr`` from the development check's records
RETENTION = RESULTS / "retention"
TRAIN = ["policy=vla_flow", "seed=0", "threads=1", "val_fraction=0", f"steps={STEPS}", "ckpt_every=500"]


def arm_overrides(arm: str, generalist_ckpt: Path | None, lr: float | None) -> list[str]:
    """``robopolicy train`` overrides of an arm beyond ``TRAIN`` (the data and run dir aside)."""
    if arm == "scratch":
        return []
    if arm not in ARMS:
        raise SystemExit(f"adaptation: unknown arm {arm!r}; valid: {', '.join(ARMS)}")
    over = [f"init_from={generalist_ckpt}", f"adapter={arm}"]
    return over + ([f"lr={lr}"] if lr is not None and arm != "full" else [])


def choose_adapter_lr(records: list[dict[str, Any]]) -> float | None:
    """The rule, fixed before the check's adapter cells ran: the lr of ``DEV_LRS`` with the most successes summed
    over the LoRA and head cells of the development check (every task and demo count it ran), a tie going to the
    lower lr (the train default); None until every lr has a LoRA and a head cell on the same (task, demos)."""
    cells = {(r["task"], r["demos"], r["arm"], r["lr"]) for r in records if r["arm"] in ("lora", "head")}
    pairs = {(t, d) for t, d, _, _ in cells}
    complete = [(t, d) for t, d in pairs if all((t, d, a, lr) in cells for a in ("lora", "head") for lr in DEV_LRS)]
    if not complete:
        return None
    wins = {lr: sum(sum(r["outcomes"]) for r in records if r["arm"] in ("lora", "head") and r["lr"] == lr
                    and (r["task"], r["demos"]) in complete) for lr in DEV_LRS}
    return max(sorted(DEV_LRS), key=lambda lr: (wins[lr], -lr))


def adapter_lr() -> float:
    if ADAPTER_LR is not None:
        return ADAPTER_LR
    lr = choose_adapter_lr([json.loads(p.read_text()) for p in sorted(DEV_RESULTS.glob("*.json"))])
    if lr is None:
        raise SystemExit("adaptation: the adapters' lr is not chosen yet: run the development check (dev) first, "
                         f"with --arms lora head and every lr of {list(DEV_LRS)}")
    return lr


def recipe(version: int = 1) -> Recipe:
    return Recipe("adapt_generalist", version, {
        "generalist": {"train": generalist.TRAIN, "recipe": generalist.RECIPE, "step": generalist.STEPS},
        "train": TRAIN, "arms": list(ARMS), "adapter_lr": adapter_lr(), "demos": list(DEMOS), "noise": NOISE,
        "eval_episodes": EVAL_EPISODES, "judged": "last checkpoint"})


def short(task: str) -> str:
    return task.split("/", 1)[1]


def demos_store(task: str) -> Path:
    from robopolicy.eval import collect as collect_cli

    store = WORK / "demos" / f"{short(task)}_{MAX_DEMOS}.zarr"
    if not (store / "zarr.json").exists():
        if collect_cli.main([f"env={task}", "source=expert", f"episodes={MAX_DEMOS}", f"action_noise={NOISE}",
                             "seed=0", f"out={store}", "overwrite=true", "progress=false"]):
            raise SystemExit(f"collecting {store} failed")
    return store


def generalist_checkpoint() -> Path:
    """The published generalist (``models/``, in git) once it exists, else the run's latest checkpoint (the
    development check runs on a checkpoint along the way; the test split refuses anything but the last step)."""
    from robopolicy.checkpoint import resolve_checkpoint

    return resolve_checkpoint(generalist.PUBLISHED if generalist.PUBLISHED.exists() else generalist.RUN)


def run_cell(task: str, demos: int, arm: str, lr: float | None, split: str, provenance: dict[str, Any],
             out: Path, recipe_record: dict[str, Any] | None, generalist_ckpt: Path | None = None) -> dict[str, Any]:
    """Train one (task, demos, arm[, lr]) and evaluate its last checkpoint; one JSON per cell, written once."""
    from robopolicy.checkpoint import checkpoint_hash, read_meta, resolve_checkpoint
    from robopolicy.eval.rollout import success_outcomes
    from robopolicy.policies.loading import load_policy

    tag = f"{short(task)}_{demos}demos_{arm}" + (f"_lr{lr:g}" if split == "development" and arm in ("lora", "head")
                                                 else "")
    path = out / f"{tag}.json"
    if path.exists():
        print(f"{path.name}: done already" + (" (a test run happens once)" if split == "test" else ""))
        return json.loads(path.read_text())
    base = (generalist_ckpt or generalist_checkpoint()) if arm != "scratch" else None
    if split == "test" and base is not None and read_meta(base).get("step") != generalist.STEPS:
        raise SystemExit(f"adaptation: the generalist is at step {read_meta(base).get('step')}, not its last "
                         f"({generalist.STEPS}): finish it first (python -m experiments.generalist train)")
    store = demos_store(task)
    run_dir = WORK / split / tag
    start = time.perf_counter()
    overrides = [*TRAIN, f"dataset={store}", f"episodes=[{','.join(map(str, range(demos)))}]",
                 *arm_overrides(arm, base, lr)]
    if stages.train(overrides, run_dir):
        raise SystemExit(f"training {tag} failed")
    trained = time.perf_counter() - start
    checkpoint = resolve_checkpoint(run_dir)
    seeds = TEST_SEEDS.start if split == "test" else DEVELOPMENT_SEEDS.start
    episodes = EVAL_EPISODES if split == "test" else DEV_EPISODES
    outcomes = success_outcomes(load_policy(checkpoint), task, episodes, base_seed=seeds, envs_per_worker=10,
                                progress=False)
    record = {"task": task, "demos": demos, "arm": arm, "lr": lr if arm in ("lora", "head") else None,
              "split": split, "recipe": recipe_record, "train": overrides,
              "generalist": None if base is None else {"checkpoint": str(base), "hash": checkpoint_hash(base),
                                                       "step": read_meta(base).get("step")},
              "checkpoint_hash": checkpoint_hash(checkpoint), "eval_seeds": [seeds, seeds + episodes - 1],
              "outcomes": [bool(o) for o in outcomes], "success": sum(map(bool, outcomes)) / episodes,
              "train_seconds": trained, "seconds": time.perf_counter() - start, "provenance": provenance,
              "load_average_end": list(os.getloadavg())}
    out.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(record, indent=1) + "\n")
    print(f"{path.name}: {record['success']:.2f} ({trained / 60:.0f} min training)", flush=True)
    return record


def retention(demos: list[int], provenance: dict[str, Any], arms: list[str] | None = None,
              tasks: list[str] | None = None) -> int:
    """Every adapted (full, LoRA, head) test cell of ``demos`` (and of ``arms`` / ``tasks`` when given) on the 45
    training tasks, paired against the generalist on the seeds of its last-step evaluation; one JSON per cell in
    ``RETENTION``, written once."""
    from robopolicy.checkpoint import checkpoint_hash, resolve_checkpoint
    from robopolicy.eval.rollout import success_outcomes
    from robopolicy.eval.stats import paired_comparison
    from robopolicy.policies.loading import load_policy

    reference = generalist.RESULTS / f"{generalist.ML45.name}_step{generalist.STEPS}.json"
    if not reference.exists():
        raise SystemExit(f"adaptation retention: {reference.relative_to(REPO_ROOT)} is missing: evaluate the "
                         f"generalist first (python -m experiments.generalist eval --step {generalist.STEPS})")
    ref = json.loads(reference.read_text())
    seeds = range(ref["eval_seeds"][0], ref["eval_seeds"][1] + 1)
    for task in ref["per_task"]:
        check_run(task, "development", seeds)
    for path in sorted(RESULTS.glob("*.json")):
        cell = json.loads(path.read_text())
        out = RETENTION / path.name
        if cell["arm"] == "scratch" or cell["demos"] not in demos or out.exists() or (
                arms and cell["arm"] not in arms) or (tasks and cell["task"] not in tasks):
            continue
        checkpoint = resolve_checkpoint(WORK / "test" / path.stem)
        if checkpoint_hash(checkpoint) != cell["checkpoint_hash"]:
            raise SystemExit(f"{checkpoint}: not the checkpoint {path.name} evaluated (hash differs)")
        policy = load_policy(checkpoint)
        start = time.perf_counter()
        per_task = {task: [bool(o) for o in success_outcomes(policy, task, len(seeds), base_seed=seeds.start,
                                                             envs_per_worker=10, progress=False)]
                    for task in ref["per_task"]}
        before = [o for task in ref["per_task"] for o in ref["per_task"][task]]
        after = [o for task in ref["per_task"] for o in per_task[task]]
        record = {"cell": path.name, "task": cell["task"], "demos": cell["demos"], "arm": cell["arm"],
                  "split": "test", "kind": "retention", "recipe": cell["recipe"],
                  "checkpoint_hash": cell["checkpoint_hash"],
                  "reference": {"file": reference.name, "checkpoint_hash": ref["checkpoint_hash"],
                                "success": ref["success"]},
                  "eval_seeds": ref["eval_seeds"], "per_task": per_task, "success": sum(after) / len(after),
                  "kept": (sum(after) / len(after)) / ref["success"], "verdict": paired_comparison(before, after),
                  "seconds": time.perf_counter() - start, "provenance": provenance,
                  "load_average_end": list(os.getloadavg())}
        RETENTION.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(record, indent=1) + "\n")
        print(f"retention {path.stem}: {ref['success']:.2f} -> {record['success']:.2f} on the 45 training tasks "
              f"({record['kept']:.0%} kept; {record['verdict']['verdict']})", flush=True)
    return 0


def render_retention(records: list[dict[str, Any]]) -> list[str]:
    """One row per held-out task, one column per (demos, arm) measured: the share of the generalist's success on the
    45 training tasks the adapted cell keeps, its success there, and the paired verdict against the generalist."""
    if not records:
        return []
    columns = sorted({(r["demos"], r["arm"]) for r in records}, key=lambda c: (c[0], ARMS.index(c[1])))
    cells = {(r["task"], r["demos"], r["arm"]): r for r in records}
    references = sorted({f"{r['reference']['success']:.2f}" for r in records})
    lines = [f"The generalist on the 45 training tasks: {' / '.join(references)}. Each cell: kept (target >= 90%), "
             "success after adapting, paired verdict against the generalist (exact McNemar p).", "",
             "| held-out task | " + " | ".join(f"{d} demo{'s' if d != 1 else ''}, {a}" for d, a in columns) + " |",
             "|---|" + "---|" * len(columns)]
    for task in sorted({r["task"] for r in records}):
        row = []
        for demos, arm in columns:
            r = cells.get((task, demos, arm))
            v = r and r["verdict"]
            row.append("-" if r is None else f"{r['kept']:.0%} ({r['success']:.2f}; {v['verdict']}, p {v['p_value']:.2g})")
        lines.append(f"| {short(task)} | " + " | ".join(row) + " |")
    return lines


def render(records: list[dict[str, Any]]) -> list[str]:
    """Per (task, demos): each arm's success and, for the three adapted arms, the paired difference to scratch."""
    from robopolicy.eval.stats import paired_comparison

    if not records:
        return ["No adaptation cell has run yet."]
    cells = {(r["task"], r["demos"], r["arm"] + (f" lr {r['lr']:g}" if r.get("lr") and r["split"] ==
                                                   "development" else "")): r for r in records}
    arms = sorted({k[2] for k in cells}, key=lambda a: (ARMS.index(a.split()[0]), a))
    lines = ["| task | demos | " + " | ".join(arms) + " |", "|---|---:|" + "---:|" * len(arms)]
    for task, demos in sorted({(k[0], k[1]) for k in cells}):
        scratch = cells.get((task, demos, "scratch"))
        row = []
        for arm in arms:
            r = cells.get((task, demos, arm))
            if r is None:
                row.append("-")
                continue
            text = f"{r['success']:.2f}"
            if scratch is not None and arm != "scratch":
                c = paired_comparison(scratch["outcomes"], r["outcomes"])
                text += f" ({r['success'] - scratch['success']:+.2f}, p {c['p_value']:.2g})"
            row.append(text)
        lines.append(f"| {short(task)} | {demos} | " + " | ".join(row) + " |")
    return lines


def lora_against_full(records: list[dict[str, Any]]) -> list[str]:
    """Per demo count, LoRA's paired difference to full fine-tuning on the same seeds (exact McNemar p), for the
    tasks with both cells: the issue's "LoRA within 0.05 of full" read as a paired comparison, not two rates."""
    from robopolicy.eval.stats import paired_comparison

    cells = {(r["task"], r["demos"], r["arm"]): r for r in records}
    out = []
    for demos in sorted({d for _, d, _ in cells}):
        pairs = [(t, cells[(t, demos, "full")], cells[(t, demos, "lora")]) for t in sorted({t for t, _, _ in cells})
                 if (t, demos, "full") in cells and (t, demos, "lora") in cells]
        if pairs:
            out.append(f"{demos} demo{'s' if demos != 1 else ''}: " + ", ".join(
                f"{short(t)} {lo['success'] - fu['success']:+.2f} (p {paired_comparison(fu['outcomes'], lo['outcomes'])['p_value']:.2g})"
                for t, fu, lo in pairs))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("stage", choices=("dev", "freeze", "run", "retention"), nargs="?")
    parser.add_argument("--tasks", nargs="+", default=None, help="test: ML45's five held-out tasks; dev: required")
    parser.add_argument("--demos", type=int, nargs="+", default=[5], choices=DEMOS)
    parser.add_argument("--arms", nargs="+", default=list(ARMS), choices=ARMS)
    parser.add_argument("--lrs", type=float, nargs="+", default=list(DEV_LRS), help="dev: the adapters' lrs")
    parser.add_argument("--allow-dirty", action="store_true")
    parser.add_argument("--render", action="store_true")
    parser.add_argument("--split", choices=("test", "development"), default="test", help="--render: which table")
    args = parser.parse_args(argv)
    if args.render:
        folder = DEV_RESULTS if args.split == "development" else RESULTS
        print("\n".join(render([json.loads(p.read_text()) for p in sorted(folder.glob("*.json"))])))
        return 0
    if args.stage is None:
        parser.error("give a stage (dev, freeze, run, retention) or --render")
    if args.stage == "freeze":
        r = recipe()
        RecipeLedger(LEDGER).freeze(r)
        print(f"frozen {r.label}: {r.digest}")
        return 0
    if args.stage == "retention":
        import torch

        torch.set_num_threads(1)
        tasks = [t if "/" in t else f"metaworld/{t}" for t in args.tasks] if args.tasks else None
        return retention(args.demos, run_provenance(args.allow_dirty, command=" ".join(
            ["python -m experiments.adaptation", *(sys.argv[1:] if argv is None else argv)])), args.arms, tasks)
    split = "development" if args.stage == "dev" else "test"
    if split == "development" and not args.tasks:
        parser.error("dev: give --tasks (development tasks, e.g. peg-insert-side-v3)")
    tasks = [t if "/" in t else f"metaworld/{t}" for t in (args.tasks or ML45_TEST)]
    episodes = EVAL_EPISODES if split == "test" else DEV_EPISODES
    seeds = TEST_SEEDS.start if split == "test" else DEVELOPMENT_SEEDS.start
    try:
        for task in tasks:
            check_run(task, split, range(seeds, seeds + episodes))
    except ProtocolError as e:
        parser.error(str(e))
    recipe_record = None
    if split == "test":
        r = recipe()
        try:
            RecipeLedger(LEDGER).require_frozen(r)
        except ProtocolError as e:
            raise SystemExit(f"adaptation: {e}") from None
        recipe_record = {"name": r.name, "version": r.version, "digest": r.digest}
    import torch

    torch.set_num_threads(1)
    provenance = run_provenance(args.allow_dirty, command=" ".join(["python -m experiments.adaptation",
                                                                    *(sys.argv[1:] if argv is None else argv)]))
    out = DEV_RESULTS if split == "development" else RESULTS
    pinned = generalist_checkpoint()   # one starting checkpoint for every cell of this invocation
    print(f"adaptation: every adapted arm starts from {pinned}", flush=True)
    for demos in args.demos:
        for task in tasks:
            for arm in args.arms:
                lrs = (args.lrs if split == "development" else [adapter_lr()]) if arm in ("lora", "head") else [None]
                for lr in lrs:
                    run_cell(task, demos, arm, lr, split, provenance, out, recipe_record, pinned)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
