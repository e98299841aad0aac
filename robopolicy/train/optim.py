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

``FlatAdam``, for the fine-tuners' small networks (DSRL's noise policy and critics, DPPO's actor and value net, the
offline critics), is torch's own per-tensor Adam run on one flat buffer that holds every parameter: Adam is
elementwise, so each weight takes the loop's update bit for bit (tests/train/test_optim.py checks equality over many
steps, odd tensor sizes included), while a step costs a handful of tensor operations instead of ~10 per parameter
tensor. DSRL-SAC's update at the suite's size (MLPs 64x64, batch 64, 1 thread) spent a quarter of its time in torch's
loop (``python -m benchmarks.optim`` measures the change: docs/benchmarks/optim.md).
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


class FlatAdam:
    """``torch.optim.Adam(params, **kwargs)`` (``AdamW`` with ``decoupled=True``) stepped on flat buffers.

    ``params``: tensors, or a list of groups of tensors (each a list) that get their gradients together, one buffer
    each (DPPO: the fine-tuned denoiser, and the learned initial noise that only minibatches holding position 0
    reach). Each ``step`` gathers a buffer's parameters and gradients, runs torch's single-tensor Adam on it and
    copies the result back: parameters stay ordinary module tensors, and weights loaded between steps (a selection
    restoring a kept policy) are what the next step starts from, as with torch's optimizer. A buffer none of whose
    parameters has a gradient is skipped, as torch skips them. Every parameter of a buffer needs a gradient whenever
    one has; where a buffer's first step finds only some, that buffer falls back to torch's per-tensor loop for good
    (the same updates, slower), as does a group of mixed dtypes or devices; a later step that splits a flat buffer is
    refused.
    """

    def __init__(self, params: Iterable[Any], decoupled: bool = False, **kwargs: Any):
        items = list(params)
        groups = [list(g) for g in items] if items and not isinstance(items[0], torch.Tensor) else [items]
        groups = [[p for p in g if p.requires_grad] for g in groups]
        if not any(groups):
            raise ValueError("FlatAdam: no parameters that require a gradient")
        self.kwargs = {**kwargs, "foreach": False}     # torch's single-tensor loop: the reference the buffers match
        self.cls = torch.optim.AdamW if decoupled else torch.optim.Adam
        self.buffers = [_FlatBuffer(g, self.cls, self.kwargs) for g in groups if g]
        self.params = [p for b in self.buffers for p in b.params]

    @property
    def flat_mode(self) -> bool | None:
        """True once every buffer steps flat; False where one fell back; None before the first step."""
        modes = [b.flat_mode for b in self.buffers]
        return None if None in modes else all(modes)

    def zero_grad(self, set_to_none: bool = True) -> None:
        for p in self.params:
            if set_to_none:
                p.grad = None
            elif p.grad is not None:
                p.grad.zero_()

    @torch.no_grad()
    def step(self) -> None:
        for buffer in self.buffers:
            buffer.step()


class _FlatBuffer:
    """One group of ``FlatAdam``: its parameters, their flat copy and gradient, and torch's optimizer on it."""

    def __init__(self, params: list[torch.Tensor], cls: type[torch.optim.Optimizer], kwargs: dict[str, Any]):
        self.params, self.cls, self.kwargs = params, cls, kwargs
        self.flat = torch.cat([p.detach().reshape(-1) for p in params]).requires_grad_(True)
        self.flat.grad = torch.zeros_like(self.flat)
        self.views = [v.view_as(p) for v, p in zip(self.flat.detach().split([p.numel() for p in params]), params)]
        self.optimizer = cls([self.flat], **kwargs)
        self.flat_mode: bool | None = None            # decided at the first step with a gradient
        if len({(p.dtype, p.device) for p in params}) > 1:   # one buffer holds one dtype on one device
            self.flat_mode, self.optimizer = False, cls(params, **kwargs)

    def step(self) -> None:
        grads = [p.grad for p in self.params]
        present = sum(g is not None for g in grads)
        if present == 0:
            return
        if self.flat_mode is None:
            self.flat_mode = present == len(grads)
            if not self.flat_mode:
                self.optimizer = self.cls(self.params, **self.kwargs)
        if not self.flat_mode:
            self.optimizer.step()
            return
        if present < len(grads):
            raise RuntimeError(f"FlatAdam: {len(grads) - present} of {len(grads)} parameters of a buffer have no "
                               "gradient this step, after steps where all had one (a flat buffer steps every "
                               "parameter: give them their own group)")
        torch.cat([p.reshape(-1) for p in self.params], out=self.flat.detach())
        torch.cat([g.reshape(-1) for g in grads], out=self.flat.grad)
        self.optimizer.step()
        torch._foreach_copy_(self.params, self.views)


def fused_for_trainer(params: list[torch.Tensor], setting: bool | None) -> bool:
    """The ``Trainer``'s choice: ``setting`` when given, else fused from ``FUSED_MIN_PARAMS`` parameters up (where the
    device has the kernel)."""
    if setting is not None:
        return bool(setting)
    return fusable(params) and sum(p.numel() for p in params) >= FUSED_MIN_PARAMS
