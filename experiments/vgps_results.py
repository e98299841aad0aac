"""V-GPS results for docs/results_archive.md: a weak reach-v3 base re-ranked by an offline critic at K in {1, 10, 50}.

    python -m experiments.vgps_results                    # full settings (100 evaluation episodes per setting)
    python -m experiments.vgps_results --quick            # smoke test: a tiny base, critic and evaluation
    python -m experiments.vgps_results --critics iql calql --episodes 200 --out experiments/results/x.json

Steps, all real (simulator, training, evaluation):

1. the shared weak base (``experiments/rl_base.py``: diffusion_unet behaviour-cloned on 20 noisy demos of
   Meta-World ``reach-v3``, 60-step limit), built once and cached;
2. an offline store = the base's 20 demos + ``--rollouts`` episodes of the base itself (``robopolicy collect``'s
   ``collect_episodes``), on seeds ``--rollout-seed ...`` disjoint from the demo and evaluation seeds; failed
   rollouts are what teach the critic which actions lead nowhere;
3. a critic per ``--critics`` method (IQL and/or Cal-QL) trained by ``train_vgps_critic`` (the code path of
   ``robopolicy finetune method=vgps``) with the sparse success reward (V-GPS: +1 on the last 3 steps of a
   successful episode), scoring the ``--action-horizon`` executed actions of a chunk;
4. evaluation on the same ``--episodes`` seeds (``rl_base.EVAL_SEED ...``) for: the base, V-GPS at every
   ``--K`` x ``--beta``, and the control "random choice among K" (K candidates sampled and scored like V-GPS,
   one picked uniformly: the same distribution as the base, so it must match the base within its interval);
   torch's generator is reseeded before each setting, so K = 1 is bit-identical to the base;
5. inference time per decision against the base at the evaluation batch (``--envs`` observations), measured
   interleaved (base, then each sampler, per repeat; medians), plus the denoiser's own batch-K / batch-1 cost.

Success rates carry Wilson 95% intervals. Everything (settings, machine, load, per-setting successes and wall
times) goes to ``--out`` (default ``experiments/results/vgps_results_cpu.json``) and the table is printed.

``python -m experiments.vgps_results --render`` renders the "V-GPS" subsection of docs/results_archive.md from the committed
runs (``COMMITTED``), as part of the "DSRL and V-GPS" section (``experiments/dsrl_results.py``); a test
re-renders it and fails on any difference.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import time
from pathlib import Path
from typing import Any

import numpy as np

from experiments import rl_base
from experiments.results_markdown import add_render_arg
from experiments.vgps_page import GAMMA, SPARSE_LAST_K
from robopolicy.errors import RobopolicyError

REPO_ROOT = Path(__file__).resolve().parents[1]
HEAD = "diffusion_unet"
ROLLOUT_SEED = 20_000  # base-policy rollouts for the critic: disjoint from demos (1000..) and evaluation (50000..)
FULL = {"rollouts": 150, "critic_steps": 10_000, "critic_hidden": [256, 256], "episodes": 100, "K": [1, 10, 50],
        "beta": [0.0, 1.0], "control_K": [10, 50], "timing_repeats": 20, "base_steps": rl_base.BC_STEPS}
QUICK = {"rollouts": 3, "critic_steps": 30, "critic_hidden": [32, 32], "episodes": 3, "K": [1, 3], "beta": [0.0, 1.0],
         "control_K": [3], "timing_repeats": 2, "base_steps": 20}


class ExperimentError(RobopolicyError):
    """The V-GPS results script was given settings it cannot run."""


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m experiments.vgps_results", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--quick", action="store_true", help="smoke-test scale: " + json.dumps(QUICK))
    p.add_argument("--base-dir", help="where the shared base is built/cached (default: runs/rl_base; "
                   "--quick: <work-dir>/base, trained --base-steps steps)")
    p.add_argument("--base-steps", type=int, help=f"BC steps of the base (full: {FULL['base_steps']})")
    p.add_argument("--work-dir", default="runs/vgps_results", help="offline store, critics")
    p.add_argument("--rollouts", type=int, help=f"base-policy episodes added to the store (full: {FULL['rollouts']})")
    p.add_argument("--rollout-seed", type=int, default=ROLLOUT_SEED)
    p.add_argument("--critics", nargs="+", default=["iql"], choices=["iql", "calql"],
                   help="offline critic methods; each is evaluated at every K > 1 and beta")
    p.add_argument("--critic-steps", type=int, help=f"critic gradient steps (full: {FULL['critic_steps']})")
    p.add_argument("--critic-hidden", type=int, nargs="+", help="critic MLP widths (full: 256 256)")
    p.add_argument("--action-horizon", type=int, default=4, help="executed actions the critic scores (<= Ta = 4)")
    p.add_argument("--ensemble-reduction", default="mean", choices=["mean", "min"],
                   help="how V-GPS combines the critic's Q ensemble (min: pessimistic)")
    p.add_argument("--episodes", type=int, help=f"evaluation episodes per setting (full: {FULL['episodes']})")
    p.add_argument("--eval-seed", type=int, default=rl_base.EVAL_SEED,
                   help="first evaluation seed (default rl_base.EVAL_SEED; another value: a confirmation on fresh starts)")
    p.add_argument("--K", type=int, nargs="+", help="candidates per decision (full: 1 10 50)")
    p.add_argument("--beta", type=float, nargs="+", help="softmax temperatures, 0 = argmax (full: 0 1)")
    p.add_argument("--control-K", type=int, nargs="*", help="K of the random-choice control (full: 10 50)")
    p.add_argument("--envs", type=int, default=10, help="envs stepped together (the policy batch) in evaluation")
    p.add_argument("--timing-repeats", type=int, help="timed decisions per sampler (full: 20)")
    p.add_argument("--seed", type=int, default=0, help="torch seed, reset before every evaluated setting")
    p.add_argument("--threads", type=int, default=1, help="torch threads")
    p.add_argument("--out", default=str(REPO_ROOT / "experiments/results/vgps_results_cpu.json"))
    add_render_arg(p, "DSRL and V-GPS")
    args = p.parse_args(argv)
    if args.render:
        return args
    scale = QUICK if args.quick else FULL
    for key, value in scale.items():
        if getattr(args, key, None) is None:
            setattr(args, key, value)
    if args.base_dir is None:
        args.base_dir = str(Path(args.work_dir) / "base") if args.quick else "runs/rl_base"
    for key in ("rollouts", "critic_steps", "episodes", "envs", "timing_repeats", "base_steps", "action_horizon"):
        if getattr(args, key) < 1:
            raise ExperimentError(f"--{key.replace('_', '-')} must be >= 1, got {getattr(args, key)}")
    if any(k < 1 for k in args.K + args.control_K) or any(b < 0 for b in args.beta):
        raise ExperimentError(f"K must be >= 1 and beta >= 0; got K={args.K}, control K={args.control_K}, "
                              f"beta={args.beta}")
    return args


# ---------------------------------------------------------------------- samplers
def random_choice_sampler(base: Any, critic: Any, K: int) -> Any:
    """The control: K candidates sampled and scored exactly as V-GPS does, then one picked uniformly at random."""
    import torch

    from robopolicy.finetune.vgps import ValueGuidedSampler

    class RandomChoiceSampler(ValueGuidedSampler):
        def select(self, q: torch.Tensor) -> torch.Tensor:
            return torch.randint(0, q.shape[-1], q.shape[:-1], generator=self.generator)

    return RandomChoiceSampler(base, critic, K=K, beta=0.0)


def settings_to_evaluate(args: argparse.Namespace) -> list[dict[str, Any]]:
    """Every evaluated setting, in order: base, K = 1 per beta, V-GPS per critic x K > 1 x beta, the controls."""
    rows: list[dict[str, Any]] = [{"name": "base", "kind": "base", "K": 1, "beta": None, "critic": None}]
    rows += [{"name": f"vgps K=1 beta={b:g}", "kind": "vgps", "K": 1, "beta": b, "critic": args.critics[0]}
             for b in args.beta if 1 in args.K]
    for method in args.critics:
        rows += [{"name": f"vgps[{method}] K={k} beta={b:g}", "kind": "vgps", "K": k, "beta": b, "critic": method}
                 for k in args.K if k > 1 for b in args.beta]
    rows += [{"name": f"random choice K={k}", "kind": "random", "K": k, "beta": None, "critic": args.critics[0]}
             for k in args.control_K]
    return rows


def build_sampler(row: dict[str, Any], base: Any, critics: dict[str, Any], seed: int,
                  reduction: str = "mean") -> Any:
    import torch

    from robopolicy.finetune.vgps import ValueGuidedSampler

    generator = torch.Generator().manual_seed(seed)
    if row["kind"] == "base":
        return base
    if row["kind"] == "random":
        sampler = random_choice_sampler(base, critics[row["critic"]], row["K"])
        sampler.generator = generator
        return sampler
    return ValueGuidedSampler(base, critics[row["critic"]], K=row["K"], beta=row["beta"], generator=generator,
                              ensemble_reduction=reduction)


# ---------------------------------------------------------------------- steps
def offline_store(args: argparse.Namespace, base_dir: Path, base: Any) -> tuple[Path, dict[str, Any]]:
    """The base's demos plus ``--rollouts`` base-policy episodes, in one store (reused when already complete)."""
    from robopolicy.data.store import EpisodeStore
    from robopolicy.eval.collect import collect_episodes

    demos = EpisodeStore.open(base_dir / "demos.zarr")
    path = Path(args.work_dir) / f"offline_r{args.rollouts}_s{args.rollout_seed}.zarr"
    want = demos.num_episodes + args.rollouts
    if path.exists() and EpisodeStore.open(path).num_episodes != want:
        shutil.rmtree(path)
    start = time.perf_counter()
    if not path.exists():
        tmp = path.with_name(path.name + ".tmp")
        shutil.rmtree(tmp, ignore_errors=True)
        shutil.copytree(base_dir / "demos.zarr", tmp)
        collect_episodes(rl_base.ENV_ID, base, args.rollouts, tmp, seed=args.rollout_seed,
                         max_steps=rl_base.MAX_STEPS, progress=not args.quick)
        tmp.rename(path)
    store = EpisodeStore.open(path)
    success = store.column("success")
    sources = [store.episode_meta(i)["source"] for i in range(store.num_episodes)]
    rollouts = np.array([s == "rollout" for s in sources])
    info = {"path": str(path), "episodes": store.num_episodes, "steps": store.num_steps,
            "demo_episodes": int((~rollouts).sum()), "demo_successes": int(success[~rollouts].sum()),
            "rollout_episodes": int(rollouts.sum()), "rollout_successes": int(success[rollouts].sum()),
            "rollout_seeds": [args.rollout_seed, args.rollout_seed + args.rollouts - 1],
            "seconds": time.perf_counter() - start}
    return path, info


def train_critics(args: argparse.Namespace, store: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    from robopolicy.finetune.offline import OfflineCriticConfig
    from robopolicy.finetune.rewards import SparseRewardConfig
    from robopolicy.finetune.vgps import train_vgps_critic

    critics, info = {}, {}
    for method in args.critics:
        start = time.perf_counter()
        # use_store_rewards=False: demos store the success indicator, collected rollouts the env's dense reward;
        # the sparse success convention (V-GPS) makes both the same signal.
        critic, losses = train_vgps_critic(
            store, Path(args.work_dir) / f"critic_{method}", OfflineCriticConfig(method=method, steps=args.critic_steps),
            SparseRewardConfig(last_k=SPARSE_LAST_K, use_store_rewards=False), gamma=GAMMA,
            action_horizon=args.action_horizon,
            hidden_dims=args.critic_hidden, seed=args.seed, progress=not args.quick)
        critics[method] = critic
        info[method] = {"final_losses": losses, "seconds": time.perf_counter() - start,
                        "dir": str(Path(args.work_dir) / f"critic_{method}")}
    return critics, info


def evaluate_setting(sampler: Any, args: argparse.Namespace) -> dict[str, Any]:
    import torch

    from robopolicy.eval.stats import wilson_interval

    torch.manual_seed(args.seed)
    start = time.perf_counter()
    results = rl_base.episodes_on_seeds(sampler, args.episodes, args.eval_seed, args.envs)
    successes = sum(r.success for r in results)
    low, high = wilson_interval(successes, len(results))
    return {"episodes": len(results), "successes": int(successes), "success_rate": successes / len(results),
            "ci95": [low, high], "mean_length": float(np.mean([r.length for r in results])),
            "per_episode_success": "".join("1" if r.success else "0" for r in results), "seconds": time.perf_counter() - start}


def timing(base: Any, samplers: dict[str, Any], store: Path, args: argparse.Namespace) -> dict[str, Any]:
    """Seconds per decision (``--envs`` real observations per call): medians, interleaved with the base."""
    import torch

    from robopolicy.data.store import EpisodeStore

    s = EpisodeStore.open(store)
    states = s.load(["state"])["state"]
    rng = np.random.default_rng(0)
    rows = rng.choice(len(states), size=args.envs, replace=False)
    obs = {"state": np.repeat(states[rows][:, None], base.spec.obs_horizon, axis=1).astype(np.float32)}
    times: dict[str, list[float]] = {"base": [], **{name: [] for name in samplers}}
    everyone = {"base": base, **samplers}
    for sampler in everyone.values():
        sampler.sample(obs)  # warm-up
    for _ in range(args.timing_repeats):
        for name, sampler in everyone.items():
            start = time.perf_counter()
            sampler.sample(obs)
            times[name].append(time.perf_counter() - start)
    median = {name: float(np.median(t)) for name, t in times.items()}
    out: dict[str, Any] = {"observations_per_call": args.envs, "repeats": args.timing_repeats,
                           "seconds_per_decision": median,
                           "ratio_to_base": {name: median[name] / median["base"] for name in samplers}}
    # The denoiser's own scaling: one forward at batch envs*K against batch envs (the floor of V-GPS overhead).
    cond = base.encode(obs)
    t0 = base.step_timesteps[0] if hasattr(base, "step_timesteps") else None
    if t0 is not None:
        ratios = {}
        with torch.no_grad():
            def forward_time(n: int) -> float:
                x = torch.randn(args.envs * n, *base.noise_shape)
                c = cond.repeat_interleave(n, 0)
                t = t0.expand(x.shape[0])
                base.predict_noise(x, t, c)
                ts = []
                for _ in range(max(5, args.timing_repeats)):
                    start = time.perf_counter()
                    base.predict_noise(x, t, c)
                    ts.append(time.perf_counter() - start)
                return float(np.median(ts))
            one = forward_time(1)
            for k in sorted({k for k in args.K + args.control_K if k > 1}):
                ratios[str(k)] = forward_time(k) / one
        out["denoiser_forward_ratio_batchK_to_batch1"] = ratios
    out["load_average_after"] = list(os.getloadavg())
    return out


def machine() -> dict[str, Any]:
    import torch

    from experiments.provenance import cpu_model
    from robopolicy.version import code_version

    cpu = cpu_model()
    return {"host_cpu": cpu, "cpu_cores": os.cpu_count(), "load_average_start": list(os.getloadavg()),
            "python": platform.python_version(), "torch": torch.__version__, "torch_threads": torch.get_num_threads(),
            "code_version": code_version()}


def markdown_table(results: dict[str, Any]) -> str:
    """The results page table: success [95% CI] per setting, and the decision time against the base."""
    ratio = results.get("timing", {}).get("ratio_to_base", {})
    lines = ["| setting | K | β | critic | success [95% CI] | time per decision / base |", "|---|---|---|---|---|---|"]
    for row in results["settings"]:
        e = row["eval"]
        low, high = e["ci95"]
        name = {"base": "base", "vgps": "V-GPS", "random": "random choice among K (control)"}[row["kind"]]
        beta = "—" if row["beta"] is None else f"{row['beta']:g}"
        critic = row["critic"] if row["kind"] == "vgps" and row["K"] > 1 else "—"
        r = ratio.get(row["name"])
        lines.append(f"| {name} | {row['K']} | {beta} | {critic} | {e['successes']}/{e['episodes']} = "
                     f"{e['success_rate']:.2f} [{low:.2f}, {high:.2f}] | "
                     f"{'1.00' if row['kind'] == 'base' else (f'{r:.2f}×' if r is not None else '')} |")
    return "\n".join(lines)


def render_page() -> None:
    """The whole "DSRL and V-GPS" section (this subsection is part of it): ``experiments.dsrl_results``."""
    from experiments.dsrl_results import render_page as render_dsrl_section

    render_dsrl_section()


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.render:
        render_page()
        print("re-rendered the 'DSRL and V-GPS' section of docs/results_archive.md")
        return 0
    os.environ.setdefault("MUJOCO_GL", "egl")
    import torch

    torch.set_num_threads(args.threads)
    from robopolicy import load_policy

    started = time.perf_counter()
    results: dict[str, Any] = {"settings_used": {k: v for k, v in vars(args).items()}, "machine": machine(),
                               "env_id": rl_base.ENV_ID, "max_episode_steps": rl_base.MAX_STEPS,
                               "eval_seeds": [args.eval_seed, args.eval_seed + args.episodes - 1]}
    Path(args.work_dir).mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    base_run = rl_base.build_base(args.base_dir, HEAD, steps=args.base_steps)
    base = load_policy(base_run)
    results["base"] = {"run": str(base_run), "seconds": time.perf_counter() - start, "recipe": rl_base.__doc__.strip()}
    store, results["offline_store"] = offline_store(args, Path(args.base_dir), base)
    critics, results["critics"] = train_critics(args, store)
    results["settings"] = []
    samplers_for_timing: dict[str, Any] = {}
    for row in settings_to_evaluate(args):
        sampler = build_sampler(row, base, critics, args.seed, args.ensemble_reduction)
        row = {**row, "eval": evaluate_setting(sampler, args)}
        results["settings"].append(row)
        e = row["eval"]
        print(f"{row['name']:>28}: {e['successes']}/{e['episodes']} [{e['ci95'][0]:.2f}, {e['ci95'][1]:.2f}] "
              f"({e['seconds']:.0f} s)", flush=True)
        if row["kind"] != "base" and (row["beta"] in (None, 0.0)) and row["critic"] == args.critics[0]:
            samplers_for_timing[row["name"]] = sampler
    results["timing"] = timing(base, samplers_for_timing, store, args)
    results["seconds"] = time.perf_counter() - started
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=1))
    print(markdown_table(results))
    print("timing (s per decision, ratio to base):", json.dumps(results["timing"], indent=1))
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
