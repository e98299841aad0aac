"""What every fine-tuning method's ``run(cfg, run_dir, metrics)`` hook shares: required keys, the base-vs-result
evaluation with its paired verdict, and the start-up note on a base with nothing to gain (the method's dataclass
comes from its ``finetune.*`` keys through ``robopolicy.config.dataclass_from``).

The verdict is fixed-size by default: the base (at start-up) and the fine-tuned policy (at the end) each run
``eval.episodes`` episodes on seeds ``eval.seed + i``, and an exact McNemar test at ``eval.alpha`` compares them.
With ``eval.sequential=true`` a method that ends with ``final_evaluation`` runs the fine-tuned policy in batches of
``eval.envs_per_worker`` episodes, in seed order, feeding each pair (the base's stored outcome on that seed, the
fine-tuned one's) to ``robopolicy.eval.sequential.SequentialPairedTest`` with budget ``eval.episodes``, and stops at
the first pair where the test has stopped (``decided``, ``determined``, ``futility`` or ``budget``); episodes of
that batch past the stop pair ran but are not used (``episodes_run`` counts them). The base's episodes are not
saved: the base is evaluated on the whole budget at start-up, where its success is the start-up note and the
learning curve's first point. A method wired so says ``SEQUENTIAL_VERDICT = True`` in its module.

``robopolicy.finetune.cli`` (the command) and the method modules (``dsrl``, ``vgps``, ``dppo``, ``parl``) both
import from here, so the import graph points one way: the command on top, the methods below it, this module below
both.
"""

from __future__ import annotations

from typing import Any

from omegaconf import DictConfig

from robopolicy.errors import ConfigError

USAGE = """usage: robopolicy finetune method=<method> [policy=<ckpt>] [env=<id>] [dataset=<store>] [key=value ...]
  e.g. robopolicy finetune method=dsrl policy=runs/train/bc env=metaworld/reach-v3 finetune.total_env_steps=50000
       robopolicy finetune method=vgps dataset=datasets/reach.zarr policy=runs/train/bc env=metaworld/reach-v3
  keys: configs/finetune.yaml, and the method's CONFIG dataclass under finetune.* (docs/reference/configs.md)"""


def require(cfg: DictConfig, *keys: str) -> None:
    from robopolicy.config import command_key_names

    names = {v: k for k, v in command_key_names("finetune").items()}
    missing = [names.get(k, k) for k in keys if not cfg.get(k)]
    if missing:
        raise ConfigError(f"method={cfg.method} needs {', '.join(f'{m}=...' for m in missing)}\n{USAGE}")


def evaluate(policy: Any, cfg: DictConfig, what: str, episodes: int | None = None) -> dict[str, Any]:
    """Success with a 95% Wilson interval on the configured evaluation seeds (the first ``episodes`` of them;
    default ``eval.episodes``)."""
    from robopolicy.eval.rollout import success_outcomes

    outcomes = success_outcomes(policy, cfg.env_id, cfg.eval.episodes if episodes is None else episodes,
                                base_seed=cfg.eval.seed, envs_per_worker=cfg.eval.envs_per_worker,
                                max_episode_steps=cfg.eval.max_episode_steps, progress=cfg.progress)
    return evaluation_record(what, outcomes)


def evaluation_record(what: str, outcomes: list[bool]) -> dict[str, Any]:
    from robopolicy.eval.stats import wilson_interval

    low, high = wilson_interval(sum(outcomes), len(outcomes))
    return {"policy": what, "episodes": len(outcomes), "success": sum(outcomes) / len(outcomes), "ci95": [low, high],
            "outcomes": outcomes}  # per seed, for the paired verdict


def sequential_settings(cfg: DictConfig) -> Any:
    """The ``SequentialSettings`` of ``eval.*`` (budget ``eval.episodes``), or None with ``eval.sequential=false``;
    a budget too small to decide is one line naming ``eval.episodes`` and its valid range."""
    if not cfg.eval.get("sequential", False):
        return None
    from robopolicy.eval.sequential import settings_named

    return settings_named("finetune", {"alpha": "eval.alpha", "budget": "eval.episodes",
                                       "prior": "eval.sequential_prior",
                                       "anytime_share": "eval.sequential_anytime_share"},
                          alpha=cfg.eval.alpha, budget=cfg.eval.episodes, prior=cfg.eval.sequential_prior,
                          anytime_share=cfg.eval.sequential_anytime_share)


def final_evaluation(before: dict[str, Any], policy: Any, cfg: DictConfig, what: str) -> dict[str, Any]:
    """The fine-tuned policy on the evaluation seeds: ``evaluate`` (fixed size, the default), or with
    ``eval.sequential=true`` batch by batch against ``before``'s outcomes until the sequential test stops (module
    docstring); the record then carries the test's result under ``sequential`` and ``episodes_run``."""
    settings = sequential_settings(cfg)
    if settings is None:
        return evaluate(policy, cfg, what)
    from robopolicy.eval.rollout import sequential_paired_outcomes

    _, outcomes, run, test = sequential_paired_outcomes(
        policy, cfg.env_id, settings, before_outcomes=before["outcomes"], base_seed=cfg.eval.seed,
        envs_per_worker=cfg.eval.envs_per_worker, max_episode_steps=cfg.eval.max_episode_steps,
        progress=cfg.progress)
    return {**evaluation_record(what, outcomes), "episodes_run": run, "sequential": test.result()}


NOTHING_TO_GAIN = 0.95


def run_online(cfg: DictConfig, metrics: Any, train: Any, label: Any, check: Any = None
               ) -> tuple[Any, dict[str, Any], list]:
    """The frame every online fine-tuner (DSRL, DPPO) runs in: load the base (``policy=``), ``check(base)`` (the
    method's refusal of a base it cannot fine-tune, before minutes of evaluation), evaluate it on the evaluation seeds (the paired verdict's base, announced), ``train(base) -> (policy, summary)``, then evaluate the
    result on the same seeds (``final_evaluation``, as ``label(policy)``); both evaluations are logged to
    ``metrics`` at env step 0 and ``summary["env_steps"]``. Returns ``(policy, summary, [before, after])``."""
    from robopolicy import load_policy

    require(cfg, "checkpoint", "env_id")
    base = load_policy(cfg.checkpoint, device=cfg.device)
    if check is not None:
        check(base)
    before = evaluate(base, cfg, "base")
    announce_base(before)
    metrics.log(0, eval_success=before["success"], eval_episodes=before["episodes"])
    policy, summary = train(base)
    after = final_evaluation(before, policy, cfg, label(policy))
    metrics.log(summary["env_steps"], eval_success=after["success"], eval_episodes=after["episodes"])
    return policy, summary, [before, after]


def base_advice(before: dict[str, Any]) -> str | None:
    """What to tell the user at start-up about a base that leaves RL nothing to do: already at
    ``NOTHING_TO_GAIN`` or above, or never successful (a sparse success reward then carries no signal)."""
    n, rate = before["episodes"], before["success"]
    shown = f"{round(rate * n)}/{n} ({rate:.2f}, 95% CI [{before['ci95'][0]:.2f}, {before['ci95'][1]:.2f}])"
    if rate >= NOTHING_TO_GAIN:
        return (f"the base already succeeds on {shown} of the evaluation episodes: there is little to gain, and the "
                "paired verdict can at best say 'no significant change'. Fine-tune a weaker policy or a harder task")
    if rate == 0:
        return (f"the base never succeeds ({shown}): with a sparse success reward, RL gets no signal to learn from. "
                "Train the base longer or on more demonstrations first, or check that policy= and env= match")
    return None


def announce_base(before: dict[str, Any]) -> None:
    """Say ``base_advice`` (if any) on the console and in the log, before the fine-tuning starts."""
    advice = base_advice(before)
    if advice is not None:
        import logging

        from rich.console import Console

        logging.getLogger("robopolicy.finetune").warning(advice)
        Console(stderr=True).print(f"[bold yellow]note:[/] {advice}", highlight=False)


def per_task_verdicts(evaluations: list[dict[str, Any]], env_id: Any, alpha: float | None = None
                      ) -> dict[str, dict[str, Any]] | None:
    """On a task set (``metaworld/mt10``, a list): the exact McNemar test of each task's episodes (the evaluation
    splits its episodes over the tasks, ``robopolicy.eval.rollout.task_slices``); None on one task, without a base,
    or after a sequential evaluation (its episodes are not split by task)."""
    from robopolicy.eval.rollout import task_slices
    from robopolicy.eval.stats import SIGNIFICANCE, paired_comparison

    if len(evaluations) < 2 or evaluations[0]["policy"] != "base" or "sequential" in evaluations[-1]:
        return None
    before, after = evaluations[0]["outcomes"], evaluations[-1]["outcomes"]
    parts = task_slices(env_id, len(before))
    if len(parts) < 2:
        return None
    return {task: paired_comparison(before[part], after[part], alpha=SIGNIFICANCE if alpha is None else alpha)
            for task, part in parts.items() if part.stop > part.start}


def verdict(evaluations: list[dict[str, Any]], alpha: float | None = None) -> dict[str, Any] | None:
    """The exact McNemar test at ``alpha`` (default ``SIGNIFICANCE``) of the last evaluation against the base (same
    seeds), or the sequential test's result when the last evaluation ran sequentially; None without a base."""
    from robopolicy.eval.stats import SIGNIFICANCE, paired_comparison

    if len(evaluations) < 2 or evaluations[0]["policy"] != "base":
        return None
    if "sequential" in evaluations[-1]:
        return evaluations[-1]["sequential"]
    return paired_comparison(evaluations[0]["outcomes"], evaluations[-1]["outcomes"],
                             alpha=SIGNIFICANCE if alpha is None else alpha)


def describe_verdict(v: dict[str, Any]) -> str:
    """The verdict line ``robopolicy finetune`` prints: counts on the same seeds, the test, and for a sequential
    verdict how many paired episodes ran of the budget and why it stopped."""
    counts = (f"{v['before']}/{v['episodes']} -> {v['after']}/{v['episodes']} on the same seeds; {v['gained']} gained, "
              f"{v['lost']} lost")
    if "stopped" not in v:
        return f"verdict: [bold]{v['verdict']}[/] ({counts}; exact McNemar p = {v['p_value']:.3g})"
    return (f"verdict: [bold]{v['verdict']}[/] (sequential, alpha = {v['alpha']:g}; {counts}); {v['stopped']}: "
            f"{v['reason']}")
