"""The data layer: the Zarr episode store, feature specs, the window sampler and the normalizer.

``EpisodeStore`` and ``Feature`` import without torch (the robot side logs to stores without ML
dependencies); ``WindowSampler``, ``split_episodes``, ``Normalizer`` and ``NormalizerError`` are imported on
first use because they need torch.
"""

from __future__ import annotations

import importlib
from typing import Any

from robopolicy.data.features import Feature, FeatureSpecError
from robopolicy.data.store import EpisodeStore, StoreError

_LAZY = {
    "WindowSampler": "robopolicy.data.sampler",
    "SamplerError": "robopolicy.data.sampler",
    "split_episodes": "robopolicy.data.sampler",
    "Normalizer": "robopolicy.data.normalizer",
    "NormalizerError": "robopolicy.data.normalizer",
}

__all__ = ["EpisodeStore", "StoreError", "Feature", "FeatureSpecError", *_LAZY]


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        value = getattr(importlib.import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'robopolicy.data' has no attribute {name!r}")
