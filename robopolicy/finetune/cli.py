"""``robopolicy finetune method=<method> ...``: offline-to-online RL from a config (methods: ``METHODS``).

Keys: the schema ``robopolicy.finetune.settings.FinetuneConfig`` (listed in ``docs/reference/configs.md``); the method's own keys under ``finetune.*`` (the fields of its ``CONFIG`` dataclass).
``policy=`` and ``env=`` are accepted for ``checkpoint`` and ``env_id`` (``robopolicy.config``). Every run writes a run directory
(resolved config, ``metrics.jsonl``, checkpoints, ``summary.json``). Each method is a module,
``robopolicy.finetune.<method>`` (``METHODS``), exposing ``CONFIG`` (its ``finetune.*`` schema) and
``run(cfg, run_dir, metrics) -> dict``; how to add one: ``robopolicy/finetune/__init__.py``.
"""

from __future__ import annotations

import importlib
import json
from types import ModuleType
from typing import Any

import torch
from omegaconf import DictConfig
from rich.console import Console
from rich.table import Table

from robopolicy.config import compose, with_env_list
from robopolicy.errors import ConfigError, RobopolicyError
from robopolicy.finetune.command import (
    USAGE,
    describe_verdict,
    evaluate,
    per_task_verdicts,
    sequential_settings,
    verdict,
)
from robopolicy.finetune.selection import SelectionSettings
from robopolicy.finetune.selection import describe as describe_selection
from robopolicy.finetune.settings import METHODS
from robopolicy.ranges import check_ranges
from robopolicy.runs import MetricsLog, make_run_dir


def parse_overrides(argv: list[str]) -> tuple[str, list[str]]:
    """``method=X`` selects the ``finetune`` group; returns (method, overrides). ``policy=``/``env=`` pass through:
    ``compose`` stores them as ``checkpoint``/``env_id`` (``robopolicy.config.COMMAND_KEY_NAMES``)."""
    method = next((a.partition("=")[2] for a in reversed(argv) if a.partition("=")[0] == "method"), "dsrl")
    if method not in METHODS:
        raise ConfigError(f"unknown method={method!r}; valid: {', '.join(METHODS)}")
    return method, [f"finetune={method}", *argv]


def method_module(method: str) -> ModuleType:
    """The module that implements ``method`` (one of ``METHODS``, checked by ``parse_overrides``; imported when
    ``compose`` registered its keys): its ``CONFIG`` (the ``finetune.*`` schema) and ``run(cfg, run_dir, metrics)
    -> dict``, and, where it has one, ``check_settings(finetune)`` (checks across keys)."""
    return importlib.import_module(METHODS[method])


def main(argv: list[str]) -> int:
    if any(a in ("-h", "--help") for a in argv):
        print(f"{USAGE}\n  methods: {', '.join(METHODS)}")
        return 0
    method, overrides = parse_overrides(argv)
    cfg = with_env_list(compose("finetune", overrides))
    module = method_module(method)  # range errors at start-up, before a policy loads or a run dir is made
    check_ranges(cfg.finetune, module.CONFIG, method)
    if (check_settings := getattr(module, "check_settings", None)) is not None:
        check_settings(cfg.finetune)  # the method's checks across settings, also before a policy loads
    check_sequential(method, cfg)
    check_instructions(cfg)
    torch.set_num_threads(int(cfg.threads))
    torch.manual_seed(int(cfg.seed))
    run_dir = make_run_dir("finetune", cfg, cfg.run_dir, cfg.name or method)
    with MetricsLog(run_dir / "metrics.jsonl") as metrics:
        summary = module.run(cfg, run_dir, metrics)
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
    if sequential_settings(cfg) is not None and not getattr(method_module(method), "SEQUENTIAL_VERDICT", False):
        why = f"its final evaluation (robopolicy/finetune/{method}.py) runs every episode"
        able = [m for m in METHODS if getattr(method_module(m), "SEQUENTIAL_VERDICT", False)]
        raise ConfigError(f"eval.sequential=true is not available for method={method} yet: {why}; valid with "
                          f"method={', '.join(able)}, or set eval.sequential=false")
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
    if not hasattr(base, "set_noise_scale") or getattr(base, "noise_shape", ()) is None:
        return None   # a policy that draws no noise (or takes none: a LeRobot ACT or DDPM policy)
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
