"""``load_policy(path)``: a checkpoint (or a run directory's latest checkpoint) as a ready ``Sampler``.

``policy.json`` carries a ``kind``; each kind has a loader ``(checkpoint_dir, policy_info, device) -> Sampler``.
The built-in kind ``"policy"`` rebuilds a registry policy (``build_policy``) and loads its weights; later parts
register their own kinds (steered policies, LeRobot wrappers) with ``register_loader``.

Refused, with the path and the reason: missing files, a truncated or corrupt ``model.safetensors`` (its sha256
is checked against ``meta.json``), an incompatible checkpoint format version, weights that do not fit the
policy ``policy.json`` describes (the first missing, extra or other-shaped tensor, with both shapes), weights
holding NaN or inf (the first such tensor; checked here for every kind, so eval, serve, deploy, collect and the
fine-tuners never act with them), and missing normalizer statistics (a policy never runs unnormalized).
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import torch

from robopolicy.checkpoint import (
    POLICY_FILE,
    CheckpointError,
    checkpoint_hash,
    load_model_state,
    read_policy_info,
    refuse_non_finite_weights,
    refuse_weight_mismatch,
    resolve_checkpoint,
)
from robopolicy.data.normalizer import Normalizer, NormalizerError
from robopolicy.policies.protocol import PolicySpec, Sampler

__all__ = ["load_policy", "register_loader", "registered_kinds", "checkpoint_hash", "required_normalizer_keys",
           "CheckpointError"]

NORMALIZER_PREFIX = "normalizer."
DEFAULT_KIND = "policy"

Loader = Callable[[Path, dict[str, Any], str], Sampler]
LOADERS: dict[str, Loader] = {}
# Kinds whose loader lives in a module that registers it on import (imported on first use, so loading a plain
# policy never imports the fine-tuners).
LOADER_MODULES: dict[str, str] = {
    "dsrl": "robopolicy.finetune.steered",
    "dppo": "robopolicy.finetune.dppo",
    "lerobot": "robopolicy.policies.lerobot",   # a LeRobot policy directory linked by lerobot.link_checkpoint
}


def register_loader(kind: str, loader: Loader) -> None:
    """Make ``load_policy`` hand checkpoints whose ``policy.json`` says ``"kind": kind`` to ``loader``."""
    if kind in LOADERS and LOADERS[kind] is not loader:
        raise ValueError(f"a loader for kind {kind!r} is already registered ({LOADERS[kind].__module__})")
    LOADERS[kind] = loader


def registered_kinds() -> list[str]:
    return sorted(set(LOADERS) | set(LOADER_MODULES))


def load_policy(path: str | os.PathLike, device: str = "cpu") -> Sampler:
    """A checkpoint directory, or a run directory (its ``latest.json``), as a ready ``Sampler`` in eval mode.

    Whatever the kind, the loaded policy's weights must be finite (``CheckpointError`` naming the first tensor
    that is not) and fit its ``policy.json`` (a loader's ``load_state_dict`` error becomes one line)."""
    checkpoint = resolve_checkpoint(path)
    info = read_policy_info(checkpoint)
    kind = info.get("kind", DEFAULT_KIND)
    if kind not in LOADERS and kind in LOADER_MODULES:
        importlib.import_module(LOADER_MODULES[kind])
    if kind not in LOADERS:
        raise CheckpointError(f"{checkpoint}: unknown checkpoint kind {kind!r} in policy.json; "
                              f"registered kinds: {', '.join(registered_kinds())}")
    try:
        policy = LOADERS[kind](checkpoint, info, device)
    except RuntimeError as e:  # torch's multi-line "Error(s) in loading state_dict" from a kind's own loader
        if "Error(s) in loading state_dict" not in str(e):
            raise
        detail = next((line.strip() for line in str(e).splitlines()[1:] if line.strip()), str(e))
        raise CheckpointError(f"{checkpoint}: the weights do not fit the policy {POLICY_FILE} describes: {detail} "
                              f"Restore the {POLICY_FILE} saved with these weights") from None
    if isinstance(policy, torch.nn.Module):
        refuse_non_finite_weights(policy.state_dict(), checkpoint)
    return policy


def required_normalizer_keys(spec: PolicySpec) -> list[str]:
    """Keys a policy must have statistics for: every state observation and the action."""
    return [k for k, f in spec.obs_features.items() if f.kind != "image"] + [spec.action_key]


def load_trained_policy(checkpoint: Path, info: dict[str, Any], device: str = "cpu") -> torch.nn.Module:
    """Loader of kind ``"policy"``: rebuild ``info["name"]`` from the registry and load ``model.safetensors``."""
    from robopolicy.policies.policy_config import stored_policy_config
    from robopolicy.policies.registry import build_policy

    for field in ("name", "config", "spec"):
        if field not in info:
            raise CheckpointError(f"{checkpoint}/policy.json lacks {field!r} (has: {', '.join(sorted(info))})")
    state, _ = load_model_state(checkpoint)
    spec = PolicySpec.from_dict(info["spec"])
    required = required_normalizer_keys(spec)
    try:
        normalizer = Normalizer.from_state_dict(state, prefix=NORMALIZER_PREFIX)
    except NormalizerError as e:
        raise CheckpointError(f"{checkpoint}: malformed normalizer statistics ({e}); refusing to run "
                              "unnormalized") from None
    missing = [k for k in required if k not in normalizer]
    if missing:
        raise CheckpointError(f"{checkpoint}: missing normalizer statistics for {missing} (has: "
                              f"{normalizer.keys or 'none'}); refusing to run unnormalized")
    policy = build_policy(info["name"], stored_policy_config(info["name"], info["config"]), spec, normalizer)
    refuse_weight_mismatch(policy.state_dict(), state, checkpoint, f"{info['name']!r} policy")
    policy.load_state_dict(state)
    return policy.to(device).eval()


register_loader(DEFAULT_KIND, load_trained_policy)
