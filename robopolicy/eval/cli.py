"""``robopolicy eval policy=<checkpoint> env=<id> episodes=N [seed=0 workers=1 envs_per_worker=4 videos=2 ...]``.

Composes ``configs/eval.yaml`` with the overrides, loads the policy, evaluates it on the env (or on each task
of ``metaworld/mt10``), writes the run report (report.json, report.md, success.png, videos/) and prints a
summary table and the run directory.

``policy=`` and ``env=`` are stored as ``checkpoint`` and ``env_id`` (``robopolicy.config.COMMAND_KEY_NAMES``:
``policy`` is the training heads' config group).

``compare=<checkpoint>`` compares two policies on the same seeds (``compare_main``): ``policy=`` is the reference
(``before``), ``compare=`` the challenger (``after``); the report holds both success rates with 95% Wilson intervals
and the paired verdict at ``alpha`` ("improved": ``compare=`` succeeds more often). Fixed size by default (exact
McNemar on all ``episodes``); ``sequential=true`` runs both in batches of ``workers * envs_per_worker`` and stops
once ``robopolicy.eval.sequential``'s test has decided (``episodes`` is the budget).
"""

from __future__ import annotations

from typing import Any

import torch
from omegaconf import DictConfig, OmegaConf
from rich.console import Console
from rich.table import Table

from robopolicy.config import command_key_names, compose, with_env_list
from robopolicy.errors import RobopolicyError
from robopolicy.eval.evaluate import EvalSettings, evaluate, policy_provenance
from robopolicy.eval.settings import resolve_execution
from robopolicy.eval.stats import SIGNIFICANCE
from robopolicy.execution import ExecutionSettings
from robopolicy.runs import make_run_dir

# Keys reserved for later parts, with the only value this version implements.
BACKENDS = ("local", "ray")
USAGE = ("usage: robopolicy eval policy=<checkpoint or run dir> env=<env id | metaworld/mt10> episodes=N "
         "[seed=0 workers=1 envs_per_worker=4 videos=2 camera=<name> run_dir=<path> ...]  (keys: EvalConfig, robopolicy/eval/settings.py)\n"
         "       robopolicy eval policy=<A> compare=<B> env=<env id> episodes=N [sequential=true alpha=0.05]  "
         "(B against A on the same seeds: a paired verdict)")
# What a two-policy comparison runs as set, and what it would leave out: (key, the only value it implements).
COMPARE_FIXED = (("backend", "local"), ("steer", None), ("precision", "fp32"), ("inference_steps", None),
                 ("noise_scale", None), ("replan_every", None))  # videos: a comparison records none (its report says)


class NotAvailableError(RobopolicyError):
    """A config value reserved for a part of robopolicy that is not available yet."""


def check_backend(cfg: DictConfig) -> None:
    if cfg.backend not in BACKENDS:
        raise RobopolicyError(f"unknown backend={cfg.backend!r}; valid: {', '.join(BACKENDS)}")
    if cfg.backend == "ray" and cfg.get("precision", "fp32") != "fp32":
        raise NotAvailableError("precision= with backend=ray is not available yet: Ray workers load the policy in "
                                "fp32; use backend=local")
    for key, what in (("inference_steps", "its trained steps"), ("noise_scale", "unit noise")):
        if cfg.backend == "ray" and cfg.get(key) is not None:
            raise NotAvailableError(f"{key}= with backend=ray is not available yet: Ray workers load the policy "
                                    f"with {what}; use backend=local")
    if cfg.get("noise_scale") is not None and cfg.steer:
        raise RobopolicyError(f"noise_scale={cfg.noise_scale} with steer={cfg.steer}: steering ranks K different "
                              "samples of the policy; leave noise_scale unset (null) when steering")
    if cfg.backend == "ray" and cfg.steer:
        raise NotAvailableError("steer= with backend=ray is not available yet: Ray workers load the plain "
                                "policy; evaluate steered policies with backend=local")


def check_steering(cfg: DictConfig) -> None:
    """``K`` and ``beta`` only mean something with a steering model: refuse them alone rather than ignore them."""
    if not cfg.steer and (int(cfg.K) != 1 or float(cfg.beta) != 0.0):
        raise RobopolicyError(f"K={cfg.K} / beta={cfg.beta} re-rank candidates with a critic: add steer=vgps "
                              "critic=<dir> (from `robopolicy finetune method=vgps`)")


def latencies_of(cfg: DictConfig) -> list[Any]:
    """The latency setting as a list (one evaluation each), each value checked before anything runs."""
    from robopolicy.execution import parse_latency

    value = cfg.latency
    values = list(OmegaConf.to_container(value)) if OmegaConf.is_list(value) else [value]
    if not values:
        raise RobopolicyError("latency=[] names no latency; give one (latency=4) or a list (latency=[0,2,4])")
    for v in values:
        parse_latency(v)
    return values


def execution_of(cfg: DictConfig) -> ExecutionSettings | None:
    """The execution strategy, or None for the plain synchronous harness (strategy sync at latency 0)."""
    execution = ExecutionSettings(**OmegaConf.to_container(cfg.execution, resolve=True))
    resolved = resolve_execution(execution, latencies_of(cfg), cfg.replan_every)
    if cfg.backend == "ray" and resolved is not None:
        raise NotAvailableError("latency-aware evaluation (latency=, replan_every=, execution.strategy) with "
                                "backend=ray is not available yet; use backend=local")
    return resolved


def settings_from_config(cfg: DictConfig) -> EvalSettings:
    return EvalSettings(episodes=int(cfg.episodes), seed=int(cfg.seed), workers=int(cfg.workers),
                        envs_per_worker=int(cfg.envs_per_worker), stop_on_success=bool(cfg.stop_on_success),
                        max_episode_steps=cfg.max_episode_steps,
                        env_kwargs=OmegaConf.to_container(cfg.env_kwargs, resolve=True),
                        videos=int(cfg.videos), camera=cfg.camera, video_size=int(cfg.video_size),
                        progress=bool(cfg.progress), backend=str(cfg.backend), address=cfg.address,
                        checkpoint=str(cfg.checkpoint), execution=execution_of(cfg),
                        latency=latencies_of(cfg)[0], replan_every=cfg.replan_every)


def summary_table(report: dict[str, Any]) -> Table:
    table = Table(title="evaluation")
    longest_id = max(len(t["env_id"]) for t in report["tasks"])
    table.add_column("task", no_wrap=True, min_width=longest_id)
    for column in ("episodes", "successes", "success rate [95% CI]", "errors", "mean return", "mean length"):
        table.add_column(column, justify="right")
    for t in report["tasks"]:
        low, high = t["ci95"]
        table.add_row(t["env_id"], str(t["episodes"]), str(t["successes"]),
                      f"{t['success_rate']:.2f} [{low:.2f}, {high:.2f}]", str(t["errors"]),
                      f"{t['mean_return']:.1f}", f"{t['mean_length']:.1f}")
    o = report["overall"]
    if o["tasks"] > 1:
        table.add_row(f"[bold]mean over {o['tasks']} tasks[/]", str(o["episodes"]), str(o["successes"]),
                      f"[bold]{o['mean_success_rate']:.2f}[/]", str(o["errors"]), f"{o['mean_return']:.1f}", "")
    return table


def main(argv: list[str]) -> int:
    if any(a in ("-h", "--help") for a in argv):
        print(USAGE)
        return 0
    cfg = with_env_list(compose("eval", argv))
    for key in ("checkpoint", "env_id"):
        if OmegaConf.is_missing(cfg, key):
            raise RobopolicyError(f"missing {next(k for k, v in command_key_names('eval').items() if v == key)}=...; "
                                  + USAGE)
    if cfg.compare:
        return compare_main(cfg)
    if cfg.sequential or float(cfg.alpha) != SIGNIFICANCE:
        raise RobopolicyError(f"sequential={str(cfg.sequential).lower()} / alpha={cfg.alpha} set the paired verdict "
                              "of two policies: add compare=<checkpoint> (it against policy=, on the same seeds)")
    check_backend(cfg)
    check_steering(cfg)
    settings = settings_from_config(cfg)
    torch.set_num_threads(int(cfg.threads))

    from robopolicy import load_policy
    from robopolicy.envs import expand_env_ids, registered_envs

    env_ids = expand_env_ids(cfg.env_id)
    unknown = [e for e in env_ids if e not in registered_envs()]
    if unknown:  # make_env explains (lists ids, names the extra to install); fail before loading anything
        from robopolicy.envs import make_env

        make_env(unknown[0])
    policy = load_policy(cfg.checkpoint, device=cfg.device)
    provenance = policy_provenance(cfg.checkpoint)
    if cfg.precision != "fp32":
        if not hasattr(policy, "set_inference_precision"):
            raise RobopolicyError(f"precision={cfg.precision} needs a diffusion or flow policy; "
                                  f"{type(policy).__name__} runs in fp32 only")
        policy.set_inference_precision(str(cfg.precision))
        provenance.update(precision=str(cfg.precision))
    if cfg.inference_steps is not None:
        if not hasattr(policy, "set_inference_steps"):
            raise RobopolicyError(f"inference_steps={cfg.inference_steps} needs a diffusion or flow policy; "
                                  f"{type(policy).__name__} has no denoising steps")
        provenance.update(inference_steps=int(cfg.inference_steps), trained_inference_steps=policy.num_denoising_steps)
        policy.set_inference_steps(int(cfg.inference_steps))
    if cfg.noise_scale is not None:
        if not hasattr(policy, "set_noise_scale"):
            raise RobopolicyError(f"noise_scale={cfg.noise_scale} needs a diffusion or flow policy; "
                                  f"{type(policy).__name__} draws no noise")
        policy.set_noise_scale(float(cfg.noise_scale))
        provenance.update(noise_scale=float(cfg.noise_scale))
    if cfg.steer:
        from robopolicy.finetune.steering import wrap_with_steering

        policy = wrap_with_steering(policy, cfg)
        provenance.update(steer=cfg.steer, critic=cfg.critic, K=int(cfg.K), beta=float(cfg.beta),
                          ensemble=str(cfg.ensemble))
    run_dir = make_run_dir("eval", cfg, cfg.run_dir, cfg.name)
    from robopolicy.runs import writing_run_dir  # a full disk: one line, a run dir made here removed

    console = Console()
    latencies = latencies_of(cfg)
    for latency in latencies:  # a list: one evaluation per latency, each in its own folder, on the same seeds
        settings.latency = latency
        out = run_dir if len(latencies) == 1 else run_dir / f"latency_{str(latency).replace('/', '_')}"
        with writing_run_dir(run_dir, "eval"):
            if cfg.backend == "ray":  # this command module may import scale/; the eval library does not
                from robopolicy.scale.cluster import ray_session
                from robopolicy.scale.ray_rollout import ray_episodes

                with ray_session(cfg.address, None if cfg.address else int(cfg.workers)):
                    report = evaluate(policy, env_ids, settings, out, provenance, backend=ray_episodes)
            else:
                report = evaluate(policy, env_ids, settings, out, provenance)
        table = summary_table(report)
        if settings.execution is not None:
            table.title = f"evaluation: strategy={settings.execution.strategy} latency={latency}"
        console.print(table)
        console.print(f"report: {out / 'report.md'}")
    console.print(f"run dir: {run_dir}")
    return 0


def check_compare(cfg: DictConfig) -> Any:
    """Before loading anything: what ``compare=`` does not implement is refused (never ignored), one line each; returns
    the ``SequentialSettings`` with ``sequential=true`` (else None), a budget too small to decide refused."""
    for key, only in COMPARE_FIXED:
        if cfg.get(key) != only:
            shown = "null" if only is None else only
            raise NotAvailableError(f"{key}={cfg.get(key)} with compare= is not available yet: a comparison runs "
                                    f"both policies plainly; set {key}={shown} (videos=0: it records none) or "
                                    "evaluate each policy on its own")
    if latencies_of(cfg) not in ([0], ["0"]) or cfg.execution.strategy != "sync":
        raise NotAvailableError("latency= / execution.strategy with compare= is not available yet: evaluate each "
                                "policy on its own with the same seed= for latency-aware runs")
    from robopolicy.envs import expand_env_ids

    if len(expand_env_ids(cfg.env_id)) != 1:
        raise RobopolicyError(f"env={cfg.env_id} is a task set; compare= takes one env id (compare on each task "
                              "in turn)")
    if not cfg.sequential:
        return None
    from robopolicy.eval.sequential import settings_named

    return settings_named("eval", {"alpha": "alpha", "budget": "episodes", "prior": "sequential_prior",
                                   "anytime_share": "sequential_anytime_share"},
                          alpha=cfg.alpha, budget=cfg.episodes, prior=cfg.sequential_prior,
                          anytime_share=cfg.sequential_anytime_share)


def compare_main(cfg: DictConfig) -> int:
    """``robopolicy eval policy=A compare=B env=... episodes=N [sequential=true]``: B against A on seeds
    ``seed + i``, both success rates and the paired verdict into ``report.json`` / ``report.md``."""
    from robopolicy import load_policy
    from robopolicy.envs import make_env, registered_envs
    from robopolicy.eval.report import build_comparison, write_comparison
    from robopolicy.eval.rollout import run_episodes, sequential_paired_outcomes
    from robopolicy.eval.stats import paired_comparison

    sequential = check_compare(cfg)
    if cfg.env_id not in registered_envs():
        make_env(cfg.env_id)  # explains: lists the ids, names the extra to install
    torch.set_num_threads(int(cfg.threads))
    before, after = (load_policy(c, device=cfg.device) for c in (cfg.checkpoint, cfg.compare))
    provenance = {"policy": policy_provenance(cfg.checkpoint), "compare": policy_provenance(cfg.compare),
                  "env_id": cfg.env_id, "base_seed": int(cfg.seed), "budget": int(cfg.episodes)}
    run = {"workers": int(cfg.workers), "envs_per_worker": int(cfg.envs_per_worker),
           "stop_on_success": bool(cfg.stop_on_success), "max_episode_steps": cfg.max_episode_steps,
           "env_kwargs": OmegaConf.to_container(cfg.env_kwargs, resolve=True)}
    if sequential is None:
        outcomes = [[bool(r.success) for r in run_episodes(p, cfg.env_id, int(cfg.episodes), base_seed=int(cfg.seed),
                                                           progress=bool(cfg.progress), **run)]
                    for p in (before, after)]
        verdict = {**paired_comparison(*outcomes, alpha=float(cfg.alpha)), "alpha": float(cfg.alpha)}
        episodes_run = int(cfg.episodes)
    else:
        *outcomes, episodes_run, test = sequential_paired_outcomes(after, cfg.env_id, sequential, before=before,
                                                                   base_seed=int(cfg.seed),
                                                                   progress=bool(cfg.progress), **run)
        verdict = test.result()
    report = build_comparison(provenance, outcomes[0], outcomes[1], verdict, episodes_run)
    run_dir = make_run_dir("eval", cfg, cfg.run_dir, cfg.name)
    from robopolicy.runs import writing_run_dir  # a full disk: one line, a run dir made here removed

    with writing_run_dir(run_dir, "eval"):
        paths = write_comparison(run_dir, report)
    console = Console()
    table = Table(title=f"comparison on {cfg.env_id}, the same seeds")
    for column in ("", "policy", "episodes", "successes", "success rate [95% CI]"):
        table.add_column(column)
    for row in report["policies"]:
        low, high = row["ci95"]
        table.add_row(row["role"], row["checkpoint"], str(row["episodes"]), str(row["successes"]),
                      f"{row['success_rate']:.2f} [{low:.2f}, {high:.2f}]")
    console.print(table)
    console.print(report["summary"], highlight=False)
    console.print(f"report: {paths['md']}")
    console.print(f"run dir: {run_dir}")
    return 0
