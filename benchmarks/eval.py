"""Evaluation-harness speed: env steps/s alone vs episodes/min through the harness (1 and 2 workers).

The policy is a fixed action chunk (no inference), so the ratio measures the harness's own overhead: history
stacking, batching, the policy call plumbing, and (with workers) the inter-process round trip per chunk.
Target: harness rate >= 90% of the raw env rate with one worker (overhead <= 10%).

The machines this runs on are shared, so in-process settings are also timed in CPU seconds of this process
(``time.process_time``), which other jobs inflate less; the overhead is computed from those. Raw and harness
runs alternate over ``--repeats`` and the best rate of each is kept (load only ever slows a run down). Worker
processes can only be timed by the wall clock.

Writes docs/benchmarks/eval.json (every timed sample, the settings, where and when) and renders
docs/benchmarks/eval.md from it; ``--render`` re-renders the page from the JSON only.

    python benchmarks/eval.py [--episodes 10] [--steps 200] [--repeats 5]
    python benchmarks/eval.py --render
"""

from __future__ import annotations

import argparse
import os
import time

try:
    from benchmarks import common
except ImportError:  # run as a file (python benchmarks/eval.py): this folder is on sys.path
    import common

os.environ.setdefault("MUJOCO_GL", "egl")
os.environ.setdefault("OMP_NUM_THREADS", "1")

ENV_ID = "metaworld/push-v3"
STATE_DIM, ACTION_DIM = 39, 4
TO, TP, TA = 2, 16, 8  # Diffusion Policy's default horizons
FIXED_ACTION = (0.1, -0.1, 0.05, 0.0)
OVERHEAD_TARGET = 0.10
RAW = "raw env loop (1 env)"
SETTINGS = {RAW: None, "harness, 1 worker x 1 env": (1, 1), "harness, 1 worker x 2 envs": (1, 2),
            "harness, 2 workers x 1 env": (2, 1)}  # name: (workers, envs per worker)
OUT = common.PAGES / "eval.md"


class FixedChunkSampler:
    """Returns the same chunk every call; remembers when it was first called (the end of env set-up)."""

    def __init__(self) -> None:
        import torch

        from robopolicy.data.features import Feature
        from robopolicy.policies.protocol import PolicySpec

        self.spec = PolicySpec(obs_features={"state": Feature((STATE_DIM,), "float32", "state")},
                               action_dim=ACTION_DIM, obs_horizon=TO, pred_horizon=TP, exec_horizon=TA)
        self.chunk = torch.tensor(FIXED_ACTION, dtype=torch.float32).expand(TP, ACTION_DIM)
        self.first_call: tuple[float, float] | None = None  # (wall, cpu) seconds

    @property
    def noise_shape(self) -> None:
        return None

    def sample(self, obs, n=1, noise=None):
        if self.first_call is None:
            self.first_call = (time.perf_counter(), time.process_time())
        batch = len(obs["state"])
        return self.chunk.expand(batch, n, TP, ACTION_DIM)


def raw_rate(episodes: int, steps: int) -> tuple[float, float]:
    """Env steps/s (wall, cpu) stepping one env in a plain loop (resets included, construction excluded)."""
    import numpy as np

    from robopolicy.sim import make_env

    env = make_env(ENV_ID, state=True)
    action = np.array(FIXED_ACTION)
    env.reset(seed=0)
    wall, cpu = time.perf_counter(), time.process_time()
    for e in range(episodes):
        if e:
            env.reset(seed=e)
        for _ in range(steps):
            env.step(action)
    rates = (episodes * steps / (time.perf_counter() - wall), episodes * steps / (time.process_time() - cpu))
    env.close()
    return rates


def harness_rate(episodes: int, steps: int, workers: int, envs_per_worker: int) -> tuple[float, float]:
    """Env steps/s (wall, cpu of this process) through ``run_episodes`` from the first policy call to the end."""
    from robopolicy.eval.rollout import run_episodes

    policy = FixedChunkSampler()
    results = run_episodes(policy, ENV_ID, episodes, workers=workers, envs_per_worker=envs_per_worker,
                           stop_on_success=False, max_episode_steps=steps, progress=False)
    wall, cpu = time.perf_counter() - policy.first_call[0], time.process_time() - policy.first_call[1]
    total_steps = sum(r.length for r in results)
    assert total_steps == episodes * steps and not any(r.error for r in results)
    return total_steps / wall, total_steps / cpu


def render(record: dict) -> str:
    """The page, from the JSON record only."""
    s = record["settings"]
    best = {name: (max(w for w, _ in v), max(c for _, c in v)) for name, v in record["samples"].items()}
    raw_wall, raw_cpu = best[RAW]
    overhead = 1 - best["harness, 1 worker x 1 env"][1] / raw_cpu
    verdict = "met" if overhead <= s["overhead_target"] else "missed"
    lines = ["# Evaluation harness speed", "",
             f"On {s['env']} (state only), a fixed action chunk as the policy (no inference), To={s['obs_horizon']}, "
             f"Tp={s['pred_horizon']}, Ta={s['exec_horizon']}; {s['episodes']} episodes of {s['steps']} steps per "
             f"timed run, best of {s['repeats']} repeats (worker processes: one run).", "",
             common.measured_line(record, "eval.json"), "",
             f"Headline: harness overhead with one worker and one env, in CPU time: **{overhead:.1%}** of the raw "
             f"rate (target <= {s['overhead_target']:.0%}: {verdict}).", "",
             "| setting | env steps/s (wall) | episodes/min (wall) | wall ratio to raw | env steps per CPU-s "
             "(this process) | CPU ratio to raw |", "|---|---:|---:|---:|---:|---:|"]
    for name, (wall, cpu) in best.items():
        layout = s["layouts"][name]
        in_process = layout is None or layout[0] == 1
        cpu_cells = f"{cpu:,.0f} | {cpu / raw_cpu:.2f}" if in_process else "n/a (work is in the workers) | n/a"
        lines.append(f"| {name} | {wall:,.0f} | {wall * 60 / s['steps']:,.1f} | {wall / raw_wall:.2f} | {cpu_cells} |")
    lines += ["", "Set-up (spawn, env construction) is excluded from both sides: the harness clock starts at the "
              "first policy call. Wall-clock numbers move with the load from other jobs on the shared cores; on two "
              "busy cores two workers cannot run faster than one."]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--episodes", type=int, default=10)
    parser.add_argument("--steps", type=int, default=200, help="steps per episode")
    parser.add_argument("--repeats", type=int, default=5)
    args = common.page_args(parser, OUT, render)
    provenance = common.start("python benchmarks/eval.py", threads=1)
    samples: dict[str, list[tuple[float, float]]] = {name: [] for name in SETTINGS}
    for _ in range(args.repeats):
        for name, layout in SETTINGS.items():
            if layout is not None and layout[0] > 1 and samples[name]:
                continue  # spawning workers is slow; one wall-clock sample of them is enough
            run = raw_rate if layout is None else lambda e, s, lay=layout: harness_rate(e, s, *lay)
            samples[name].append(run(args.episodes, args.steps))
            print(name, samples[name][-1], flush=True)
    common.write_record(args.out, render, provenance,
                        settings={"env": ENV_ID, "episodes": args.episodes, "steps": args.steps,
                                  "repeats": args.repeats, "obs_horizon": TO, "pred_horizon": TP, "exec_horizon": TA,
                                  "fixed_action": list(FIXED_ACTION), "overhead_target": OVERHEAD_TARGET,
                                  "layouts": {name: list(lay) if lay else None for name, lay in SETTINGS.items()}},
                        samples={name: [list(s) for s in v] for name, v in samples.items()})  # [wall, cpu] steps/s


if __name__ == "__main__":
    main()
