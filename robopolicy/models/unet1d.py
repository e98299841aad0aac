"""1-D conditional U-Net over the time axis of an action chunk (Diffusion Policy's denoiser).

``x`` ``(B, Tp, Da)`` and a scalar step ``t`` ``(B,)`` (diffusion timestep, or flow time scaled to the same
range) and a global condition ``cond`` ``(B, cond_dim)`` -> ``(B, Tp, Da)`` (noise or velocity prediction).
Every residual block is FiLM-conditioned on ``[step embedding, cond]``: a per-channel scale and bias after its
first convolution. Convolutions are followed by GroupNorm(n_groups) and Mish. Each level but the last halves
the time axis, so ``Tp`` must be divisible by ``2 ** (len(down_dims) - 1)``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager

import torch
from torch import nn
from torch.nn import functional as F

from robopolicy.errors import ConfigError
from robopolicy.models.embeddings import SinusoidalEmbedding

STEP_MLP_EXPANSION = 4  # hidden width of the step-embedding MLP, as a multiple of its output
# Conv1d as one matrix product (below) where reading the weights dominates: at least this many weights
# (in x out x kernel) ...
GEMM_MIN_WEIGHTS = 1 << 18
# ... and at least this many weights per output row (batch x output length)
GEMM_WEIGHTS_PER_ROW = 4096
_gemm_enabled = True


@contextmanager
def aten_convolutions() -> Iterator[None]:
    """Inside: every :class:`Conv1d` / :class:`ConvTranspose1d` uses ATen's convolution (the matrix-product path
    off), for measuring what that path saves (``benchmarks/real_size.py``)."""
    global _gemm_enabled
    before, _gemm_enabled = _gemm_enabled, False
    try:
        yield
    finally:
        _gemm_enabled = before


class Conv1d(nn.Conv1d):
    """``nn.Conv1d`` (same parameters, same state dict) that, on CPU, computes a weight-bound convolution as one
    ``addmm`` over its unfolded input (autograd through it as usual).

    A U-Net's time axis is 4-16 steps long, so at small batches and at its wide levels each convolution is few
    output rows against megabytes of weights; ATen/oneDNN's convolution kernels are slow in that shape (the
    LeRobot-size U-Net at batch 1: 0.45 s per denoising step against 0.14 s as matrix products; its 2048-channel
    layers at training batch 64: forward + backward 2-3x faster; docs/benchmarks/real_size.md). Results agree with
    the convolution to float rounding (~1e-6). GPUs, grouped or dilated convolutions and compute-bound shapes (fewer
    than ``GEMM_WEIGHTS_PER_ROW`` weights per output row, or fewer than ``GEMM_MIN_WEIGHTS`` weights: every
    layer of the default-size and quickstart U-Nets in training) keep ``F.conv1d``.
    """

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if isinstance(self.padding, str):                 # "same" / "valid": ATen works the padding out
            return super().forward(x)
        (k,), (stride,), (pad,) = self.kernel_size, self.stride, self.padding
        if not weight_bound(self, x, x.shape[0] * ((x.shape[-1] + 2 * pad - k) // stride + 1)):
            return super().forward(x)
        b, c, _ = x.shape
        # (B, C, L_out, k) windows -> rows (B * L_out, C * k) in the weight's (C, k) order
        cols = F.pad(x, (pad, pad)).unfold(2, k, stride) if k > 1 or stride > 1 or pad else x[..., None]
        length = cols.shape[2]
        cols = cols.permute(0, 2, 1, 3).reshape(b * length, c * k)
        weight = gemm_weight(self).reshape(self.out_channels, c * k).t()
        y = torch.addmm(self.bias, cols, weight) if self.bias is not None else cols @ weight
        return y.reshape(b, length, self.out_channels).transpose(1, 2)


class ConvTranspose1d(nn.ConvTranspose1d):
    """``nn.ConvTranspose1d`` with :class:`Conv1d`'s weight-bound fast path: one ``addmm`` of the input rows
    against the ``(C_in, C_out * k)`` weight, then the ``k`` taps added into place (stride, padding cropped)."""

    def forward(self, x: torch.Tensor, output_size: list[int] | None = None) -> torch.Tensor:
        if output_size is not None or self.output_padding != (0,) or not weight_bound(self, x, x.shape[0] * x.shape[2]):
            return super().forward(x, output_size)
        (k,), (stride,), (pad,) = self.kernel_size, self.stride, self.padding
        b, c, length = x.shape
        rows = x.transpose(1, 2).reshape(b * length, c) @ gemm_weight(self).reshape(c, -1)  # (B * L, C_out * k)
        taps = rows.reshape(b, length, self.out_channels, k).permute(0, 2, 1, 3)          # (B, C_out, L, k)
        full = (length - 1) * stride + k
        out = x.new_zeros(b, self.out_channels, full)
        for j in range(k):                      # input step i, tap j lands on output position i * stride + j
            out[:, :, j:j + (length - 1) * stride + 1:stride] += taps[..., j]
        out = out[:, :, pad:full - pad]
        return out + self.bias[:, None] if self.bias is not None else out


def weight_bound(conv: nn.Conv1d | nn.ConvTranspose1d, x: torch.Tensor, rows: int) -> bool:
    """Whether ``conv`` takes the matrix-product path on ``x`` (``rows`` = batch x input or output length): on CPU,
    a plain (ungrouped, undilated, zero-padded) 1-d convolution whose weights dominate (see ``Conv1d``)."""
    n = conv.weight.numel()
    return (_gemm_enabled and x.device.type == "cpu" and x.dim() == 3 and conv.groups == 1 and conv.dilation == (1,)
            and conv.padding_mode == "zeros" and n >= GEMM_MIN_WEIGHTS and rows * GEMM_WEIGHTS_PER_ROW <= n)


def gemm_weight(conv: nn.Conv1d | nn.ConvTranspose1d) -> torch.Tensor:
    """The weight the matrix product reads. Under CPU autocast without autograd (``set_inference_precision('bf16')``)
    a copy in the autocast dtype, made once and kept while the weight is unchanged: autocast would otherwise cast
    all the weights on every call, which costs about what the half-width product saves."""
    if torch.is_grad_enabled() or not torch.is_autocast_enabled("cpu"):
        return conv.weight
    dtype = torch.get_autocast_dtype("cpu")
    key = (conv.weight.data_ptr(), conv.weight._version, dtype)
    cached = conv.__dict__.get("_gemm_cast")
    if cached is None or cached[0] != key:
        cached = (key, conv.weight.detach().to(dtype))
        conv.__dict__["_gemm_cast"] = cached
    return cached[1]


class Conv1dBlock(nn.Sequential):
    """Conv1d (same padding) -> GroupNorm -> Mish."""

    def __init__(self, in_ch: int, out_ch: int, kernel_size: int, n_groups: int) -> None:
        super().__init__(Conv1d(in_ch, out_ch, kernel_size, padding=kernel_size // 2),
                         nn.GroupNorm(n_groups, out_ch), nn.Mish())


class ConditionalResidualBlock1D(nn.Module):
    """Two conv blocks; FiLM (scale, bias) from the condition between them; 1x1 conv on the skip if needed."""

    def __init__(self, in_ch: int, out_ch: int, cond_dim: int, kernel_size: int, n_groups: int) -> None:
        super().__init__()
        self.block1 = Conv1dBlock(in_ch, out_ch, kernel_size, n_groups)
        self.block2 = Conv1dBlock(out_ch, out_ch, kernel_size, n_groups)
        self.film = nn.Sequential(nn.Mish(), nn.Linear(cond_dim, 2 * out_ch))
        self.skip = Conv1d(in_ch, out_ch, 1) if in_ch != out_ch else nn.Identity()

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
                                            Conv1d(o, o, 3, stride=2, padding=1) if not last else nn.Identity()]))
        mid = down_dims[-1]
        self.mid = nn.ModuleList([block(mid, mid), block(mid, mid)])
        self.up = nn.ModuleList()
        for i, o in reversed(in_out[1:]):  # every up level doubles the time axis back
            self.up.append(nn.ModuleList([block(2 * o, i), block(i, i), ConvTranspose1d(i, i, 4, stride=2, padding=1)]))
        self.final = nn.Sequential(Conv1dBlock(down_dims[0], down_dims[0], kernel_size, n_groups),
                                   Conv1d(down_dims[0], action_dim, 1))

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
