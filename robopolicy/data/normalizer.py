"""Per-key normalization of states and actions, as an ``nn.Module`` that travels inside every checkpoint.

Modes (per key, per dimension):

- ``limits``: ``[min, max] -> [-1, 1]`` (exactly -1 at the min and 1 at the max);
- ``quantile``: ``[q01, q99] -> [-1, 1]`` (values outside that range land outside [-1, 1]; nothing is clipped);
- ``gaussian``: ``(x - mean) / std``;
- ``identity``: unchanged.

A constant dimension (zero range or zero std) normalizes to 0 with no NaN and unnormalizes to its constant.
Each key's statistics are buffers ``<key>__low``, ``<key>__span`` and ``<key>__mode`` (mode as an integer),
so ``state_dict()`` holds everything and ``Normalizer.from_state_dict(sd)`` (or ``load_state_dict`` into an
empty ``Normalizer``) rebuilds it. Keys may contain characters buffer names cannot (``.``); they are escaped
reversibly. Asking for a key without statistics is a ``NormalizerError`` naming the key and the keys it has.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import numpy as np
import torch
from torch import nn

from robopolicy.data.store import EpisodeStore
from robopolicy.errors import ConfigError, RobopolicyError

NORMALIZER_MODES = ("limits", "gaussian", "quantile", "identity")
QUANTILE_LOW, QUANTILE_HIGH = 0.01, 0.99  # the q01-q99 range of "quantile" mode
CONSTANT_EPS = 1e-8  # a span (range or std) at or below this marks a constant dimension
BUFFER_SUFFIXES = ("low", "span", "mode")


class NormalizerError(RobopolicyError, KeyError):
    """A key has no statistics in the normalizer (or its statistics are malformed)."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


def escape_key(key: str) -> str:
    """A buffer-name-safe, reversible spelling of ``key`` (``.`` -> ``_2e_``, ``_`` -> ``_5f_``)."""
    return "".join(c if c.isascii() and c.isalnum() else f"_{ord(c):x}_" for c in key)


def unescape_key(name: str) -> str:
    return re.sub(r"_([0-9a-f]+)_", lambda m: chr(int(m.group(1), 16)), name)


def _stats(values: np.ndarray, mode: str) -> tuple[np.ndarray, np.ndarray]:
    """``(low, span)`` over axis 0 of ``values`` (N, ...) for ``mode``: the affine map's offset and width."""
    x = values.astype(np.float64)
    if mode == "limits":
        low, high = x.min(axis=0), x.max(axis=0)
        return low, high - low
    if mode == "quantile":
        low, high = np.quantile(x, [QUANTILE_LOW, QUANTILE_HIGH], axis=0)
        return low, high - low
    if mode == "gaussian":
        return x.mean(axis=0), x.std(axis=0)
    return np.zeros(x.shape[1:]), np.ones(x.shape[1:])  # identity


class Normalizer(nn.Module):
    """Normalizes and unnormalizes named tensors ``(..., *feature_shape)`` with per-key statistics."""

    def __init__(self, stats: Mapping[str, tuple[str, Any, Any]] | None = None):
        """``stats``: ``{key: (mode, low, span)}`` as produced by ``fit`` (usually you call ``fit``)."""
        super().__init__()
        self._modes: dict[str, str] = {}
        for key, (mode, low, span) in (stats or {}).items():
            self._add(key, mode, torch.as_tensor(np.asarray(low), dtype=torch.float32),
                      torch.as_tensor(np.asarray(span), dtype=torch.float32))

    def _add(self, key: str, mode: str, low: torch.Tensor, span: torch.Tensor) -> None:
        if mode not in NORMALIZER_MODES:
            raise ConfigError(f"unknown normalizer mode {mode!r} for {key!r}; valid modes: {', '.join(NORMALIZER_MODES)}")
        if low.shape != span.shape:
            raise NormalizerError(f"{key!r}: statistics shapes differ ({tuple(low.shape)} vs {tuple(span.shape)})")
        if not (torch.isfinite(low).all() and torch.isfinite(span).all()):
            raise NormalizerError(f"{key!r}: statistics contain NaN or inf")
        name = escape_key(key)
        self.register_buffer(f"{name}__low", low.clone())
        self.register_buffer(f"{name}__span", span.clone())
        self.register_buffer(f"{name}__mode", torch.tensor(NORMALIZER_MODES.index(mode), dtype=torch.int64))
        self._modes[key] = mode

    # ------------------------------------------------------------------ fitting
    @classmethod
    def fit(cls, data: EpisodeStore | Mapping[str, Any], modes: Mapping[str, str],
            episodes: np.ndarray | None = None) -> Normalizer:
        """Fit statistics for each key of ``modes`` from a store's committed steps (``episodes``: only those
        episodes' steps) or a dict of ``(N, ...)`` arrays."""
        stats = {}
        rows = None
        if episodes is not None and isinstance(data, EpisodeStore):
            starts, lengths = data.episode_starts[episodes], data.episode_lengths[episodes]
            rows = np.concatenate([np.arange(a, a + n) for a, n in zip(starts, lengths)]) if len(starts) else []
        for key, mode in modes.items():
            if mode not in NORMALIZER_MODES:
                raise ConfigError(f"unknown normalizer mode {mode!r} for {key!r}; valid modes: "
                                  f"{', '.join(NORMALIZER_MODES)}")
            if isinstance(data, EpisodeStore):
                if key not in data.features:
                    raise NormalizerError(f"cannot fit {key!r}: {data.path} has no such feature; "
                                          f"features: {', '.join(data.features)}")
                if data.features[key].kind == "image":
                    raise ConfigError(f"{key!r} is an image: images are not normalized (encoders scale uint8 to "
                                      "[0, 1]); drop it from the normalizer modes")
                values = data.load([key])[key]
                if rows is not None:
                    values = values[rows]
            else:
                if key not in data:
                    raise NormalizerError(f"cannot fit {key!r}: no such array; arrays: {', '.join(map(str, data))}")
                values = np.asarray(data[key])
            if values.ndim == 0 or len(values) == 0:
                raise NormalizerError(f"cannot fit {key!r}: no data (array shape {values.shape})")
            if not np.all(np.isfinite(values)):
                raise NormalizerError(f"cannot fit {key!r}: the data contain NaN or inf")
            low, span = _stats(values, mode)
            stats[key] = (mode, low, span)
        return cls(stats)

    # ------------------------------------------------------------------ use
    @property
    def keys(self) -> list[str]:
        return list(self._modes)

    def __contains__(self, key: object) -> bool:
        return key in self._modes

    def mode(self, key: str) -> str:
        self._require(key)
        return self._modes[key]

    def stats(self, key: str) -> tuple[torch.Tensor, torch.Tensor]:
        """``(low, span)`` buffers of ``key`` (for gaussian: mean and std; for limits: min and max - min)."""
        self._require(key)
        name = escape_key(key)
        return getattr(self, f"{name}__low"), getattr(self, f"{name}__span")

    def _require(self, key: str) -> None:
        if key not in self._modes:
            raise NormalizerError(f"the normalizer has no statistics for {key!r}; it has: "
                                  f"{', '.join(repr(k) for k in self._modes) or 'no keys'}")

    def normalize(self, key: str, x: torch.Tensor) -> torch.Tensor:
        """Raw ``(..., *shape)`` -> normalized, same shape. Constant dimensions map to 0."""
        mode = self.mode(key)
        if mode == "identity":
            return x
        low, span = (t.to(dtype=x.dtype) for t in self.stats(key))
        constant = span <= CONSTANT_EPS
        safe_span = torch.where(constant, torch.ones_like(span), span)
        if mode == "gaussian":
            y = (x - low) / safe_span
        else:  # limits / quantile: written so x == min gives exactly -1 and x == max exactly 1
            y = (x - low) / safe_span * 2 - 1
        return torch.where(constant, torch.zeros_like(y), y)

    def unnormalize(self, key: str, y: torch.Tensor) -> torch.Tensor:
        """Normalized ``(..., *shape)`` -> raw units. Constant dimensions return their constant."""
        mode = self.mode(key)
        if mode == "identity":
            return y
        low, span = (t.to(dtype=y.dtype) for t in self.stats(key))
        span = torch.where(span <= CONSTANT_EPS, torch.zeros_like(span), span)
        if mode == "gaussian":
            return y * span + low
        return (y + 1) / 2 * span + low

    # ------------------------------------------------------------------ state dict
    @classmethod
    def from_state_dict(cls, state_dict: Mapping[str, torch.Tensor], prefix: str = "") -> Normalizer:
        """Rebuild a normalizer from its ``state_dict()`` (keys under ``prefix``, e.g. ``"normalizer."``)."""
        norm = cls()
        norm._rebuild(state_dict, prefix)
        return norm

    def _rebuild(self, state_dict: Mapping[str, torch.Tensor], prefix: str) -> None:
        found: dict[str, dict[str, torch.Tensor]] = {}
        for full, value in state_dict.items():
            if not full.startswith(prefix):
                continue
            name = full[len(prefix):]
            if "." in name or "__" not in name:
                continue
            base, suffix = name.rsplit("__", 1)
            if suffix in BUFFER_SUFFIXES:
                found.setdefault(base, {})[suffix] = value
        for base, parts in found.items():
            key = unescape_key(base)
            missing = [s for s in BUFFER_SUFFIXES if s not in parts]
            if missing:
                raise NormalizerError(f"state dict entry for {key!r} lacks {missing} (prefix {prefix!r})")
            mode_index = int(parts["mode"])
            if not 0 <= mode_index < len(NORMALIZER_MODES):
                raise NormalizerError(f"{key!r}: mode index {mode_index} is not one of {list(NORMALIZER_MODES)}")
            if key not in self._modes:
                self._add(key, NORMALIZER_MODES[mode_index], parts["low"].float(), parts["span"].float())

    def _load_from_state_dict(self, state_dict: dict[str, Any], prefix: str, local_metadata: dict, strict: bool,
                              missing_keys: list[str], unexpected_keys: list[str], error_msgs: list[str]) -> None:
        # An empty Normalizer (e.g. inside a freshly built policy) takes its keys from the state dict it loads.
        self._rebuild(state_dict, prefix)
        super()._load_from_state_dict(state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys,
                                      error_msgs)
        for key in self._modes:  # the loaded mode buffers win over the modes this module was built with
            self._modes[key] = NORMALIZER_MODES[int(getattr(self, f"{escape_key(key)}__mode"))]

    def extra_repr(self) -> str:
        return ", ".join(f"{k}: {m}" for k, m in self._modes.items())
