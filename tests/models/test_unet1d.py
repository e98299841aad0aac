"""The 1-D conditional U-Net: shapes, size at the benchmark setting, FiLM conditioning, step embedding."""

from __future__ import annotations

import pytest
import torch

from robopolicy.errors import ConfigError
from robopolicy.models import unet1d
from robopolicy.models.embeddings import SinusoidalEmbedding
from robopolicy.models.unet1d import ConditionalUnet1D, Conv1d, ConvTranspose1d, aten_convolutions


def test_output_has_the_chunk_shape():
    net = ConditionalUnet1D(action_dim=7, cond_dim=10, pred_horizon=16, down_dims=[16, 32, 64])
    out = net(torch.randn(3, 16, 7), torch.tensor([0.0, 5.0, 99.0]), torch.randn(3, 10))
    assert out.shape == (3, 16, 7)


def test_default_size_is_about_five_million_parameters():
    net = ConditionalUnet1D(action_dim=7, cond_dim=128, pred_horizon=16)
    assert 4e6 < sum(p.numel() for p in net.parameters()) < 6e6


def test_condition_and_step_change_the_output_through_film():
    torch.manual_seed(0)
    net = ConditionalUnet1D(action_dim=2, cond_dim=4, pred_horizon=8, down_dims=[16, 32])
    x, t, c = torch.randn(1, 8, 2), torch.tensor([3.0]), torch.randn(1, 4)
    base = net(x, t, c)
    assert not torch.allclose(base, net(x, t, c + 1))
    assert not torch.allclose(base, net(x, torch.tensor([50.0]), c))
    assert torch.equal(base, net(x, t, c))


def test_output_is_equivariant_to_batch_order():
    net = ConditionalUnet1D(action_dim=2, cond_dim=4, pred_horizon=8, down_dims=[16, 32]).eval()
    x, t, c = torch.randn(4, 8, 2), torch.arange(4.0), torch.randn(4, 4)
    perm = torch.tensor([2, 0, 3, 1])
    torch.testing.assert_close(net(x, t, c)[perm], net(x[perm], t[perm], c[perm]), rtol=1e-5, atol=1e-6)


def test_horizon_must_divide_by_the_downsampling():
    with pytest.raises(ConfigError, match="pred_horizon 10 must be divisible by 4"):
        ConditionalUnet1D(action_dim=2, cond_dim=4, pred_horizon=10, down_dims=[16, 32, 64])


def test_sinusoidal_embedding_is_sin_cos_of_scaled_steps():
    emb = SinusoidalEmbedding(8)(torch.tensor([0.0, 1.0]))
    assert emb.shape == (2, 8)
    assert torch.equal(emb[0], torch.tensor([0.0] * 4 + [1.0] * 4))
    assert emb[1, 0] == pytest.approx(torch.sin(torch.tensor(1.0)).item())  # the first frequency is 1


# (in, out, kernel, stride, padding, length, batch): the U-Net's shapes (same-padded k = 5, 1x1 skips, the stride-2
# downsample, the k = 4 upsample) and odd ones
CONV_SHAPES = [(512, 512, 5, 1, 2, 16, 1), (1024, 512, 1, 1, 0, 8, 2), (512, 512, 3, 2, 1, 16, 1),
               (600, 520, 4, 3, 2, 9, 3), (520, 600, 5, 1, 0, 7, 2)]


@pytest.mark.parametrize("cin, cout, k, stride, pad, length, batch", CONV_SHAPES)
def test_matrix_product_convolutions_match_aten_and_are_taken_only_where_they_pay(cin, cout, k, stride, pad, length,
                                                                                  batch, monkeypatch):
    torch.manual_seed(0)
    calls = fast_path_calls(monkeypatch)
    for cls, aten in ((Conv1d, torch.nn.functional.conv1d), (ConvTranspose1d, torch.nn.functional.conv_transpose1d)):
        conv = cls(cin, cout, k, stride=stride, padding=pad)
        assert set(conv.state_dict()) == {"weight", "bias"}              # checkpoints of nn.Conv1d load as before
        x = torch.randn(batch, cin, length)
        ref = aten(x, conv.weight, conv.bias, stride, pad)
        with torch.no_grad():
            with aten_convolutions():
                assert torch.equal(conv(x), ref)                         # the switch restores ATen exactly
        x.requires_grad_(True)
        fast = conv(x)
        assert fast.shape == ref.shape and torch.allclose(fast, ref, atol=1e-5, rtol=1e-5)
        grads = torch.autograd.grad(fast.square().sum(), (x, conv.weight, conv.bias))
        refs = torch.autograd.grad(aten(x, conv.weight, conv.bias, stride, pad).square().sum(),
                                   (x, conv.weight, conv.bias))
        for g, r in zip(grads, refs):                                    # training through it: the same gradients
            assert torch.allclose(g, r, atol=1e-3, rtol=1e-4)
    assert calls == [Conv1d, ConvTranspose1d]                           # each took its product once (with autograd)


def fast_path_calls(monkeypatch) -> list[type]:
    """The classes whose matrix-product path ran (each reads its weight through ``gemm_weight`` there only)."""
    calls: list[type] = []
    real = unet1d.gemm_weight
    monkeypatch.setattr(unet1d, "gemm_weight", lambda conv: calls.append(type(conv)) or real(conv))
    return calls


def test_small_long_or_same_padded_convolutions_keep_aten(monkeypatch):
    calls = fast_path_calls(monkeypatch)
    with torch.no_grad():
        Conv1d(16, 32, 5, padding=2)(torch.randn(1, 16, 8))                    # 2,560 weights: compute-bound
        Conv1d(512, 512, 5, padding=2)(torch.randn(64, 512, 16))              # 1,024 rows: 1,280 weights per row
        ConvTranspose1d(512, 512, 4, stride=2, padding=1)(torch.randn(64, 512, 16))
        conv = Conv1d(512, 512, 5, padding="same")
        x = torch.randn(1, 512, 8)
        assert torch.equal(conv(x), torch.nn.functional.conv1d(x, conv.weight, conv.bias, padding="same"))
    assert calls == [] and 512 * 512 * 5 < 1024 * unet1d.GEMM_WEIGHTS_PER_ROW


def test_lerobot_size_unet_at_batch_one_matches_aten():
    torch.manual_seed(0)
    net = ConditionalUnet1D(action_dim=7, cond_dim=32, pred_horizon=16, down_dims=[256, 512, 1024]).eval()
    x, t, c = torch.randn(1, 16, 7), torch.tensor([7.0]), torch.randn(1, 32)
    with torch.no_grad():
        fast = net(x, t, c)
        with aten_convolutions():
            ref = net(x, t, c)
    assert not torch.equal(fast, ref) and torch.allclose(fast, ref, atol=1e-5)   # the fast path ran, to rounding


def test_bf16_autocast_reads_a_cached_half_width_weight_until_the_weight_changes():
    torch.manual_seed(0)
    conv = Conv1d(512, 512, 5, padding=2)
    x = torch.randn(1, 512, 8)
    with torch.no_grad(), torch.autocast("cpu", dtype=torch.bfloat16):
        y = conv(x)
        cast = conv.__dict__["_gemm_cast"][1]
        assert y.dtype == cast.dtype == torch.bfloat16 and conv.weight.dtype == torch.float32
        conv(x)
        assert conv.__dict__["_gemm_cast"][1] is cast                  # reused while the weight is unchanged
        conv.weight.mul_(2)                                             # an in-place update (an optimizer, EMA)
        y2 = conv(x)
        assert conv.__dict__["_gemm_cast"][1] is not cast
    ref = torch.nn.functional.conv1d(x, conv.weight, conv.bias, padding=2)
    assert torch.allclose(y2.float(), ref, atol=0.05 * ref.abs().max().item())   # bf16 rounding of the new weights
    with torch.no_grad():
        assert conv(x).dtype == torch.float32                           # no autocast: the fp32 weight itself
