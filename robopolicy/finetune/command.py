"""What every fine-tuning method's ``run(cfg, run_dir, metrics)`` hook shares: required keys, the base-vs-result
evaluation with its paired verdict, and the start-up note on a base with nothing to gain (the method's dataclass
comes from its ``finetune.*`` keys through ``robopolicy.config.dataclass_from``).

``robopolicy.finetune.cli`` (the command) and the method modules (``dppo``, ``parl``) both import from here, so
the import graph points one way: the command on top, the methods below it, this module below both.
"""

from __future__ import annotations

from typing import Any

from omegaconf import DictConfig

from robopolicy.errors import ConfigError

USAGE = """usage: robopolicy finetune method=<dsrl|vgps|dppo|parl> [policy=<ckpt>] [env=<id>] [dataset=<store>] [key=value ...]
  e.g. robopolicy finetune method=dsrl policy=runs/train/bc env=metaworld/reach-v3 finetune.total_env_steps=50000
       robopolicy finetune method=vgps dataset=datasets/reach.zarr policy=runs/train/bc env=metaworld/reach-v3
  keys: configs/finetune.yaml and configs/finetune/<method>.yaml (under finetune.*)"""


def require(cfg: DictConfig, *keys: str) -> None:
    from robopolicy.config import command_key_names

    names = {v: k for k, v in command_key_names("finetune").items()}
    missing = [names.get(k, k) for k in keys if not cfg.get(k)]
    if missing:
        raise ConfigError(f"method={cfg.method} needs {', '.join(f'{m}=...' for m in missing)}\n{USAGE}")


def evaluate(policy: Any, cfg: DictConfig, what: str) -> dict[str, Any]:
    """Success with a 95% Wilson interval on the configured evaluation seeds."""
    from robopolicy.eval.rollout import success_outcomes
    from robopolicy.eval.stats import wilson_interval

    outcomes = success_outcomes(policy, cfg.env_id, cfg.eval.episodes, base_seed=cfg.eval.seed,
                                envs_per_worker=cfg.eval.envs_per_worker,
                                max_episode_steps=cfg.eval.max_episode_steps, progress=cfg.progress)
    low, high = wilson_interval(sum(outcomes), len(outcomes))
    return {"policy": what, "episodes": len(outcomes), "success": sum(outcomes) / len(outcomes), "ci95": [low, high],
            "outcomes": outcomes}  # per seed, for the paired verdict


NOTHING_TO_GAIN = 0.95


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


def verdict(evaluations: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The exact McNemar test of the last evaluation against the base (same seeds), or None without a base."""
    from robopolicy.eval.stats import paired_comparison

    if len(evaluations) < 2 or evaluations[0]["policy"] != "base":
        return None
    return paired_comparison(evaluations[0]["outcomes"], evaluations[-1]["outcomes"])
