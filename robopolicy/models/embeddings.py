"""Sinusoidal embedding of a scalar (diffusion timestep or flow time), as in Transformers and Diffusion Policy."""

from __future__ import annotations

import math

import torch
from torch import nn

# Longest period of the sinusoids (the Transformer value); timesteps up to ~1e3 stay distinguishable.
MAX_PERIOD = 10_000.0


class SinusoidalEmbedding(nn.Module):
    """``(B,)`` float timesteps -> ``(B, dim)`` [sin, cos] features at geometrically spaced frequencies."""

    def __init__(self, dim: int) -> None:
        super().__init__()
        if dim % 2:
            raise ValueError(f"sinusoidal embedding dim must be even, got {dim}")
        self.dim = dim

    def forward(self, t: torch.Tensor) -> torch.Tensor:
        half = self.dim // 2
        freqs = torch.exp(-math.log(MAX_PERIOD) * torch.arange(half, device=t.device, dtype=torch.float32) / (half - 1))
        angles = t.float()[:, None] * freqs[None, :]
        return torch.cat([angles.sin(), angles.cos()], dim=-1)
