"""Exponential moving average of a policy's weights (the averaged copy is what gets evaluated and saved)."""

from __future__ import annotations

import copy

import torch
from torch import nn


class EMA:
    """``shadow = d * shadow + (1 - d) * weights`` after every optimizer step, ``d = min(decay, (1+t)/(offset+t))``.

    Buffers (normalizer statistics, schedules) are copied, not averaged. ``shadow`` is a full module, in eval mode.
    """

    def __init__(self, model: nn.Module, decay: float, warmup_offset: float = 10.0):
        if not 0.0 <= decay < 1.0:
            raise ValueError(f"EMA decay must be in [0, 1), got {decay}")
        self.decay = float(decay)
        self.warmup_offset = float(warmup_offset)
        self.shadow = copy.deepcopy(model).eval()
        self.shadow.requires_grad_(False)
        self.updates = 0

    def current_decay(self) -> float:
        t = self.updates
        return min(self.decay, (1.0 + t) / (self.warmup_offset + t))

    @torch.no_grad()
    def update(self, model: nn.Module) -> None:
        d = self.current_decay()
        shadow_params = dict(self.shadow.named_parameters())
        for name, p in model.named_parameters():
            s = shadow_params[name]
            if p.requires_grad:
                s.lerp_(p.detach(), 1.0 - d)
            else:
                s.copy_(p.detach())
        shadow_buffers = dict(self.shadow.named_buffers())
        for name, b in model.named_buffers():
            shadow_buffers[name].copy_(b)
        self.updates += 1
