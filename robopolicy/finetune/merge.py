"""Model merging (RETAIN): element-wise interpolation of a pretrained and a fine-tuned checkpoint.

    theta = (1 - alpha) * theta_base + alpha * theta_finetuned        (per parameter, alpha per module group)

- **Exact endpoints.** A parameter whose alpha is 0 is the base tensor itself and one whose alpha is 1 the
  fine-tuned tensor itself (selected, not computed); in between ``torch.lerp`` in float64, cast back.
- **Module groups** from parameter-name prefixes of the registry policies (``module_group``): ``vision`` (image
  encoders and their token projections), ``language`` (instruction projection), ``trunk`` (everything else of
  the observation encoder: state encoders, the VLA transformer, readout/step embeddings), ``action_head`` (the
  denoiser). ``alpha_by_module`` overrides alpha per group. A parameter outside every group is refused.
- **Normalizer statistics** (``normalizer.*`` buffers) are never interpolated: they are taken whole from the
  checkpoint named by ``normalizer`` (``"finetuned"`` by default, or ``"base"``).
- **Refusals before writing anything**: checkpoints of another kind than a plain policy, different checkpoint
  format versions, policy names, configs or specs (architecture), parameter names or shapes; each names the
  first mismatch. The output is a normal checkpoint written atomically (temp dir, then rename).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import torch

from robopolicy.checkpoint import (
    first_non_finite,
    load_model_state,
    read_policy_info,
    resolve_checkpoint,
    save_checkpoint,
)
from robopolicy.errors import RobopolicyError
from robopolicy.policies.protocol import INSTRUCTIONS_KEY

NORMALIZER_GROUP = "normalizer"
MODULE_GROUPS = ("vision", "language", "trunk", "action_head")
NORMALIZER_SOURCES = ("finetuned", "base")
PLAIN_KIND = "policy"
# parameter-name prefix -> group; the first matching prefix wins (specific ones first)
GROUP_PREFIXES: tuple[tuple[str, str], ...] = (
    ("normalizer.", NORMALIZER_GROUP),
    ("obs_encoder.image_encoders.", "vision"),
    ("obs_encoder.image_proj.", "vision"),
    ("obs_encoder.image_pos.", "vision"),
    ("obs_encoder.language.", "language"),
    ("obs_encoder.language_proj.", "language"),
    ("obs_encoder.", "trunk"),
    ("denoiser.", "action_head"),
    ("action_head.", "action_head"),  # mlp_bc's MLP head
)


class MergeError(RobopolicyError):
    """The two checkpoints cannot be merged, or the merge settings are invalid."""


def module_group(name: str) -> str:
    """The group of a parameter name (``vision``, ``language``, ``trunk``, ``action_head`` or ``normalizer``)."""
    for prefix, group in GROUP_PREFIXES:
        if name.startswith(prefix):
            return group
    raise MergeError(f"parameter {name!r} belongs to no module group; known prefixes: "
                     f"{', '.join(p for p, _ in GROUP_PREFIXES)}")


def group_alphas(alpha: float, alpha_by_module: Mapping[str, float] | None) -> dict[str, float]:
    """Alpha of every module group; refuses unknown groups and values outside [0, 1]."""
    alphas = {g: float(alpha) for g in MODULE_GROUPS}
    for group, value in (alpha_by_module or {}).items():
        if group not in MODULE_GROUPS:
            raise MergeError(f"unknown module group {group!r} in alpha_by_module; valid: {', '.join(MODULE_GROUPS)}")
        alphas[group] = float(value)
    for group, value in alphas.items():
        if not 0.0 <= value <= 1.0:
            raise MergeError(f"alpha for {group!r} is {value}; alpha must be in [0, 1]")
    return alphas


def interpolate(base: torch.Tensor, finetuned: torch.Tensor, alpha: float) -> torch.Tensor:
    """``(1 - alpha) base + alpha finetuned``, the endpoint tensors themselves at alpha 0 and 1."""
    if alpha == 0.0:
        return base
    if alpha == 1.0:
        return finetuned
    if not base.is_floating_point():
        if not torch.equal(base, finetuned):
            raise MergeError(f"cannot interpolate non-float tensors that differ (dtype {base.dtype})")
        return base
    return torch.lerp(base.double(), finetuned.double(), alpha).to(base.dtype)


def check_same_structure(base: Mapping[str, torch.Tensor], finetuned: Mapping[str, torch.Tensor]) -> None:
    """Refuse different parameter names, shapes or dtypes, naming the first mismatch."""
    only_base = sorted(set(base) - set(finetuned))
    only_ft = sorted(set(finetuned) - set(base))
    if only_base or only_ft:
        first = only_base[0] if only_base else only_ft[0]
        where = "base only" if only_base else "finetuned only"
        raise MergeError(f"parameter names differ: first mismatch {first!r} ({where}); "
                         f"{len(only_base)} name(s) only in base, {len(only_ft)} only in finetuned")
    for name in sorted(base):
        if base[name].shape != finetuned[name].shape:
            raise MergeError(f"parameter {name!r} has shape {tuple(base[name].shape)} in base but "
                             f"{tuple(finetuned[name].shape)} in finetuned")
        if base[name].dtype != finetuned[name].dtype:
            raise MergeError(f"parameter {name!r} has dtype {base[name].dtype} in base but "
                             f"{finetuned[name].dtype} in finetuned")


def merge_state_dicts(base: Mapping[str, torch.Tensor], finetuned: Mapping[str, torch.Tensor], alpha: float,
                      alpha_by_module: Mapping[str, float] | None = None,
                      normalizer: str = "finetuned") -> dict[str, torch.Tensor]:
    """The merged state dict (see the module doc); the inputs are not modified."""
    if normalizer not in NORMALIZER_SOURCES:
        raise MergeError(f"normalizer={normalizer!r}; valid: {', '.join(NORMALIZER_SOURCES)}")
    alphas = group_alphas(alpha, alpha_by_module)
    check_same_structure(base, finetuned)
    stats_from = finetuned if normalizer == "finetuned" else base
    merged = {}
    for name in base:
        group = module_group(name)
        if group == NORMALIZER_GROUP:
            merged[name] = stats_from[name]
        else:
            merged[name] = interpolate(base[name], finetuned[name], alphas[group])
    return merged


def _describe_difference(a: Any, b: Any, path: str) -> str | None:
    """The first differing key path of two JSON-like values, or None when equal."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b)):
            if key not in a or key not in b:
                return f"{path}.{key} (present only in {'finetuned' if key not in a else 'base'})"
            found = _describe_difference(a[key], b[key], f"{path}.{key}")
            if found:
                return found
        return None
    return None if a == b else f"{path}: {a!r} in base vs {b!r} in finetuned"


def _resolved_stored_config(info: dict[str, Any]) -> Any:
    """A checkpoint's policy config as it was trained (keys it predates filled, then the defaults), so that a
    checkpoint from before a key and its fine-tune saved with the key spelled out compare equal."""
    from robopolicy.policies.policy_config import POLICY_SECTIONS, resolve_policy_config, stored_policy_config

    name, cfg = info.get("name"), info.get("config")
    if name not in POLICY_SECTIONS or not isinstance(cfg, Mapping):
        return cfg
    return resolve_policy_config(name, stored_policy_config(name, cfg))


def check_compatible_checkpoints(base_dir: Path, finetuned_dir: Path, base_meta: dict[str, Any],
                                 ft_meta: dict[str, Any]) -> dict[str, Any]:
    """Refuse other kinds, format versions, policies, configs and specs; returns the finetuned policy info."""
    infos = {"base": read_policy_info(base_dir), "finetuned": read_policy_info(finetuned_dir)}
    for which, info in infos.items():
        kind = info.get("kind", PLAIN_KIND)
        if kind != PLAIN_KIND:
            raise MergeError(f"{which} checkpoint {base_dir if which == 'base' else finetuned_dir} is of kind "
                             f"{kind!r}; merging needs plain policy checkpoints (kind {PLAIN_KIND!r})")
    if base_meta.get("version") != ft_meta.get("version"):
        raise MergeError(f"checkpoint format versions differ: {base_meta.get('version')} (base) vs "
                         f"{ft_meta.get('version')} (finetuned)")
    # a language policy's training instructions are not architecture: an adapted policy knows its parent's and
    # its new task's, and the merge knows both sets
    known = {which: (info.get("spec") or {}).get("extra", {}).get(INSTRUCTIONS_KEY) for which, info in infos.items()}
    compared = {which: {**info, "config": _resolved_stored_config(info), "spec": _without_instructions(info)}
                for which, info in infos.items()}
    for field in ("name", "config", "spec"):
        difference = _describe_difference(compared["base"].get(field), compared["finetuned"].get(field), field)
        if difference:
            raise MergeError(f"the checkpoints have different architectures: {difference}")
    info = infos["finetuned"]
    if any(v is not None for v in known.values()):
        instructions = sorted(set(known["base"] or []) | set(known["finetuned"] or []))
        info = {**info, "spec": {**info["spec"], "extra": {**info["spec"].get("extra", {}),
                                                           INSTRUCTIONS_KEY: instructions}}}
    return info


def _without_instructions(info: dict[str, Any]) -> Any:
    spec = info.get("spec")
    if not isinstance(spec, dict) or INSTRUCTIONS_KEY not in spec.get("extra", {}):
        return spec
    return {**spec, "extra": {k: v for k, v in spec["extra"].items() if k != INSTRUCTIONS_KEY}}


def merge_checkpoints(base: str | os.PathLike, finetuned: str | os.PathLike, out: str | os.PathLike,
                      alpha: float = 0.5, alpha_by_module: Mapping[str, float] | None = None,
                      normalizer: str = "finetuned", overwrite: bool = False) -> Path:
    """Merge two checkpoints (or training run dirs) into the checkpoint directory ``out``; returns its path.

    Everything is checked before anything is written; ``out`` appears only complete (temp dir, then rename).
    """
    out = Path(out)
    if out.exists() and not overwrite:
        raise MergeError(f"{out} exists; pass overwrite=true or choose another out=")
    base_dir, ft_dir = resolve_checkpoint(base), resolve_checkpoint(finetuned)
    base_state, base_meta = load_model_state(base_dir)
    ft_state, ft_meta = load_model_state(ft_dir)
    info = check_compatible_checkpoints(base_dir, ft_dir, base_meta, ft_meta)
    for which, directory, state in (("base", base_dir, base_state), ("finetuned", ft_dir, ft_state)):
        found = first_non_finite(state)
        if found is not None:
            raise MergeError(f"{which}={directory}: {found[0]!r} holds {found[1]} NaN or inf value(s), so every merge "
                             f"with it is broken; nothing was written to {out}. Merge a checkpoint saved before the "
                             "run diverged")
    merged = merge_state_dicts(base_state, ft_state, alpha, alpha_by_module, normalizer)
    found = first_non_finite(merged)
    if found is not None:  # finite inputs near the float limit can still overflow
        raise MergeError(f"the merge at alpha={alpha} gives {found[0]!r} {found[1]} NaN or inf value(s) (the inputs "
                         f"are finite but too large); nothing was written to {out}")
    alphas = group_alphas(alpha, alpha_by_module)
    info = {**info, "kind": PLAIN_KIND,
            "merged_from": {"base": str(base_dir), "finetuned": str(ft_dir), "base_sha256": base_meta["sha256"],
                            "finetuned_sha256": ft_meta["sha256"], "alpha_by_module": alphas,
                            "normalizer": normalizer}}
    return save_checkpoint(out, merged, info, step=int(ft_meta.get("step", 0)))
