"""The 1-D conditional U-Net: shapes, size at the benchmark setting, FiLM conditioning, step embedding."""

from __future__ import annotations

import pytest
import torch

from robopolicy.errors import ConfigError
from robopolicy.models.embeddings import SinusoidalEmbedding
from robopolicy.models.unet1d import ConditionalUnet1D


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
