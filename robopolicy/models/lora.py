"""Low-rank adapters (LoRA, Hu et al. 2021) on a trained policy's linear and 1-D convolution layers.

A wrapped layer keeps its frozen weight ``W`` and learns ``A`` (r, fan_in) and ``B`` (out, r), ``B`` zero at the
start, so the adapted policy is exactly the base before the first step:

    y = layer(x; W) + (alpha / r) * layer(x; B @ A)          # Conv1d: B @ A reshaped to W's (out, in, k)

Only ``A`` and ``B`` train (the rest of the model is frozen by ``apply_lora``). ``lora_state_dict`` is what a
checkpoint of the adapter holds; ``merge_lora`` folds ``W + (alpha / r) B A`` back into plain layers, so a merged
policy is an ordinary policy (same module names, same state dict keys as the base) that every command loads.

Our own small adapter rather than the ``peft`` library: our U-Net's ``Conv1d`` is a subclass with its own forward
(robopolicy/models/unet1d.py), and a merged adapter must leave exactly the base's state dict keys.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field

import torch
import torch.nn.functional as F
from torch import nn

from robopolicy.errors import ConfigError
from robopolicy.ranges import at_least, greater_than


@dataclass
class LoRAConfig:
    """Which layers get an adapter and how big: ``rank`` r, ``alpha`` (the update is scaled by alpha / r), and
    ``targets``: name fragments of the modules to adapt (empty: every ``nn.Linear`` and ``nn.Conv1d``)."""

    # rank 4 trains 2.7% of the default flow_unet's 4.9M parameters (8: 5.3%, 16: 10.1%); the bound is 5%
    rank: int = field(default=4, metadata=at_least(1))
    alpha: float = field(default=8.0, metadata=greater_than(0.0))  # the update is scaled by alpha / r
    # module name fragments to adapt ([denoiser]); []: every nn.Linear / nn.Conv1d but the language projection
    targets: list[str] = field(default_factory=list)


class LoRALayer(nn.Module):
    """A frozen ``nn.Linear`` or ``nn.Conv1d`` plus its low-rank update."""

    def __init__(self, base: nn.Linear | nn.Conv1d, rank: int, alpha: float):
        super().__init__()
        self.base = base
        for p in self.base.parameters():
            p.requires_grad_(False)
        fan_in = base.weight[0].numel()
        self.rank, self.scale = rank, alpha / rank
        self.lora_A = nn.Parameter(torch.empty(rank, fan_in))
        self.lora_B = nn.Parameter(torch.zeros(base.weight.shape[0], rank))
        nn.init.kaiming_uniform_(self.lora_A, a=math.sqrt(5))   # as nn.Linear's own init; B = 0 keeps the base

    def delta(self) -> torch.Tensor:
        """``(alpha / r) B @ A`` in the shape of the base weight."""
        return (self.scale * (self.lora_B @ self.lora_A)).reshape(self.base.weight.shape)

    @property
    def weight(self) -> torch.Tensor:
        """The adapted weight ``W + (alpha / r) B A``: what code that reads a layer's weight instead of calling it
        gets (``nn.MultiheadAttention``'s ``out_proj``, ``nn.TransformerEncoderLayer``'s eval fast path: a VLA
        trunk), so it computes what ``forward`` does."""
        return self.base.weight + self.delta().to(self.base.weight.dtype)

    @property
    def bias(self) -> torch.Tensor | None:
        return self.base.bias

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = self.base(x)
        if isinstance(self.base, nn.Linear):
            return y + F.linear(F.linear(x, self.lora_A), self.lora_B) * self.scale
        conv = self.base
        return y + F.conv1d(x, self.delta(), None, conv.stride, conv.padding, conv.dilation, conv.groups)

    def merged(self) -> nn.Linear | nn.Conv1d:
        """The base layer with the update folded into its weight (a plain layer again)."""
        with torch.no_grad():
            self.base.weight += self.delta().to(self.base.weight.dtype)
        for p in self.base.parameters():
            p.requires_grad_(True)
        return self.base


def _adaptable(module: nn.Module) -> bool:
    return isinstance(module, nn.Linear) or (isinstance(module, nn.Conv1d) and not isinstance(module.padding, str)
                                             and module.groups == 1)


def apply_lora(model: nn.Module, cfg: LoRAConfig, frozen: Iterable[str] = ()) -> list[str]:
    """Freeze ``model`` and wrap its adaptable layers (those whose qualified name contains one of ``cfg.targets``,
    or all of them), skipping modules under the prefixes in ``frozen`` (e.g. a frozen language encoder). Returns
    the wrapped names; none is a one-line ``ConfigError`` naming the targets."""
    from robopolicy.ranges import check_ranges

    check_ranges(cfg, LoRAConfig, "lora")
    for p in model.parameters():
        p.requires_grad_(False)
    skip = tuple(frozen)
    names = [name for name, m in model.named_modules()
             if name and _adaptable(m) and not name.startswith(skip)
             and (not cfg.targets or any(t in name for t in cfg.targets))]
    if not names:
        raise ConfigError(f"lora: no nn.Linear or nn.Conv1d module matches targets={list(cfg.targets)}; give name "
                          "fragments of the policy's modules (e.g. 'head', 'unet'), or none for every such layer")
    for name in names:
        parent, _, attr = name.rpartition(".")
        owner = model.get_submodule(parent) if parent else model
        setattr(owner, attr, LoRALayer(getattr(owner, attr), cfg.rank, cfg.alpha))
    return names


def lora_state_dict(model: nn.Module) -> dict[str, torch.Tensor]:
    """Only the adapters' tensors (what an adapter checkpoint holds)."""
    return {k: v.detach().clone() for k, v in model.state_dict().items() if k.rsplit(".", 1)[-1] in ("lora_A",
                                                                                                     "lora_B")}


def load_lora_state_dict(model: nn.Module, state: dict[str, torch.Tensor]) -> None:
    """Load adapter tensors into a model ``apply_lora`` has wrapped the same way; a missing or extra key is refused."""
    expected = set(lora_state_dict(model))
    if set(state) != expected:
        missing, extra = sorted(expected - set(state)), sorted(set(state) - expected)
        raise ConfigError(f"lora: the adapter does not fit this model (missing {missing[:3]}, unexpected "
                          f"{extra[:3]}); load it into the policy it was trained on, wrapped with the same targets")
    model.load_state_dict(state, strict=False)


def merge_lora(model: nn.Module) -> nn.Module:
    """Fold every adapter into its layer, in place: the model's state dict has the base's keys again."""
    for name, m in list(model.named_modules()):
        if isinstance(m, LoRALayer):
            parent, _, attr = name.rpartition(".")
            owner = model.get_submodule(parent) if parent else model
            setattr(owner, attr, m.merged())
    return model


def merged_state_dict(model: nn.Module) -> dict[str, torch.Tensor]:
    """The state dict ``merge_lora`` would leave (the base's keys, each adapted weight ``W + (alpha / r) B A``,
    bit-identical to it), computed without touching ``model``: what a checkpoint of an adapted policy saves."""
    layers = {name: m for name, m in model.named_modules() if isinstance(m, LoRALayer)}
    state: dict[str, torch.Tensor] = {}
    for key, value in model.state_dict().items():
        owner, _, leaf = key.rpartition(".")
        if leaf in ("lora_A", "lora_B") and owner in layers:
            continue
        prefix, _, rest = key.rpartition(".base.")
        layer = layers.get(prefix) if prefix else None
        if layer is None:
            state[key] = value
            continue
        state[f"{prefix}.{rest}"] = (value + layer.delta().detach().to(value.dtype)) if rest == "weight" else value
    return state


def trainable_fraction(model: nn.Module) -> float:
    """Trainable parameters over all parameters (LoRA's target: at most 5%)."""
    total = sum(p.numel() for p in model.parameters())
    return sum(p.numel() for p in model.parameters() if p.requires_grad) / max(total, 1)
