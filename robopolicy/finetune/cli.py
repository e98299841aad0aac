"""``robopolicy finetune method=<dsrl|vgps|dppo|parl> ...``: offline-to-online RL from a config.

Keys: the schema ``robopolicy.finetune.settings.FinetuneConfig`` (listed in ``docs/reference/configs.md``); the method's own keys under ``finetune.*`` (``configs/finetune/<method>.yaml``).
``policy=`` and ``env=`` are accepted for ``checkpoint`` and ``env_id`` (``robopolicy.config``). Every run writes a run directory
(resolved config, ``metrics.jsonl``, checkpoints, ``summary.json``). Methods provided by other modules
(``dppo``, ``parl``) expose ``run(cfg, run_dir, metrics) -> dict`` in ``robopolicy.finetune.<method>``.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import torch
from omegaconf import DictConfig, OmegaConf
from rich.console import Console
from rich.table import Table

from robopolicy.config import compose, dataclass_from, with_env_list
from robopolicy.errors import ConfigError, RobopolicyError
from robopolicy.finetune.command import (
    SEQUENTIAL_METHODS,
    USAGE,
    announce_base,
    describe_verdict,
    evaluate,
    final_evaluation,
    per_task_verdicts,
    require,
    sequential_settings,
    verdict,
)
from robopolicy.finetune.selection import SelectionSettings
from robopolicy.finetune.selection import describe as describe_selection
from robopolicy.ranges import check_ranges
from robopolicy.runs import MetricsLog, make_run_dir

METHODS = ("dsrl", "vgps", "dppo", "parl")
# method -> (module, dataclass) holding the defaults and valid ranges of its ``finetune.*`` keys
METHOD_SCHEMAS = {"dsrl": ("robopolicy.finetune.dsrl", "DSRLConfig"), "dppo": ("robopolicy.finetune.dppo", "DPPOConfig"),
                  "parl": ("robopolicy.finetune.parl", "PARLConfig"), "vgps": ("robopolicy.finetune.vgps", "VGPSConfig")}


def parse_overrides(argv: list[str]) -> tuple[str, list[str]]:
    """``method=X`` selects the ``finetune`` group; returns (method, overrides). ``policy=``/``env=`` pass through:
    ``compose`` stores them as ``checkpoint``/``env_id`` (``robopolicy.config.COMMAND_KEY_NAMES``)."""
    method = next((a.partition("=")[2] for a in reversed(argv) if a.partition("=")[0] == "method"), "dsrl")
    if method not in METHODS:
        raise ConfigError(f"unknown method={method!r}; valid: {', '.join(METHODS)}")
    return method, [f"finetune={method}", *argv]


def run_dsrl_method(cfg: DictConfig, run_dir: Path, metrics: MetricsLog) -> dict[str, Any]:
    from robopolicy import load_policy
    from robopolicy.finetune.dsrl import DSRLConfig, run_dsrl
    from robopolicy.finetune.rewards import SparseRewardConfig

    require(cfg, "checkpoint", "env_id")
    base = load_policy(cfg.checkpoint, device=cfg.device)
    values = OmegaConf.to_container(cfg.finetune, resolve=True)
    dsrl_cfg = dataclass_from(DSRLConfig, values, eval_episodes=cfg.eval.episodes, eval_seed=cfg.eval.seed,
                              seed=cfg.seed, offline_store=cfg.dataset if values.get("variant") == "na" else None,
                              reward=dataclass_from(SparseRewardConfig, OmegaConf.to_container(cfg.reward)))
    before = evaluate(base, cfg, "base")
    announce_base(before)
    metrics.log(0, eval_success=before["success"], eval_episodes=before["episodes"])
    steered, summary = run_dsrl(base, cfg.env_id, dsrl_cfg, run_dir, base_checkpoint=cfg.checkpoint,
                                metrics=metrics, progress=cfg.progress)
    final_dir = steered.save(run_dir / "steered")
    after = final_evaluation(before, steered, cfg, "dsrl")
    metrics.log(summary["env_steps"], eval_success=after["success"], eval_episodes=after["episodes"])
    return {**summary, "evaluations": [before, after], "steered_policy": str(final_dir)}


def run_vgps_method(cfg: DictConfig, run_dir: Path, metrics: MetricsLog) -> dict[str, Any]:
    from robopolicy.finetune.rewards import SparseRewardConfig
    from robopolicy.finetune.vgps import (
        ValueGuidedSampler,
        VGPSConfig,
        VGPSCriticSettings,
        VGPSSteeringSettings,
        train_vgps_critic,
    )

    require(cfg, "dataset")
    values = OmegaConf.to_container(cfg.finetune, resolve=True)
    critic_values, steering_values = values.pop("critic", None) or {}, values.pop("steering", None) or {}
    vgps_cfg = dataclass_from(VGPSConfig, values, critic=dataclass_from(VGPSCriticSettings, critic_values),
                              steering=dataclass_from(VGPSSteeringSettings, steering_values))
    reward_cfg = dataclass_from(SparseRewardConfig, OmegaConf.to_container(cfg.reward, resolve=True))
    critic, losses = train_vgps_critic(cfg.dataset, run_dir / "critic", vgps_cfg.critic.offline(), reward_cfg,
                                       seed=cfg.seed, metrics=metrics, progress=cfg.progress,
                                       **vgps_cfg.critic.structure())
    out: dict[str, Any] = {"critic": str(run_dir / "critic"), "final_losses": losses, "evaluations": []}
    if cfg.checkpoint and cfg.env_id:
        from robopolicy import load_policy

        base = load_policy(cfg.checkpoint, device=cfg.device)
        steering = vgps_cfg.steering
        samplers = {int(k): ValueGuidedSampler(base, critic, K=int(k), beta=float(steering.beta)) for k in steering.K}
        if steering.select_episodes:
            out["selection"] = select_k(samplers, cfg)
        before = evaluate(base, cfg, "base")   # the paired verdict's base; K = 1 is exactly it (not run again)
        announce_base(before)
        out["evaluations"].append({**before, "K": None})
        for k, policy in samplers.items():
            record = {**before, "policy": f"vgps K={k}"} if k == 1 else evaluate(policy, cfg, f"vgps K={k}")
            out["evaluations"].append({**record, "K": k})
        if (chosen := out.get("selection", {}).get("chosen_K")) is not None:   # the verdict judges the last
            out["evaluations"].sort(key=lambda e: e.get("K") == chosen)        # evaluation: the K to deploy
    return out


def select_k(samplers: dict[int, Any], cfg: DictConfig) -> dict[str, Any]:
    """Each K on the tuning seeds (``steering.select_seed``, ``select_episodes``; disjoint from the evaluation
    seeds): the K to deploy is the best there, ties to the smaller K, so a critic that ranks worse than chance
    leaves the user with K = 1 (the policy's own samples) rather than a steering that hurts."""
    from robopolicy.eval.rollout import success_outcomes
    from robopolicy.finetune.selection import refuse_overlap

    steering = cfg.finetune.steering
    tune = range(int(steering.select_seed), int(steering.select_seed) + int(steering.select_episodes))
    refuse_overlap(tune, range(int(cfg.eval.seed), int(cfg.eval.seed) + int(cfg.eval.episodes)),
                   "finetune.steering.select_seed, select_episodes", "eval.seed, eval.episodes", what="K",
                   move="finetune.steering.select_seed")
    tuning = {k: sum(success_outcomes(policy, cfg.env_id, len(tune), base_seed=tune.start,
                                      envs_per_worker=cfg.eval.envs_per_worker,
                                      max_episode_steps=cfg.eval.max_episode_steps))
              for k, policy in sorted(samplers.items())}
    chosen = max(tuning, key=lambda k: (tuning[k], -k))
    return {"tuning_successes": tuning, "episodes": len(tune), "tuning_seed": tune.start, "chosen_K": chosen}


BUILTIN: dict[str, Callable[[DictConfig, Path, MetricsLog], dict[str, Any]]] = {
    "dsrl": run_dsrl_method, "vgps": run_vgps_method}


def method_runner(method: str) -> Callable[[DictConfig, Path, MetricsLog], dict[str, Any]]:
    """The function that runs ``method`` (one of ``METHODS``, checked by ``parse_overrides``): dsrl and vgps are
    defined above; dppo and parl are ``run`` in ``robopolicy.finetune.<method>``, imported on first use."""
    if method in BUILTIN:
        return BUILTIN[method]
    return importlib.import_module(f"robopolicy.finetune.{method}").run


def main(argv: list[str]) -> int:
    if any(a in ("-h", "--help") for a in argv):
        print(USAGE)
        return 0
    method, overrides = parse_overrides(argv)
    cfg = with_env_list(compose("finetune", overrides))
    if method in METHOD_SCHEMAS:  # range errors at start-up, before a policy loads or a run dir is made
        module, name = METHOD_SCHEMAS[method]
        schema_module = importlib.import_module(module)
        check_ranges(cfg.finetune, getattr(schema_module, name), method)
        if (check_settings := getattr(schema_module, "check_settings", None)) is not None:
            check_settings(cfg.finetune)  # the method's checks across settings, also before a policy loads
    check_sequential(method, cfg)
    check_instructions(cfg)
    torch.set_num_threads(int(cfg.threads))
    torch.manual_seed(int(cfg.seed))
    runner = method_runner(method)
    run_dir = make_run_dir("finetune", cfg, cfg.run_dir, cfg.name or method)
    with MetricsLog(run_dir / "metrics.jsonl") as metrics:
        summary = runner(cfg, run_dir, metrics)
    summary["verdict"] = verdict(summary.get("evaluations", []), alpha=float(cfg.eval.alpha))
    if (tasks := per_task_verdicts(summary.get("evaluations", []), cfg.env_id, float(cfg.eval.alpha))) is not None:
        summary["per_task"] = tasks   # a task set: each task's verdict beside the pooled one
    if (reference := zero_noise_reference(cfg, summary.get("evaluations", []))) is not None:
        summary["zero_noise_base"] = reference
    (run_dir / "summary.json").write_text(json.dumps(summary, indent=2, default=str))
    table = Table(title=f"robopolicy finetune method={method}", show_header=True)
    for column in ("policy", "episodes", "success", "95% CI"):
        table.add_column(column)
    for e in [*summary.get("evaluations", []), *([reference] if reference is not None else [])]:
        table.add_row(e["policy"], str(e["episodes"]), f"{e['success']:.2f}", f"[{e['ci95'][0]:.2f}, {e['ci95'][1]:.2f}]")
    Console().print(table)
    if summary["verdict"] is not None:
        Console().print(describe_verdict(summary["verdict"]))
    for task, v in (summary.get("per_task") or {}).items():
        Console().print(f"  {task}: {v['before']}/{v['episodes']} -> {v['after']}/{v['episodes']} ({v['verdict']}, "
                        f"p = {v['p_value']:.2g})", highlight=False)
    if (kept := describe_selection(summary.get("selection"))) is not None:
        Console().print(kept, highlight=False)
    if reference is not None:
        Console().print(reference["note"], highlight=False)
    Console().print(f"run dir: {run_dir}")
    return 0


def check_instructions(cfg: DictConfig) -> None:
    """At start-up, before a run dir is made: every task of ``env=`` (each of a set) must fit the policy
    (``check_policy_matches_env``: observations and action size), and a language policy is refused an env whose
    instruction it was never trained with (``vector_env.check_known_instructions``); every fine-tuner's envs and
    evaluations check both again, but V-GPS and PA-RL would first train a critic or evaluate other tasks."""
    from robopolicy import checkpoint as ckpt
    from robopolicy.envs import expand_env_ids, make_env
    from robopolicy.eval.rollout import env_kwargs_for
    from robopolicy.finetune.vector_env import check_known_instructions
    from robopolicy.policies.protocol import PolicySpec, check_policy_matches_env

    if not (cfg.get("checkpoint") and cfg.get("env_id")):
        return
    try:
        spec = PolicySpec.from_dict(ckpt.read_policy_info(ckpt.resolve_checkpoint(cfg.checkpoint))["spec"])
    except (RobopolicyError, KeyError, TypeError, ValueError):
        return  # not a plain trained checkpoint: the method's own loading names what is wrong
    instructions = {}
    for task in expand_env_ids(cfg.env_id):
        env = make_env(task, **env_kwargs_for(spec))
        try:
            check_policy_matches_env(spec, env.feature_spec, task)
            instructions[task] = env.instruction
        finally:
            env.close()
    check_known_instructions(spec, instructions)


def check_sequential(method: str, cfg: DictConfig) -> None:
    """At start-up: ``eval.sequential=true`` only for a method whose final evaluation is sequential, with a budget
    that can decide; ``finetune.select_sequential=true`` only where the keeper reads it."""
    if sequential_settings(cfg) is not None and method not in SEQUENTIAL_METHODS:
        why = f"its final evaluation (robopolicy/finetune/{method}.py) runs every episode"
        raise ConfigError(f"eval.sequential=true is not available for method={method} yet: {why}; valid with "
                          f"method={', '.join(SEQUENTIAL_METHODS)}, or set eval.sequential=false")
    if cfg.finetune.get("select_every"):
        SelectionSettings.sequential_settings(cfg.finetune)  # a level or budget that cannot decide, named


def zero_noise_reference(cfg: DictConfig, evaluations: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The base sampled from zero initial noise (``noise_scale=0``, no training) on the evaluation seeds, compared
    with the base and the fine-tuned policy there (exact McNemar); None when turned off (``eval.zero_noise_reference``),
    without a base evaluation, or for a policy that draws no noise. Run after the fine-tuning, so the run itself is
    unchanged by it."""
    if not cfg.eval.get("zero_noise_reference", True) or len(evaluations) < 2 or not (cfg.checkpoint and cfg.env_id):
        return None
    from robopolicy import load_policy
    from robopolicy.eval.stats import paired_comparison

    base = load_policy(cfg.checkpoint, device=cfg.device)
    if not hasattr(base, "set_noise_scale"):
        return None
    kept = evaluations[-1]  # a sequential final evaluation stopped early: the reference runs on the same seeds
    zero = evaluate(base.set_noise_scale(0.0), cfg, "base, noise_scale=0 (no training)", episodes=kept["episodes"])
    against_kept = paired_comparison(kept["outcomes"], zero["outcomes"])
    n = zero["episodes"]
    if against_kept["verdict"] == "worse":
        note = (f"for reference: the base sampled from zero noise (no training) scores {sum(zero['outcomes'])}/{n}, "
                f"below the fine-tuned policy's {sum(kept['outcomes'])}/{n} (p = {against_kept['p_value']:.3g})")
    else:
        than = ("more than" if against_kept["verdict"] == "improved" else
                "not significantly different from")
        note = (f"[bold yellow]note:[/] the base sampled from zero noise, with no training, scores "
                f"{sum(zero['outcomes'])}/{n}, {than} the fine-tuned policy's {sum(kept['outcomes'])}/{n} on the same "
                f"seeds (exact McNemar p = {against_kept['p_value']:.3g}): `robopolicy eval noise_scale=0` (in "
                "Python, policy.set_noise_scale(0)) may be all this base needs")
    return {**zero, "vs_base": paired_comparison(evaluations[0]["outcomes"][:n], zero["outcomes"]),
            "vs_finetuned": against_kept, "note": note}
