"""Benchmark DSRL and V-GPS on CPU: env steps/s and gradient updates/s at UTD 20, the fraction of wall time spent
in base-policy sampling, and V-GPS inference time against the base policy's (ratios measured in the same run).

    python benchmarks/finetune.py [--env metaworld/reach-v3] [--env-steps 400] [--out docs/benchmarks/finetune.md]
    python benchmarks/finetune.py --vgps-only     # re-measure V-GPS only; replaces the "vgps" part of the JSON
    python benchmarks/finetune.py --render        # re-render the page from docs/benchmarks/finetune.json only

Writes docs/benchmarks/finetune.json (two parts, ``dsrl`` and ``vgps``, each with its measurements, settings and
provenance, so one can be re-measured without the other) and renders docs/benchmarks/finetune.md from it.

The base policy is a real registry diffusion_unet (small U-Net, 10 DDIM steps as in the default config) with a
normalizer fitted on scripted-expert episodes; its weights are untrained (speed does not depend on them).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("MUJOCO_GL", "egl")

POLICY_CFG = {"name": "diffusion_unet", "obs_horizon": 2, "pred_horizon": 16, "exec_horizon": 8,
              "unet": {"down_dims": [32, 64, 128]}, "diffusion": {"num_inference_steps": 10}}
DEMO_EPISODES, DEMO_STEPS = 3, 60
K_VALUES = (1, 10, 50)
TIMING_REPEATS = 30
DEFAULT_ENV_STEPS = 400
VGPS_HEADING = "## V-GPS inference overhead"
REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))  # experiments.provenance: the record's provenance and its page line
from experiments.provenance import provenance_line  # noqa: E402


def make_base(env_id: str, root: Path):
    import numpy as np

    from robopolicy.data.normalizer import Normalizer
    from robopolicy.data.store import EpisodeStore
    from robopolicy.policies.registry import build_policy, default_normalizer_modes, policy_spec_from_config
    from robopolicy.sim import make_env

    env = make_env(env_id, max_episode_steps=DEMO_STEPS)
    store = EpisodeStore.create(root / "demos.zarr", features=env.feature_spec, fps=env.fps)
    expert = env.expert()
    for e in range(DEMO_EPISODES):
        obs, _ = env.reset(seed=e)
        steps = {k: [] for k in env.feature_spec}
        for _ in range(DEMO_STEPS):
            action = np.asarray(expert(obs), np.float32)
            steps["state"].append(obs["state"])
            steps["action"].append(action)
            obs, reward, _, truncated, info = env.step(action)
            steps["reward"].append(np.float32(info["is_success"]))
            steps["done"].append(bool(info["is_success"]))
            if info["is_success"] or truncated:
                break
        store.append_episode({k: np.stack(v) for k, v in steps.items()}, task=env.instruction,
                             success=bool(info["is_success"]))
    spec = policy_spec_from_config(POLICY_CFG, store.features, obs_keys=["state"])
    normalizer = Normalizer.fit(store, default_normalizer_modes(spec))
    return build_policy("diffusion_unet", POLICY_CFG, spec, normalizer).eval(), store


# (label, variant, extra DSRLConfig fields): SAC, NA as the reference places its base calls, and NA with them
# moved out of the gradient step (distillation per decision) and, last, out of the TD target too.
DSRL_SETTINGS = [("sac", "sac", {}),
                 ("na (target via the base, distillation in every update)", "na", {}),
                 ("na, distill_steps=2", "na", {"distill_steps": 2}),
                 ("na, na_target=noise, distill_steps=2", "na", {"na_target": "noise", "distill_steps": 2})]


def bench_dsrl(base, env_id: str, variant: str, env_steps: int, root: Path, **extra) -> dict[str, float]:
    from robopolicy.finetune.dsrl import DSRLConfig, run_dsrl

    cfg = DSRLConfig(variant=variant, total_env_steps=env_steps, learning_starts=0, utd=20, batch_size=256,
                     num_envs=4, eval_every=0, checkpoint_every=0, max_episode_steps=100,
                     select_every=0,  # no tuning-seed evaluations inside the timed run: training speed only
                     offline_store=str(root / "demos.zarr") if variant == "na" else None, **extra)
    _, s = run_dsrl(base, env_id, cfg, root / f"dsrl-{variant}-{len(extra)}", progress=True)
    return {"env_steps_per_s": s["env_steps"] / s["seconds"], "updates_per_s": s["updates"] / s["seconds"],
            "base_fraction": s["base_sampling_seconds"] / s["seconds"], "updates": s["updates"],
            "env_steps": s["env_steps"], "seconds": s["seconds"]}


def bench_vgps(base, store) -> dict[str, dict]:
    """Seconds per decision (batch of 4 observations) for the base and V-GPS at each K: medians of
    ``TIMING_REPEATS`` calls, interleaved (base, K=1, K=10, K=50 per repeat) so load changes hit all alike.
    Also the parts of a K-candidate decision: one denoiser forward at batch 4K against batch 4 (the floor of
    the overhead: the sampler calls the denoiser once per step on all candidates), and the critic's scoring."""
    import numpy as np
    import torch

    from robopolicy.finetune.critics import ChunkCritic, CriticSpec
    from robopolicy.finetune.offline import fit_scalers
    from robopolicy.finetune.replay import buffer_from_store
    from robopolicy.finetune.rewards import SparseRewardConfig
    from robopolicy.finetune.vgps import ValueGuidedSampler

    buffer = buffer_from_store(store, ["state"], 1, 1, 0.98, SparseRewardConfig(), progress=False)
    critic = ChunkCritic(CriticSpec({"state": store.features["state"].shape[0]}, base.spec.action_dim))
    fit_scalers(critic, buffer)
    obs = {"state": np.repeat(buffer.obs["state"][:4], base.spec.obs_horizon, axis=1)}
    samplers = {0: base, **{k: ValueGuidedSampler(base, critic, K=k) for k in K_VALUES}}

    def median_time(fn, repeats: int = TIMING_REPEATS) -> float:
        fn()
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            fn()
            times.append(time.perf_counter() - start)
        return float(np.median(times))

    times: dict[int, list[float]] = {k: [] for k in samplers}
    for sampler in samplers.values():
        sampler.sample(obs)  # warm-up
    for _ in range(TIMING_REPEATS):
        for k, sampler in samplers.items():
            start = time.perf_counter()
            sampler.sample(obs)
            times[k].append(time.perf_counter() - start)
    decision = {k: float(np.median(t)) for k, t in times.items()}
    cond = base.encode(obs)
    inputs = {k: (torch.randn(4 * k, *base.noise_shape), base.step_timesteps[0].expand(4 * k),
                  cond.repeat_interleave(k, 0)) for k in K_VALUES}
    forward_times: dict[int, list[float]] = {k: [] for k in K_VALUES}
    with torch.no_grad():
        for _ in range(TIMING_REPEATS):  # interleaved, like the decisions
            for k, (x, t, c) in inputs.items():
                start = time.perf_counter()
                base.predict_noise(x, t, c)
                forward_times[k].append(time.perf_counter() - start)
    forward = {k: float(np.median(v)) for k, v in forward_times.items()}
    score = {}
    for k in K_VALUES[1:]:
        chunks = base.sample(obs, n=k)
        score[k] = median_time(lambda k=k, chunks=chunks: samplers[k].score(obs, chunks))
    return {"decision": {str(k): v for k, v in decision.items()}, "forward": {str(k): v for k, v in forward.items()},
            "score": {str(k): v for k, v in score.items()}}


def policy_line(cfg: dict) -> str:
    dims = "-".join(str(d) for d in cfg["unet"]["down_dims"])
    return (f"Base policy: {cfg['name']} (U-Net {dims}, Tp={cfg['pred_horizon']}, Ta={cfg['exec_horizon']}, "
            f"{cfg['diffusion']['num_inference_steps']} DDIM steps, untrained weights: speed does not depend on them)")


def dsrl_section(part: dict) -> list[str]:
    s, rows = part["settings"], part["rows"]
    reduced = (f" (reduced from the script's default {s['default_env_steps']} so the four runs fit in about ten minutes on this machine)"
               if s["env_steps"] != s["default_env_steps"] else "")
    lines = [f"Env {s['env']}, {s['env_steps']} env steps per DSRL variant{reduced}, UTD {s['utd']}. "
             f"{policy_line(s['policy'])}; "
             f"{s['num_envs']} envs; batch {s['batch_size']}; critic/actor MLPs 256x256 with LayerNorm. 1 torch thread.",
             "", provenance_line(part["provenance"], part["load_average_end"], "finetune.json"), ""]
    sac = next((r for r in rows if r["label"] == "sac"), None)
    if sac is not None:
        lines += [f"Headline: DSRL-SAC spends **{sac['base_fraction']:.2f}** of its wall time in base-policy sampling; "
                  + "; ".join(f"{r['label']}: {r['base_fraction']:.2f}" for r in rows if r is not sac) + ".", ""]
    lines += ["| DSRL variant | env steps/s | gradient updates/s | fraction of time in base sampling |",
              "|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {r['label']} | {r['env_steps_per_s']:.1f} | {r['updates_per_s']:.1f} | "
                     f"{r['base_fraction']:.2f} |")
    lines += ["", "DSRL-SAC calls the base policy only to act. DSRL-NA with the defaults calls it once per gradient "
              f"step, batched over 2 x {s['batch_size']} observations (the Q^A target at s' and the N(0, I) "
              f"distillation samples at s); `distill_steps=2` leaves one call of {s['batch_size']} per step (the "
              "target) plus two per decision; `na_target=noise` bootstraps Q^A from the distilled Q^W and leaves only "
              "the two per decision."]
    return lines


def vgps_section(part: dict) -> list[str]:
    d, f, sc = part["decision"], part["forward"], part["score"]
    s = part["settings"]
    ks = [str(k) for k in s["k_values"]]
    lines = [VGPS_HEADING, "",
             f"{s['observations']} observations per call, medians of {s['repeats']} interleaved calls (base, then each "
             f"K, in every repeat), 1 torch thread; the same base policy and env as above.", "",
             provenance_line(part["provenance"], part["load_average_end"], "finetune.json"), "",
             "Headline, seconds per decision against the base's: "
             + ", ".join(f"**{d[k] / d['0']:.2f}x** at K={k}" for k in ks) + ".", "",
             f"| sampler ({s['observations']} observations per call) | seconds per decision | ratio to base | "
             "denoiser forward, batch 4K / batch 4 | critic scoring / base decision |", "|---|---|---|---|---|",
             f"| base | {d['0']:.4f} | 1.00 | 1.00 | — |"]
    for k in ks:
        lines.append(f"| V-GPS K={k} | {d[k]:.4f} | {d[k] / d['0']:.2f} | {f[k] / f[ks[0]]:.2f} | "
                     + (f"{sc[k] / d['0']:.3f} |" if k in sc else "— |"))
    lines += ["", "The K candidates come from one `base.sample(obs, n=K)` call (the encoder once per observation, "
              "each denoising step one forward on all 4K candidates) and one critic call; K=1 is the base itself. "
              "The ratio to the base therefore tracks the denoiser's own cost at batch 4K against batch 4 "
              "(column 4), which no change to the sampler can remove: a ratio target below that column is "
              "out of reach for this network on this CPU."]
    return lines


def render(record: dict) -> str:
    """The page, from the JSON record only (either part may be missing: its section is then left out)."""
    lines = ["# Fine-tuning benchmark (DSRL at UTD 20, V-GPS overhead)", ""]
    if record.get("dsrl"):
        lines += dsrl_section(record["dsrl"]) + [""]
    if record.get("vgps"):
        lines += vgps_section(record["vgps"]) + [""]
    return "\n".join(lines).rstrip("\n") + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--env", default="metaworld/reach-v3")
    parser.add_argument("--env-steps", type=int, default=DEFAULT_ENV_STEPS)
    parser.add_argument("--vgps-only", action="store_true", help="measure V-GPS only; keep the JSON's DSRL part")
    parser.add_argument("--dsrl-only", action="store_true", help="measure DSRL only; keep the JSON's V-GPS part")
    parser.add_argument("--out", type=Path, default=REPO / "docs/benchmarks/finetune.md",
                        help="the page; its JSON is written beside it")
    parser.add_argument("--render", action="store_true", help="only re-render the page from its JSON")
    args = parser.parse_args()
    json_path = args.out.with_suffix(".json")
    if args.render:
        args.out.write_text(render(json.loads(json_path.read_text())))
        return
    import torch

    sys.path.insert(0, str(REPO))
    from experiments.provenance import run_provenance

    torch.set_num_threads(1)
    command = " ".join(["python", "benchmarks/finetune.py", *sys.argv[1:]])
    record = json.loads(json_path.read_text()) if json_path.exists() else {}
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        base, store = make_base(args.env, root)
        if not args.vgps_only:
            provenance = run_provenance(allow_dirty=True, command=command)
            rows = [{"label": label, **bench_dsrl(base, args.env, v, args.env_steps, root, **extra)}
                    for label, v, extra in DSRL_SETTINGS]
            record["dsrl"] = {"provenance": provenance, "load_average_end": list(os.getloadavg()),
                              "settings": {"env": args.env, "env_steps": args.env_steps,
                                           "default_env_steps": DEFAULT_ENV_STEPS, "utd": 20, "num_envs": 4,
                                           "batch_size": 256, "policy": POLICY_CFG}, "rows": rows}
        if not args.dsrl_only:
            provenance = run_provenance(allow_dirty=True, command=command)
            vgps = bench_vgps(base, store)
            record["vgps"] = {"provenance": provenance, "load_average_end": list(os.getloadavg()),
                              "settings": {"env": args.env, "observations": 4, "repeats": TIMING_REPEATS,
                                           "k_values": list(K_VALUES), "policy": POLICY_CFG}, **vgps}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    json_path.write_text(json.dumps(record, indent=1) + "\n")
    text = render(record)
    print(text)
    args.out.write_text(text)


if __name__ == "__main__":
    main()
