"""The ResNet-18-style image encoder: GroupNorm only, uint8 in, random crop in training, center crop at eval."""

from __future__ import annotations

import pytest
import torch
from torch import nn

from robopolicy.errors import ConfigError
from robopolicy.models.image_encoder import ResNetImageEncoder, crop_images, crop_size


def images(n: int = 4, size: int = 40, seed: int = 0) -> torch.Tensor:
    return torch.randint(0, 256, (n, size, size, 3), dtype=torch.uint8, generator=torch.Generator().manual_seed(seed))


def test_encoder_has_group_norm_and_no_batch_norm():
    enc = ResNetImageEncoder((84, 84, 3), width=8)
    kinds = {type(m) for m in enc.modules()}
    assert nn.GroupNorm in kinds
    assert not any(isinstance(m, nn.modules.batchnorm._BatchNorm) for m in enc.modules())


def test_full_width_is_resnet18_sized():
    params = sum(p.numel() for p in ResNetImageEncoder((84, 84, 3), width=64).stages.parameters())
    assert 10e6 < params < 12e6  # ResNet-18's residual stages hold ~11M parameters


def test_center_crop_at_eval_is_deterministic_and_is_the_middle():
    x = images()
    crop = crop_images(x, (32, 32), random=False)
    assert torch.equal(crop, x[:, 4:36, 4:36])
    enc = ResNetImageEncoder((40, 40, 3), width=8, crop_ratio=0.8, pool="avg").eval()
    assert enc.crop_hw == (32, 32)
    assert torch.equal(enc(x), enc(x))


def test_random_crop_is_a_window_of_the_image_and_varies_in_training():
    x = images(n=64)
    torch.manual_seed(0)
    crops = crop_images(x, (30, 30), random=True)
    offsets = set()
    for i in range(len(x)):
        found = [(r, c) for r in range(11) for c in range(11) if torch.equal(crops[i], x[i, r:r + 30, c:c + 30])]
        assert found, "a random crop must be an exact window of its own image"
        offsets.add(found[0])
    assert len(offsets) > 10  # offsets differ between images
    enc = ResNetImageEncoder((40, 40, 3), width=8, crop_ratio=0.75, pool="avg").train()
    assert not torch.equal(enc(x[:2]), enc(x[:2]))


def test_crop_ratio_of_diffusion_policy():
    assert crop_size(84, 76 / 84) == 76


def test_input_must_be_uint8_and_is_scaled_to_unit_range():
    enc = ResNetImageEncoder((40, 40, 3), width=8, pool="avg").eval()
    with pytest.raises(TypeError, match="uint8"):
        enc(images().float())
    white = torch.full((1, 40, 40, 3), 255, dtype=torch.uint8)
    stem_in = []
    enc.stem.register_forward_pre_hook(lambda _m, args: stem_in.append(args[0]))
    enc(white)
    assert float(stem_in[0].max()) == 1.0 and float(stem_in[0].min()) == 1.0


@pytest.mark.parametrize("pool,shape", [("spatial_softmax", (3, 16)), ("avg", (3, 16)), ("tokens", (3, 9, 16))])
def test_output_shapes_per_pool(pool, shape):
    enc = ResNetImageEncoder((84, 84, 3), width=8, crop_ratio=76 / 84, pool=pool, num_keypoints=4, out_dim=16).eval()
    out = enc(torch.zeros((3, 84, 84, 3), dtype=torch.uint8))
    assert tuple(out.shape) == shape
    assert enc.num_tokens() == 9


def test_spatial_softmax_keypoints_are_expected_coordinates():
    enc = ResNetImageEncoder((84, 84, 3), width=8, pool="spatial_softmax", num_keypoints=4).eval()
    fmap = torch.zeros(1, enc.feature_channels, 3, 3)
    keypoints = enc.pool(fmap)  # uniform attention -> the grid's centre (0, 0)
    assert torch.allclose(keypoints, torch.zeros_like(keypoints), atol=1e-6)


def test_bad_settings_name_the_value():
    with pytest.raises(ConfigError, match="unknown image pool 'max'"):
        ResNetImageEncoder((84, 84, 3), width=8, pool="max")
    with pytest.raises(ConfigError, match="1x1 feature map"):
        ResNetImageEncoder((16, 16, 3), width=8, pool="spatial_softmax")
