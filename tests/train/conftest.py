"""Tiny episode stores and train configs for the trainer tests (real Zarr stores on disk, tiny real policies).

The store and the overrides live in ``experiments/fixtures/curve.py`` (the learning recipes and the fault probe use
them too)."""

from __future__ import annotations

from pathlib import Path

import pytest

from experiments.fixtures.curve import (  # noqa: F401 (re-exported: the trainer tests import them from here)
    ACTION_DIM,
    STATE_DIM,
    make_store,
    train_config,
    train_overrides,
)


@pytest.fixture(scope="session")
def state_store(tmp_path_factory) -> Path:
    return make_store(tmp_path_factory.mktemp("stores") / "curve.zarr")
