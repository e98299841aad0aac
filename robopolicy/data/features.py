"""Feature specs: what one time step of an episode holds.

A feature is a named per-step array with a fixed shape and dtype, and a ``kind`` that tells consumers how to
treat it (images are uint8 HWC and get an image encoder; states get a normalizer; the action is predicted).
The same spec describes a store's columns, a simulator's observation dict and a policy's inputs, so a mismatch
between any two of them is found by comparing specs before anything runs.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from robopolicy.errors import RobopolicyError

FEATURE_KINDS = ("state", "image", "action", "reward", "done", "other")


class FeatureSpecError(RobopolicyError, ValueError):
    """A feature spec, or data checked against one, is malformed."""


@dataclass(frozen=True)
class Feature:
    """One per-step array: ``shape`` excludes the time axis."""

    shape: tuple[int, ...]
    dtype: str
    kind: str = "other"

    def __post_init__(self) -> None:
        object.__setattr__(self, "shape", tuple(int(s) for s in self.shape))
        try:
            object.__setattr__(self, "dtype", np.dtype(self.dtype).name)
        except TypeError as e:
            raise FeatureSpecError(f"unknown dtype {self.dtype!r}") from e
        if self.kind not in FEATURE_KINDS:
            raise FeatureSpecError(f"unknown feature kind {self.kind!r}; valid kinds: {', '.join(FEATURE_KINDS)}")
        if self.kind == "image" and (len(self.shape) != 3 or self.shape[-1] not in (1, 3) or self.dtype != "uint8"):
            raise FeatureSpecError(f"image features are uint8 (H, W, C) with C in (1, 3); got {self.shape} {self.dtype}")

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["shape"] = list(self.shape)
        return d

    @classmethod
    def from_any(cls, value: Feature | Mapping[str, Any]) -> Feature:
        if isinstance(value, Feature):
            return value
        try:
            return cls(shape=tuple(value["shape"]), dtype=value["dtype"], kind=value.get("kind", "other"))
        except KeyError as e:
            raise FeatureSpecError(f"feature needs 'shape' and 'dtype', got keys {sorted(value)}") from e


Features = dict[str, Feature]


def parse_features(spec: Mapping[str, Feature | Mapping[str, Any]]) -> Features:
    """Normalise a user-given spec (dicts or Features) into ``{key: Feature}``."""
    if not spec:
        raise FeatureSpecError("a feature spec needs at least one feature")
    out: Features = {}
    for key, value in spec.items():
        if not isinstance(key, str) or not key or "/" in key:
            raise FeatureSpecError(f"feature names are non-empty strings without '/': got {key!r}")
        out[key] = Feature.from_any(value)
    return out


def features_of_kind(features: Mapping[str, Feature], *kinds: str) -> list[str]:
    """Keys whose kind is one of ``kinds``, in spec order."""
    return [k for k, f in features.items() if f.kind in kinds]


def describe_mismatch(expected: Mapping[str, Feature], actual: Mapping[str, Feature],
                      expected_name: str = "policy", actual_name: str = "data") -> list[str]:
    """Human-readable differences between two specs over the keys ``expected`` needs (empty when they agree)."""
    problems = []
    for key, want in expected.items():
        have = actual.get(key)
        if have is None:
            problems.append(f"{key!r} is required by the {expected_name} but missing from the {actual_name} "
                            f"(it has: {', '.join(sorted(actual)) or 'nothing'})")
        elif have.shape != want.shape:
            problems.append(f"{key!r} has shape {have.shape} in the {actual_name} but {want.shape} in the {expected_name}")
    return problems
