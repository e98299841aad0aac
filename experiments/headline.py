"""The RL headline on the test split (issue [1/6]): the frozen default recipes, once, on held-out tasks and seeds.

    python -m experiments.headline freeze                               # the recipes' digests into the ledger (v1)
    python -m experiments.headline bases --tasks test                   # a weak-from-data base per task and head
    python -m experiments.headline run --methods dsrl_sac dppo_flow --seeds 0 1 2
    python -m experiments.headline --render                             # the test-split RL table (docs/results.md)
    python -m experiments.headline noise                                # each built base's room to steer (diagnostic)
    python -m experiments.headline bases --split development --tasks push-v3 drawer-open-v3   # check the base rule

**Split.** Tasks are the test split's (``robopolicy.protocol.TEST_TASKS``: Meta-World ML45's five held-out tasks
and robosuite Stack), evaluated on 100 test seeds (1,000,000+), paired: the base, the base from zero initial noise
and the kept policy on the same seeds. Tuning seeds (selection) are the tuning split's (200,000+). Every record
carries its recipe's name, version and digest; a recipe that is not frozen, or changed since, is refused.

**Bases: weak from data, by a rule fixed before any test run.** Per (task, head): ``BASE_DEMOS`` (5, then 2, then 1)
scripted-expert demos with action noise 0.1 (demonstration seeds 0+), cloned by ``robopolicy train policy=<head>``
with its defaults (the frozen ``bc_<head>`` training recipe). The first rung whose success on 50 calibration seeds
(300,000+: the development block, never a test seed) is at most ``BASE_CEILING`` both with its usual sampling and
from zero initial noise is the base; when none is, the last rung is, and its row says the base is not weak.

**Jobs.** One (task, method, seed) is one ``robopolicy finetune`` run with the method's *defaults* (``METHODS``:
nothing but the episode limit, the critic data of the offline methods and the evaluation seeds is set), so the
recipe is what a user gets. The episode limit is a rule of the demos: twice the median length of the base's
successful demos, rounded up to 50 env steps. V-GPS and PA-RL learn from ``ROLLOUTS`` episodes of the base collected
per training seed (demonstration seeds ``ROLLOUT_SEED + 1,000 * seed``+). The record's ``controls`` are the base and
the zero-noise sampler on the same seeds; the gain is judged against the better of the two (exact McNemar).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shutil
import sys
from pathlib import Path
from typing import Any

import numpy as np

from experiments import stages
from experiments.provenance import REPO_ROOT, run_provenance
from robopolicy.protocol import (
    CALIBRATION_SEEDS,
    FINETUNE_FEATURES_OFF,
    TEST_SEEDS,
    TEST_TASKS,
    ProtocolError,
    Recipe,
    RecipeLedger,
    check_run,
    without_features_off,
)

RESULTS = REPO_ROOT / "experiments" / "results" / "test_split" / "rl"
DEV_RESULTS = REPO_ROOT / "experiments" / "results" / "headline_dev"
LEDGER = REPO_ROOT / "experiments" / "results" / "frozen_recipes.json"
WORK = REPO_ROOT / "runs" / "headline"
HEADS = ("diffusion_unet", "flow_unet")
BASE_DEMOS, BASE_NOISE, BASE_CEILING, CALIBRATION_EPISODES = (5, 2, 1), 0.1, 0.60, 50
EVAL_EPISODES = 100
ROLLOUTS, ROLLOUT_SEED = 400, 20_000
# method -> (robopolicy finetune method, base head, the only settings beyond the defaults)
CRITIC = ["finetune.critic.method=iql", "finetune.critic.steps=3000", "finetune.critic.action_horizon=4",
          "reward.use_store_rewards=false", "finetune.steering.K=[1,10]", "finetune.steering.beta=0"]
METHODS: dict[str, tuple[str, str, list[str]]] = {
    "dsrl_sac": ("dsrl", "diffusion_unet", []),
    "dsrl_sac_flow": ("dsrl", "flow_unet", []),
    "dsrl_na": ("dsrl", "diffusion_unet", ["finetune.variant=na"]),
    "dppo_diffusion": ("dppo", "diffusion_unet", []),
    "dppo_flow": ("dppo", "flow_unet", []),
    "vgps": ("vgps", "diffusion_unet", CRITIC),   # K = 1 (the random-choice control) and 10, K chosen on tuning seeds
    "parl": ("parl", "diffusion_unet", ["finetune.steps=1000"]),  # the preference objective (default), V-GPS's critic
}
# resolved keys that do not shape the run (paths, this machine, logging): left out of a recipe's digest
LOGISTICS = ("checkpoint", "env_id", "dataset", "run_dir", "name", "seed", "device", "threads", "progress")


# ---------------------------------------------------------------------------------------------------------- recipes
def method_recipe(method: str, version: int = 1) -> Recipe:
    """``robopolicy finetune method=<kind>`` with the method's settings, resolved (less paths and seeds)."""
    kind, head, settings = METHODS[method]
    return Recipe(f"rl_{method}", version, {"head": head, "finetune": resolved_finetune(kind, settings),
                                            "episode_limit": "2x median demo",
                                            "rollouts": ROLLOUTS if kind in ("vgps", "parl") else 0})


def resolved_finetune(kind: str, settings: list[str]) -> dict[str, Any]:
    """``robopolicy finetune method=<kind> <settings>``'s configuration, resolved, less ``LOGISTICS`` and the
    features that are off, with the test split's evaluation (``EVAL_EPISODES`` from the first test seed)."""
    from omegaconf import OmegaConf

    from robopolicy.config import compose
    from robopolicy.finetune.cli import parse_overrides

    _, overrides = parse_overrides([f"method={kind}", *settings])
    resolved = OmegaConf.to_container(compose("finetune", overrides), resolve=True)
    resolved = {k: v for k, v in resolved.items() if k not in LOGISTICS}
    resolved["finetune"] = without_features_off(resolved["finetune"], FINETUNE_FEATURES_OFF)
    resolved["eval"] = {**resolved["eval"], "episodes": EVAL_EPISODES, "seed": TEST_SEEDS.start}
    return resolved


def base_recipe(head: str, version: int = 1) -> Recipe:
    """The base rule: the head's frozen BC training recipe on ``BASE_DEMOS`` demos, calibrated as the docstring says."""
    from experiments.bc_suite import bc_recipe

    train = dict(bc_recipe(head).settings["train"])
    return Recipe(f"rl_base_{head}", version, {"train": train, "demos": list(BASE_DEMOS), "noise": BASE_NOISE,
                                               "ceiling": BASE_CEILING, "calibration": CALIBRATION_EPISODES})


def all_recipes(version: int = 1) -> list[Recipe]:
    return [*(base_recipe(h, version) for h in HEADS), *(method_recipe(m, version) for m in METHODS)]


def frozen(recipe: Recipe) -> dict[str, Any]:
    """``recipe`` as a record carries it, after the ledger has said it is frozen (else one-line SystemExit)."""
    try:
        RecipeLedger(LEDGER).require_frozen(recipe)
    except ProtocolError as e:
        raise SystemExit(f"headline: {e}") from None
    return {"name": recipe.name, "version": recipe.version, "digest": recipe.digest}


# ------------------------------------------------------------------------------------------------------------ bases
def short(task: str) -> str:
    return task.split("/", 1)[1]


def collect_demos(task: str, demos: int) -> Path:
    from robopolicy.eval import collect as collect_cli

    store = WORK / "demos" / f"{short(task)}_{demos}.zarr"
    if not (store / "zarr.json").exists():
        if collect_cli.main([f"env={task}", "source=expert", f"episodes={demos}", f"action_noise={BASE_NOISE}",
                             "seed=0", f"out={store}", "overwrite=true", "progress=false"]):
            raise SystemExit(f"collecting {store} failed")
    return store


def episode_limit(store: Path) -> int:
    """Twice the median length of the store's successful demos, rounded up to 50 env steps."""
    from robopolicy.data.store import EpisodeStore

    s = EpisodeStore.open(store, mode="r")
    lengths = s.episode_lengths[np.asarray(s.column("success"), bool)]
    if not len(lengths):
        raise SystemExit(f"{store}: no successful demo, so no episode limit")
    return int(50 * math.ceil(2 * float(np.median(lengths)) / 50))


def calibrate(task: str, policy: Path, noise_scale: float) -> float:
    from robopolicy.eval.rollout import success_outcomes
    from robopolicy.policies.loading import load_policy

    p = load_policy(policy)
    if noise_scale != 1.0:
        p.set_noise_scale(noise_scale)
    return float(np.mean(success_outcomes(p, task, CALIBRATION_EPISODES, base_seed=CALIBRATION_SEEDS.start,
                                          envs_per_worker=10, progress=False)))


def build_base(task: str, head: str, provenance: dict, out: Path, split: str = "test") -> dict[str, Any]:
    """Walk ``BASE_DEMOS`` until a clone is weak both ways; one JSON per (task, head) under ``out/bases``.
    ``split="development"``: the same rule on a development task, to check it before it is frozen (no ledger)."""
    from robopolicy.checkpoint import checkpoint_hash, resolve_checkpoint

    path = out / "bases" / f"{short(task)}_{head}.json"
    if path.exists():
        return json.loads(path.read_text())
    recipe = frozen(base_recipe(head)) if split == "test" else {"name": base_recipe(head).name, "version": None,
                                                                 "digest": base_recipe(head).digest}
    rungs = []
    for demos in BASE_DEMOS:
        store = collect_demos(task, demos)
        run_dir = WORK / "bases" / f"{short(task)}_{head}_{demos}"
        if stages.train([f"policy={head}", f"dataset={store}", "seed=0", "threads=1"], run_dir):
            raise SystemExit(f"training the base {run_dir.name} failed")
        checkpoint = resolve_checkpoint(run_dir)
        usual, zero = calibrate(task, checkpoint, 1.0), calibrate(task, checkpoint, 0.0)
        rungs.append({"demos": demos, "usual": usual, "zero_noise": zero, "checkpoint": str(checkpoint),
                      "checkpoint_hash": checkpoint_hash(checkpoint), "episode_limit": episode_limit(store)})
        print(f"{short(task)} {head} {demos} demos: {usual:.2f} usual, {zero:.2f} from zero noise", flush=True)
        if max(usual, zero) <= BASE_CEILING:
            break
    chosen = rungs[-1]
    record = {"task": task, "head": head, "split": split, "recipe": recipe, "kind": "base", "rungs": rungs,
              "chosen": chosen, "weak": max(chosen["usual"], chosen["zero_noise"]) <= BASE_CEILING,
              "calibration_seeds": [CALIBRATION_SEEDS.start, CALIBRATION_SEEDS.start + CALIBRATION_EPISODES - 1],
              "provenance": provenance, "load_average_end": list(os.getloadavg())}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(record, indent=1) + "\n")
    return record


def base_noise(task: str, head: str, provenance: dict, out: Path) -> dict[str, Any] | None:
    """A diagnostic, no test episode: how far the chosen base of (task, head) moves its executed actions with its
    initial noise (``learning_margins.noise_spread``, the room DSRL has to steer), on the first observation of the
    calibration seeds, beside the spread of the actions in its demos. None while the base's checkpoint is not on
    this machine (checkpoints are not committed; the hash is checked)."""
    import robopolicy
    from experiments.learning_margins import NOISE_DRAWS, noise_spread
    from robopolicy.checkpoint import checkpoint_hash
    from robopolicy.data.store import EpisodeStore

    path = out / "bases" / "noise" / f"{short(task)}_{head}.json"
    if path.exists():
        return json.loads(path.read_text())
    base_record = json.loads((out / "bases" / f"{short(task)}_{head}.json").read_text())
    base = base_record["chosen"]
    checkpoint = Path(base["checkpoint"])
    if not checkpoint.exists() or checkpoint_hash(checkpoint) != base["checkpoint_hash"]:
        print(f"{short(task)} {head}: the base's checkpoint {checkpoint} is not here (or not the recorded one)")
        return None
    seeds = list(range(CALIBRATION_SEEDS.start, CALIBRATION_SEEDS.start + CALIBRATION_EPISODES))
    spread = noise_spread(robopolicy.load_policy(checkpoint), task, seeds, NOISE_DRAWS, seed=0)
    actions = EpisodeStore.open(collect_demos(task, base["demos"])).load(["action"])["action"]
    record = {"task": task, "head": head, "split": "test", "recipe": base_record["recipe"], "kind": "noise",
              "checkpoint_hash": base["checkpoint_hash"], "draws": NOISE_DRAWS,
              "calibration_seeds": [seeds[0], seeds[-1]], **spread,
              "demo_action_std": float(np.asarray(actions).std(axis=0).mean()), "provenance": provenance}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(record, indent=1) + "\n")
    print(f"{short(task)} {head}: action std over noise {np.mean(spread['action_std']):.4f} "
          f"(demos' action spread {record['demo_action_std']:.3f})", flush=True)
    return record


def noise_line(out: Path = RESULTS) -> str | None:
    """The bases' room to steer, one sentence for the test-split section (None before any diagnostic ran)."""
    records = [json.loads(p.read_text()) for p in sorted((out / "bases" / "noise").glob("*.json"))]
    if not records:
        return None
    from experiments.learning_margins import RESULTS as MARGINS

    heads = sorted({r["head"] for r in records})
    label = (lambda r: short(r["task"])) if len(heads) == 1 else (lambda r: f"{short(r['task'])} ({r['head']})")
    cells = [f"{label(r)} {np.mean(r['action_std']):.3f} ({np.mean(r['action_std']) / r['demo_action_std']:.0%} "
             f"of its demos' action spread)" for r in records]
    first, last = records[0]["calibration_seeds"]
    reach: dict[str, list[float]] = {}
    for p in sorted(MARGINS.glob("dsrl_base_noise*_seed*.json")):
        result = json.loads(p.read_text())["result"]
        reach.setdefault(result["prediction_type"], []).append(float(np.mean(result["action_std"])))
    spans = "; ".join(f"{kind} {min(v):.2f} to {max(v):.2f}" for kind, v in sorted(reach.items()))
    return ("Why DSRL has little to steer here (`python -m experiments.headline noise`, no test episode): the "
            f"{' and '.join(heads)} bases' executed actions move by {', '.join(cells)} across {records[0]['draws']} "
            f"initial-noise draws, on the first observation of {last - first + 1} calibration seeds (std, raw action "
            "units); the weak reach-v3 "
            f"bases on which DSRL's learning test gains move by {spans} over its seeds "
            "([`dsrl_base_noise`](docs/results_archive.md#dsrl_base_noise)).")


# ------------------------------------------------------------------------------------------------------------- jobs
def rollouts(task: str, base: dict[str, Any], seed: int) -> Path:
    from robopolicy.eval import collect as collect_cli

    store = WORK / "rollouts" / f"{short(task)}_{Path(base['checkpoint']).parent.parent.name}_seed{seed}.zarr"
    if not (store / "zarr.json").exists():
        if collect_cli.main([f"env={task}", f"source={base['checkpoint']}", f"episodes={ROLLOUTS}",
                             f"seed={ROLLOUT_SEED + 1_000 * seed}", f"max_steps={base['episode_limit']}",
                             f"out={store}", "overwrite=true", "progress=false"]):
            raise SystemExit(f"collecting {store} failed")
    return store


def controls_verdict(before: list[bool], zero: list[bool] | None, after: list[bool]) -> dict[str, Any]:
    """The kept policy against the better control (more successes on the same seeds; the base on a tie)."""
    from robopolicy.eval.stats import paired_comparison

    control, name = (zero, "zero noise") if zero is not None and sum(zero) > sum(before) else (before, "base")
    return {"control": name, **paired_comparison(control, after)}


def run_job(task: str, method: str, seed: int, provenance: dict, out: Path) -> Path:
    path = out / f"{short(task)}_{method}_seed{seed}.json"
    if path.exists():
        print(f"{path.name}: done already (a test run happens once)")
        return path
    kind, head, settings = METHODS[method]
    recipe = frozen(method_recipe(method))
    base = build_base(task, head, provenance, out)["chosen"]
    limit = base["episode_limit"]
    run_dir = WORK / "finetune" / path.stem
    if run_dir.exists():
        shutil.rmtree(run_dir)  # an interrupted run starts again
    argv = [f"method={kind}", f"policy={base['checkpoint']}", f"env={task}", f"seed={seed}", "threads=1",
            "progress=false", f"run_dir={run_dir}", f"eval.episodes={EVAL_EPISODES}", f"eval.seed={TEST_SEEDS.start}",
            f"eval.max_episode_steps={limit}", "eval.envs_per_worker=10", *settings]
    if kind in ("dsrl", "dppo"):
        argv.append(f"finetune.max_episode_steps={limit}")
    else:
        argv.append(f"dataset={rollouts(task, base, seed)}")
    if kind == "parl":
        critic = WORK / "finetune" / f"{short(task)}_vgps_seed{seed}" / "critic"
        if not (critic / "critic.json").exists():
            raise SystemExit(f"{path.name}: PA-RL uses V-GPS's critic of the same seed: run vgps seed {seed} first")
        argv.append(f"finetune.critic={critic}")
    outcome = stages.finetune(argv, run_dir, path.stem)
    outcome.pop("per_task")
    zero = outcome["zero_noise"]
    record = {"task": task, "method": method, "seed": seed, "head": head, "split": "test", "recipe": recipe,
              "finetune_method": kind, "base": base, "episode_limit": limit, "argv": argv,
              "eval_seeds": [TEST_SEEDS.start, TEST_SEEDS.start + EVAL_EPISODES - 1], **outcome,
              "vs_better_control": controls_verdict(outcome["before"], zero, outcome["after"]),
              "provenance": provenance, "load_average_end": list(os.getloadavg())}
    path.write_text(json.dumps(record, indent=1) + "\n")
    v = record["vs_better_control"]
    print(f"{path.name}: {sum(record['before'])} (zero noise {sum(zero) if zero else '-'}) -> {sum(record['after'])} "
          f"of {EVAL_EPISODES}; against the {v['control']}: {v['verdict']} (p = {v['p_value']:.2g})", flush=True)
    return path


# ------------------------------------------------------------------------------------------------------------ page
def reaches_bar(record: dict[str, Any]) -> bool:
    """The issue's bar: >= 0.90, or the base + 0.30."""
    n = len(record["after"])
    return sum(record["after"]) >= 0.9 * n or sum(record["after"]) >= sum(record["before"]) + 0.3 * n


def render_table(records: list[dict[str, Any]]) -> list[str]:
    """One row per (method, task): base, zero noise, each seed's kept policy, the bar, the gain over the better
    control; every recipe version shown (a changed recipe is a new row, never a replacement)."""
    runs = [r for r in records if r.get("kind") != "base"]
    if not runs:
        return ["No test-split RL run has finished yet."]
    lines = ["| method (recipe) | task | base | zero noise | kept policy per seed | bar met | better than the better "
             "control |", "|---|---|---|---|---|---|---|"]
    groups: dict[tuple, list[dict]] = {}
    for r in runs:
        groups.setdefault((r["method"], r["recipe"]["version"], r["task"]), []).append(r)
    for (method, version, task), rs in sorted(groups.items()):
        rs.sort(key=lambda r: r["seed"])
        zero = rs[0]["zero_noise"]
        lines.append(f"| {method} v{version} | {short(task)} | {sum(rs[0]['before'])} | "
                     f"{sum(zero) if zero else '-'} | {' / '.join(str(sum(r['after'])) for r in rs)} | "
                     f"{sum(map(reaches_bar, rs))} of {len(rs)} | "
                     f"{sum(r['vs_better_control']['verdict'] == 'improved' for r in rs)} of {len(rs)} |")
    return lines


# ------------------------------------------------------------------------------------------------------------- CLI
def expand(tasks: list[str]) -> list[str]:
    out = []
    for t in tasks:
        out += list(TEST_TASKS) if t == "test" else [t if "/" in t else f"metaworld/{t}"]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("stage", choices=("freeze", "bases", "run", "noise"), nargs="?")
    parser.add_argument("--tasks", nargs="+", default=["test"])
    parser.add_argument("--methods", nargs="+", default=list(METHODS), choices=list(METHODS))
    parser.add_argument("--heads", nargs="+", default=list(HEADS), choices=list(HEADS))
    parser.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2])
    parser.add_argument("--split", choices=("test", "development"), default="test",
                        help="development: only the bases stage, to check the base rule on development tasks "
                             f"(results under {DEV_RESULTS.relative_to(REPO_ROOT)})")
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--allow-dirty", action="store_true")
    parser.add_argument("--render", action="store_true", help="print the test-split RL table from the records")
    args = parser.parse_args(argv)
    if args.out is None:
        args.out = DEV_RESULTS if args.split == "development" else RESULTS
    if args.render:
        records = [json.loads(p.read_text()) for p in sorted(args.out.glob("*.json"))]
        print("\n".join(render_table(records)))
        return 0
    if args.stage is None:
        parser.error("give a stage (freeze, bases, run, noise) or --render")
    if args.stage == "freeze":
        ledger = RecipeLedger(LEDGER)
        for recipe in all_recipes():
            ledger.freeze(recipe)
            print(f"frozen {recipe.label}: {recipe.digest}")
        return 0
    tasks = expand(args.tasks)
    if args.split == "development" and args.stage != "bases":
        parser.error("--split development checks the base rule only (the bases stage): choose methods on the "
                     "development suite (experiments/rl_suite.py)")
    eval_seeds = (range(TEST_SEEDS.start, TEST_SEEDS.start + EVAL_EPISODES) if args.split == "test"
                  else range(100_000, 100_000 + EVAL_EPISODES))
    try:
        for task in tasks:
            check_run(task, args.split, eval_seeds)
    except ProtocolError as e:
        parser.error(str(e))
    import torch

    torch.set_num_threads(1)
    provenance = run_provenance(args.allow_dirty, command=" ".join(["python -m experiments.headline",
                                                                    *(sys.argv[1:] if argv is None else argv)]))
    args.out.mkdir(parents=True, exist_ok=True)
    if args.stage == "bases":
        for task in tasks:
            for head in args.heads:
                build_base(task, head, provenance, args.out, args.split)
        return 0
    if args.stage == "noise":
        for task in tasks:
            for head in args.heads:
                if (args.out / "bases" / f"{short(task)}_{head}.json").exists():
                    base_noise(task, head, provenance, args.out)
        return 0
    for task in tasks:
        for seed in args.seeds:
            for method in args.methods:
                run_job(task, method, seed, provenance, args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
