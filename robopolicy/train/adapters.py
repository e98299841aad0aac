"""What of a trained policy a fine-tuning run trains: ``adapter=full | lora | head`` (with ``init_from``).

- ``full``: every weight (today's fine-tuning, and plain training from scratch).
- ``lora``: the policy is frozen and its linear and 1-D convolution layers get low-rank adapters
  (``robopolicy.models.lora``); the instruction's projection (``*.language``) gets none, so the language
  conditioning stays as pretrained (the sentence encoder itself is frozen and outside the policy's weights).
  Checkpoints hold the merged policy (``model.safetensors`` has the base's keys: every command loads it as an
  ordinary policy); the adapter tensors and the wrapped training weights go into ``trainer.safetensors``
  (``ADAPTER_PREFIX``, ``training_policy.``) so that a resume rebuilds the wrapped model exactly.
- ``head``: only the action head trains (``denoiser`` of the diffusion / flow / VLA heads, ``action_head`` of
  ``mlp_bc``); the observation encoder (and a VLA's trunk inside it) stays bit-identical.
"""

from __future__ import annotations

from typing import Any

from omegaconf import DictConfig, OmegaConf
from torch import nn

from robopolicy.errors import ConfigError
from robopolicy.models.lora import LoRAConfig, apply_lora

HEAD_MODULES = ("denoiser", "action_head")  # the part after the observation encoder, per policy class
FROZEN_UNDER_LORA = ("obs_encoder.language", "obs_encoder.language_proj")  # the instruction encoder and its projection keep their pretrained weights
ADAPTER_PREFIX = "adapter."  # trainer.safetensors keys of the published (EMA) adapters


def check_adapter(cfg: DictConfig) -> str:
    """The adapter a run uses; ``lora`` or ``head`` on a fresh run without ``init_from`` is refused in one line."""
    adapter = str(cfg.get("adapter", "full"))
    if adapter != "full" and not cfg.get("init_from") and not cfg.get("resume"):
        raise ConfigError(f"train adapter={adapter} adapts a trained policy, and there is none: give "
                          f"init_from=<checkpoint or run dir> (or adapter=full to train from scratch)")
    return adapter


def lora_config(cfg: DictConfig) -> LoRAConfig:
    values = OmegaConf.to_container(cfg.lora, resolve=True) if cfg.get("lora") is not None else {}
    return LoRAConfig(**values)


def adapt(policy: nn.Module, adapter: str, cfg: DictConfig) -> dict[str, Any] | None:
    """Freeze what ``adapter`` does not train (wrapping layers with LoRA for ``lora``); returns what the checkpoint
    records of it (None for ``full``, which leaves the policy untouched)."""
    if adapter == "full":
        return None
    if adapter == "lora":
        lora = lora_config(cfg)
        modules = apply_lora(policy, lora, frozen=FROZEN_UNDER_LORA)
        return {"method": "lora", "rank": lora.rank, "alpha": lora.alpha, "targets": list(lora.targets),
                "modules": modules, "merged": True}
    heads = [name for name in HEAD_MODULES if isinstance(getattr(policy, name, None), nn.Module)]
    if not heads:
        raise ConfigError(f"train adapter=head: the policy ({type(policy).__name__}) has no action head module "
                          f"({' or '.join(HEAD_MODULES)}); use adapter=lora or adapter=full")
    for name, p in policy.named_parameters():
        p.requires_grad_(name.split(".", 1)[0] in heads)
    return {"method": "head", "modules": heads}


def parameter_counts(policy: nn.Module) -> dict[str, Any]:
    """Trainable and total parameter counts and the trainable fraction (what the run records)."""
    total = sum(p.numel() for p in policy.parameters())
    trainable = sum(p.numel() for p in policy.parameters() if p.requires_grad)
    return {"trainable": trainable, "total": total, "fraction": trainable / max(total, 1)}
