"""Scale-out benchmark: Ray rollout throughput with 1 and 2 workers, fleet (online) env steps/s with 1 and 2
actors, and Ray's per-task overhead (an empty actor-method and an empty task round trip).

    python benchmarks/scale.py [--policy <checkpoint>] [--episodes 8] [--steps 50] [--out docs/benchmarks/scale.md]

Without ``--policy`` a tiny diffusion_unet is trained for a few steps on Meta-World push expert episodes (the
policy's speed, not its skill, matters here). Actor start-up is excluded: each pool runs one warm-up episode per
worker before the clock starts. Ratio to linear = rate(N) / (N · rate(1)); the target is >= 0.8 on an idle
machine with >= N free cores. Writes docs/benchmarks/scale.json (the measurements, the settings, where and when)
and renders docs/benchmarks/scale.md from it; ``--render`` re-renders the page from the JSON only.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

try:
    from benchmarks import common
except ImportError:  # run as a file (python benchmarks/scale.py): this folder is on sys.path
    import common

os.environ.setdefault("MUJOCO_GL", "egl")

ENV_ID = "metaworld/push-v3"
DEFAULT_WORKER_COUNTS = (1, 2)  # more where the machine has the cores: --workers 1 2 4 8
OVERHEAD_CALLS = 200
TINY_POLICY = ["policy.obs_horizon=2", "policy.pred_horizon=8", "policy.exec_horizon=4",
               "policy.unet.down_dims=[16,32]", "policy.unet.step_embed_dim=16",
               "policy.state_encoder.hidden_dims=[32]", "policy.state_encoder.out_dim=16",
               "policy.diffusion.num_inference_steps=4"]


def tiny_checkpoint(workdir: Path) -> Path:
    from robopolicy.eval.collect import collect_episodes
    from robopolicy.train.config import compose_train_config
    from robopolicy.train.trainer import Trainer

    store = workdir / "push.zarr"
    collect_episodes(ENV_ID, "expert", 3, store, max_steps=20, progress=False)
    overrides = [f"dataset={store}", f"run_dir={workdir / 'bc'}", "steps=4", "batch_size=8", "warmup_steps=1",
                 "val_every=100", "ckpt_every=100", "ema.enabled=false", "val_fraction=0.3", *TINY_POLICY]
    return Trainer(compose_train_config(overrides)).run().checkpoint


def eval_rate(policy: Path, workers: int, episodes: int, steps: int) -> tuple[float, float]:
    """(episodes/min, env steps/s) of a warm ``RolloutPool``."""
    from robopolicy.scale.ray_rollout import RolloutPool

    pool = RolloutPool(policy, ENV_ID, workers, max_episode_steps=steps, stop_on_success=False)
    try:
        pool.run(list(range(10_000, 10_000 + workers)), progress=False)  # warm-up: one episode per worker
        start = time.perf_counter()
        run = pool.run(list(range(episodes)), progress=False)
        elapsed = time.perf_counter() - start
    finally:
        pool.close()
    return episodes / elapsed * 60.0, sum(r.length for r in run.results) / elapsed


def fleet_rate(policy: Path, actors: int, episodes_per_actor: int, steps: int, workdir: Path) -> float:
    """Online env steps/s of a fleet (learner updating every 2 episodes) after each actor's warm-up episode."""
    from robopolicy.scale.fleet import Fleet, FleetConfig

    tag = f"fleet{actors}"
    cfg = FleetConfig(policy_path=str(policy), env_id=ENV_ID, store_path=str(workdir / f"{tag}.zarr"),
                      run_dir=str(workdir / tag), update_every=2, updates_per_round=2, batch_size=8,
                      max_episode_steps=steps, stop_on_success=False, cpus_per_actor=1, cpus_for_learner=0)
    fleet = Fleet(cfg, actors)
    try:
        fleet.wait(fleet.start(1))
        before = fleet.status()["env_steps"]
        start = time.perf_counter()
        fleet.wait(fleet.start(episodes_per_actor))
        elapsed = time.perf_counter() - start
        return (fleet.status()["env_steps"] - before) / elapsed
    finally:
        fleet.close()


def ray_overhead_ms() -> tuple[float, float]:
    """Mean round trip of an empty actor method and of an empty task, in ms."""
    import ray

    @ray.remote(num_cpus=0)
    class Empty:
        def ping(self) -> None:
            return None

    @ray.remote(num_cpus=0)
    def empty_task() -> None:
        return None

    actor = Empty.remote()
    ray.get(actor.ping.remote())
    ray.get(empty_task.remote())
    start = time.perf_counter()
    for _ in range(OVERHEAD_CALLS):
        ray.get(actor.ping.remote())
    method_ms = (time.perf_counter() - start) / OVERHEAD_CALLS * 1e3
    start = time.perf_counter()
    for _ in range(OVERHEAD_CALLS):
        ray.get(empty_task.remote())
    task_ms = (time.perf_counter() - start) / OVERHEAD_CALLS * 1e3
    ray.kill(actor)
    return method_ms, task_ms


TARGET_RATIO, CREDIBLE_RATIO = 0.8, 1.05  # ratio to linear: the target, and the most that measurement noise explains


def verdict(ratio: float, target: float, credible: float) -> str:
    if ratio > credible:  # faster than linear: the one-worker reference was slowed by something else
        return f"{ratio:.2f} (above linear: not credible, rerun idle)"
    return f"{ratio:.2f} ({'met' if ratio >= target else 'missed'})"


def render(record: dict) -> str:
    """The page, from the JSON record only."""
    s, m = record["settings"], record["measurements"]
    counts = s["workers"]
    ref = counts[0]
    target, credible = s["target_ratio"], s["credible_ratio"]
    lines = ["# Scale-out benchmark (`benchmarks/scale.py`)", "",
             f"Env `{s['env']}`, {s['steps']} steps per episode, {s['policy']}; {s['episodes']} timed evaluation "
             f"episodes per worker count, and a fleet of N actors timed over {s['episodes']} // N episodes each "
             f"(learner updating every 2 episodes). Actor start-up excluded (one warm-up episode each). "
             f"Ray {record['ray']}.", "",
             common.measured_line(record, "scale.json"), ""]
    evals = {int(n): e for n, e in m["eval"].items()}
    fleets = {int(n): f for n, f in m["fleet"].items()}

    def ratios(rates: dict[int, float]) -> str:
        return ", ".join(verdict(rates[n] * ref / (n * rates[ref]), target, credible) for n in counts[1:])

    lines += ["Headline, ratio to linear scaling (rate(N) / (N x rate(1)), target >= " + f"{target} on an idle "
              "machine): evaluation " + ratios({n: e["episodes_per_min"] for n, e in evals.items()})
              + "; fleet " + ratios(fleets) + ".", ""]
    lines += ["| measure | " + " | ".join(f"{n} worker{'s' if n > 1 else ''}" for n in counts)
              + " | ratio to linear, " + ", ".join(f"{n} vs {ref}" for n in counts[1:]) + f" (target ≥ {target} idle) |",
              "|---|" + "---|" * (len(counts) + 1)]

    def row(name: str, rates: dict[int, float], fmt: str) -> str:
        return f"| {name} | " + " | ".join(format(rates[n], fmt) for n in counts) + f" | {ratios(rates)} |"

    lines += [row("evaluation episodes/min", {n: e["episodes_per_min"] for n, e in evals.items()}, ".1f"),
              row("evaluation env steps/s", {n: e["env_steps_per_s"] for n, e in evals.items()}, ".0f"),
              row("fleet (online fine-tuning) env steps/s", fleets, ".0f"), "",
              f"Ray per-task overhead (mean of {s['overhead_calls']} sequential round trips): empty actor method "
              f"{m['ray_method_ms']:.2f} ms, empty task {m['ray_task_ms']:.2f} ms. A rollout worker makes one call "
              "per *episode* (not per step), so this is paid once per episode.", "",
              "Reading: linear scaling needs one free core per worker (plus one for the driver/learner). With a "
              "load average above the core count the extra workers compete with other jobs, so the ratio is then "
              "a lower bound; rerun on an idle machine (or a cluster, `--workers 1 2 4 8`) for the real number."]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--policy", type=Path, default=None)
    parser.add_argument("--episodes", type=int, default=8, help="timed eval episodes per worker count")
    parser.add_argument("--steps", type=int, default=50, help="env steps per episode")
    parser.add_argument("--workers", type=int, nargs="+", default=list(DEFAULT_WORKER_COUNTS),
                        help="worker counts to measure (the first is the reference for the ratio)")
    args = common.page_args(parser, common.PAGES / "scale.md", render)
    import ray

    from robopolicy.scale.cluster import init_ray

    provenance = common.start("python benchmarks/scale.py", threads=1)
    with tempfile.TemporaryDirectory(prefix="rp-scale-bench-") as tmp:
        workdir = Path(tmp)
        policy = args.policy or tiny_checkpoint(workdir)
        counts = sorted(set(args.workers))
        init_ray(num_cpus=max(counts) + 1, temp_dir=str(workdir / "ray"))
        try:
            method_ms, task_ms = ray_overhead_ms()
            evals = {n: eval_rate(policy, n, args.episodes, args.steps) for n in counts}
            fleets = {n: fleet_rate(policy, n, max(1, args.episodes // n), args.steps, workdir) for n in counts}
        finally:
            ray.shutdown()
    common.write_record(args.out, render, provenance, ray=ray.__version__,
                        settings={"env": ENV_ID, "steps": args.steps, "episodes": args.episodes, "workers": counts,
                                  "policy": (f"policy `{args.policy}`" if args.policy else
                                             "a tiny diffusion_unet (4 DDIM steps, Ta = 4) trained a few steps"),
                                  "overhead_calls": OVERHEAD_CALLS, "target_ratio": TARGET_RATIO,
                                  "credible_ratio": CREDIBLE_RATIO},
                        measurements={"eval": {str(n): {"episodes_per_min": e[0], "env_steps_per_s": e[1]}
                                               for n, e in evals.items()},
                                      "fleet": {str(n): f for n, f in fleets.items()},
                                      "ray_method_ms": method_ms, "ray_task_ms": task_ms})


if __name__ == "__main__":
    main()
