"""The trainer's optimizer: torch's fused AdamW where the device has it, the same update as the per-tensor loop."""

from __future__ import annotations

import torch
from torch import nn

from robopolicy.train.optim import adamw, fusable


def test_fused_adamw_takes_the_same_steps_as_the_loop():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(8, 16), nn.GroupNorm(4, 16), nn.Linear(16, 3))
    twin = nn.Sequential(nn.Linear(8, 16), nn.GroupNorm(4, 16), nn.Linear(16, 3))
    twin.load_state_dict(model.state_dict())
    fused = adamw(model.parameters(), lr=1e-2, betas=(0.95, 0.999), weight_decay=1e-6)
    loop = torch.optim.AdamW(twin.parameters(), lr=1e-2, betas=(0.95, 0.999), weight_decay=1e-6, foreach=False)
    assert fused.defaults["fused"] is True
    x, y = torch.randn(32, 8), torch.randn(32, 3)
    for _ in range(5):
        for net, opt in ((model, fused), (twin, loop)):
            opt.zero_grad()
            nn.functional.mse_loss(net(x), y).backward()
            opt.step()
    for a, b in zip(model.parameters(), twin.parameters()):
        torch.testing.assert_close(a, b, rtol=1e-5, atol=1e-6)


def test_only_floating_point_tensors_on_cpu_or_cuda_are_fused():
    assert fusable([torch.zeros(2)]) and not fusable([]) and not fusable([torch.zeros(2, dtype=torch.int64)])
    assert fusable([torch.zeros(2, device="meta")]) is False


def test_ema_update_is_the_lerp_of_every_trainable_tensor_and_copies_the_rest():
    from robopolicy.train.ema import EMA

    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(4, 4), nn.Linear(4, 2))
    model[1].bias.requires_grad_(False)
    ema = EMA(model, decay=0.9, warmup_offset=1.0)   # decay min(0.9, (1 + 0) / (1 + 0)) = 0.9 at the first update
    before = {k: v.clone() for k, v in ema.shadow.state_dict().items()}
    with torch.no_grad():
        for p in model.parameters():
            p.add_(1.0)
    ema.update(model)
    now = dict(model.named_parameters())
    for name, value in ema.shadow.named_parameters():
        expected = now[name] if name == "1.bias" else before[name] + 0.1 * (now[name] - before[name])
        torch.testing.assert_close(value, expected.detach())


def test_the_trainer_fuses_real_sizes_only_unless_told():
    """``fused_optimizer=null``: torch's loop below FUSED_MIN_PARAMS trainable parameters (the learning-test margins'
    sizes), the fused kernel from there up; true/false force it; true where there is no kernel is refused."""
    import pytest

    from robopolicy.train import optim

    small, big = [torch.zeros(1000)], [torch.zeros(optim.FUSED_MIN_PARAMS)]
    assert not optim.fused_for_trainer(small, None) and optim.fused_for_trainer(big, None)
    assert optim.fused_for_trainer(small, True) and not optim.fused_for_trainer(big, False)
    assert adamw([nn.Parameter(torch.zeros(2))], fused=False).defaults.get("fused") in (None, False)
    with pytest.raises(ValueError, match="needs floating-point parameters on cpu or cuda; these are on meta"):
        adamw([nn.Parameter(torch.zeros(2, device="meta"))], fused=True)


def test_trainer_fused_optimizer_setting(tmp_path, capsys):
    """The setting reaches the trainer's AdamW; the default keeps a small policy on torch's loop; the run says when
    it uses the kernel."""
    from robopolicy.train.config import compose_train_config
    from robopolicy.train.trainer import Trainer
    from tests.policies.tiny import make_store

    store = make_store(tmp_path / "s.zarr", num_episodes=4)
    base = [f"dataset={store.path}", "steps=2", "batch_size=4", "policy=mlp_bc", "obs_keys=[state]"]
    for setting, fused in (("null", False), ("true", True)):
        trainer = Trainer(compose_train_config([*base, f"run_dir={tmp_path / setting}", f"fused_optimizer={setting}"]))
        assert trainer.fused_optimizer is fused
        assert bool(trainer.optimizer.defaults.get("fused")) is fused
        err = capsys.readouterr().err
        assert ("optimizer: AdamW, fused kernel" in err) is fused and ("fused_optimizer=true" in err) is fused


def odd_mlp(seed: int) -> nn.Module:
    torch.manual_seed(seed)
    return nn.Sequential(nn.Linear(39, 61), nn.LayerNorm(61), nn.ReLU(), nn.Linear(61, 64), nn.ReLU(), nn.Linear(64, 7))


def test_flat_adam_takes_torchs_loop_steps_bit_for_bit():
    """The flat buffer runs torch's own single-tensor Adam (AdamW: with weight decay) on every weight at once: after
    200 steps on tensors of odd sizes (7, 61, 39 x 61, ...) every weight equals the loop's exactly, not nearly."""
    from robopolicy.train.optim import FlatAdam

    for decoupled, kwargs in ((False, {"lr": 3e-3}), (True, {"lr": 1e-3, "betas": (0.95, 0.999), "weight_decay": 0.1})):
        flat_net, loop_net = odd_mlp(0), odd_mlp(0)
        flat = FlatAdam(flat_net.parameters(), decoupled=decoupled, **kwargs)
        loop = (torch.optim.AdamW if decoupled else torch.optim.Adam)(loop_net.parameters(), foreach=False, **kwargs)
        generator = torch.Generator().manual_seed(1)
        for _ in range(200):
            x, y = torch.randn(64, 39, generator=generator), torch.randn(64, 7, generator=generator)
            for net, opt in ((flat_net, flat), (loop_net, loop)):
                opt.zero_grad(set_to_none=True)
                nn.functional.mse_loss(net(x), y).backward()
                opt.step()
        assert flat.flat_mode is True
        for (name, a), b in zip(flat_net.named_parameters(), loop_net.parameters()):
            assert torch.equal(a, b), name


def test_flat_adam_starts_each_step_from_the_weights_the_module_holds():
    """Weights loaded between steps (a selection restoring a kept policy) are what the next step updates, as with
    torch's optimizer (whose moments carry over)."""
    from robopolicy.train.optim import FlatAdam

    flat_net, loop_net, other = odd_mlp(0), odd_mlp(0), odd_mlp(5)
    flat, loop = FlatAdam(flat_net.parameters(), lr=1e-2), torch.optim.Adam(loop_net.parameters(), lr=1e-2)
    x = torch.randn(16, 39)
    for step in range(6):
        if step == 3:
            flat_net.load_state_dict(other.state_dict())
            loop_net.load_state_dict(other.state_dict())
        for net, opt in ((flat_net, flat), (loop_net, loop)):
            opt.zero_grad()
            net(x).pow(2).mean().backward()
            opt.step()
    assert all(torch.equal(a, b) for a, b in zip(flat_net.parameters(), loop_net.parameters()))


def test_flat_adam_without_every_gradient_falls_back_to_torchs_loop_and_refuses_a_change_later():
    import pytest

    from robopolicy.train.optim import FlatAdam

    net, twin = odd_mlp(0), odd_mlp(0)
    partial = FlatAdam(net.parameters(), lr=1e-2)
    loop = torch.optim.Adam(twin.parameters(), lr=1e-2)
    x = torch.randn(8, 39)
    for _ in range(3):   # the last layer never gets a gradient: torch skips it, and so does the fallback
        for model, opt in ((net, partial), (twin, loop)):
            opt.zero_grad()
            model[:-1](x).pow(2).mean().backward()
            opt.step()
    assert partial.flat_mode is False
    assert all(torch.equal(a, b) for a, b in zip(net.parameters(), twin.parameters()))

    full_net = odd_mlp(0)
    complete = FlatAdam(full_net.parameters(), lr=1e-2)
    full_net(x).sum().backward()
    complete.step()
    complete.zero_grad()
    full_net[:-1](x).sum().backward()
    with pytest.raises(RuntimeError, match="2 of 8 parameters of a buffer have no gradient this step"):
        complete.step()
    with pytest.raises(ValueError, match="no parameters that require a gradient"):
        FlatAdam([torch.zeros(3)])


def test_flat_adam_groups_step_alone_and_a_group_without_gradients_is_skipped_as_torch_skips_it():
    """DPPO's two groups: the denoiser's buffer and the learned noise's, which some minibatches do not reach; torch's
    loop skips tensors without a gradient, and so does a group none of whose tensors has one."""
    from robopolicy.train.optim import FlatAdam

    net, twin = odd_mlp(0), odd_mlp(0)
    flat = FlatAdam([list(net[:-1].parameters()), list(net[-1].parameters())], lr=1e-2)
    loop = torch.optim.Adam(twin.parameters(), lr=1e-2, foreach=False)
    x = torch.randn(8, 39)
    for step in range(6):
        for model, opt in ((net, flat), (twin, loop)):
            opt.zero_grad()
            (model(x) if step % 2 else model[:-1](x)).pow(2).mean().backward()
            opt.step()
    assert flat.flat_mode is True and len(flat.buffers) == 2
    assert all(torch.equal(a, b) for a, b in zip(net.parameters(), twin.parameters()))


def test_flat_adam_keeps_a_group_of_mixed_dtypes_on_torchs_loop():
    from robopolicy.train.optim import FlatAdam

    params = [nn.Parameter(torch.ones(3)), nn.Parameter(torch.ones(2, dtype=torch.float64))]
    opt = FlatAdam(params, lr=0.1)
    for p in params:
        p.grad = torch.ones_like(p)
    opt.step()
    assert opt.flat_mode is False and params[1].dtype == torch.float64
    assert torch.allclose(params[0], torch.full((3,), 0.9)) and torch.allclose(params[1], torch.full((2,), 0.9,
                                                                                                    dtype=torch.float64))
