"""Behaviour cloning with a head's **default config** learns a suite task (issue [2/6]).

The behaviour-cloning suite (``experiments/bc_suite.py``, ``docs/results.md#behaviour-cloning-suite``) measures the
defaults at 3,000 steps on 100 episodes; this test is its cheap, always-run slice: one suite task, the suite's demo
recipe, the default config at a shorter step budget, and a success threshold chosen below the worst of >= 5
training seeds (``python -m experiments.learning_margins bc_default``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

TASK = "metaworld/drawer-close-v3"
HEAD = "flow_unet"
RECIPE = "expert50_noise0.1"   # the suite's demos: 50 scripted-expert episodes, action noise 0.1, seeds 0-49
STEPS = 600
EPISODES = 30
EVAL_SEED = 100_000            # the suite's evaluation seeds, disjoint from the demo seeds


def default_config_outcomes(workdir: Path, seed: int = 0, steps: int = STEPS, episodes: int = EPISODES,
                            task: str = TASK, head: str = HEAD) -> list[bool]:
    """Per-episode success of ``head`` trained ``steps`` steps with its default config (training seed ``seed``)
    on the recipe's demos of ``task``."""
    from robopolicy.checkpoint import resolve_checkpoint
    from robopolicy.datasets import load_recipe
    from robopolicy.eval.collect import collect_episodes
    from robopolicy.eval.rollout import success_outcomes
    from robopolicy.policies.loading import load_policy
    from robopolicy.train import cli as train_cli

    settings = load_recipe(RECIPE).collect_settings()
    settings.pop("env")
    store = workdir / "demos.zarr"
    collect_episodes(task, settings.pop("source"), settings.pop("episodes"), store, progress=False, **settings)
    run_dir = workdir / "train"
    assert train_cli.main([f"policy={head}", f"dataset={store}", f"steps={steps}", f"seed={seed}", "threads=1",
                           f"run_dir={run_dir}", f"val_every={steps}", f"ckpt_every={steps}"]) == 0
    policy = load_policy(resolve_checkpoint(run_dir))
    return success_outcomes(policy, task, episodes, base_seed=EVAL_SEED, envs_per_worker=10)


@pytest.mark.slow
def test_default_flow_config_learns_drawer_close(tmp_path):
    """flow_unet with its default config, 600 steps on the suite's 50 noisy expert demos: >= 24 of 30 successes.

    Margin over training seeds 0-4 (experiments/results/learning_margins/bc_default_seed*.json, AMD EPYC): 30/30 on
    every seed, against the asserted 24.
    """
    outcomes = default_config_outcomes(tmp_path)
    assert sum(outcomes) >= 24, f"{sum(outcomes)}/{len(outcomes)} successes"
