"""Transformer trunk over observation tokens (VLA style): pre-norm encoder layers with a final LayerNorm."""

from __future__ import annotations

import torch
from torch import nn


class TokenTransformer(nn.Module):
    """``(B, N, d_model)`` tokens -> ``(B, N, d_model)`` contextualized tokens (full self-attention)."""

    def __init__(self, d_model: int = 128, num_layers: int = 4, num_heads: int = 4, ff_dim: int = 512,
                 dropout: float = 0.0) -> None:
        super().__init__()
        layer = nn.TransformerEncoderLayer(d_model, num_heads, ff_dim, dropout, activation="gelu",
                                           batch_first=True, norm_first=True)
        self.encoder = nn.TransformerEncoder(layer, num_layers, enable_nested_tensor=False)
        self.norm = nn.LayerNorm(d_model)

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        return self.norm(self.encoder(tokens))
