"""Image encoder: a ResNet-18-style ConvNet with GroupNorm (never BatchNorm), in plain torch.

Diffusion Policy found that BatchNorm breaks policy training (batch statistics shift between training and the
one-observation batches of a rollout, and interact badly with EMA), so every normalization here is GroupNorm.
Input is raw uint8 ``(N, H, W, C)``; the encoder scales to [0, 1] itself. Training uses a random crop (one
offset per image, the Diffusion Policy augmentation, e.g. 76 of 84); evaluation uses the center crop of the same
size, so train and eval see the same resolution.

Shapes: ``N`` images (callers flatten batch and history). ``forward`` gives ``(N, out_dim)`` with a pooled
head (``spatial_softmax``: soft-argmax keypoints; ``avg``: global average) or ``(N, P, out_dim)`` with
``pool="tokens"``: the last feature map's ``P = h*w`` cells, each projected (for the transformer trunk).
"""

from __future__ import annotations

import torch
import torch.nn.functional as F
from torch import nn

from robopolicy.errors import ConfigError

POOLS = ("spatial_softmax", "avg", "tokens")
UINT8_MAX = 255.0
STAGE_WIDTH_MULTIPLIERS = (1, 2, 4, 8)  # ResNet-18: 64, 128, 256, 512 at width 64
BLOCKS_PER_STAGE = 2  # ResNet-18
# Stride-2 layers (stem conv, max-pool, first block of stages 2-4), each with padding so a side L -> ceil(L / 2).
NUM_STRIDE2_LAYERS = 2 + len(STAGE_WIDTH_MULTIPLIERS) - 1


def crop_size(image_size: int, crop_ratio: float) -> int:
    """Side of the crop taken from an ``image_size`` side (at least 1 pixel)."""
    return max(1, int(round(image_size * crop_ratio)))


def crop_images(images: torch.Tensor, crop_hw: tuple[int, int], random: bool) -> torch.Tensor:
    """Crop ``(N, H, W, C)`` images to ``crop_hw``: a random offset per image, or the center crop."""
    n, h, w, _ = images.shape
    ch, cw = crop_hw
    if (ch, cw) == (h, w):
        return images
    if not random:
        top, left = (h - ch) // 2, (w - cw) // 2
        return images[:, top:top + ch, left:left + cw]
    top = torch.randint(0, h - ch + 1, (n,), device=images.device)
    left = torch.randint(0, w - cw + 1, (n,), device=images.device)
    rows = top[:, None] + torch.arange(ch, device=images.device)[None, :]          # (N, ch)
    cols = left[:, None] + torch.arange(cw, device=images.device)[None, :]         # (N, cw)
    batch = torch.arange(n, device=images.device)[:, None, None]
    return images[batch, rows[:, :, None], cols[:, None, :]]                      # (N, ch, cw, C)


class Transpose12(nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x.transpose(1, 2)


class BasicBlock(nn.Module):
    """Two 3x3 convs with GroupNorm and a (projected when the shape changes) skip connection."""

    def __init__(self, in_ch: int, out_ch: int, stride: int, groups: int) -> None:
        super().__init__()
        self.conv1 = nn.Conv2d(in_ch, out_ch, 3, stride=stride, padding=1, bias=False)
        self.norm1 = nn.GroupNorm(groups, out_ch)
        self.conv2 = nn.Conv2d(out_ch, out_ch, 3, padding=1, bias=False)
        self.norm2 = nn.GroupNorm(groups, out_ch)
        self.skip: nn.Module = nn.Identity()
        if stride != 1 or in_ch != out_ch:
            self.skip = nn.Sequential(nn.Conv2d(in_ch, out_ch, 1, stride=stride, bias=False), nn.GroupNorm(groups, out_ch))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = F.relu(self.norm1(self.conv1(x)))
        y = self.norm2(self.conv2(y))
        return F.relu(y + self.skip(x))


class SpatialSoftmax(nn.Module):
    """Feature map ``(N, C, h, w)`` -> expected (x, y) of ``num_keypoints`` soft-argmax keypoints ``(N, 2K)``."""

    def __init__(self, in_ch: int, num_keypoints: int) -> None:
        super().__init__()
        self.keypoints = nn.Conv2d(in_ch, num_keypoints, 1)

    def forward(self, fmap: torch.Tensor) -> torch.Tensor:
        heat = self.keypoints(fmap)                                   # (N, K, h, w)
        n, k, h, w = heat.shape
        attn = heat.flatten(2).softmax(dim=-1)                        # (N, K, h*w)
        ys, xs = torch.meshgrid(torch.linspace(-1, 1, h, device=fmap.device),
                                torch.linspace(-1, 1, w, device=fmap.device), indexing="ij")
        grid = torch.stack([xs.flatten(), ys.flatten()], dim=-1)      # (h*w, 2)
        return (attn @ grid).reshape(n, 2 * k)


class ResNetImageEncoder(nn.Module):
    """ResNet-18 layout (stem, 4 stages x 2 basic blocks) with GroupNorm; ``width`` scales every stage.

    ``width=64`` is ResNet-18's size (~11M params); tests use ``width=8``.
    """

    def __init__(self, image_shape: tuple[int, int, int], width: int = 64, norm_groups: int = 8,
                 crop_ratio: float = 1.0, pool: str = "spatial_softmax", num_keypoints: int = 32,
                 out_dim: int = 64) -> None:
        super().__init__()
        if pool not in POOLS:
            raise ConfigError(f"unknown image pool {pool!r}; valid: {', '.join(POOLS)}")
        if width % norm_groups:
            raise ConfigError(f"image encoder width {width} must be divisible by norm_groups {norm_groups}")
        if not 0.0 < crop_ratio <= 1.0:
            raise ConfigError(f"crop_ratio must be in (0, 1], got {crop_ratio}")
        h, w, channels = image_shape
        self.crop_hw = (crop_size(h, crop_ratio), crop_size(w, crop_ratio))
        self.stem = nn.Sequential(nn.Conv2d(channels, width, 7, stride=2, padding=3, bias=False),
                                  nn.GroupNorm(norm_groups, width), nn.ReLU(), nn.MaxPool2d(3, stride=2, padding=1))
        blocks: list[nn.Module] = []
        in_ch = width
        for stage, mult in enumerate(STAGE_WIDTH_MULTIPLIERS):
            out_ch = width * mult
            for b in range(BLOCKS_PER_STAGE):
                stride = 2 if (stage > 0 and b == 0) else 1
                blocks.append(BasicBlock(in_ch, out_ch, stride, norm_groups))
                in_ch = out_ch
        self.stages = nn.Sequential(*blocks)
        self.feature_channels = in_ch
        self.pool_name = pool
        if pool == "spatial_softmax":
            self.pool: nn.Module = SpatialSoftmax(in_ch, num_keypoints)
            pooled = 2 * num_keypoints
        elif pool == "avg":
            self.pool = nn.Sequential(nn.AdaptiveAvgPool2d(1), nn.Flatten())
            pooled = in_ch
        else:  # tokens: (N, C, h, w) -> (N, h*w, C)
            self.pool = nn.Sequential(nn.Flatten(2), Transpose12())
            pooled = in_ch
        self.head = nn.Linear(pooled, out_dim)
        self.out_dim = out_dim
        if pool == "spatial_softmax" and self.num_tokens() == 1:
            raise ConfigError(f"images {h}x{w} (crop {self.crop_hw}) leave a 1x1 feature map: spatial-softmax "
                              "keypoints would be constant; use image_encoder.pool=avg or larger images")

    def feature_map(self, images: torch.Tensor) -> torch.Tensor:
        """uint8 ``(N, H, W, C)`` -> ``(N, C_last, h, w)``; random crop in training mode, center crop in eval."""
        if images.dtype != torch.uint8:
            raise TypeError(f"image encoder takes uint8 (N, H, W, C) images, got {images.dtype}")
        crops = crop_images(images, self.crop_hw, random=self.training)
        x = crops.permute(0, 3, 1, 2).float() / UINT8_MAX
        return self.stages(self.stem(x))

    def forward(self, images: torch.Tensor) -> torch.Tensor:
        """uint8 ``(N, H, W, C)`` -> ``(N, out_dim)``, or ``(N, P, out_dim)`` with ``pool="tokens"``."""
        return self.head(self.pool(self.feature_map(images)))

    def num_tokens(self) -> int:
        """Cells ``P = h*w`` of the last feature map (the tokens per image with ``pool="tokens"``)."""
        h, w = self.crop_hw
        for _ in range(NUM_STRIDE2_LAYERS):
            h, w = (h + 1) // 2, (w + 1) // 2
        return h * w
