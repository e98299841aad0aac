"""End-to-end BC on a tiny real store with the real diffusion_unet policy: loss falls, resume is exact,
saved policies act like the in-memory ones, and bad input (dataset, NaN loss, damaged checkpoints) is refused."""

from __future__ import annotations

import hashlib
import json

import numpy as np
import pytest
import torch
from safetensors.torch import load_file, save_file

import robopolicy
from experiments.learning_recipes import cli_training_losses
from robopolicy import checkpoint as ckpt
from robopolicy.policies import loading
from robopolicy.train.cli import main as train_main
from robopolicy.train.spec import DatasetMismatchError
from robopolicy.train.trainer import Trainer, TrainingDivergedError, warmup_cosine

from .conftest import ACTION_DIM, STATE_DIM, make_store, train_config, train_overrides


@pytest.fixture(scope="module")
def trained(state_store, tmp_path_factory):
    """A 20-step run (EMA on) shared by the loading tests."""
    trainer = Trainer(train_config(state_store, tmp_path_factory.mktemp("runs") / "run"))
    return trainer, trainer.run()


def _obs(batch_size: int = 3, seed: int = 0) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    return {"state": rng.uniform(-1, 1, (batch_size, 2, STATE_DIM)).astype(np.float32)}


def test_cli_trains_loss_falls_and_writes_a_complete_run_dir(state_store, tmp_path, capsys):
    """The CLI trains (the loss falls below 0.4x its start) and writes a complete run directory.

    Margin over seeds 0-4 (experiments/results/learning_margins/trainer_loss_seed*.json, AMD EPYC): mean loss of
    the last 20 steps / first 5 = 0.19/0.19/0.20/0.20/0.21 (worst 0.21 against the asserted 0.4).
    """
    run = tmp_path / "run"
    records, losses = cli_training_losses(state_store, run)
    out = capsys.readouterr().out
    assert "final train loss" in out and "checkpoint" in out
    assert len(losses) == 200
    print("loss first 5 / last 20:", np.mean(losses[:5]), np.mean(losses[-20:]))
    assert np.mean(losses[-20:]) < 0.4 * np.mean(losses[:5])
    assert [r["step"] for r in records if "val_loss" in r] == [100, 200]
    assert (run / "config.yaml").is_file() and list((run / "tensorboard").glob("events.*"))
    assert ckpt.read_pointer(run, "latest").name == "step_000200"
    assert ckpt.read_pointer(run, "best").name in ("step_000100", "step_000200")
    meta = ckpt.read_meta(ckpt.read_pointer(run, "latest"))
    assert meta["step"] == 200 and meta["code_version"] == robopolicy.version.code_version()
    lrs = [r["lr"] for r in records if "lr" in r]
    assert lrs[0] == pytest.approx(3e-3 / 2) and lrs[1] == pytest.approx(3e-3)  # 2 warm-up steps
    half_way = 2 + (200 - 2) // 2  # cosine: half the peak at the middle of the decay, ~0 at the end
    assert lrs[half_way] == pytest.approx(3e-3 / 2) and 0 < lrs[-1] < 1e-6
    assert lrs == pytest.approx([3e-3 * warmup_cosine(s, 2, 200) for s in range(200)])


def test_resume_continues_exactly_like_an_uninterrupted_run(state_store, tmp_path):
    extra = {"steps": 12, "val_every": 4, "ckpt_every": 4, "ema.decay": 0.9}
    full = Trainer(train_config(state_store, tmp_path / "full", **extra)).run()
    Trainer(train_config(state_store, tmp_path / "split", **extra)).run(until_step=6)
    resumed_trainer = Trainer(train_config(state_store, tmp_path / "split", resume="true", **extra))
    assert resumed_trainer.step == 6
    resumed = resumed_trainer.run()
    assert sorted(resumed.losses) == list(range(7, 13))
    for step in range(7, 13):
        assert resumed.losses[step] == full.losses[step], step  # bit-identical
    a, _ = ckpt.load_model_state(full.checkpoint)
    b, _ = ckpt.load_model_state(resumed.checkpoint)
    assert a.keys() == b.keys() and all(torch.equal(a[k], b[k]) for k in a)
    assert resumed.final_val_loss == full.final_val_loss


def test_load_policy_gives_identical_actions_to_the_in_memory_policy(trained):
    trainer, result = trained
    noise = torch.randn(3, 2, 8, ACTION_DIM, generator=torch.Generator().manual_seed(1))
    expected = trainer.published.eval().sample(_obs(), n=2, noise=noise)
    for path in (result.run_dir, result.checkpoint):  # a run dir resolves to its latest checkpoint
        policy = robopolicy.load_policy(path)
        assert policy.spec.to_dict() == trainer.spec.to_dict()
        assert torch.equal(policy.sample(_obs(), n=2, noise=noise), expected)
    assert loading.checkpoint_hash(result.run_dir) == loading.checkpoint_hash(result.checkpoint)


def test_ema_weights_are_what_gets_saved(trained):
    trainer, result = trained
    saved, _ = ckpt.load_model_state(result.checkpoint)
    ema, raw = trainer.ema.shadow.state_dict(), trainer.policy.state_dict()
    assert all(torch.equal(saved[k], ema[k]) for k in ema)
    assert any(not torch.equal(saved[k], raw[k]) for k in raw if raw[k].is_floating_point())


def _copy_checkpoint(src, dst):
    import shutil

    shutil.copytree(src, dst)
    return dst


def test_checkpoint_without_normalizer_stats_is_refused(trained, tmp_path):
    path = _copy_checkpoint(trained[1].checkpoint, tmp_path / "ckpt")
    weights = {k: v for k, v in load_file(path / ckpt.MODEL_FILE).items() if not k.startswith("normalizer.")}
    save_file(weights, path / ckpt.MODEL_FILE)
    meta = json.loads((path / ckpt.META_FILE).read_text())
    meta["sha256"] = hashlib.sha256((path / ckpt.MODEL_FILE).read_bytes()).hexdigest()  # hash is fine: only stats gone
    (path / ckpt.META_FILE).write_text(json.dumps(meta))
    with pytest.raises(ckpt.CheckpointError, match=r"missing normalizer statistics for \['state', 'action'\]"):
        robopolicy.load_policy(path)


def test_truncated_or_wrong_version_checkpoint_is_refused_by_load_policy(trained, tmp_path):
    path = _copy_checkpoint(trained[1].checkpoint, tmp_path / "ckpt")
    model = path / ckpt.MODEL_FILE
    model.write_bytes(model.read_bytes()[:1000])
    with pytest.raises(ckpt.CheckpointError, match=rf"{model}.*truncated or corrupt"):
        robopolicy.load_policy(path)
    path = _copy_checkpoint(trained[1].checkpoint, tmp_path / "ckpt2")
    meta = json.loads((path / ckpt.META_FILE).read_text())
    meta["version"] = 0
    (path / ckpt.META_FILE).write_text(json.dumps(meta))
    with pytest.raises(ckpt.CheckpointError, match="version 0 is incompatible"):
        robopolicy.load_policy(path)


def test_loaders_are_chosen_by_kind_and_unknown_kinds_list_the_registered_ones(trained, tmp_path):
    path = _copy_checkpoint(trained[1].checkpoint, tmp_path / "ckpt")
    info = json.loads((path / ckpt.POLICY_FILE).read_text())
    (path / ckpt.POLICY_FILE).write_text(json.dumps({**info, "kind": "steered_test"}))
    with pytest.raises(ckpt.CheckpointError, match="unknown checkpoint kind 'steered_test'.*registered kinds: dppo, dsrl, lerobot, policy"):
        robopolicy.load_policy(path)
    seen = []

    def steered_loader(checkpoint, policy_info, device):
        seen.append(policy_info["kind"])
        return loading.load_trained_policy(checkpoint, policy_info, device)

    loading.register_loader("steered_test", steered_loader)
    try:
        assert robopolicy.load_policy(path).spec.action_dim == ACTION_DIM and seen == ["steered_test"]
    finally:
        loading.LOADERS.pop("steered_test")


def test_dataset_missing_a_key_the_policy_needs_is_named(state_store, tmp_path):
    with pytest.raises(DatasetMismatchError, match=r"needs \['cam'\].*dataset features: state, action"):
        Trainer(train_config(state_store, tmp_path / "run", obs_keys="[state,cam]"))


@pytest.mark.fault("train")
def test_demonstrations_that_all_failed_are_refused_unless_allowed(tmp_path):
    """A demo store whose every episode is marked failed: one-line refusal naming the store and what to change
    (less action noise, another source, or allow_failed_demos=true); with the override it trains."""
    from robopolicy.data.store import EpisodeStore
    from robopolicy.train.spec import FailedDemonstrationsError

    path = make_store(tmp_path / "failed.zarr")
    store = EpisodeStore.open(path, mode="a")
    for i in range(store.num_episodes):
        store.set_success(i, False)
    with pytest.raises(FailedDemonstrationsError, match=r"failed.*action_noise.*allow_failed_demos=true"):
        Trainer(train_config(path, tmp_path / "run"))
    assert Trainer(train_config(path, tmp_path / "run2", allow_failed_demos="true")).store.success_rate() == 0.0


def test_episodes_successful_trains_and_normalizes_on_the_successful_episodes_only(tmp_path, capsys):
    """``episodes=successful`` (robomimic's filter key): failed and unknown-success episodes are out of both splits
    and of the normalizer's statistics; a list of indices selects those episodes; the run says what it kept."""
    from robopolicy.data.normalizer import Normalizer
    from robopolicy.data.store import EpisodeStore

    path = make_store(tmp_path / "mixed.zarr", episodes=8)
    store = EpisodeStore.open(path, mode="a")
    store.set_success(1, False)
    store.set_success(6, None)
    trainer = Trainer(train_config(path, tmp_path / "run", episodes="successful", **{"normalizer.state": "gaussian"}))
    kept = [0, 2, 3, 4, 5, 7]
    assert trainer.episodes.tolist() == kept
    assert sorted(trainer.train_data.episodes.tolist() + trainer.val_data.episodes.tolist()) == kept
    assert "episodes: 6 of 8 (episodes=successful)" in capsys.readouterr().err
    modes = {"state": "gaussian", "action": "limits"}
    expected, whole = Normalizer.fit(store, modes, episodes=np.asarray(kept)), Normalizer.fit(store, modes)
    fitted = trainer.policy.normalizer.state_dict()
    for key, value in expected.state_dict().items():
        assert torch.equal(torch.as_tensor(fitted[key]), torch.as_tensor(value)), key
    assert any(not torch.equal(torch.as_tensor(whole.state_dict()[k]), torch.as_tensor(v))
               for k, v in expected.state_dict().items())       # the left-out episodes would change the statistics
    listed = Trainer(train_config(path, tmp_path / "run2", episodes="[5,0,3]"))
    assert listed.episodes.tolist() == [0, 3, 5]


@pytest.mark.fault("train")
@pytest.mark.parametrize("value, message", [
    ("sucessful", r"episodes=sucessful: valid values are all, successful or a list"),
    ("[0,99]", r"episodes: \[99\] not in .*whose episodes are 0\.\.3"),
    ("[1,1]", r"an index is repeated"),
    ("[2]", r"selects 1 of 4 episode\(s\).*at least 2"),
])
def test_a_bad_episode_selection_is_refused_naming_the_value(tmp_path, value, message):
    """``episodes=`` with an unknown name, an index outside the store, a repeated index or fewer than 2 episodes:
    a one-line refusal naming the value and the valid choices or range."""
    path = make_store(tmp_path / "four.zarr", episodes=4)
    with pytest.raises(DatasetMismatchError, match=message):
        Trainer(train_config(path, tmp_path / "run", episodes=value))


@pytest.mark.fault("train")
def test_a_store_too_small_for_the_validation_split_is_refused(tmp_path):
    """One episode cannot be split into training and validation episodes: a one-line refusal naming the store,
    the count and what to change."""
    from robopolicy.train.spec import DatasetMismatchError

    path = make_store(tmp_path / "one.zarr", episodes=1)
    with pytest.raises(DatasetMismatchError, match=r"one\.zarr has 1 episode\(s\).*at least 2.*episodes=N"):
        Trainer(train_config(path, tmp_path / "run"))


def test_val_fraction_0_trains_on_every_episode_one_demo_included(tmp_path):
    """``val_fraction=0`` (few-shot adaptation: 1 or 5 demos): every selected episode trains, none is held out,
    no validation loss is logged and no ``best.json`` is written; the latest checkpoint is the run's policy."""
    one = make_store(tmp_path / "one.zarr", episodes=1)
    run = tmp_path / "run"
    trainer = Trainer(train_config(one, run, val_fraction=0))
    assert trainer.train_data.episodes.tolist() == [0] and trainer.val_data is None
    result = trainer.run()
    records = [json.loads(line) for line in (run / "metrics.jsonl").read_text().splitlines()]
    assert not any("val_loss" in r for r in records) and result.final_val_loss is None
    assert not (run / "best.json").exists() and ckpt.read_pointer(run, "latest").is_dir()
    four = make_store(tmp_path / "four.zarr", episodes=4)
    picked = Trainer(train_config(four, tmp_path / "run2", val_fraction=0, episodes="[2]"))
    assert picked.train_data.episodes.tolist() == [2] and picked.val_data is None


def test_resume_on_a_dataset_with_other_shapes_names_the_mismatch(state_store, trained, tmp_path):
    other = make_store(tmp_path / "image.zarr", with_image=True)
    import zarr

    root = zarr.open_group(str(other), mode="r+")  # same keys, but a 6-D state
    feats = dict(root.attrs["features"])
    feats["state"] = {**feats["state"], "shape": [STATE_DIM + 2]}
    root.attrs["features"] = feats
    with pytest.raises(DatasetMismatchError, match=r"'state' has shape \(6,\) in the dataset .* but \(4,\) in the policy"):
        Trainer(train_config(other, trained[1].run_dir, resume="true"))


def test_nan_loss_stops_with_step_batch_and_last_good_checkpoint(state_store, tmp_path):
    run = tmp_path / "run"
    cfg = train_config(state_store, run, steps=50, lr=1e12, grad_clip="null", ckpt_every=1, val_every=1000,
                       warmup_steps=1, **{"ema.enabled": "false"})
    trainer = Trainer(cfg)
    with pytest.raises(TrainingDivergedError) as e:
        trainer.run()
    msg = str(e.value)
    last_good = ckpt.read_pointer(run, "latest")
    assert f"at step {trainer.step + 1} " in msg and "batch " in msg and str(last_good) in msg
    weights, meta = ckpt.load_model_state(last_good)
    assert meta["step"] == trainer.step and all(torch.isfinite(w).all() for w in weights.values())


def test_image_observations_train_and_round_trip_through_a_checkpoint(tmp_path):
    store = make_store(tmp_path / "image.zarr", with_image=True)
    trainer = Trainer(train_config(store, tmp_path / "run", steps=3, val_every=3, ckpt_every=3))
    assert list(trainer.spec.obs_features) == ["state", "cam"]  # default obs keys: every state and image feature
    result = trainer.run()
    rng = np.random.default_rng(0)
    obs = {**_obs(2), "cam": rng.integers(0, 256, (2, 2, 16, 16, 3), dtype=np.uint8)}
    noise = torch.randn(2, 1, 8, ACTION_DIM, generator=torch.Generator().manual_seed(0))
    assert torch.equal(robopolicy.load_policy(result.run_dir).sample(obs, noise=noise),
                       trainer.published.sample(obs, noise=noise))


def test_init_from_starts_a_fresh_run_from_the_checkpoint_weights_and_normalizer(trained, tmp_path):
    from robopolicy.finetune.merge import merge_checkpoints

    _, base = trained
    other = make_store(tmp_path / "other.zarr", scale=2.0)  # other data ranges: its own normalizer would differ
    # a policy override that would change the architecture is ignored: the checkpoint's config wins
    cfg = train_config(other, tmp_path / "ft", init_from=str(base.run_dir), steps=6, val_every=3, ckpt_every=3,
                       **{"policy.unet.down_dims": "[8,16]"})
    trainer = Trainer(cfg)
    start, _ = ckpt.load_model_state(base.checkpoint)
    for module in (trainer.policy, trainer.published):  # training weights and the EMA copy, normalizer included
        state = module.state_dict()
        assert state.keys() == start.keys() and all(torch.equal(state[k], start[k]) for k in start)
    assert trainer.step == 0 and trainer.spec.to_dict() == trained[0].spec.to_dict()
    result = trainer.run()
    assert sorted(result.losses) == list(range(1, 7))
    tuned, meta = ckpt.load_model_state(result.checkpoint)
    assert meta["step"] == 6 and any(not torch.equal(tuned[k], start[k]) for k in start)
    assert all(torch.equal(tuned[k], start[k]) for k in start if k.startswith("normalizer."))
    merged = merge_checkpoints(base.run_dir, result.run_dir, tmp_path / "merged", alpha=0.5)  # same architecture
    assert robopolicy.load_policy(merged).spec.to_dict() == trainer.spec.to_dict()
    # resuming the fine-tuned run continues from its own checkpoint, not from init_from
    resumed = Trainer(train_config(other, tmp_path / "ft", init_from=str(base.run_dir), resume="true", steps=6))
    assert resumed.step == 6


def test_a_checkpoint_from_before_prediction_type_is_read_as_epsilon_by_init_from_and_merge(trained, tmp_path,
                                                                                              state_store):
    """Checkpoints saved before ``diffusion.prediction_type`` existed predict the noise: fine-tuning one (init_from)
    keeps epsilon though diffusion_unet now defaults to x_0, and the fine-tune (which spells the key out) merges
    back with it."""
    import json
    import shutil

    from robopolicy.finetune.merge import merge_checkpoints

    old = tmp_path / "old"
    shutil.copytree(trained[1].checkpoint, old)
    info = json.loads((old / "policy.json").read_text())
    assert info["config"]["diffusion"].pop("prediction_type") == "sample"      # trained with today's default
    (old / "policy.json").write_text(json.dumps(info))
    assert robopolicy.load_policy(old).prediction_type == "epsilon"
    trainer = Trainer(train_config(state_store, tmp_path / "ft", init_from=str(old), steps=2, val_every=2,
                                   ckpt_every=2))
    assert trainer.policy.prediction_type == "epsilon"
    result = trainer.run()
    assert ckpt.read_policy_info(result.checkpoint)["config"]["diffusion"]["prediction_type"] == "epsilon"
    merged = merge_checkpoints(old, result.run_dir, tmp_path / "merged", alpha=0.5)
    assert robopolicy.load_policy(merged).prediction_type == "epsilon"


def test_init_from_refuses_another_policy_and_a_missing_checkpoint(trained, tmp_path, state_store):
    with pytest.raises(robopolicy.errors.RobopolicyError, match=r"holds a 'diffusion_unet' policy but policy=flow_unet"):
        Trainer(train_config(state_store, tmp_path / "a", init_from=str(trained[1].run_dir), policy="flow_unet"))
    with pytest.raises(ckpt.CheckpointError, match="no such checkpoint"):
        Trainer(train_config(state_store, tmp_path / "b", init_from=str(tmp_path / "nowhere")))


@pytest.mark.fault("train")
def test_training_into_an_existing_run_without_resume_is_refused_and_leaves_it_untouched(state_store, tmp_path):
    """`train run_dir=<a finished run>` without `resume=true`: refused at start-up, naming `resume=true` and a
    fresh `run_dir`; the old run's checkpoints, metrics and `latest`/`best` pointers are untouched."""
    from robopolicy.runs import RunDirectoryInUseError

    run = tmp_path / "run"
    assert train_main(train_overrides(state_store, run, steps=10, val_every=10, ckpt_every=10)) == 0
    before = {p.relative_to(run): p.read_bytes() for p in sorted(run.rglob("*")) if p.is_file()}
    with pytest.raises(RunDirectoryInUseError, match=r"already holds a run .*resume=true.*fresh run_dir="):
        train_main(train_overrides(state_store, run, steps=20, val_every=10, ckpt_every=10, seed=1))
    after = {p.relative_to(run): p.read_bytes() for p in sorted(run.rglob("*")) if p.is_file()}
    assert after == before
    empty = tmp_path / "empty"
    empty.mkdir()
    assert train_main(train_overrides(state_store, empty, steps=2, val_every=2, ckpt_every=2)) == 0  # empty is fine


def test_trainer_and_finetuners_raise_one_diverged_error_class():
    from robopolicy.errors import TrainingDivergedError as Base
    from robopolicy.finetune.divergence import TrainingDivergedError as FromFinetune

    assert TrainingDivergedError is Base is FromFinetune  # one `except` catches a diverged BC or RL run


def test_micro_batch_layout_on_one_process_resumes_exactly(state_store, tmp_path):
    """Gradient accumulation on one process (micro-batches of 8, Accelerate's accumulation): a resumed run
    continues bit-identically, and the layout is part of the run (another micro_batch_size is refused)."""
    from robopolicy.train.trainer import LayoutError

    extra = {"steps": 8, "val_every": 4, "ckpt_every": 4, "ema.decay": 0.9}
    full = Trainer(train_config(state_store, tmp_path / "full", **extra), micro_batch_size=8).run()
    Trainer(train_config(state_store, tmp_path / "split", **extra), micro_batch_size=8).run(until_step=4)
    resumed = Trainer(train_config(state_store, tmp_path / "split", resume="true", **extra), micro_batch_size=8).run()
    assert [resumed.losses[s] for s in range(5, 9)] == [full.losses[s] for s in range(5, 9)]
    a, _ = ckpt.load_model_state(full.checkpoint)
    b, _ = ckpt.load_model_state(resumed.checkpoint)
    assert all(torch.equal(a[k], b[k]) for k in a)
    before = {p: p.read_bytes() for p in sorted((tmp_path / "split").rglob("*")) if p.is_file()}
    with pytest.raises(LayoutError, match=r"micro_batch_size=8 but this run uses one process without "
                                          r"micro_batch_size; pass micro_batch_size=8"):
        Trainer(train_config(state_store, tmp_path / "split", resume="true", **extra))
    assert {p: p.read_bytes() for p in sorted((tmp_path / "split").rglob("*")) if p.is_file()} == before
    with pytest.raises(LayoutError, match=r"micro_batch_size=5 must divide batch_size=16"):
        Trainer(train_config(state_store, tmp_path / "bad", **extra), micro_batch_size=5)


def test_mixed_precision_bf16_trains_on_cpu_and_fp16_without_a_gpu_is_refused(state_store, tmp_path):
    trainer = Trainer(train_config(state_store, tmp_path / "bf16", steps=3, val_every=3, ckpt_every=3,
                                   mixed_precision="bf16"))
    assert trainer.accelerator.mixed_precision == "bf16"
    result = trainer.run()
    assert all(np.isfinite(v) for v in result.losses.values())
    weights, _ = ckpt.load_model_state(result.checkpoint)
    assert all(w.dtype == torch.float32 for k, w in weights.items() if w.is_floating_point())  # autocast only
    # a later trainer in the same process gets its own precision (Accelerate's process-wide state is reset)
    assert Trainer(train_config(state_store, tmp_path / "fp32", steps=1)).accelerator.mixed_precision == "no"
    with pytest.raises(robopolicy.errors.RobopolicyError, match=r"^mixed_precision=fp16 needs device=cuda \(got "
                                                                 r"device=cpu\); on CPU use bf16 or fp32$"):
        Trainer(train_config(state_store, tmp_path / "fp16", mixed_precision="fp16"))
    with pytest.raises(robopolicy.errors.RobopolicyError, match="valid: fp32, bf16, fp16"):
        Trainer(train_config(state_store, tmp_path / "fp8", mixed_precision="fp8"))


def test_the_trainer_picks_memory_or_disk_by_size_and_says_which(state_store, tmp_path, monkeypatch, capsys):
    """in_memory=null (the default) loads a store that fits in half the available memory and streams a larger
    one from disk (chunk-aware order); the run says which it chose; true/false force a mode."""
    import robopolicy.data.sampler as sampler_module

    auto = Trainer(train_config(state_store, tmp_path / "auto", steps=2))
    assert auto.in_memory and auto.train_data.in_memory and not auto.train_data.chunk_aware
    assert "data: in memory" in capsys.readouterr().err
    monkeypatch.setattr(sampler_module, "MEMORY_SHARE", 1e-12)  # as if the data were larger than memory
    big = Trainer(train_config(state_store, tmp_path / "big", steps=2, cache_bytes=1 << 20))
    assert not big.train_data.in_memory and big.train_data.chunk_aware and big.train_data.cache_bytes == 1 << 20
    assert "data: from disk" in capsys.readouterr().err
    forced = Trainer(train_config(state_store, tmp_path / "forced", steps=2, in_memory="true"))
    assert forced.train_data.in_memory and "as asked" in forced.data_mode


def test_training_from_disk_resumes_exactly(state_store, tmp_path):
    """From disk the chunk-aware batch order is part of the resumable state: a run paused at step 3 and resumed
    gives the uninterrupted run's losses bit for bit."""
    extra = {"steps": 8, "val_every": 4, "ckpt_every": 4, "in_memory": "false", "ema.enabled": "false"}
    full = Trainer(train_config(state_store, tmp_path / "full", **extra)).run()
    Trainer(train_config(state_store, tmp_path / "split", **extra)).run(until_step=3)
    resumed = Trainer(train_config(state_store, tmp_path / "split", resume="true", **extra)).run()
    assert all(resumed.losses[s] == full.losses[s] for s in range(4, 9))
    assert np.isfinite(list(full.losses.values())).all()
