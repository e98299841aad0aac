"""Optimizers with torch's fused kernels where the parameters' device has them.

torch's Adam and AdamW default to a Python loop over parameter tensors on CPU (the multi-tensor and fused kernels
are picked automatically only on CUDA). The fused kernel does the whole update in one pass; measured on the
default 4.9M-parameter diffusion U-Net at one thread: 10 ms per step against 42 ms for the loop, a quarter of a
state policy's training step (docs/benchmarks/train.md). Same update rule; the floats differ by rounding.

Used by PA-RL and the fleet learner. The behaviour-cloning ``Trainer`` (``fused_optimizer``, default null) uses it
for models of at least ``FUSED_MIN_PARAMS`` trainable parameters, where the update is a large share of a step
(LeRobot's 262M-parameter size at one thread: 0.28 s per update against 2.45 s for the loop, out of a ~8 s step at
batch 64), and keeps torch's loop below: the different rounding moved the DSRL reach learning test (its base is
cloned by the trainer) from +19 to +7 on seed 0, and the learning-test margins were measured with the loop.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import torch

FUSED_DEVICES = ("cpu", "cuda")
FUSED_MIN_PARAMS = 20_000_000  # the Trainer's automatic choice: fused from this many trainable parameters up


def fusable(params: list[torch.Tensor]) -> bool:
    """True when every tensor is a floating-point tensor on a device with fused Adam kernels."""
    return bool(params) and all(p.device.type in FUSED_DEVICES and torch.is_floating_point(p) for p in params)


def adamw(params: Iterable[torch.Tensor], fused: bool | None = None, **kwargs: Any) -> torch.optim.AdamW:
    """``torch.optim.AdamW(params, **kwargs)``, fused when ``fusable`` (``fused=None``) or when asked (``True``:
    a ``ValueError`` where the parameters' device has no fused kernel); ``False``: torch's loop."""
    params = list(params)
    if fused and not fusable(params):
        devices = sorted({p.device.type for p in params})
        raise ValueError(f"the fused AdamW kernel needs floating-point parameters on {' or '.join(FUSED_DEVICES)}; "
                         f"these are on {', '.join(devices) or 'no device (no parameters)'}")
    use = fusable(params) if fused is None else bool(fused)
    return torch.optim.AdamW(params, **kwargs, **({"fused": True} if use else {}))


def fused_for_trainer(params: list[torch.Tensor], setting: bool | None) -> bool:
    """The ``Trainer``'s choice: ``setting`` when given, else fused from ``FUSED_MIN_PARAMS`` parameters up (where the
    device has the kernel)."""
    if setting is not None:
        return bool(setting)
    return fusable(params) and sum(p.numel() for p in params) >= FUSED_MIN_PARAMS
