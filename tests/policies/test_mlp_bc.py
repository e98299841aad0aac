"""The ``mlp_bc`` baseline: the Diffusion Policy encoders + an MLP regressing the whole normalized chunk.

Real components throughout: a tiny real episode store, the registry, the trainer's CLI, checkpoints,
``load_policy`` and the Meta-World eval harness. It implements Sampler + TrainablePolicy only, so DPPO, RTC
and DSRL refuse it with their one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
import torch
import torch.nn.functional as F

from robopolicy.checkpoint import save_checkpoint
from robopolicy.data.sampler import WindowSampler
from robopolicy.errors import ConfigError
from robopolicy.models.observation_encoder import ObservationEncoder
from robopolicy.policies.chunk_policy import ChunkPolicy, PolicyInputError
from robopolicy.policies.loading import load_policy
from robopolicy.policies.mlp import MLPPolicy
from robopolicy.policies.policy_config import MLPConfig, resolve_policy_config
from robopolicy.policies.protocol import DenoisingPolicy, Sampler, TrainablePolicy, tiers_of
from tests.policies.tiny import build_tiny, random_obs, tiny_config

NAME = "mlp_bc"
NUM_WINDOWS = 8
OVERFIT_STEPS = 150
MIN_LOSS_RATIO = 50  # asserted fall of the loss; measured over seeds 0-4 (see the test's docstring): >= 3,500x


@pytest.fixture()
def policy(tiny_store):
    torch.manual_seed(0)
    return build_tiny(NAME, tiny_store)


def sampler_of(policy, store) -> WindowSampler:
    spec = policy.spec
    return WindowSampler(store, obs_keys=list(spec.obs_features), obs_horizon=spec.obs_horizon,
                         pred_horizon=spec.pred_horizon, exec_horizon=spec.exec_horizon, include_task=spec.language)


def fixed_windows(policy, store) -> dict:
    ds = sampler_of(policy, store)
    return ds.get_batch(np.linspace(0, len(ds) - 1, NUM_WINDOWS).astype(int))


def test_builds_with_the_diffusion_policy_encoder_and_only_the_sampler_and_trainable_tiers(policy, tiny_store):
    assert isinstance(policy, MLPPolicy) and not isinstance(policy, ChunkPolicy)
    assert isinstance(policy, Sampler) and isinstance(policy, TrainablePolicy)
    assert not isinstance(policy, DenoisingPolicy)
    assert tiers_of(policy) == ["Sampler", "TrainablePolicy"]
    assert policy.noise_shape is None  # the action depends on no noise: nothing for DSRL to steer
    # the very encoder of diffusion_unet over the same config: same type, same condition size
    diffusion = build_tiny("diffusion_unet", tiny_store)
    assert type(policy.obs_encoder) is ObservationEncoder is type(diffusion.obs_encoder)
    assert policy.obs_encoder.cond_dim == diffusion.obs_encoder.cond_dim
    assert policy.policy_config == resolve_policy_config(NAME, tiny_config(NAME))
    assert policy.policy_config["mlp"] == {"hidden_dims": [64, 64], "activation": "gelu", "dropout": 0.0,
                                           "loss": "mse"}
    assert any(k.startswith("normalizer.") for k in policy.state_dict())
    assert all(k.split(".")[0] in ("normalizer", "obs_encoder", "action_head") for k in policy.state_dict())


def test_sample_is_deterministic_in_raw_units_and_ignores_noise(policy):
    obs = random_obs(policy.spec, batch=3, seed=2)
    chunks = policy.sample(obs, n=4)
    tp, da = policy.spec.pred_horizon, policy.spec.action_dim
    assert chunks.shape == (3, 4, tp, da)
    assert torch.equal(chunks, policy.sample(obs, n=4))
    assert torch.equal(chunks, policy.sample(obs, n=4, noise=torch.randn(3, 4, tp, da)))
    assert all(torch.equal(chunks[:, j], chunks[:, 0]) for j in range(4))
    policy.train()  # sampling is inference whatever the mode: center crop, no dropout
    assert torch.equal(policy.sample(obs, n=4), chunks)
    policy.eval()
    with torch.no_grad():
        manual = policy.normalizer.unnormalize("action", policy.action_head(policy.encode(obs)))
    assert torch.equal(manual, chunks[:, 0])
    with pytest.raises(PolicyInputError, match=r"\(B, n, Tp, Da\)"):
        policy.sample(obs, n=2, noise=torch.zeros(3, 1, tp, da))
    del obs["cam"]
    with pytest.raises(PolicyInputError, match="cam"):
        policy.sample(obs)


def test_sample_with_dropout_is_still_deterministic(tiny_store):
    torch.manual_seed(0)
    policy = build_tiny(NAME, tiny_store, dropout=0.5).train()
    obs = random_obs(policy.spec, batch=2)
    assert torch.equal(policy.sample(obs), policy.sample(obs))
    assert policy.training


@pytest.mark.parametrize("loss", ["mse", "l1"])
def test_loss_regresses_the_normalized_chunk_over_all_tp_actions(loss, tiny_store):
    torch.manual_seed(0)
    policy = build_tiny(NAME, tiny_store, loss=loss).eval()
    batch = fixed_windows(policy, tiny_store)
    value, info = policy.loss(batch)
    target = policy.normalizer.normalize("action", torch.as_tensor(batch["action"]).float())
    with torch.no_grad():
        prediction = policy.action_head(policy.encode(batch))
    expected = F.mse_loss(prediction, target) if loss == "mse" else F.l1_loss(prediction, target)
    torch.testing.assert_close(value.detach(), expected)
    assert info["loss"] == pytest.approx(value.item())
    policy.zero_grad()
    value.backward()
    assert policy.action_head.net[-1].weight.grad.abs().sum() > 0
    assert policy.obs_encoder.image_encoders["cam"].stem[0].weight.grad.abs().sum() > 0
    with pytest.raises(PolicyInputError, match=r"\(B, Tp, Da\)"):
        policy.loss({**batch, "action": batch["action"][:, :3]})


def test_language_conditioning_reads_the_instruction(tiny_store):
    from robopolicy.data.normalizer import Normalizer
    from robopolicy.policies.registry import build_policy, default_normalizer_modes, policy_spec_from_config

    cfg = {**tiny_config(NAME), "language": True}
    spec = policy_spec_from_config(cfg, tiny_store.features, obs_keys=["state", "cam"])
    torch.manual_seed(0)
    policy = build_policy(NAME, cfg, spec, Normalizer.fit(tiny_store, default_normalizer_modes(spec)))
    obs = random_obs(spec, batch=2)
    same_task = {**obs, "task": [obs["task"][0]] * 2}
    assert not torch.equal(policy.sample(obs)[1], policy.sample(same_task)[1])
    loss, _ = policy.loss(sampler_of(policy, tiny_store).get_batch(np.arange(4)))
    assert torch.isfinite(loss)


def overfit_losses(store, seed: int = 0) -> tuple[float, float]:
    """(loss before, loss after) ``OVERFIT_STEPS`` Adam steps (lr 3e-3) on 8 fixed windows, from ``seed``."""
    torch.manual_seed(seed)
    policy = build_tiny(NAME, store).eval()  # fixed center crop: the same 8 inputs every step
    batch = fixed_windows(policy, store)
    before = policy.loss(batch)[0].item()
    optimizer = torch.optim.Adam(policy.parameters(), lr=3e-3)
    for _ in range(OVERFIT_STEPS):
        loss, _ = policy.loss(batch)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    with torch.no_grad():
        return before, policy.loss(batch)[0].item()


def test_overfits_eight_windows(tiny_store):
    """The regression loss falls >= 50x in 150 Adam steps (~3 s on one core).

    Measured over seeds 0-4 (AMD EPYC), loss before/after: 31,000x / 3,500x / 4,000x / 17,000x / 12,000x (from
    ~0.59 to <= 1.7e-4), so the asserted 50x is a floor far below the worst seed (3,500x)."""
    before, after = overfit_losses(tiny_store, seed=0)
    assert after * MIN_LOSS_RATIO <= before, f"loss {before:.5f} -> {after:.7f}"


def test_checkpoint_round_trip_gives_identical_samples(policy, tiny_store, tmp_path):
    optimizer = torch.optim.Adam(policy.parameters(), lr=1e-3)  # a few steps, so the weights are not the init
    batch = fixed_windows(policy, tiny_store)
    for _ in range(3):
        loss, _ = policy.loss(batch)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    info = {"kind": "policy", "name": policy.name, "config": policy.policy_config, "spec": policy.spec.to_dict()}
    path = save_checkpoint(tmp_path / "step_3", policy.state_dict(), info, step=3)
    loaded = load_policy(path)
    assert isinstance(loaded, MLPPolicy) and not loaded.training
    assert loaded.policy_config == policy.policy_config
    obs = random_obs(policy.spec, batch=3, seed=7)
    assert torch.equal(loaded.sample(obs, n=2), policy.sample(obs, n=2))


@pytest.mark.parametrize("section, message", [
    ({"activation": "tanh"}, "mlp.activation='tanh'; valid: gelu, relu"),
    ({"loss": "huber"}, "mlp.loss='huber'; valid: mse, l1"),
    ({"dropout": 1.0}, r"mlp.dropout must be in \[0, 1\)"),
    ({"hidden_dims": [64, 0]}, "mlp.hidden_dims must be a list of positive integers"),
    ({"hidden_dim": [64]}, "unknown key.*'hidden_dim'.*valid keys: hidden_dims, activation, dropout, loss"),
])
def test_bad_mlp_settings_are_named(section, message):
    with pytest.raises(ConfigError, match=message):
        resolve_policy_config(NAME, {"name": NAME, "mlp": section})


def test_generative_head_sections_are_refused():
    with pytest.raises(ConfigError, match="unknown key.*'unet'"):
        resolve_policy_config(NAME, tiny_config("diffusion_unet") | {"name": NAME})


def test_the_yaml_composes_through_the_train_config_with_the_dataclass_defaults():
    from omegaconf import OmegaConf

    from robopolicy.train.config import compose_train_config

    cfg = compose_train_config(["dataset=x.zarr", f"policy={NAME}", "policy.mlp.activation=relu"])
    resolved = resolve_policy_config(NAME, OmegaConf.to_container(cfg.policy, resolve=True))
    assert resolved["mlp"] == {**MLPConfig().__dict__, "activation": "relu"}
    assert resolved["language"] is False and resolved["pred_horizon"] == 16


# ---------------------------------------------------------------------------------- refusals (no chain)
def test_dppo_rtc_and_dsrl_refuse_it_in_one_line(policy):
    from robopolicy.eval.rollout import run_episodes
    from robopolicy.execution import ExecutionSettings
    from robopolicy.finetune.dppo import DPPOError, DPPOPolicy
    from robopolicy.finetune.steered import MissingNoiseShapeError, require_noise_shape
    from robopolicy.policies.rtc import RTCUnsupportedError, check_rtc_support, rtc_sample

    with pytest.raises(DPPOError, match="DPPO needs the DenoisingPolicy tier.*lacks denoise_step, "
                                        "num_denoising_steps. It implements: Sampler, TrainablePolicy") as e:
        DPPOPolicy(policy, finetune_steps=1)
    assert "\n" not in str(e.value)
    with pytest.raises(RTCUnsupportedError, match="strategy=rtc needs.*MLPPolicy implements Sampler, "
                                                  "TrainablePolicy") as e:
        check_rtc_support(policy)
    assert "\n" not in str(e.value)
    obs = random_obs(policy.spec, batch=1)
    with pytest.raises(RTCUnsupportedError):
        rtc_sample(policy, obs, np.zeros((1, 3, policy.spec.action_dim)), [1])
    with pytest.raises(RTCUnsupportedError):  # the eval harness checks before it makes any env
        run_episodes(policy, "metaworld/reach-v3", 1, execution=ExecutionSettings(strategy="rtc"), progress=False)
    with pytest.raises(MissingNoiseShapeError, match="MLPPolicy has no noise_shape"):
        require_noise_shape(policy)


# ---------------------------------------------------------------------------------- train, then eval
ENV_ID = "metaworld/reach-v3"
TINY_MLP = [f"policy={NAME}", "policy.obs_horizon=2", "policy.pred_horizon=8", "policy.exec_horizon=4",
            "policy.state_encoder.hidden_dims=[32]", "policy.state_encoder.out_dim=16",
            "policy.mlp.hidden_dims=[64,64]"]


@pytest.fixture(scope="module")
def trained_run(tmp_path_factory) -> tuple[Path, Path]:
    """``robopolicy train policy=mlp_bc`` for 6 steps on 3 short expert reach-v3 episodes: (store, run dir)."""
    from robopolicy.eval.collect import collect_episodes
    from robopolicy.train.cli import main as train_main

    root = tmp_path_factory.mktemp("mlp_reach")
    store = root / "reach.zarr"
    collect_episodes(ENV_ID, "expert", 3, store, max_steps=30, progress=False)
    run_dir = root / "train"
    assert train_main([f"dataset={store}", f"run_dir={run_dir}", "steps=6", "batch_size=16", "warmup_steps=2",
                       "val_every=6", "ckpt_every=6", "log_every=3", "val_batches=1", "lr=1e-3", "threads=1",
                       "seed=0", "allow_failed_demos=true", *TINY_MLP]) == 0  # cut at 30 steps: no success
    return store, run_dir


def test_train_cli_then_load_policy_and_run_episodes(trained_run):
    from robopolicy.eval.rollout import run_episodes

    _, run_dir = trained_run
    policy = load_policy(run_dir)
    assert isinstance(policy, MLPPolicy) and policy.name == NAME
    assert policy.policy_config["mlp"]["hidden_dims"] == [64, 64]
    together = run_episodes(policy, ENV_ID, 2, envs_per_worker=2, max_episode_steps=16, progress=False)
    assert [r.index for r in together] == [0, 1] and all(r.error is None for r in together)
    assert all(r.length == 16 or r.success for r in together)
    # deterministic, no RNG drawn: a rerun is the same episodes, bit for bit (what the eval replays rely on) ...
    again = run_episodes(policy, ENV_ID, 2, envs_per_worker=2, max_episode_steps=16, progress=False)
    assert [(r.ret, r.length, r.success) for r in again] == [(r.ret, r.length, r.success) for r in together]
    # ... and episode 1 alone (batch of 1: float rounding of the batched forward differs) is the same episode
    alone = run_episodes(policy, ENV_ID, 1, seeds=[1], envs_per_worker=1, max_episode_steps=16, progress=False)
    assert (alone[0].length, alone[0].success) == (together[1].length, together[1].success)
    assert alone[0].ret == pytest.approx(together[1].ret, rel=1e-6)


def test_eval_cli_runs_the_trained_checkpoint(trained_run, tmp_path):
    from robopolicy.eval.cli import main as eval_main

    _, run_dir = trained_run
    out = tmp_path / "eval"
    assert eval_main([f"policy={run_dir}", f"env={ENV_ID}", "episodes=2", "envs_per_worker=2",
                      "max_episode_steps=16", "videos=0", f"run_dir={out}", "progress=false"]) == 0
    report = json.loads((out / "report.json").read_text())
    assert report["tasks"][0]["episodes"] == 2 and [e["seed"] for e in report["episodes"]] == [0, 1]
