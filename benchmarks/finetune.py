"""Benchmark DSRL and V-GPS on CPU: env steps/s and gradient updates/s at UTD 20, the fraction of wall time spent
in base-policy sampling, and V-GPS inference time against the base policy's (ratios measured in the same run);
and every RL method's env steps/s against raw env stepping of the same envs in the same run (issue [3/6],
"Throughput"), with the shares of wall time in the simulator, in policy sampling and in gradient updates; and
DSRL-SAC's env steps/s with its envs stepped in an actor process while the learner updates (issue 53, actors=1),
against the in-process loop and raw stepping in the same run; and DPPO's with ``overlap=true`` (its rollouts in a
worker process while the learner runs the critic's epochs and any selection point) against ``overlap=false``.

    python -m benchmarks.finetune [--env metaworld/reach-v3] [--env-steps 400] [--out docs/benchmarks/finetune.md]
    python -m benchmarks.finetune --vgps-only     # re-measure V-GPS only; replaces the "vgps" part of the JSON
    python -m benchmarks.finetune --throughput-only [--throughput-env-steps 1000] [--learning-starts 200]
                                  [--parl-steps 10]   # the throughput section only; replaces its "throughput" part
    python -m benchmarks.finetune --overlap-only [--overlap-env-steps 1000] [--learning-starts 200]
                                                  # DSRL-SAC in-process and with actors; replaces "overlap"
    python -m benchmarks.finetune --dppo-overlap-only [--dppo-overlap-env-steps 2400]
                                                  # DPPO with overlap false and true; replaces "dppo_overlap"
    python -m benchmarks.finetune --render        # re-render the page from docs/benchmarks/finetune.json only

Writes docs/benchmarks/finetune.json (five parts, ``dsrl``, ``vgps``, ``throughput``, ``overlap`` and
``dppo_overlap``, each with its
measurements, settings and provenance, so one can be re-measured without the others) and renders
docs/benchmarks/finetune.md from it.

The DSRL and V-GPS base policy is a real registry diffusion_unet (small U-Net, 10 DDIM steps as in the default
config) with a normalizer fitted on scripted-expert episodes; its weights are untrained (speed does not depend on
them). The throughput section runs each method with its settings in ``experiments/rl_suite.py`` on that suite's
small head (diffusion and flow), also untrained, with no evaluation or selection inside the timed runs.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from unittest import mock

try:
    from benchmarks import common
except ImportError:  # run as a file (python benchmarks/finetune.py): this folder is on sys.path
    import common

os.environ.setdefault("MUJOCO_GL", "egl")

POLICY_CFG = {"name": "diffusion_unet", "obs_horizon": 2, "pred_horizon": 16, "exec_horizon": 8,
              "unet": {"down_dims": [32, 64, 128]}, "diffusion": {"num_inference_steps": 10, "prediction_type": "epsilon"}}
DEMO_EPISODES, DEMO_STEPS = 3, 60
K_VALUES = (1, 10, 50)
TIMING_REPEATS = 30
DEFAULT_ENV_STEPS = 400
VGPS_HEADING = "## V-GPS inference overhead"
PREFIX = "python benchmarks/finetune.py"  # how the records name the command
PARTS = ("dsrl", "vgps", "throughput", "overlap", "dppo_overlap")  # the JSON's, each measured with its provenance


def demo_store(env_id: str, root: Path):
    """``DEMO_EPISODES`` scripted-expert episodes in ``root/demos.zarr`` (made once): the normalizers' stats and
    the offline data (DSRL-NA's preload, the critics' ranges, PA-RL's observations)."""
    import numpy as np

    from robopolicy.data.store import EpisodeStore
    from robopolicy.sim import make_env

    if (root / "demos.zarr").exists():
        return EpisodeStore.open(root / "demos.zarr")
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
    return store


def build_base(store, cfg: dict):
    """A registry policy with untrained weights and a normalizer fitted on ``store``."""
    from robopolicy.data.normalizer import Normalizer
    from robopolicy.policies.registry import build_policy, default_normalizer_modes, policy_spec_from_config

    spec = policy_spec_from_config(cfg, store.features, obs_keys=["state"])
    return build_policy(cfg["name"], cfg, spec, Normalizer.fit(store, default_normalizer_modes(spec))).eval()


def make_base(env_id: str, root: Path):
    store = demo_store(env_id, root)
    return build_base(store, POLICY_CFG), store


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

    def medians(fns: dict, warmup: int = 1) -> dict:
        """Median seconds of each of ``fns``, timed in turn over ``TIMING_REPEATS`` repeats."""
        return {k: float(np.median(t)) for k, t in common.interleaved(fns, TIMING_REPEATS, warmup).items()}

    decision = medians({k: (lambda s=sampler: s.sample(obs)) for k, sampler in samplers.items()})
    cond = base.encode(obs)
    inputs = {k: (torch.randn(4 * k, *base.noise_shape), base.step_timesteps[0].expand(4 * k),
                  cond.repeat_interleave(k, 0)) for k in K_VALUES}
    with torch.no_grad():  # interleaved, like the decisions
        forward = medians({k: (lambda a=a: base.predict_noise(*a)) for k, a in inputs.items()}, warmup=0)
    score = {}
    for k in K_VALUES[1:]:
        chunks = base.sample(obs, n=k)
        score[k] = medians({k: lambda k=k, chunks=chunks: samplers[k].score(obs, chunks)})[k]
    return {"decision": {str(k): v for k, v in decision.items()}, "forward": {str(k): v for k, v in forward.items()},
            "score": {str(k): v for k, v in score.items()}}


# The throughput section: each method of experiments/rl_suite.py (its METHODS settings, on its small head), as
# (label, suite method, extra overrides); DSRL-NA is the suite's DSRL row with the other variant.
THROUGHPUT_METHODS = [("DSRL-SAC", "dsrl_sac", []), ("DSRL-NA", "dsrl_sac", ["finetune.variant=na"]),
                      ("DPPO (diffusion head)", "dppo_diffusion", []), ("DPPO (flow head)", "dppo_flow", []),
                      ("DPPO (flow head), one pass per position", "dppo_flow", []),
                      ("DPPO (flow head, K'=10)", "dppo_flow_all", []),
                      ("DPPO (flow head, K'=10), one pass per position", "dppo_flow_all", []),
                      ("V-GPS K=10, acting", "vgps", []), ("PA-RL", "parl", [])]
# DPPO as it was before its update took every (decision, position) pair of a minibatch in one forward pass: the
# same run with the policy seen as a foreign DenoisingPolicy (one pass per distinct position), the reference
PER_POSITION = {label for label, _, _ in THROUGHPUT_METHODS if label.endswith("one pass per position")}
DEFAULT_THROUGHPUT_STEPS = 1000
DEFAULT_LEARNING_STARTS = 200   # DSRL's warm-up in the throughput runs (the suite's 1,000 would fill the budget)
DEFAULT_PARL_STEPS = 10
RAW_ENV_STEPS = 3000  # raw stepping runs 1,500-2,500 env steps/s here: a second or two, a steadier rate
NO_SELECTION = ["finetune.select_every=0", "finetune.eval_every=0"]  # the training loop only: no evaluations
THROUGHPUT_HEADING = "## Throughput per method against raw env stepping"


@contextlib.contextmanager
def clocked():
    """Seconds and calls inside the simulator (``SimEnv.step``/``reset``), policy sampling and gradient updates
    while the block runs (those functions patched with timers). A call inside another timed call counts for the
    outer one only: DSRL-NA's base calls inside an update count as the update."""
    from robopolicy.finetune import parl
    from robopolicy.finetune.dppo import DPPOAgent, DPPOPolicy
    from robopolicy.finetune.dsrl import DSRLAgent
    from robopolicy.finetune.steered import NoisePolicy
    from robopolicy.finetune.vgps import ValueGuidedSampler
    from robopolicy.sim import SimEnv

    parts = {"env_step": [(SimEnv, "step")], "env_reset": [(SimEnv, "reset")],
             "sampling": [(DSRLAgent, "executed"), (NoisePolicy, "rsample"), (DPPOAgent, "sample_chain"),
                          (DPPOPolicy, "encode"), (ValueGuidedSampler, "sample"),
                          (parl.ActionImprover, "improve_pair")],
             "updates": [(DSRLAgent, "update"), (DSRLAgent, "distill"), (DPPOAgent, "update"),
                         (DPPOAgent, "actor_update"), (DPPOAgent, "critic_update"), (parl, "distill_step"),
                         (parl, "preference_step")]}
    seconds, calls, inside = dict.fromkeys(parts, 0.0), dict.fromkeys(parts, 0), [False]

    def timed(part: str, fn):
        def wrapper(*args, **kwargs):
            if inside[0]:
                return fn(*args, **kwargs)
            inside[0], start = True, time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                inside[0] = False
                seconds[part] += time.perf_counter() - start
                calls[part] += 1
        return wrapper

    with contextlib.ExitStack() as stack:
        for part, targets in parts.items():
            for owner, name in targets:
                stack.enter_context(mock.patch.object(owner, name, timed(part, getattr(owner, name))))
        yield seconds, calls


def timing_row(label: str, env_steps: int, seconds: float, clock: tuple[dict, dict], **extra) -> dict:
    spent, calls = clock
    return {"label": label, "env_steps": env_steps, "seconds": seconds,
            "env_steps_per_s": env_steps / seconds if env_steps else None,
            **{f"{k}_seconds": v for k, v in spent.items()}, "update_calls": calls["updates"], **extra}


def bench_raw(spec, env_id: str, num_envs: int, env_steps: int, limit: int) -> dict:
    """``VectorChunkEnv.step_chunks`` (the fine-tuners' env wrapper) with uniform random actions ``(N, Ta, Da)``."""
    import numpy as np

    from robopolicy.finetune.vector_env import VectorChunkEnv

    vec = VectorChunkEnv(env_id, spec, num_envs, seed=0, max_episode_steps=limit)
    space, rng, steps = vec.envs[0].action_space, np.random.default_rng(0), 0
    try:
        with clocked() as clock:
            start = time.perf_counter()
            while steps < env_steps:
                actions = rng.uniform(space.low, space.high, (num_envs, spec.exec_horizon, spec.action_dim))
                steps += int(vec.step_chunks(actions, sparse_reward=True, recorder=None)[1]["steps"].sum())
            seconds = time.perf_counter() - start
    finally:
        vec.close()
    return timing_row(f"raw env stepping, {num_envs} envs", steps, seconds, clock, num_envs=num_envs,
                      note="`VectorChunkEnv.step_chunks`, uniform random actions")


def suite_settings(method: str, extra: list[str], env_steps: int, limit: int, learning_starts: int) -> dict:
    """The method's ``finetune.*`` keys as ``robopolicy finetune`` composes them from the suite's settings."""
    from omegaconf import OmegaConf

    from experiments.rl_suite import METHODS
    from robopolicy.config import compose
    from robopolicy.finetune.cli import parse_overrides

    kind, _, settings = METHODS[method]
    online = [f"finetune.total_env_steps={env_steps}", f"finetune.max_episode_steps={limit}", *NO_SELECTION]
    online += [f"finetune.learning_starts={learning_starts}"] if kind == "dsrl" else []
    keys = [*settings, *extra, *(online if kind in ("dsrl", "dppo") else [])]
    return OmegaConf.to_container(compose("finetune", parse_overrides([f"method={kind}", *keys])[1]).finetune,
                                  resolve=True)


def small_head(head: str) -> dict:
    from omegaconf import OmegaConf

    from experiments.rl_suite import HEAD_OVERRIDES, SMALL_HEAD
    from robopolicy.config import compose

    return OmegaConf.to_container(compose("train", [f"policy={head}", *SMALL_HEAD, *HEAD_OVERRIDES[head]]).policy,
                                  resolve=True)


def bench_throughput(env_id: str, root: Path, env_steps: int, learning_starts: int, parl_steps: int) -> dict:
    """Every method of ``THROUGHPUT_METHODS`` for about ``env_steps`` env steps (PA-RL: ``parl_steps`` updates; it
    takes no env steps), each on a fresh small-head base, between two measurements of raw stepping (before and
    after the methods) for each number of envs they use."""
    from experiments.rl_suite import METHODS, step_limit
    from robopolicy.config import dataclass_from
    from robopolicy.data import WindowSampler
    from robopolicy.eval.rollout import env_kwargs_for, run_episodes
    from robopolicy.eval.workers import EnvFactory
    from robopolicy.finetune.critics import ChunkCritic, CriticSpec
    from robopolicy.finetune.dppo import DPPOConfig, train_dppo
    from robopolicy.finetune.dsrl import DSRLConfig, run_dsrl
    from robopolicy.finetune.offline import fit_scalers
    from robopolicy.finetune.parl import PARLConfig, train_parl
    from robopolicy.finetune.replay import buffer_from_store
    from robopolicy.finetune.rewards import SparseRewardConfig
    from robopolicy.finetune.vgps import ValueGuidedSampler

    limit, store = step_limit(env_id), demo_store(env_id, root)
    heads = {h: small_head(h) for h in ("diffusion_unet", "flow_unet")}
    settings = [suite_settings(m, extra, env_steps, limit, learning_starts) for _, m, extra in THROUGHPUT_METHODS]
    vgps_cfg = suite_settings("vgps", [], env_steps, limit, learning_starts)  # V-GPS's critic, also PA-RL's
    critic_cfg, steering, vgps_envs = vgps_cfg["critic"], vgps_cfg["steering"], 10  # 10: the suite's eval envs
    counts = sorted({s["num_envs"] for s in settings if "num_envs" in s} | {vgps_envs})
    spec = build_base(store, heads["diffusion_unet"]).spec
    raw_before = [bench_raw(spec, env_id, n, RAW_ENV_STEPS, limit) for n in counts]
    rows = []
    for (label, method, extra), values in zip(THROUGHPUT_METHODS, settings):
        kind, head = METHODS[method][:2]
        base = build_base(store, heads[head])
        print(f"throughput: {label}", flush=True)
        if kind == "dsrl":
            cfg = dataclass_from(DSRLConfig, values, offline_store=str(store.path) if values["variant"] == "na" else None)
            with clocked() as clock:
                _, s = run_dsrl(base, env_id, cfg, root / f"throughput-{len(rows)}", progress=False)
            rows.append(timing_row(label, s["env_steps"], s["seconds"], clock, num_envs=cfg.num_envs, note=(
                f"UTD {cfg.utd}, batch {cfg.batch_size}, MLPs {'x'.join(map(str, cfg.hidden_dims))}; "
                f"{s['updates']} gradient updates after {cfg.learning_starts} warm-up env steps")))
        elif kind == "dppo":
            cfg = dataclass_from(DPPOConfig, values)
            foreign = (mock.patch("robopolicy.finetune.dppo.ChunkPolicy", type("ForeignPolicy", (), {}))
                       if label in PER_POSITION else contextlib.nullcontext())
            with clocked() as clock, foreign:
                _, s = train_dppo(base, env_id, cfg, root / f"throughput-{len(rows)}", progress=False)
            rows.append(timing_row(label, s["env_steps"], s["seconds"], clock, num_envs=cfg.num_envs, note=(
                f"K'={s['finetune_steps']} of K={s['num_denoising_steps']}; {len(s['updates'])} PPO update(s), each "
                f"on {cfg.num_envs} x {cfg.rollout_steps} decisions, {cfg.update_epochs} epochs of "
                f"{cfg.minibatch_size}-pair minibatches")))
        else:
            horizon = int(critic_cfg["action_horizon"])
            critic = ChunkCritic(CriticSpec({"state": store.features["state"].shape[0]}, base.spec.action_dim,
                                            horizon, list(critic_cfg["hidden_dims"]), int(critic_cfg["num_q"])))
            fit_scalers(critic, buffer_from_store(store, ["state"], base.spec.obs_horizon, horizon,
                                                  critic_cfg["gamma"], SparseRewardConfig(), progress=False))
            if kind == "vgps":
                k = max(steering["K"])
                envs = [EnvFactory(env_id, env_kwargs_for(base.spec))() for _ in range(vgps_envs)]  # made untimed
                episodes = max(vgps_envs, round(env_steps / limit))
                with clocked() as clock:
                    start = time.perf_counter()
                    run_episodes(ValueGuidedSampler(base, critic, K=k, beta=steering["beta"]), env_id, episodes,
                                 envs_per_worker=vgps_envs, max_episode_steps=limit, progress=False,
                                 env_factory=envs.pop)
                    seconds = time.perf_counter() - start
                rows.append(timing_row(label, clock[1]["env_step"], seconds, clock, num_envs=vgps_envs, note=(
                    f"no training env steps (its critic trains offline, not timed here): {episodes} episodes of "
                    f"`run_episodes` acting with the K={k} sampler on {vgps_envs} envs, as the suite evaluates")))
            else:
                cfg = dataclass_from(PARLConfig, {**values, "steps": parl_steps})
                windows = WindowSampler(store, obs_keys=["state"], obs_horizon=base.spec.obs_horizon,
                                        pred_horizon=base.spec.pred_horizon, exec_horizon=base.spec.exec_horizon)
                with clocked() as clock:
                    start = time.perf_counter()
                    train_parl(base, critic, windows, cfg, progress=False)
                    seconds = time.perf_counter() - start
                rows.append(timing_row(label, 0, seconds, clock, num_envs=0, note=(
                    f"offline, no env steps: {cfg.steps} updates at {cfg.steps / seconds:.2f}/s, each on "
                    f"{cfg.batch_size} stored observations x {cfg.num_samples} samples (top {cfg.top_k}, "
                    f"{cfg.grad_steps} ascent steps)")))
        rows[-1].update(method=method, head=head, overrides=extra)
    raw_after = [bench_raw(spec, env_id, n, RAW_ENV_STEPS, limit) for n in counts]
    suite_warmup = next(int(o.split("=")[1]) for o in METHODS["dsrl_sac"][2] if o.startswith("finetune.learning_starts="))
    return {"raw_before": raw_before, "raw_after": raw_after, "rows": rows, "heads": heads, "step_limit": limit,
            "suite_learning_starts": suite_warmup}


# DSRL-SAC (the suite's recipe) with its envs in this process and in actor processes: (label, actors, max_staleness)
OVERLAP_SETTINGS = [("in-process (actors=0)", 0, 0), ("1 actor, lock-step (max_staleness=0)", 1, 0),
                    ("1 actor, max_staleness=1 (the default)", 1, 1), ("1 actor, max_staleness=2", 1, 2)]
OVERLAP_HEADING = "## Overlapping acting and learning: DSRL-SAC with actor processes"
OVERLAP_TARGET = 0.5   # issue 53: DSRL-SAC env steps/s >= 0.5x raw stepping on 2 cores


def bench_overlap(env_id: str, root: Path, env_steps: int, learning_starts: int) -> dict:
    """DSRL-SAC with the suite's settings at each of ``OVERLAP_SETTINGS``, between two measurements of raw
    stepping of the same number of envs; a fresh untrained small-head base per run."""
    from experiments.rl_suite import METHODS, step_limit
    from robopolicy.config import dataclass_from
    from robopolicy.finetune.dsrl import DSRLConfig, run_dsrl

    limit, store = step_limit(env_id), demo_store(env_id, root)
    values = suite_settings("dsrl_sac", [], env_steps, limit, learning_starts)
    head = small_head(METHODS["dsrl_sac"][1])
    spec = build_base(store, head).spec
    raw_before = bench_raw(spec, env_id, values["num_envs"], RAW_ENV_STEPS, limit)
    rows = []
    for label, actors, staleness in OVERLAP_SETTINGS:
        print(f"overlap: {label}", flush=True)
        cfg = dataclass_from(DSRLConfig, {**values, "actors": actors, "max_staleness": staleness})
        _, s = run_dsrl(build_base(store, head), env_id, cfg, root / f"overlap-{len(rows)}", progress=False)
        report = s.get("actors", {})
        rows.append({"label": label, "actors": actors, "max_staleness": staleness, "env_steps": s["env_steps"],
                     "seconds": s["seconds"], "env_steps_per_s": s["env_steps"] / s["seconds"],
                     "updates": s["updates"], "decisions": s["decisions"],
                     "learner_wait_seconds": report.get("learner_wait_seconds"),
                     "startup_seconds": report.get("startup_seconds"), "staleness_mean": report.get("staleness_mean"),
                     "staleness_max": report.get("staleness_max")})
    raw_after = bench_raw(spec, env_id, values["num_envs"], RAW_ENV_STEPS, limit)
    return {"raw_before": raw_before, "raw_after": raw_after, "rows": rows, "step_limit": limit, "head": head,
            "recipe": {k: values[k] for k in ("num_envs", "utd", "batch_size", "hidden_dims", "learning_starts")}}


def overlap_section(part: dict) -> list[str]:
    s, rows, r = part["settings"], part["rows"], part["recipe"]
    raw = merged_raw(part["raw_before"], part["raw_after"])
    ratio = {row["label"]: row["env_steps_per_s"] / raw["env_steps_per_s"] for row in rows}
    local = next(row for row in rows if row["actors"] == 0)
    default = next(row for row in rows if row["actors"] == 1 and row["max_staleness"] == 1)
    best = max(ratio.values())
    verdict = "met" if best >= OVERLAP_TARGET else "missed"
    lines = [OVERLAP_HEADING, "",
             f"Env {s['env']} (episodes capped at {part['step_limit']} steps), DSRL-SAC with the suite's settings "
             f"(`experiments/rl_suite.py`, `dsrl_sac`: {r['num_envs']} envs, UTD {r['utd']}, batch {r['batch_size']}, "
             f"MLPs {'x'.join(map(str, r['hidden_dims']))}) on the suite's small diffusion head (untrained weights), "
             f"{s['env_steps']} env steps per run after {r['learning_starts']} warm-up env steps, no evaluation or "
             "selection inside the timed runs. `actors=1`: the envs, the noise policy's sampling and the base calls "
             "run in one spawned actor process (1 torch thread) while this process (1 torch thread) does the "
             "gradient updates, `utd` per received decision as in-process, and publishes the weights after each "
             "decision's updates; `max_staleness` is how many decisions the actor may act ahead of them. The clock "
             "starts once the actor has made its envs (its start-up is the notes column). The raw reference is "
             "`VectorChunkEnv.step_chunks` with uniform random actions on the same number of envs in one process, "
             "before and after the runs.", "",
             common.measured_line(part, "finetune.json"), "",
             f"Headline, env steps/s against raw stepping in the same run: in-process **{ratio[local['label']]:.2f}x**, "
             f"one actor at the default staleness **{ratio[default['label']]:.2f}x** "
             f"({default['env_steps_per_s'] / local['env_steps_per_s']:.2f}x the in-process loop). Target "
             f">= {OVERLAP_TARGET}x raw stepping: **{verdict}** (best {best:.2f}x).", "",
             "| DSRL-SAC | env steps/s | ratio to raw stepping | ratio to in-process | learner waiting for data "
             "(share of wall time) | staleness mean / max (weight versions) | notes |",
             "|---|---|---|---|---|---|---|",
             f"| raw env stepping, {r['num_envs']} envs | {raw['env_steps_per_s']:.0f} | 1.00 | — | — | — | "
             f"{part['raw_before']['env_steps_per_s']:.0f} before the runs, {part['raw_after']['env_steps_per_s']:.0f} "
             f"after; {raw['env_steps']} env steps |"]
    for row in rows:
        waiting = "—" if row["learner_wait_seconds"] is None else f"{row['learner_wait_seconds'] / row['seconds']:.2f}"
        stale = "—" if row["staleness_mean"] is None else f"{row['staleness_mean']:.2f} / {row['staleness_max']}"
        startup = "" if row["startup_seconds"] is None else f"; actor start-up {row['startup_seconds']:.1f} s (untimed)"
        lines.append(f"| {row['label']} | {row['env_steps_per_s']:.1f} | {ratio[row['label']]:.2f} | "
                     f"{row['env_steps_per_s'] / local['env_steps_per_s']:.2f} | {waiting} | {stale} | "
                     f"{row['env_steps']} env steps in {row['seconds']:.1f} s, {row['updates']} updates{startup} |")
    lines += ["", "With one actor the wall time of a decision is about the larger of the learner's `utd` updates and "
              "the actor's decision (sampling, base call, env steps), against their sum in-process; the learner's "
              "waiting share says which side is the bottleneck (near 0: the updates). While the updates are, more "
              "actors cannot help at a fixed UTD: what is left to reach the target is the update's own cost."]
    return lines


# DPPO (the suite's dppo_diffusion recipe) with overlap false and true: (label, overlap, a selection point after
# every rollout)
DPPO_OVERLAP_SETTINGS = [("in-process (overlap=false)", False, 0), ("overlap=true", True, 0),
                         ("in-process, selection every rollout", False, 1), ("overlap=true, selection every rollout", True, 1)]
DPPO_OVERLAP_HEADING = "## Overlapping acting and learning: DPPO's rollouts in a worker process"
DEFAULT_DPPO_OVERLAP_STEPS = 2400   # 5 rollouts of the suite's 8 envs x 15 decisions x Ta 4
DPPO_OVERLAP_SELECT_EPISODES = 10


def bench_dppo_overlap(env_id: str, root: Path, env_steps: int) -> dict:
    """DPPO with the suite's ``dppo_diffusion`` settings at each of ``DPPO_OVERLAP_SETTINGS``, between two
    measurements of raw stepping of the same number of envs; the same untrained small-head base (seed 0), rebuilt
    per run. The critic warm-up is 0 so that every update moves the actor (in warm-up the two-pass update skips the
    actor's backward pass, which ``update`` runs and discards: a saving that is not the overlap's)."""
    import torch

    from experiments.rl_suite import METHODS, step_limit
    from robopolicy.config import dataclass_from
    from robopolicy.finetune.dppo import DPPOConfig, train_dppo

    limit, store = step_limit(env_id), demo_store(env_id, root)
    values = {**suite_settings("dppo_diffusion", [], env_steps, limit, 0), "critic_warmup_updates": 0}
    rollout = values["num_envs"] * values["rollout_steps"]
    head = small_head(METHODS["dppo_diffusion"][1])
    spec = build_base(store, head).spec
    raw_before = bench_raw(spec, env_id, values["num_envs"], RAW_ENV_STEPS, limit)
    rows = []
    for label, overlap, selection in DPPO_OVERLAP_SETTINGS:
        print(f"dppo overlap: {label}", flush=True)
        select = ({"select_every": rollout * spec.exec_horizon, "select_episodes": DPPO_OVERLAP_SELECT_EPISODES,
                   "select_alpha": 1.0} if selection else {})
        cfg = dataclass_from(DPPOConfig, {**values, "overlap": overlap, **select})
        torch.manual_seed(0)   # the same base in every run: the two settings then run the same numbers
        base = build_base(store, head)
        with clocked() as clock:
            _, s = train_dppo(base, env_id, cfg, root / f"dppo-overlap-{len(rows)}", progress=False)
        row = timing_row(label, s["env_steps"], s["seconds"], clock, num_envs=cfg.num_envs, overlap=overlap,
                         select_every=cfg.select_every, updates=len(s["updates"]),
                         selection_points=len(s["selection"]["history"]) if s["selection"] else 0)
        row.update({k: v for k, v in (s["overlap"] or {}).items()
                    if k in ("actor_update_seconds", "critic_update_seconds", "learner_wait_seconds",
                             "rollout_seconds", "startup_seconds", "staleness_max")})
        rows.append(row)
    raw_after = bench_raw(spec, env_id, values["num_envs"], RAW_ENV_STEPS, limit)
    return {"raw_before": raw_before, "raw_after": raw_after, "rows": rows, "step_limit": limit, "head": head,
            "recipe": {k: values[k] for k in ("num_envs", "rollout_steps", "update_epochs", "minibatch_size",
                                              "finetune_steps", "critic_hidden_dims", "target_kl")},
            "select_episodes": DPPO_OVERLAP_SELECT_EPISODES}


def dppo_overlap_section(part: dict) -> list[str]:
    s, rows, r = part["settings"], part["rows"], part["recipe"]
    raw = merged_raw(part["raw_before"], part["raw_after"])
    rate = {row["label"]: row["env_steps_per_s"] for row in rows}
    pairs = [(a, b) for a in rows for b in rows if not a["overlap"] and b["overlap"]
             and a["select_every"] == b["select_every"]]
    same = all(a["env_steps"] == b["env_steps"] and a["updates"] == b["updates"] for a, b in pairs)
    lines = [DPPO_OVERLAP_HEADING, "",
             f"Env {s['env']} (episodes capped at {part['step_limit']} steps), DPPO with the suite's settings "
             f"(`experiments/rl_suite.py`, `dppo_diffusion`: {r['num_envs']} envs x {r['rollout_steps']} decisions per "
             f"rollout, K'={r['finetune_steps']}, {r['update_epochs']} epochs of {r['minibatch_size']}-pair minibatches, "
             f"critic {r['critic_hidden_dims']}, target KL {r['target_kl']}) on the suite's small diffusion head "
             f"(untrained weights), about {s['env_steps']} env steps per run, critic warm-up 0 (every update moves the "
             "actor). `overlap=true`: one spawned worker process (1 torch thread) collects each rollout (env steps, "
             "encoder, denoising chain) with the actor the last update produced, while this process (1 torch thread) "
             "runs that update's critic epochs and any selection point; the actor's epochs cannot overlap the "
             "rollout (PPO needs the rollout from the updated actor). Both settings give the same numbers "
             f"(`tests/finetune/test_dppo_overlap.py`){'; here every pair ran the same env steps and updates' if same else ''}. "
             "Every run starts from the same base (seed 0). The selection rows evaluate "
             f"{part['select_episodes']} tuning episodes after every rollout. The clock starts once the worker has "
             "made its envs. The raw reference is `VectorChunkEnv.step_chunks` with uniform random actions on the "
             "same number of envs in one process, before and after the runs.", "",
             common.measured_line(part, "finetune.json"), ""]
    if part.get("notes"):
        lines += [f"Notes: {part['notes']}", ""]
    lines += ["Headline, env steps/s: "
              + "; ".join(f"{b['label']} **{rate[b['label']] / rate[a['label']]:.2f}x** {a['label']}" for a, b in pairs)
              + "; against raw stepping: " + "; ".join(f"{row['label']} {row['env_steps_per_s'] / raw['env_steps_per_s']:.2f}x"
                                                       for row in rows) + ".",
              "",
              "| DPPO | env steps/s | ratio to raw stepping | ratio to in-process | learner: actor epochs / critic "
              "epochs / waiting for the rollout (share of wall time) | worker: collecting (share) | notes |",
              "|---|---|---|---|---|---|---|",
              f"| raw env stepping, {r['num_envs']} envs | {raw['env_steps_per_s']:.0f} | 1.00 | — | — | — | "
              f"{part['raw_before']['env_steps_per_s']:.0f} before the runs, {part['raw_after']['env_steps_per_s']:.0f} "
              f"after; {raw['env_steps']} env steps |"]
    for row in rows:
        local = next(a for a in rows if not a["overlap"] and a["select_every"] == row["select_every"])
        t = row["seconds"]
        if row["overlap"]:
            split = (f"{row['actor_update_seconds'] / t:.2f} / {row['critic_update_seconds'] / t:.2f} / "
                     f"{row['learner_wait_seconds'] / t:.2f}")
            worker = f"{row['rollout_seconds'] / t:.2f}"
            extra = f"; worker start-up {row['startup_seconds']:.1f} s (untimed); staleness max {row['staleness_max']}"
        else:
            split = f"updates {row['updates_seconds'] / t:.2f} (both, one pass)"
            worker = "—"
            extra = (f"; in this process: env.step/reset {(row['env_step_seconds'] + row['env_reset_seconds']) / t:.2f}, "
                     f"sampling {row['sampling_seconds'] / t:.2f}")
        points = f", {row['selection_points']} selection points" if row["selection_points"] else ""
        lines.append(f"| {row['label']} | {row['env_steps_per_s']:.1f} | {row['env_steps_per_s'] / raw['env_steps_per_s']:.2f} | "
                     f"{row['env_steps_per_s'] / local['env_steps_per_s']:.2f} | {split} | {worker} | "
                     f"{row['env_steps']} env steps in {t:.1f} s, {row['updates']} updates{points}{extra} |")
    train = next((b for a, b in pairs if not b["select_every"]), None)
    critic = f" (here {train['critic_update_seconds'] / train['seconds']:.2f} of the wall time)" if train else ""
    lines += ["", "Per iteration the in-process loop takes rollout + actor epochs + critic epochs (+ a selection point); "
              "with `overlap=true`, on a free core each, it takes actor epochs + the larger of the rollout and (critic "
              "epochs + selection point), plus the first rollout, which nothing overlaps. The actor's epochs, the "
              f"largest share, stay serial; the critic is a small MLP on the frozen encoder's features, so its epochs"
              f"{critic} are all the training loop can hide, and a selection point can hide at most one rollout. "
              "Where the two processes do not get a core each (a machine busy with other jobs, as the provenance line "
              "says), the overlapped parts share the CPU time instead and the ratio shows no gain: `overlap` stays "
              "off by default."]
    return lines


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
             "", common.measured_line(part, "finetune.json"), ""]
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
             common.measured_line(part, "finetune.json"), "",
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


def merged_raw(before: dict, after: dict) -> dict:
    """Raw stepping before and after the methods as one measurement (steps and seconds summed)."""
    keys = ("env_steps", "seconds", "env_step_seconds", "env_reset_seconds", "sampling_seconds", "updates_seconds")
    out = {k: before[k] + after[k] for k in keys}
    return {**out, "env_steps_per_s": out["env_steps"] / out["seconds"]}


def shares(r: dict) -> str:
    env = (r["env_step_seconds"] + r["env_reset_seconds"]) / r["seconds"]
    return f"{env:.2f} | {r['sampling_seconds'] / r['seconds']:.2f} | {r['updates_seconds'] / r['seconds']:.2f}"


def throughput_section(part: dict) -> list[str]:
    s, rows = part["settings"], part["rows"]
    raw = {b["num_envs"]: merged_raw(b, a) for b, a in zip(part["raw_before"], part["raw_after"])}
    heads = "; ".join(f"{h['name']} with {h.get('diffusion', h.get('flow'))['num_inference_steps']} denoising steps"
                      for h in part["heads"].values())
    d = part["heads"]["diffusion_unet"]
    reduced = (f" (reduced from the script's default {s['default_env_steps']})"
               if s["env_steps"] != s["default_env_steps"] else "")
    lines = [THROUGHPUT_HEADING, "",
             f"Env {s['env']} (episodes capped at {part['step_limit']} steps, the suite's limit for this task), a "
             f"budget of {s['env_steps']} env steps per method{reduced}: a run stops at the first decision (DSRL) or "
             "rollout (DPPO) past it, so DPPO, which collects whole rollouts, runs a little more; every row says how "
             "many it ran. Each method with its settings in `experiments/rl_suite.py` (`METHODS`; DSRL-NA is the "
             f"DSRL row with `variant=na`, its replay preloaded with the demos) on the suite's small head (To "
             f"{d['obs_horizon']}, Tp {d['pred_horizon']}, Ta {d['exec_horizon']}, U-Net "
             f"{d['unet']['down_dims']}; {heads}), untrained weights (speed does not depend on them) with a "
             f"normalizer fitted on {DEMO_EPISODES} scripted-expert episodes. DSRL's warm-up is "
             f"{s['learning_starts']} env steps instead of the suite's {part['suite_learning_starts']:,}, so most of the "
             "budget is learning. "
             "**No evaluation or selection inside the timed runs** (`select_every=0`, `eval_every=0`, no "
             "checkpoints): the numbers are the training loop only. 1 torch thread, one process. DPPO's update takes "
             "every (decision, denoising position) pair of a minibatch in one forward pass; the rows \"one pass per "
             "position\" are the same runs with one pass per distinct position (how it worked before, and still works "
             "for a DenoisingPolicy that is not one of our heads), the reference for that change.", "",
             common.measured_line(part, "finetune.json"), ""]
    online = [r for r in rows if r["env_steps"] and r["method"] != "vgps"]
    lines += ["Headline, env steps/s against raw stepping of the same number of envs in the same run: "
              + "; ".join(f"{r['label']} **{r['env_steps_per_s'] / raw[r['num_envs']]['env_steps_per_s']:.2f}x** "
                          f"(simulator {(r['env_step_seconds'] + r['env_reset_seconds']) / r['seconds']:.2f}, "
                          f"gradient updates {r['updates_seconds'] / r['seconds']:.2f} of its wall time)"
                          for r in online) + ".", "",
              "| method | env steps/s | ratio to raw stepping | share of time in env.step/reset | in policy sampling "
              "| in gradient updates | notes |", "|---|---|---|---|---|---|---|"]
    for (n, r), b, a in zip(raw.items(), part["raw_before"], part["raw_after"]):
        lines.append(f"| raw env stepping, {n} envs | {r['env_steps_per_s']:.0f} | 1.00 | {shares(r)} | "
                     f"{b['env_steps_per_s']:.0f} before the methods, {a['env_steps_per_s']:.0f} after; "
                     f"{r['env_steps']} env steps; {b['note']} |")
    for r in rows:
        rate, ratio = "—", "—"
        if r["env_steps"]:
            rate, ratio = f"{r['env_steps_per_s']:.1f}", f"{r['env_steps_per_s'] / raw[r['num_envs']]['env_steps_per_s']:.2f}"
        lines.append(f"| {r['label']} | {rate} | {ratio} | {shares(r)} | {r['env_steps']} env steps in "
                     f"{r['seconds']:.1f} s; {r['note']} |")
    lines += ["", "Shares are of each run's own wall time (the `seconds` that `run_dsrl` and `train_dppo` report, "
              "which start after the envs are made; for V-GPS and PA-RL the time around `run_episodes` and "
              "`train_parl`, with V-GPS's envs made before it). They come from timers around `SimEnv.step` and "
              "`reset`, the sampling functions (DSRL `executed` and the noise policy's `rsample`, DPPO "
              "`sample_chain` and `encode`, V-GPS `sample`, PA-RL `ActionImprover.improve_pair`) and the update "
              "functions (DSRL `update`/`distill`, DPPO `update`, PA-RL `distill_step` or `preference_step`); a timed "
              "call inside another counts once, for the outer one, so DSRL-NA's base calls inside its updates count as "
              "updates here (the DSRL section above counts them as base sampling). The rest of the time is the "
              "env wrapper (observation windows, replay, GAE, bookkeeping). The raw reference is "
              "`VectorChunkEnv`, the wrapper the online fine-tuners step, measured before and after the methods "
              "(the ratio uses both together); V-GPS acts through `run_episodes`, whose env loop is a different "
              "wrapper of the same envs."]
    return lines


def render(record: dict) -> str:
    """The page, from the JSON record only (any part may be missing: its section is then left out)."""
    lines = ["# Fine-tuning benchmark (DSRL at UTD 20, V-GPS overhead, throughput per method, overlapped acting)", ""]
    if record.get("dsrl"):
        lines += dsrl_section(record["dsrl"]) + [""]
    if record.get("vgps"):
        lines += vgps_section(record["vgps"]) + [""]
    if record.get("throughput"):
        lines += throughput_section(record["throughput"]) + [""]
    if record.get("overlap"):
        lines += overlap_section(record["overlap"]) + [""]
    if record.get("dppo_overlap"):
        lines += dppo_overlap_section(record["dppo_overlap"]) + [""]
    return "\n".join(lines).rstrip("\n") + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--env", default="metaworld/reach-v3")
    parser.add_argument("--env-steps", type=int, default=DEFAULT_ENV_STEPS)
    parser.add_argument("--vgps-only", action="store_true", help="measure V-GPS only; keep the JSON's DSRL part")
    parser.add_argument("--dsrl-only", action="store_true", help="measure DSRL only; keep the JSON's V-GPS part")
    parser.add_argument("--throughput-only", action="store_true",
                        help="measure the throughput per method only; keep the JSON's other parts")
    parser.add_argument("--throughput-env-steps", type=int, default=DEFAULT_THROUGHPUT_STEPS,
                        help="env steps per method in the throughput section")
    parser.add_argument("--learning-starts", type=int, default=DEFAULT_LEARNING_STARTS,
                        help="DSRL's warm-up env steps in the throughput section")
    parser.add_argument("--overlap-only", action="store_true",
                        help="measure DSRL-SAC with and without actor processes only; keep the JSON's other parts")
    parser.add_argument("--overlap-env-steps", type=int, default=DEFAULT_THROUGHPUT_STEPS,
                        help="env steps per run in the overlap section")
    parser.add_argument("--dppo-overlap-only", action="store_true",
                        help="measure DPPO with overlap false and true only; keep the JSON's other parts")
    parser.add_argument("--dppo-overlap-env-steps", type=int, default=DEFAULT_DPPO_OVERLAP_STEPS,
                        help="env steps per run in the DPPO overlap section")
    parser.add_argument("--notes", default="", help="a note on the conditions, kept in the measured part's JSON")
    parser.add_argument("--parl-steps", type=int, default=DEFAULT_PARL_STEPS,
                        help="PA-RL updates in the throughput section (it takes no env steps)")
    args = common.page_args(parser, common.PAGES / "finetune.md", render)
    only = [part for part in PARTS if getattr(args, f"{part}_only")]
    if len(only) > 1:
        parser.error("give at most one of --vgps-only, --dsrl-only, --throughput-only, --overlap-only, "
                     "--dppo-overlap-only")
    import torch

    torch.set_num_threads(1)
    todo = only or PARTS
    argv = [a if a != args.notes or not a else "'(in the notes)'" for a in sys.argv[1:]]  # the notes are kept apart
    json_path = args.out.with_suffix(".json")
    record = json.loads(json_path.read_text()) if json_path.exists() else {}
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        if "dsrl" in todo or "vgps" in todo:
            base, store = make_base(args.env, root)
        if "dsrl" in todo:
            provenance = common.start(PREFIX, argv)
            rows = [{"label": label, **bench_dsrl(base, args.env, v, args.env_steps, root, **extra)}
                    for label, v, extra in DSRL_SETTINGS]
            record["dsrl"] = common.record(provenance,
                                           settings={"env": args.env, "env_steps": args.env_steps,
                                                     "default_env_steps": DEFAULT_ENV_STEPS, "utd": 20,
                                                     "num_envs": 4, "batch_size": 256, "policy": POLICY_CFG},
                                           rows=rows)
        if "vgps" in todo:
            provenance = common.start(PREFIX, argv)
            record["vgps"] = common.record(provenance,
                                           settings={"env": args.env, "observations": 4, "repeats": TIMING_REPEATS,
                                                     "k_values": list(K_VALUES), "policy": POLICY_CFG},
                                           **bench_vgps(base, store))
        if "throughput" in todo:
            provenance = common.start(PREFIX, argv)
            record["throughput"] = common.record(
                provenance, settings={"env": args.env, "env_steps": args.throughput_env_steps,
                                      "default_env_steps": DEFAULT_THROUGHPUT_STEPS,
                                      "learning_starts": args.learning_starts, "parl_steps": args.parl_steps},
                **bench_throughput(args.env, root, args.throughput_env_steps, args.learning_starts, args.parl_steps))
        if "overlap" in todo:
            provenance = common.start(PREFIX, argv)
            record["overlap"] = common.record(
                provenance, settings={"env": args.env, "env_steps": args.overlap_env_steps,
                                      "learning_starts": args.learning_starts},
                **bench_overlap(args.env, root, args.overlap_env_steps, args.learning_starts))
        if "dppo_overlap" in todo:
            provenance = common.start(PREFIX, argv)
            record["dppo_overlap"] = common.record(
                provenance, settings={"env": args.env, "env_steps": args.dppo_overlap_env_steps}, notes=args.notes,
                **bench_dppo_overlap(args.env, root, args.dppo_overlap_env_steps))
    common.write_page(args.out, record, render)


if __name__ == "__main__":
    main()
