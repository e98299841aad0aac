"""Behaviour cloning with a head's **default config** learns a suite task (issue [2/6]).

The behaviour-cloning suite (``experiments/bc_suite.py``, ``docs/results.md#behaviour-cloning-suite``) measures the
defaults at 3,000 steps on 100 episodes; this test is its cheap, always-run slice: one suite task, the suite's demo
recipe, the default config at a shorter step budget, and a success threshold chosen below the worst of >= 5
training seeds (``python -m experiments.learning_margins bc_default``).
"""

from __future__ import annotations

import pytest

from experiments.learning_recipes import default_config_outcomes


@pytest.mark.slow
def test_default_flow_config_learns_drawer_close(tmp_path):
    """flow_unet with its default config, 600 steps on the suite's 50 noisy expert demos: >= 24 of 30 successes.

    Margin over training seeds 0-4 (experiments/results/learning_margins/bc_default_seed*.json, AMD EPYC): 30/30 on
    every seed, against the asserted 24.
    """
    outcomes = default_config_outcomes(tmp_path)
    assert sum(outcomes) >= 24, f"{sum(outcomes)}/{len(outcomes)} successes"
