"""Policy inference latency on CPU: one action chunk, and 50 chunks for one observation (value-guided steering).

For each shipped policy config (``policy=diffusion_unet``, ``flow_unet``, ``vla_flow`` defaults: ~5M-parameter
U-Net, 10 DDIM / Euler steps; the VLA adds the token transformer and the instruction), over a 20-d state, one
84x84 camera and a 7-d action, with 1 and 2 torch threads and n = 1 and n = 50 samples:

  latency      best (minimum) wall time of ``policy.sample(obs, n)`` (raw obs in, raw actions out)
  reference    one encoder forward (``policy.encode``) + K denoiser forwards at batch n, timed as one block
  ratio        latency / reference            (target <= 1.2: the sampling loop adds little)
  n50 / n1     latency(n = 50) / latency(n = 1)  (target <= 8: batched sampling is cheap)

Writes docs/benchmarks/inference.json (the measurements, the settings, where and when) and renders
docs/benchmarks/inference.md from it; ``--render`` re-renders the page from the JSON only.

    python benchmarks/inference.py            # 7 timed repeats per cell
    python benchmarks/inference.py --quick    # 3 repeats
    python benchmarks/inference.py --rtc      # real-time chunking's cost instead (docs/benchmarks/rtc.md + .json)
    python benchmarks/inference.py [--rtc] --render

``--rtc``: for the flow and diffusion heads, the latency of a plain chunk against a chunk sampled with real-time
chunking (d = 4 committed actions of a queued plan covering the whole chunk), with the default identity Jacobian
and with the paper's exact vector-Jacobian product; ``ratio`` = RTC / plain (target <= 1.5).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

try:
    from benchmarks import common
except ImportError:  # run as a file (python benchmarks/inference.py): this folder is on sys.path
    import common

RESULTS_PATH = common.PAGES / "inference.md"
PREFIX = "python benchmarks/inference.py"  # how the records name the command
POLICY_NAMES = ("diffusion_unet", "flow_unet", "vla_flow")
THREADS = (1, 2)
SAMPLES = (1, 50)
STATE_DIM, ACTION_DIM, IMAGE_SIZE = 20, 7, 84
WARMUP = 1
RATIO_TARGET, BATCH_TARGET = 1.2, 8.0
OVERLOAD_NOTE = ("**The machine was oversubscribed during this run** (load average above the CPU count): timings "
                 "vary run to run by up to 2x, so ratios below 1 or well above 1.2 are measurement noise, the "
                 "2-thread rows most of all. Re-run on an idle machine for numbers to quote.")


def features() -> dict:
    from robopolicy.data.features import Feature

    return {"state": Feature((STATE_DIM,), "float32", "state"),
            "cam_front": Feature((IMAGE_SIZE, IMAGE_SIZE, 3), "uint8", "image"),
            "action": Feature((ACTION_DIM,), "float32", "action")}


def best_seconds_interleaved(fns: dict[str, Callable[[], object]], repeats: int) -> dict[str, float]:
    """Best (minimum) time of each function, timing them in turn within every repeat so all see the same load."""
    return {name: min(times) for name, times in common.interleaved(fns, repeats, WARMUP).items()}


def build(name: str):
    import numpy as np

    from robopolicy.data.normalizer import Normalizer
    from robopolicy.policies.policy_config import resolve_policy_config
    from robopolicy.policies.registry import build_policy, default_normalizer_modes, policy_spec_from_config

    cfg = resolve_policy_config(name, {})
    spec = policy_spec_from_config(cfg, features())
    rng = np.random.default_rng(0)
    data = {"state": rng.normal(size=(1000, STATE_DIM)), "action": rng.uniform(-1, 1, (1000, ACTION_DIM))}
    policy = build_policy(name, cfg, spec, Normalizer.fit(data, default_normalizer_modes(spec))).eval()
    obs = {"state": rng.normal(size=(1, spec.obs_horizon, STATE_DIM)).astype(np.float32),
           "cam_front": rng.integers(0, 256, (1, spec.obs_horizon, IMAGE_SIZE, IMAGE_SIZE, 3), dtype=np.uint8)}
    if spec.language:
        obs["task"] = ["push the red block to the goal"]
    return policy, obs


def reference(policy, obs: dict, x, t, cond) -> None:
    """One encoder forward + K denoiser forwards, in one timed block (the floor any sampler must pay)."""
    policy.encode(obs)
    for _ in range(policy.num_denoising_steps):
        policy.denoiser(x, t, cond)


def measure(name: str, repeats: int) -> list[dict]:
    import torch
    from tqdm import tqdm

    policy, obs = build(name)
    rows = []
    k = policy.num_denoising_steps
    for threads in THREADS:
        torch.set_num_threads(threads)
        with torch.no_grad():
            cond = policy.encode(obs)
            for n in SAMPLES:
                x = torch.randn(n, *policy.noise_shape)
                c = cond.expand(n, -1).contiguous()
                t = torch.full((n,), 5.0)
                best = best_seconds_interleaved({"encode": lambda: policy.encode(obs),
                                                 "denoise": lambda: policy.denoiser(x, t, c),  # noqa: B023
                                                 "reference": lambda: reference(policy, obs, x, t, c),  # noqa: B023
                                                 "sample": lambda: policy.sample(obs, n=n)}, repeats)  # noqa: B023
                latency, encode_s, denoise_s = best["sample"], best["encode"], best["denoise"]
                rows.append({"policy": name, "threads": threads, "n": n, "K": k, "latency_ms": 1e3 * latency,
                             "encode_ms": 1e3 * encode_s, "denoise_ms": 1e3 * denoise_s,
                             "reference_ms": 1e3 * best["reference"], "ratio": latency / best["reference"],
                             "params_m": sum(p.numel() for p in policy.parameters()) / 1e6,
                             "unet_params_m": sum(p.numel() for p in policy.denoiser.parameters()) / 1e6})
                tqdm.write(f"{name} threads={threads} n={n}: {1e3 * latency:.1f} ms, ratio {rows[-1]['ratio']:.2f}")
    for threads in THREADS:
        one, fifty = (next(r for r in rows if r["threads"] == threads and r["n"] == n) for n in SAMPLES)
        fifty["n50_over_n1"] = fifty["latency_ms"] / one["latency_ms"]
    return rows


def render(record: dict) -> str:
    """The inference page, from the JSON record only."""
    s, rows, prov = record["settings"], record["rows"], record["provenance"]
    ratio_target, batch_target = s["ratio_target"], s["batch_target"]
    lines = ["# Inference latency (CPU)", "",
             "One observation (20-d state, one 84x84 camera, To=2; the VLA also reads an instruction), chunks of "
             "Tp=16 x Da=7, the shipped policy defaults (`policy=<name>`). `reference` = one encoder forward + K denoiser "
             f"forwards at batch n, timed as one block; `ratio` = latency / reference (target <= {ratio_target}); "
             f"`n50/n1` = latency(n=50) / latency(n=1) (target <= {batch_target}). Best (minimum) of {s['repeats']} "
             f"runs after {s['warmup']} warm-up, encoder / denoiser / sample timed in turn in every run (the minimum "
             "of several runs damps the load from other jobs).", "",
             common.measured_line(record, "inference.json"), ""]
    worst = max(rows, key=lambda r: r["ratio"])
    worst_batch = max((r for r in rows if "n50_over_n1" in r), key=lambda r: r["n50_over_n1"])
    def threads(r: dict) -> str:
        return f"{r['threads']} thread{'s' if r['threads'] > 1 else ''}"

    lines += [f"Headline: worst ratio **{worst['ratio']:.2f}** ({worst['policy']}, {threads(worst)}, n = {worst['n']}; "
              f"target <= {ratio_target}: {'met' if worst['ratio'] <= ratio_target else 'missed'}); worst n50/n1 "
              f"**{worst_batch['n50_over_n1']:.2f}** ({worst_batch['policy']}, {threads(worst_batch)}; target <= "
              f"{batch_target}: {'met' if worst_batch['n50_over_n1'] <= batch_target else 'missed'}).", "",
              "| policy | params (U-Net) | threads | n | K | latency ms | encoder ms | denoiser ms | reference ms | "
              "ratio | n50/n1 |", "|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        batch = f"{r['n50_over_n1']:.2f}" if "n50_over_n1" in r else ""
        lines.append(f"| {r['policy']} | {r['params_m']:.1f}M ({r['unet_params_m']:.1f}M) | {r['threads']} | "
                     f"{r['n']} | {r['K']} | {r['latency_ms']:.1f} | {r['encode_ms']:.1f} | {r['denoise_ms']:.2f} | "
                     f"{r['reference_ms']:.1f} | {r['ratio']:.2f}{'' if r['ratio'] <= ratio_target else ' (missed)'} | "
                     f"{batch}{'' if r.get('n50_over_n1', 0) <= batch_target else ' (missed)'} |")
    if max(prov["load_average"][0], record["load_average_end"][0]) > (prov["cpu_cores"] or 1):
        lines += ["", OVERLOAD_NOTE]
    return "\n".join(lines) + "\n"


RTC_PATH = common.PAGES / "rtc.md"
RTC_TARGET, RTC_DELAY = 1.5, 4


def measure_rtc(name: str, repeats: int, batch: int) -> list[dict]:
    import numpy as np
    import torch
    from tqdm import tqdm

    from robopolicy.execution import ExecutionSettings
    from robopolicy.policies.rtc import rtc_sample

    policy, obs = build(name)
    obs = {k: (v * batch if k == "task" else np.repeat(v, batch, axis=0)) for k, v in obs.items()}
    spec = policy.spec
    first, horizon = spec.obs_horizon - 1, spec.pred_horizon - spec.obs_horizon + 1
    torch.set_num_threads(1)
    noise = torch.randn(batch, 1, *policy.noise_shape)
    prefix = policy.sample(obs, noise=torch.randn_like(noise)).numpy()[:, 0, first:first + horizon]
    delays = [RTC_DELAY] * batch
    fns = {"plain": lambda: policy.sample(obs, noise=noise)}
    for jacobian in ("identity", "vjp"):
        settings = ExecutionSettings(strategy="rtc", rtc_jacobian=jacobian)
        fns[jacobian] = lambda s=settings: rtc_sample(policy, obs, prefix, delays, noise=noise, settings=s)
    best = best_seconds_interleaved(fns, repeats)
    rows = [{"policy": name, "batch": batch, "jacobian": j, "plain_ms": 1e3 * best["plain"],
             "rtc_ms": 1e3 * best[j], "ratio": best[j] / best["plain"]} for j in ("identity", "vjp")]
    for r in rows:
        tqdm.write(f"{name} batch={batch} rtc[{r['jacobian']}]: {r['rtc_ms']:.1f} ms vs {r['plain_ms']:.1f} ms "
                   f"({r['ratio']:.2f}x)")
    return rows


def rtc_markdown(record: dict) -> str:
    m = record["machine"]
    lines = ["# Real-time chunking: inference cost (CPU)", "",
             "Produced by `python benchmarks/inference.py --rtc` (rendered from `docs/benchmarks/rtc.json`). Shipped "
             "configs (~5M-parameter U-Net, 10 steps), one 84x84 camera + 20-d state, 1 torch thread; RTC with "
             f"d = {RTC_DELAY} committed actions. `ratio` = RTC latency / plain chunk latency on the same noise and "
             f"observation (target <= {RTC_TARGET}). Best of {record['repeats']} interleaved runs.", "",
             f"Machine: {m['cpu']}, {m['cpu_cores']} logical CPUs, load average {m['load_average'][0]:.1f}; "
             f"commit {common.commit_mark(m)}.", "",
             "| policy | batch | Jacobian | plain ms | RTC ms | ratio | target |", "|---|---|---|---|---|---|---|"]
    for r in record["rows"]:
        met = "met" if r["ratio"] <= RTC_TARGET else "**missed**"
        lines.append(f"| {r['policy']} | {r['batch']} | {r['jacobian']} | {r['plain_ms']:.1f} | {r['rtc_ms']:.1f} | "
                     f"{r['ratio']:.2f} | {met} |")
    return "\n".join(lines) + "\n"


def run_rtc(repeats: int, out: Path, argv: list[str] | None) -> None:
    machine = common.start(PREFIX, argv)
    rows = [r for name in ("flow_unet", "diffusion_unet") for b in (1, 10) for r in measure_rtc(name, repeats, b)]
    common.write_page(out, {"repeats": repeats, "machine": machine, "rows": rows}, rtc_markdown)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="3 timed repeats per cell instead of 7")
    parser.add_argument("--rtc", action="store_true", help="measure real-time chunking's cost (docs/benchmarks/rtc.md)")
    args = common.page_args(parser, None, argv=argv)
    repeats = 3 if args.quick else 7
    out = args.out or (RTC_PATH if args.rtc else RESULTS_PATH)
    if args.render:
        common.render_page_only(out, rtc_markdown if args.rtc else render)
        return 0
    if args.rtc:
        run_rtc(repeats, out, argv)
        return 0
    from tqdm import tqdm

    provenance = common.start(PREFIX, argv)
    rows = []
    for name in tqdm(POLICY_NAMES, desc="policies"):
        rows += measure(name, repeats)
    common.write_record(out, render, provenance,
                        settings={"repeats": repeats, "warmup": WARMUP, "threads": list(THREADS),
                                  "samples": list(SAMPLES), "policies": list(POLICY_NAMES),
                                  "ratio_target": RATIO_TARGET, "batch_target": BATCH_TARGET},
                        rows=rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
