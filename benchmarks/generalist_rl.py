"""What an RL step costs on the generalist: DSRL-SAC and DPPO on ``vla_flow`` (the ML45 generalist's architecture)
against the same methods on a small flow head, in one run (issue #49, "Cost": an RL step on the generalist at most
2x the small head's, i.e. its env steps/s at least 0.5x).

Each method runs with its *defaults* (``robopolicy finetune method=<m>``, what the RL headline's frozen recipes run),
no evaluation or selection inside the timed run, on three bases built with the same seed on the same scripted-expert
store: ``vla_flow`` (its default config: the instruction through frozen MiniLM, a transformer trunk, the
flow head), the default ``flow_unet`` (the headline's flow base) and the RL suite's small flow head
(``experiments/rl_suite.py`` ``SMALL_HEAD``). Weights are untrained (speed does not depend on them). Wall time is
split into the simulator, sampling (the base's chunk sampling and the method's own acting) and gradient updates
(the clock of ``benchmarks/finetune.py``); raw stepping of the same envs is measured before and after.

    python -m benchmarks.generalist_rl [--env metaworld/reach-v3] [--dsrl-env-steps 1000] [--dppo-env-steps 3840]
    python -m benchmarks.generalist_rl --render
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

os.environ.setdefault("MUJOCO_GL", "egl")

try:
    from benchmarks import common
except ImportError:  # run as a file (python benchmarks/generalist_rl.py): this folder is on sys.path
    import common

OUT = common.PAGES / "generalist_rl.md"
BASES = ("vla_flow", "flow_unet", "small flow head")
TARGET = 0.5          # the generalist's env steps/s over the small head's
LEARNING_STARTS = 200  # DSRL's warm-up in the timed run (the default 1,000+ would fill it)
NO_SELECTION = ["finetune.select_every=0", "finetune.eval_every=0"]


def base_config(name: str) -> dict:
    from omegaconf import OmegaConf

    from experiments.rl_suite import SMALL_HEAD
    from robopolicy.config import compose

    overrides = ["policy=flow_unet", *SMALL_HEAD] if name == "small flow head" else [f"policy={name}"]
    return OmegaConf.to_container(compose("train", overrides).policy, resolve=True)


def method_defaults(kind: str, env_steps: int, limit: int) -> dict:
    """``robopolicy finetune method=<kind>``'s ``finetune.*`` keys with only the budget and the timing set."""
    from omegaconf import OmegaConf

    from robopolicy.config import compose
    from robopolicy.finetune.cli import parse_overrides

    keys = [f"finetune.total_env_steps={env_steps}", f"finetune.max_episode_steps={limit}", *NO_SELECTION]
    keys += [f"finetune.learning_starts={LEARNING_STARTS}", "finetune.checkpoint_every=0"] if kind == "dsrl" else []
    return OmegaConf.to_container(compose("finetune", parse_overrides([f"method={kind}", *keys])[1]).finetune,
                                  resolve=True)


def run_method(kind: str, base, env_id: str, values: dict, root: Path) -> dict:
    from benchmarks.finetune import clocked, timing_row
    from robopolicy.config import dataclass_from
    from robopolicy.finetune.dppo import DPPOConfig, train_dppo
    from robopolicy.finetune.dsrl import DSRLConfig, run_dsrl

    with clocked() as clock:
        if kind == "dsrl":
            _, s = run_dsrl(base, env_id, dataclass_from(DSRLConfig, values), root, progress=False)
        else:
            _, s = train_dppo(base, env_id, dataclass_from(DPPOConfig, values), root, progress=False)
    return timing_row(kind, s["env_steps"], s["seconds"], clock, num_envs=values["num_envs"])


def measure(env_id: str, dsrl_steps: int, dppo_steps: int, root: Path) -> dict:
    import torch

    from benchmarks.finetune import bench_raw, build_base, demo_store
    from experiments.rl_suite import step_limit

    limit, store = step_limit(env_id), demo_store(env_id, root)
    configs = {name: base_config(name) for name in BASES}
    settings = {"dsrl": method_defaults("dsrl", dsrl_steps, limit), "dppo": method_defaults("dppo", dppo_steps, limit)}
    spec = build_base(store, configs["flow_unet"]).spec
    counts = sorted({v["num_envs"] for v in settings.values()})
    raw_before = [bench_raw(spec, env_id, n, 3000, limit) for n in counts]
    rows = []
    for kind, values in settings.items():
        for name in BASES:
            torch.manual_seed(0)
            base = build_base(store, configs[name])
            params = sum(p.numel() for p in base.parameters())
            print(f"{kind} on {name} ({params / 1e6:.2f}M parameters)", flush=True)
            row = run_method(kind, base, env_id, values, root / f"{kind}-{len(rows)}")
            rows.append({**row, "method": kind, "base": name, "params_m": params / 1e6})
            print(f"  {row['env_steps_per_s']:.1f} env steps/s", flush=True)
    raw_after = [bench_raw(spec, env_id, n, 3000, limit) for n in counts]
    return {"rows": rows, "raw_before": raw_before, "raw_after": raw_after, "bases": configs, "step_limit": limit,
            "settings": {k: {key: v[key] for key in ("num_envs", "total_env_steps", "learning_starts", "utd",
                                                     "batch_size", "hidden_dims", "rollout_steps", "update_epochs",
                                                     "finetune_steps", "minibatch_size") if key in v}
                         for k, v in settings.items()}}


def render(record: dict) -> str:
    rows, s = record["rows"], record["settings"]
    raw = {r["num_envs"]: (r["env_steps_per_s"], a["env_steps_per_s"])
           for r, a in zip(record["raw_before"], record["raw_after"])}
    lines = ["# RL on the generalist: cost per env step (`benchmarks/generalist_rl.py`)", "",
             __doc__.split("\n\n")[1].replace("\n", " "), "",
             common.measured_line(record, OUT.with_suffix(".json").name), "",
             f"Env `{s['env']}`, episodes of at most {record['step_limit']} steps; DSRL-SAC: "
             f"{s['dsrl']['total_env_steps']:,} env steps ({s['dsrl']['learning_starts']} warm-up), "
             f"{s['dsrl']['num_envs']} envs, UTD {s['dsrl']['utd']}, batch {s['dsrl']['batch_size']}; DPPO: "
             f"{s['dppo']['total_env_steps']:,} env steps, {s['dppo']['num_envs']} envs x "
             f"{s['dppo']['rollout_steps']} decisions per update, {s['dppo']['update_epochs']} epochs, "
             f"K' = {s['dppo']['finetune_steps']}.", "",
             "| method | base | parameters (M) | env steps/s | vs small flow head | vs raw stepping | simulator | "
             "sampling | updates |", "|---|---|---:|---:|---:|---:|---:|---:|---:|"]
    verdicts = []
    for r in rows:
        small = next(x for x in rows if x["method"] == r["method"] and x["base"] == "small flow head")
        ratio = r["env_steps_per_s"] / small["env_steps_per_s"]
        raw_rate = sum(raw[r["num_envs"]]) / 2
        share = {k: r[f"{k}_seconds"] / r["seconds"] for k in ("env_step", "sampling", "updates")}
        lines.append(f"| {'DSRL-SAC' if r['method'] == 'dsrl' else 'DPPO'} | {r['base']} | {r['params_m']:.2f} | "
                     f"{r['env_steps_per_s']:.1f} | {ratio:.2f} | {r['env_steps_per_s'] / raw_rate:.2f} | "
                     f"{share['env_step']:.0%} | {share['sampling']:.0%} | {share['updates']:.0%} |")
        if r["base"] == "vla_flow":
            verdicts.append(f"{'DSRL-SAC' if r['method'] == 'dsrl' else 'DPPO'} on the generalist runs at "
                            f"**{ratio:.2f}x** the small head's env steps/s (target >= {TARGET}: "
                            f"{'met' if ratio >= TARGET else 'missed'})")
    lines += ["", "Raw stepping (the same envs, uniform random actions), before / after: " + "; ".join(
        f"{n} envs {b:,.0f} / {a:,.0f} env steps/s" for n, (b, a) in sorted(raw.items())), ""]
    lines += [f"- {v}" for v in verdicts]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--env", default="metaworld/reach-v3")
    parser.add_argument("--dsrl-env-steps", type=int, default=1000)
    parser.add_argument("--dppo-env-steps", type=int, default=3840,
                        help="default DPPO: one update's rollout at Ta 8 (16 envs x 30 decisions), two at Ta 4")
    args = common.page_args(parser, OUT, render)
    provenance = common.start("python -m benchmarks.generalist_rl", threads=1)
    began = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        part = measure(args.env, args.dsrl_env_steps, args.dppo_env_steps, Path(tmp))
    part["settings"]["env"] = args.env
    common.write_record(args.out, render, provenance, wall_s=time.perf_counter() - began, **part)


if __name__ == "__main__":
    main()
