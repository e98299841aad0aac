"""State encoder: a small MLP applied to each time step of a (normalized) proprioceptive state."""

from __future__ import annotations

from collections.abc import Sequence

import torch
from torch import nn


class StateEncoder(nn.Module):
    """``(..., Ds)`` normalized state -> ``(..., out_dim)`` features (Linear + Mish per hidden layer)."""

    def __init__(self, state_dim: int, hidden_dims: Sequence[int] = (256,), out_dim: int = 64) -> None:
        super().__init__()
        layers: list[nn.Module] = []
        width = state_dim
        for hidden in hidden_dims:
            layers += [nn.Linear(width, hidden), nn.Mish()]
            width = hidden
        layers.append(nn.Linear(width, out_dim))
        self.net = nn.Sequential(*layers)
        self.out_dim = out_dim

    def forward(self, state: torch.Tensor) -> torch.Tensor:
        return self.net(state)
