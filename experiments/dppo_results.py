"""DPPO results for docs/results.md: success against env steps on the weak Meta-World reach-v3 base, diffusion head
and flow head side by side.

    python -m experiments.dppo_results                                   # the reported run (both heads)
    python -m experiments.dppo_results --quick --out /tmp/q.json --plot /tmp/q.png   # smoke test (< 1 min)
    python -m experiments.dppo_results --heads flow_unet --total-env-steps 100000 --set actor_lr=3e-4

For each head: the cached weak base of ``experiments/rl_base.py`` (built if missing; ``--quick`` builds a
20-step BC base of its own under ``--run-dir``) is evaluated, then fine-tuned by ``robopolicy.finetune.dppo``
(``train_dppo``), whose periodic evaluation gives the curve: every ``--eval-every`` env steps, ``--eval-episodes``
episodes on the fixed seeds ``rl_base.EVAL_SEED + i`` (the same seeds at every point and for the base), with the
60-step limit; success is the first success in an episode (``run_episodes``), with a Wilson 95% interval. The
training envs reset from seed ``--seed`` upwards (a few thousand episodes: far from the evaluation seeds).
The DPPO settings below were tuned on evaluation seeds from ``TUNING_EVAL_SEED`` and training seed 1000, never on
the reported seeds. Writes ``--out`` (settings, machine with load average, wall time, the curves, sample
efficiency) and the plot ``--plot``; ``--markdown`` prints the docs table from a saved JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import yaml

from experiments import rl_base
from robopolicy.errors import RobopolicyError

REPO_ROOT = Path(__file__).resolve().parents[1]
HEADS = ("diffusion_unet", "flow_unet")
TUNING_EVAL_SEED = 70_000   # tuning runs evaluated here (and trained from seed 1000); reported: rl_base.EVAL_SEED
# DPPO settings of the reported run (the Reacher slow test's, with one 60-step episode of 8 envs per update and
# the sparse success reward); tuned on TUNING_EVAL_SEED. Any DPPOConfig field can be overridden with --set.
DPPO_SETTINGS: dict[str, Any] = {
    "finetune_steps": 3, "num_envs": 8, "rollout_steps": 15, "update_epochs": 10, "minibatch_size": 64,
    "gamma": 0.99, "gae_lambda": 0.95, "clip_eps_noisiest": 0.02, "clip_eps_final": 0.1, "actor_lr": 1e-4,
    "critic_lr": 1e-3, "critic_hidden_dims": [64, 64], "critic_warmup_updates": 2, "sparse_reward": True,
    "reward_scaling": True, "select_every": 0,  # the recorded curve is of the last policy (no selection)
}
FULL = {"total_env_steps": 50_000, "eval_every": 5_000, "eval_episodes": 100, "base_steps": rl_base.BC_STEPS,
        "out": "experiments/results/dppo_results_cpu.json", "plot": "docs/img/dppo_reach.png",
        "run_dir": "runs/dppo_results", "base_dir": "runs/rl_base"}
QUICK = {"total_env_steps": 240, "eval_every": 120, "eval_episodes": 4, "base_steps": 20, "base_demos": 2,
         "out": "runs/dppo_results_quick/dppo_results.json", "plot": None, "run_dir": "runs/dppo_results_quick",
         "base_dir": None, "dppo": {"num_envs": 2, "minibatch_size": 32, "update_epochs": 2,
                                    "critic_hidden_dims": [16]}}


class ExperimentError(RobopolicyError):
    """Bad settings for the DPPO results script."""


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m experiments.dppo_results", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--quick", action="store_true", help="smoke-test scale: " + json.dumps(QUICK))
    p.add_argument("--heads", nargs="+", default=list(HEADS), choices=HEADS)
    p.add_argument("--total-env-steps", type=int, help=f"DPPO env steps per head (full: {FULL['total_env_steps']})")
    p.add_argument("--eval-every", type=int, help=f"env steps between evaluations (full: {FULL['eval_every']})")
    p.add_argument("--eval-episodes", type=int, help=f"episodes per curve point (full: {FULL['eval_episodes']})")
    p.add_argument("--eval-seed", type=int, default=rl_base.EVAL_SEED, help="first evaluation seed")
    p.add_argument("--seed", type=int, default=0, help="DPPO seed (torch, and the first training-env seed)")
    p.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                   help="override a DPPOConfig field (YAML value), repeatable, e.g. --set actor_lr=3e-4")
    p.add_argument("--base-dir", help="where the rl_base bases are cached (full: runs/rl_base; quick: a 20-step "
                   "base under --run-dir)")
    p.add_argument("--run-dir", help="DPPO run folders (the fine-tuned policies)")
    p.add_argument("--out", help=f"results JSON (full: {FULL['out']})")
    p.add_argument("--plot", help=f"PNG plot (full: {FULL['plot']}; quick: none)")
    p.add_argument("--threads", type=int, default=1, help="torch threads")
    p.add_argument("--markdown", metavar="RESULTS_JSON", help="print the docs table of a saved results JSON")
    return p.parse_args(argv)


def settings_from(args: argparse.Namespace) -> dict[str, Any]:
    """The run's settings: scale (full or quick, then explicit arguments) and the DPPO config values."""
    scale = QUICK if args.quick else FULL
    pick = lambda key: getattr(args, key) if getattr(args, key) is not None else scale[key]  # noqa: E731
    dppo = {**DPPO_SETTINGS, **(scale.get("dppo") or {})}
    for item in args.set:
        key, sep, value = item.partition("=")
        if not sep:
            raise ExperimentError(f"--set takes KEY=VALUE, got {item!r}")
        try:  # JSON first: YAML 1.1 reads 3e-4 as a string
            dppo[key.strip()] = json.loads(value)
        except json.JSONDecodeError:
            dppo[key.strip()] = yaml.safe_load(value)
    run_dir = pick("run_dir")
    out = {"quick": args.quick, "heads": list(args.heads), "env_id": rl_base.ENV_ID,
           "max_episode_steps": rl_base.MAX_STEPS, "eval_seed": args.eval_seed, "seed": args.seed,
           "total_env_steps": pick("total_env_steps"), "eval_every": pick("eval_every"),
           "eval_episodes": pick("eval_episodes"), "base_steps": scale["base_steps"],
           "base_demos": scale.get("base_demos"),
           "base_dir": args.base_dir or scale["base_dir"] or str(Path(run_dir) / "base"), "run_dir": run_dir,
           "out": pick("out"), "plot": pick("plot"), "threads": args.threads, "dppo": dppo,
           "base_recipe": {"demos": rl_base.DEMOS, "action_noise": rl_base.ACTION_NOISE,
                           "demo_seed": rl_base.DEMO_SEED, "small_head": rl_base.SMALL_HEAD,
                           "head_overrides": rl_base.HEAD_OVERRIDES}}
    for key in ("total_env_steps", "eval_every", "eval_episodes", "base_steps", "threads"):
        if out[key] < 1:
            raise ExperimentError(f"{key} must be >= 1, got {out[key]}")
    if out["eval_seed"] <= TUNING_EVAL_SEED < out["eval_seed"] + out["eval_episodes"]:
        raise ExperimentError("the evaluation seeds overlap the tuning seeds")
    dppo_config(out, "diffusion_unet")  # unknown keys and bad values fail here, before any work
    return out


def dppo_config(settings: dict[str, Any], head: str):
    from robopolicy.finetune.dppo import DPPOConfig

    try:
        return DPPOConfig(**settings["dppo"], total_env_steps=settings["total_env_steps"],
                          eval_every=settings["eval_every"], eval_episodes=settings["eval_episodes"],
                          eval_seed=settings["eval_seed"], max_episode_steps=settings["max_episode_steps"],
                          seed=settings["seed"])
    except TypeError as e:
        raise ExperimentError(f"bad DPPO setting for {head}: {e}") from e


def point(env_steps: int, successes: int, episodes: int, **extra: Any) -> dict[str, Any]:
    from robopolicy.eval.stats import success_summary

    return {"env_steps": env_steps, **success_summary(successes, episodes), **extra}


def sample_efficiency(curve: list[dict[str, Any]]) -> dict[str, Any]:
    """Env steps to the first point >= base + 10 points, >= 90%, and the best point (the first at its value)."""
    base = curve[0]["success"]
    first = lambda level: next((p["env_steps"] for p in curve[1:] if p["success"] >= level - 1e-9), None)  # noqa: E731
    best = max(curve, key=lambda p: p["success"])
    return {"base": base, "steps_to_base_plus_10pts": first(base + 0.10), "steps_to_90pct": first(0.90),
            "best_success": best["success"], "best_ci95": best["ci95"], "best_env_steps": best["env_steps"],
            "final_success": curve[-1]["success"], "final_ci95": curve[-1]["ci95"]}


def run_head(head: str, settings: dict[str, Any]) -> dict[str, Any]:
    import numpy as np

    from robopolicy import load_policy
    from robopolicy.finetune.dppo import train_dppo

    started = time.perf_counter()
    demos = Path(settings["base_dir"]) / "demos.zarr"
    if settings.get("base_demos") and not (demos / "zarr.json").exists():  # --quick: fewer demos than the recipe
        rl_base.collect_demos(demos, episodes=settings["base_demos"])
    base_dir = rl_base.build_base(settings["base_dir"], head, settings["base_steps"])
    base = load_policy(base_dir)
    cfg = dppo_config(settings, head)
    t0 = time.perf_counter()
    results = rl_base.episodes_on_seeds(base, cfg.eval_episodes, cfg.eval_seed, cfg.num_envs,
                                        max_steps=cfg.max_episode_steps)
    curve = [point(0, sum(bool(r.success) for r in results), len(results), updates=0, seconds=0.0)]
    base_eval_seconds = time.perf_counter() - t0
    print(f"[{head}] base {curve[0]['success']:.2f} ({base_eval_seconds:.0f} s)", flush=True)
    run_dir = Path(settings["run_dir"]) / f"{head}_s{settings['seed']}"
    policy, summary = train_dppo(base, rl_base.ENV_ID, cfg, run_dir, progress=False)
    for p in summary["curve"]:
        curve.append(point(p["env_steps"], p["successes"], p["episodes"], updates=p["updates"],
                           seconds=p["seconds"]))
        print(f"[{head}] {p['env_steps']:>7d} env steps: {p['success']:.2f}", flush=True)
    updates = summary["updates"]
    keys = ("clipfrac", "approx_kl", "explained_variance", "v_loss", "ratio_max", "ratio_min")
    per_update = {k: [float(u[k]) for u in updates] for k in keys}
    return {"head": head, "base_dir": str(base_dir), "policy_dir": summary["policy_dir"],
            "num_denoising_steps": summary["num_denoising_steps"], "finetune_steps": summary["finetune_steps"],
            "curve": curve, "sample_efficiency": sample_efficiency(curve),
            "env_steps": summary["env_steps"], "train_episodes": summary["episodes"],
            "train_success": summary["successes"] / max(summary["episodes"], 1), "updates": len(updates),
            "update_stats_mean": {k: float(np.nanmean(v)) for k, v in per_update.items()},
            "first_ratio_max_deviation": max(u["first_ratio_max_deviation"] for u in updates),
            "base_eval_seconds": base_eval_seconds, "dppo_seconds": summary["seconds"],
            "wall_seconds": time.perf_counter() - started}


def plot(data: dict[str, Any], path: str | Path) -> Path | None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib not installed: no plot", flush=True)
        return None
    s = data["settings"]
    fig, ax = plt.subplots(figsize=(6.4, 4.0))
    for head, r in data["heads"].items():
        x = [p["env_steps"] / 1000 for p in r["curve"]]
        y = [p["success"] for p in r["curve"]]
        low = [p["success"] - p["ci95"][0] for p in r["curve"]]
        high = [p["ci95"][1] - p["success"] for p in r["curve"]]
        ax.errorbar(x, y, yerr=[low, high], marker="o", capsize=3, label=f"{head} (K'={r['finetune_steps']} of "
                    f"{r['num_denoising_steps']})")
    ax.axhline(0.9, color="grey", lw=0.8, ls="--")
    ax.set_xlabel("env steps (thousands)")
    ax.set_ylabel(f"success ({s['eval_episodes']} episodes, Wilson 95%)")
    ax.set_ylim(0, 1.02)
    ax.set_title(f"DPPO on {s['env_id']} ({s['max_episode_steps']}-step episodes)")
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right")
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def markdown(data: dict[str, Any]) -> str:
    """The curve table: env steps against success [95% interval], one column per head."""
    heads, every = list(data["heads"]), data["settings"]["eval_every"]
    rows: dict[int, dict[str, str]] = {}   # i-th evaluation (same schedule for every head) -> cell per head
    for head in heads:
        for i, p in enumerate(data["heads"][head]["curve"]):
            low, high = p["ci95"]
            steps = f" ({p['env_steps']:,})" if i else ""
            rows.setdefault(i, {})[head] = f"{p['success']:.2f} [{low:.2f}, {high:.2f}]{steps}"
    lines = ["| env steps | " + " | ".join(f"`{h}`: success [95% CI] (exact env steps)" for h in heads) + " |",
             "|---" * (len(heads) + 1) + "|"]
    for i in sorted(rows):
        label = "0 (base)" if i == 0 else f"≥ {i * every:,}"
        lines.append(f"| {label} | " + " | ".join(rows[i].get(h, "") for h in heads) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    args = parse_args(argv)
    if args.markdown:
        print(markdown(json.loads(Path(args.markdown).read_text())))
        return 0
    settings = settings_from(args)
    os.environ.setdefault("OMP_NUM_THREADS", str(args.threads))
    os.environ.setdefault("MUJOCO_GL", "egl")
    import torch

    from experiments.bc_results import machine_description

    torch.set_num_threads(args.threads)
    started = time.time()
    wall = time.perf_counter()
    machine = machine_description("cpu")
    heads = {}
    for head in settings["heads"]:
        heads[head] = run_head(head, settings)
    data = {"command": "python -m experiments.dppo_results " + " ".join(argv),
            "started": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(started)),
            "wall_seconds": time.perf_counter() - wall, "settings": settings, "machine": machine,
            "load_average_end": list(os.getloadavg()), "heads": heads}
    out = Path(settings["out"])
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(data, indent=2, allow_nan=True))
    print(f"results: {out}")
    if settings["plot"]:
        print(f"plot: {plot(data, settings['plot'])}")
    print(markdown(data))
    return 0


if __name__ == "__main__":
    sys.exit(main())
