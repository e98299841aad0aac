"""DSRL results for docs/results.md: success against env steps for DSRL-SAC and DSRL-NA on weak BC bases.

    python -m experiments.dsrl_results                                  # full settings (sized for a quiet machine)
    python -m experiments.dsrl_results --quick                          # smoke test: a few steps and episodes
    python -m experiments.dsrl_results --env-steps 30000 --eval-every 10000 --eval-episodes 100 \\
        --set reward_offset=1.0 --out runs/dsrl_results
    python -m experiments.dsrl_results --render-only experiments/results/dsrl_results_cpu.json

Each run starts from a weak behaviour-cloned diffusion base (``experiments/rl_base.py``: 20 noisy expert demos,
1,500 BC steps; cached) and records, at env step 0 and every ``--eval-every`` env steps, the steered policy's
success over ``--eval-episodes`` episodes on fixed seeds (the same seeds at every point, disjoint from the demo
and training seeds), plus the base policy on those seeds. Runs go one after another in this process (1 torch
thread). Results: ``<out>/results.json`` (settings, machine, curves); ``--page`` re-renders the DSRL part of
the "DSRL and V-GPS" section of docs/results.md and ``docs/img/dsrl_curves.png``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from experiments import rl_base

REPO_ROOT = Path(__file__).resolve().parents[1]
RESULTS_PAGE = REPO_ROOT / "docs" / "results.md"
PLOT = REPO_ROOT / "docs" / "img" / "dsrl_curves.png"
SECTION = "## DSRL and V-GPS"
DSRL_START, DSRL_END = "<!-- dsrl-results:start -->", "<!-- dsrl-results:end -->"
# Tasks: (env id, episode limit). reach-v3 is the shared base of the DSRL, V-GPS and DPPO results.
TASKS = {"metaworld/reach-v3": rl_base.MAX_STEPS, "metaworld/button-press-topdown-v3": 100}
EVAL_SEED = rl_base.EVAL_SEED
FULL = {"env_steps": 50_000, "eval_every": 10_000, "eval_episodes": 100}
QUICK = {"env_steps": 96, "eval_every": 48, "eval_episodes": 4}
# The DSRL settings of the reported runs (small nets: a 2-core CPU); --set key=value overrides any of them.
DEFAULTS = {"num_envs": 4, "utd": 10, "batch_size": 64, "learning_starts": 1000, "hidden_dims": [64, 64],
            "init_temperature": 0.01, "seed": 0, "select_every": 0}  # the recorded runs kept their last policy


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m experiments.dsrl_results", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--quick", action="store_true", help="smoke-test scale: " + json.dumps(QUICK))
    p.add_argument("--tasks", nargs="*", default=list(TASKS), help=f"env ids (known limits: {TASKS})")
    p.add_argument("--variants", nargs="*", default=["sac", "na"], choices=["sac", "na"])
    p.add_argument("--env-steps", type=int, help=f"env steps per run (full: {FULL['env_steps']})")
    p.add_argument("--eval-every", type=int, help=f"env steps between evaluations (full: {FULL['eval_every']})")
    p.add_argument("--eval-episodes", type=int, help=f"episodes per evaluation (full: {FULL['eval_episodes']})")
    p.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                   help="a DSRLConfig field for every run (JSON value), e.g. --set reward_offset=1.0")
    p.add_argument("--out", default="runs/dsrl_results")
    p.add_argument("--json", default=None, help="also copy results.json here (e.g. experiments/results/...)")
    p.add_argument("--page", action="store_true", help="re-render docs/results.md (DSRL part) and the plot")
    p.add_argument("--render-only", metavar="RESULTS_JSON", help="re-render the page from a saved results.json")
    return p.parse_args(argv)


def _setting(args: argparse.Namespace, key: str) -> int:
    value = getattr(args, key)
    return int(value if value is not None else (QUICK if args.quick else FULL)[key])


def parse_sets(items: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in items:
        if "=" not in item:
            raise SystemExit(f"--set expects KEY=VALUE, got {item!r}")
        key, value = item.split("=", 1)
        try:
            out[key] = json.loads(value)
        except json.JSONDecodeError:
            out[key] = value
    return out


def evaluate(policy: Any, env_id: str, episodes: int, max_steps: int) -> dict[str, Any]:
    from robopolicy.eval.stats import success_summary

    results = rl_base.episodes_on_seeds(policy, episodes, EVAL_SEED, min(10, episodes), env_id, max_steps)
    return success_summary(sum(bool(r.success) for r in results), episodes)


def run_one(env_id: str, variant: str, args: argparse.Namespace, overrides: dict[str, Any],
            out: Path) -> dict[str, Any]:
    """Build (or reuse) the base for ``env_id``; DSRL with an evaluation every ``eval_every`` env steps."""
    import torch

    import robopolicy
    from robopolicy.eval.stats import success_summary
    from robopolicy.finetune.dsrl import DSRLAgent, DSRLConfig, run_dsrl
    from robopolicy.finetune.steered import SteeredPolicy

    max_steps = TASKS.get(env_id, rl_base.MAX_STEPS)
    base_dir = Path("runs/rl_base") if env_id == rl_base.ENV_ID else Path("runs") / ("rl_base_" + env_id.split("/")[-1])
    if args.quick:                          # a 20-step smoke base must never land in the shared cache
        base_dir = out / "rl_base" / env_id.split("/")[-1]
    checkpoint = rl_base.build_base(base_dir, "diffusion_unet", env_id=env_id, max_steps=max_steps,
                                    steps=20 if args.quick else rl_base.BC_STEPS)
    base = robopolicy.load_policy(checkpoint)
    episodes, every, total = _setting(args, "eval_episodes"), _setting(args, "eval_every"), _setting(args, "env_steps")
    settings = {**DEFAULTS, **({"learning_starts": 16, "batch_size": 16} if args.quick else {}), **overrides}
    cfg = DSRLConfig(variant=variant, total_env_steps=total, max_episode_steps=max_steps, eval_every=0,
                     checkpoint_every=0, **{k: tuple(v) if isinstance(v, list) else v for k, v in settings.items()})
    run_dir = out / f"{env_id.split('/')[-1]}_{variant}"
    start = time.perf_counter()
    base_eval = evaluate(base, env_id, episodes, max_steps)
    torch.manual_seed(cfg.seed)            # the initial noise policy run_dsrl starts from (it seeds, then builds it)
    start_eval = evaluate(SteeredPolicy(base, DSRLAgent(base, cfg).actor, mode="mean"), env_id, episodes, max_steps)
    # one DSRL run; its periodic evaluation uses the same harness, seeds and episode count as evaluate()
    cfg.eval_every, cfg.eval_episodes, cfg.eval_seed = every, episodes, EVAL_SEED
    steered, summary = run_dsrl(base, env_id, cfg, run_dir, base_checkpoint=checkpoint, progress=not args.quick)
    curve = [{"env_steps": int(p["env_steps"]), **success_summary(p["successes"], p["episodes"])}
             for p in summary["curve"]]
    if not curve or curve[-1]["env_steps"] != int(summary["env_steps"]):   # the end is not an evaluation point
        curve.append({"env_steps": int(summary["env_steps"]), **evaluate(steered, env_id, episodes, max_steps)})
    final = {k: v for k, v in curve[-1].items() if k != "env_steps"}
    return {"env_id": env_id, "variant": variant, "max_episode_steps": max_steps, "base_checkpoint": str(checkpoint),
            "settings": {**settings, "total_env_steps": total}, "base": base_eval, "start": start_eval, "curve": curve, "final": final,
            "train_success": summary["train_success"], "episodes_trained": summary["episodes"],
            "updates": summary["updates"], "seconds": time.perf_counter() - start,
            "seconds_dsrl": summary["seconds"], "base_sampling_seconds": summary["base_sampling_seconds"]}


def machine() -> dict[str, Any]:
    from experiments.bc_results import machine_description

    return machine_description("cpu")


# ---------------------------------------------------------------------- rendering
def _pct(x: float) -> str:
    return f"{x:.2f}"


def _nominal(env_steps: int) -> int:
    """An evaluation point's nominal step count (runs stop at the first chunk past it): 10,005 -> 10,000."""
    return int(round(env_steps / 1000.0) * 1000) if env_steps >= 1000 else int(env_steps)


def _variant_note(run: dict[str, Any]) -> str:
    """The settings a run changed from the first run's, e.g. ``(distill_steps=2)``."""
    keys = ("distill_steps", "na_target")
    diff = [f"{k}={run['settings'][k]}" for k in keys if k in run["settings"]]
    return f" ({', '.join(diff)})" if diff else ""


def render_markdown(data: dict[str, Any]) -> str:
    m = data["machine"]
    lines = [DSRL_START, "",
             f"- Produced by `{data['command']}` on {data['started']}; total wall time "
             f"{data['wall_seconds'] / 60:.1f} min. Raw numbers: `experiments/results/dsrl_results_cpu.json`.",
             f"- Machine: {m['host_cpu']}, {m['cpu_cores']} cores, load average at start "
             f"{', '.join(f'{x:.1f}' for x in m['load_average'])} (shared with other jobs), torch {m['torch']}, "
             f"1 thread, code `{m['code_version']}`.",
             "- Base: `diffusion_unet` (To=2, Tp=8, Ta=4, U-Net [16, 32], 4 DDIM steps) cloned 1,500 steps on 20 "
             "expert demos with action noise 0.3 (`experiments/rl_base.py`). DSRL settings of the first run: "
             f"`{json.dumps(data['runs'][0]['settings'])}` (variant and changes as in the table). Evaluation: "
             f"{data['runs'][0]['base']['episodes']} episodes on seeds from {EVAL_SEED}, the same at every point, "
             "steered policy in `mean` mode (w = m·tanh(μ(s))).", ""]
    points = sorted({_nominal(p["env_steps"]) for run in data["runs"] for p in run["curve"]})
    lines += ["| task | variant | base | untrained steering (0 steps) | "
              + " | ".join(f"{x // 1000}k steps" if x >= 1000 else f"{x} steps" for x in points) + " | wall time |",
              "|---|---|---|---|" + "---|" * len(points) + "---|"]
    for run in data["runs"]:
        by_point = {_nominal(p["env_steps"]): p for p in run["curve"]}
        cells = [f"{_pct(by_point[x]['success'])} [{_pct(by_point[x]['ci95'][0])}, {_pct(by_point[x]['ci95'][1])}]"
                 if x in by_point else "—" for x in points]
        base, first = run["base"], run["start"]
        lines.append(f"| {run['env_id']} | DSRL-{run['variant'].upper()}{_variant_note(run)} | {_pct(base['success'])} "
                     f"[{_pct(base['ci95'][0])}, {_pct(base['ci95'][1])}] | {_pct(first['success'])} "
                     f"[{_pct(first['ci95'][0])}, {_pct(first['ci95'][1])}] | " + " | ".join(cells)
                     + f" | {run['seconds'] / 60:.1f} min |")
    lines += ["", f"![DSRL success against env steps](img/{PLOT.name})", "", DSRL_END]
    return "\n".join(lines)


def update_page(page: Path, data: dict[str, Any]) -> None:
    text = page.read_text()
    block = render_markdown(data)
    if DSRL_START in text and DSRL_END in text:
        head, rest = text.split(DSRL_START, 1)
        text = head + block + rest.split(DSRL_END, 1)[1]
    else:
        if SECTION not in text:
            raise SystemExit(f"{page} has no {SECTION!r} section")
        head, rest = text.split(SECTION, 1)
        intro_end = rest.index("\n\n", rest.index("\n\n") + 2) if "\n\n" in rest else len(rest)
        text = head + SECTION + rest[:intro_end] + "\n\n" + block + rest[intro_end:]
    page.write_text(text)


def plot(data: dict[str, Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    tasks = list(dict.fromkeys(r["env_id"] for r in data["runs"]))
    fig, axes = plt.subplots(1, len(tasks), figsize=(5 * len(tasks), 3.6), squeeze=False)
    for ax, task in zip(axes[0], tasks):
        for run in (r for r in data["runs"] if r["env_id"] == task):
            xs = [0] + [p["env_steps"] for p in run["curve"]]
            pts = [run["start"]] + run["curve"]
            ys = [p["success"] for p in pts]
            lo = [p["ci95"][0] for p in pts]
            hi = [p["ci95"][1] for p in pts]
            line, = ax.plot(xs, ys, marker="o", label=f"DSRL-{run['variant'].upper()}")
            ax.fill_between(xs, lo, hi, alpha=0.15, color=line.get_color())
        base = next(r for r in data["runs"] if r["env_id"] == task)["base"]
        ax.axhline(base["success"], color="grey", ls="--", lw=1, label="base (BC)")
        ax.set(title=task, xlabel="env steps", ylabel="success", ylim=(0, 1.02))
        ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.render_only:
        data = json.loads(Path(args.render_only).read_text())
        update_page(RESULTS_PAGE, data)
        plot(data, PLOT)
        return 0
    os.environ.setdefault("MUJOCO_GL", "egl")
    import torch

    torch.set_num_threads(1)
    overrides = parse_sets(args.set)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    data: dict[str, Any] = {"command": "python -m experiments.dsrl_results " + " ".join(argv if argv is not None
                                                                                         else sys.argv[1:]),
                            "started": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "machine": machine(),
                            "quick": args.quick, "runs": []}
    start = time.perf_counter()
    for env_id in args.tasks:
        for variant in args.variants:
            run = run_one(env_id, variant, args, overrides, out)
            data["runs"].append(run)
            data["wall_seconds"] = time.perf_counter() - start
            (out / "results.json").write_text(json.dumps(data, indent=2))   # nothing lost if a later run dies
            print(json.dumps({k: run[k] for k in ("env_id", "variant", "base", "final")}), flush=True)
    data["load_average_end"] = list(os.getloadavg())
    (out / "results.json").write_text(json.dumps(data, indent=2))
    if args.json:
        Path(args.json).write_text(json.dumps(data, indent=2))
    if args.page:
        update_page(RESULTS_PAGE, data)
        plot(data, PLOT)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
