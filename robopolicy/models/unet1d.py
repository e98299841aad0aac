"""1-D conditional U-Net over the time axis of an action chunk (Diffusion Policy's denoiser).

``x`` ``(B, Tp, Da)`` and a scalar step ``t`` ``(B,)`` (diffusion timestep, or flow time scaled to the same
range) and a global condition ``cond`` ``(B, cond_dim)`` -> ``(B, Tp, Da)`` (noise or velocity prediction).
Every residual block is FiLM-conditioned on ``[step embedding, cond]``: a per-channel scale and bias after its
first convolution. Convolutions are followed by GroupNorm(n_groups) and Mish. Each level but the last halves
the time axis, so ``Tp`` must be divisible by ``2 ** (len(down_dims) - 1)``.
"""

from __future__ import annotations

from collections.abc import Sequence

import torch
from torch import nn

from robopolicy.errors import ConfigError
from robopolicy.models.embeddings import SinusoidalEmbedding

STEP_MLP_EXPANSION = 4  # hidden width of the step-embedding MLP, as a multiple of its output


class Conv1dBlock(nn.Sequential):
    """Conv1d (same padding) -> GroupNorm -> Mish."""

    def __init__(self, in_ch: int, out_ch: int, kernel_size: int, n_groups: int) -> None:
        super().__init__(nn.Conv1d(in_ch, out_ch, kernel_size, padding=kernel_size // 2),
                         nn.GroupNorm(n_groups, out_ch), nn.Mish())


class ConditionalResidualBlock1D(nn.Module):
    """Two conv blocks; FiLM (scale, bias) from the condition between them; 1x1 conv on the skip if needed."""

    def __init__(self, in_ch: int, out_ch: int, cond_dim: int, kernel_size: int, n_groups: int) -> None:
        super().__init__()
        self.block1 = Conv1dBlock(in_ch, out_ch, kernel_size, n_groups)
        self.block2 = Conv1dBlock(out_ch, out_ch, kernel_size, n_groups)
        self.film = nn.Sequential(nn.Mish(), nn.Linear(cond_dim, 2 * out_ch))
        self.skip = nn.Conv1d(in_ch, out_ch, 1) if in_ch != out_ch else nn.Identity()

    def forward(self, x: torch.Tensor, cond: torch.Tensor) -> torch.Tensor:
        scale, bias = self.film(cond)[:, :, None].chunk(2, dim=1)     # (B, C, 1) each
        y = self.block1(x) * scale + bias
        return self.block2(y) + self.skip(x)


class ConditionalUnet1D(nn.Module):
    def __init__(self, action_dim: int, cond_dim: int, pred_horizon: int, down_dims: Sequence[int] = (64, 128, 256),
                 kernel_size: int = 5, n_groups: int = 8, step_embed_dim: int = 128) -> None:
        super().__init__()
        down_dims = list(down_dims)
        factor = 2 ** (len(down_dims) - 1)
        if pred_horizon % factor:
            raise ConfigError(f"pred_horizon {pred_horizon} must be divisible by {factor} for a U-Net with "
                              f"down_dims {down_dims} (each level but the last halves the time axis)")
        bad = [d for d in down_dims if d % n_groups]
        if bad:
            raise ConfigError(f"U-Net down_dims {bad} are not divisible by n_groups {n_groups}")
        self.step_encoder = nn.Sequential(SinusoidalEmbedding(step_embed_dim),
                                          nn.Linear(step_embed_dim, STEP_MLP_EXPANSION * step_embed_dim), nn.Mish(),
                                          nn.Linear(STEP_MLP_EXPANSION * step_embed_dim, step_embed_dim))
        film_dim = step_embed_dim + cond_dim
        dims = [action_dim, *down_dims]
        in_out = list(zip(dims[:-1], dims[1:]))

        def block(i: int, o: int) -> ConditionalResidualBlock1D:
            return ConditionalResidualBlock1D(i, o, film_dim, kernel_size, n_groups)

        self.down = nn.ModuleList()
        for level, (i, o) in enumerate(in_out):
            last = level == len(in_out) - 1
            self.down.append(nn.ModuleList([block(i, o), block(o, o),
                                            nn.Conv1d(o, o, 3, stride=2, padding=1) if not last else nn.Identity()]))
        mid = down_dims[-1]
        self.mid = nn.ModuleList([block(mid, mid), block(mid, mid)])
        self.up = nn.ModuleList()
        for i, o in reversed(in_out[1:]):  # every up level doubles the time axis back
            self.up.append(nn.ModuleList([block(2 * o, i), block(i, i), nn.ConvTranspose1d(i, i, 4, stride=2, padding=1)]))
        self.final = nn.Sequential(Conv1dBlock(down_dims[0], down_dims[0], kernel_size, n_groups),
                                   nn.Conv1d(down_dims[0], action_dim, 1))

    def forward(self, x: torch.Tensor, t: torch.Tensor, cond: torch.Tensor) -> torch.Tensor:
        """``x`` (B, Tp, Da), ``t`` (B,) float steps, ``cond`` (B, cond_dim) -> (B, Tp, Da)."""
        film = torch.cat([self.step_encoder(t), cond], dim=-1)
        h = x.transpose(1, 2)                                         # (B, Da, Tp)
        skips = []
        for res1, res2, downsample in self.down:
            h = res2(res1(h, film), film)
            skips.append(h)
            h = downsample(h)
        for res in self.mid:
            h = res(h, film)
        for res1, res2, upsample in self.up:
            h = torch.cat([h, skips.pop()], dim=1)
            h = upsample(res2(res1(h, film), film))
        return self.final(h).transpose(1, 2)
