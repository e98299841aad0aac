"""Real fixtures for the fine-tuning tests: Meta-World reach-v3 demos from the scripted expert (with action
noise), and tiny real registry policies behaviour-cloned on them with the real trainer (both made by
``experiments/learning_recipes.py``, where the learning tests' recipes live)."""

from __future__ import annotations

from pathlib import Path

import pytest

from experiments.learning_recipes import collect_demos, train_policy


@pytest.fixture(scope="session")
def demo_store(tmp_path_factory) -> Path:
    return collect_demos(tmp_path_factory.mktemp("demos") / "reach.zarr")


@pytest.fixture(scope="session")
def base_checkpoint(demo_store, tmp_path_factory) -> Path:
    return train_policy(demo_store, tmp_path_factory.mktemp("runs") / "bc")
