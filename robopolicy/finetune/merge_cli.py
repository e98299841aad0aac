"""``robopolicy merge``: one merged checkpoint, or an alpha sweep evaluated in simulation into one table.

Keys: the schema ``robopolicy.finetune.merge_settings.MergeConfig`` (``docs/reference/configs.md``). The sweep writes ``<out>/alpha_<a>/`` checkpoints and ``<out>/sweep.md`` +
``<out>/sweep.json`` (success with a 95% Wilson interval per alpha and env, the same seeds for every alpha).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import torch
from omegaconf import DictConfig, OmegaConf
from rich.console import Console

from robopolicy.config import compose
from robopolicy.finetune.merge import MergeError, merge_checkpoints

USAGE = """usage: robopolicy merge base=<ckpt> finetuned=<ckpt> out=<dir> [alpha=0.5] [normalizer=finetuned|base]
                        ['alpha_by_module={vision: 0.2, language: 1.0, trunk: 0.5, action_head: 0.5}']
       robopolicy merge base=<ckpt> finetuned=<ckpt> out=<dir> sweep=true 'envs=[<env id>, ...]' [episodes=20]
  keys: docs/reference/configs.md; docs/merging.md"""


def pinned_alphas(cfg: DictConfig) -> dict[str, float]:
    """The groups of ``alpha_by_module`` given a value (null entries follow ``alpha``)."""
    values = OmegaConf.to_container(cfg.alpha_by_module, resolve=True) if cfg.alpha_by_module else {}
    return {group: float(v) for group, v in values.items() if v is not None}


def alpha_name(alpha: float) -> str:
    return f"alpha_{alpha:g}"


def sweep(cfg: DictConfig) -> dict[str, Any]:
    """Merge at every alpha of ``cfg.alphas`` and evaluate each on ``cfg.envs``; writes the table files."""
    from robopolicy import load_policy
    from robopolicy.eval.rollout import success_outcomes
    from robopolicy.eval.stats import success_summary

    if not cfg.envs:
        raise MergeError("sweep=true needs envs=[<env id>, ...] to evaluate each alpha on")
    out = Path(cfg.out)
    by_module = pinned_alphas(cfg)
    rows = []
    for alpha in [float(a) for a in cfg.alphas]:
        path = merge_checkpoints(cfg.base, cfg.finetuned, out / alpha_name(alpha), alpha, by_module,
                                 cfg.normalizer, overwrite=cfg.overwrite)
        policy = load_policy(path, device=cfg.device)
        row: dict[str, Any] = {"alpha": alpha, "checkpoint": str(path), "envs": {}}
        for env_id in cfg.envs:
            outcomes = success_outcomes(policy, env_id, int(cfg.episodes), base_seed=int(cfg.seed),
                                        envs_per_worker=int(cfg.envs_per_worker),
                                        max_episode_steps=cfg.max_episode_steps, progress=cfg.progress)
            row["envs"][env_id] = success_summary(sum(outcomes), len(outcomes))
        rows.append(row)
    table = {"base": cfg.base, "finetuned": cfg.finetuned, "alpha_by_module": by_module,
             "normalizer": cfg.normalizer, "seed": int(cfg.seed), "rows": rows}
    (out / "sweep.json").write_text(json.dumps(table, indent=2))
    (out / "sweep.md").write_text(markdown_table(table))
    return table


def markdown_table(table: dict[str, Any]) -> str:
    envs = list(table["rows"][0]["envs"]) if table["rows"] else []
    lines = [f"# Merge sweep: {table['base']} -> {table['finetuned']}", "",
             f"normalizer: {table['normalizer']}; pinned groups: {table['alpha_by_module'] or 'none'}; "
             f"seeds from {table['seed']}", "",
             "| alpha | " + " | ".join(envs) + " |", "|---|" + "---|" * len(envs)]
    for row in table["rows"]:
        cells = [f"{e['success']:.2f} [{e['ci95'][0]:.2f}, {e['ci95'][1]:.2f}] (n={e['episodes']})"
                 for e in row["envs"].values()]
        lines.append(f"| {row['alpha']:g} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    if any(a in ("-h", "--help") for a in argv):
        print(USAGE)
        return 0
    cfg = compose("merge", argv)
    torch.set_num_threads(int(cfg.threads))
    if cfg.sweep:
        table = sweep(cfg)
        Console().print(markdown_table(table))
        return 0
    by_module = pinned_alphas(cfg)
    path = merge_checkpoints(cfg.base, cfg.finetuned, cfg.out, float(cfg.alpha), by_module, cfg.normalizer,
                             overwrite=bool(cfg.overwrite))
    Console().print(f"merged checkpoint: {path}")
    return 0
