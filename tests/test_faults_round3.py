"""Issue 52's faults that have no better home: bounded work, commands that write into another command's run
directory, hints for common typos and unresolvable interpolations, checkpoints whose policy.json disagrees with
their weights (plain, DPPO, steered), a disk that fills mid-write (eval, collect, data copy, convert) and stores
replaced under a writer still appending (collect overwrite, convert overwrite). Each test failed on the code before
its fix."""

from __future__ import annotations

import json
import time

import pytest
import torch

from experiments.fixtures.faults import (
    STORE_HOLDER,
    fill_disk,
    named,
    reach_checkpoint,
    rewrite_weights,
    tiny_state_policy,
)
from robopolicy.cli import main as cli_main
from robopolicy.ranges import MAX_EPISODES


@pytest.mark.fault("config")
@pytest.mark.parametrize("argv", [
    ["eval", "policy=runs/none", "env=metaworld/reach-v3", "episodes=1000000000000"],
    ["collect", "env=metaworld/reach-v3", "out=x.zarr", f"episodes={MAX_EPISODES + 1}"],
])
def test_an_episode_count_above_the_limit_is_refused_before_any_work(argv, tmp_path, monkeypatch, capsys):
    """`eval episodes=1000000000000` (or `collect` above 1,000,000 episodes): memory grew at ~0.5 GB/s before the
    first episode; now exit 1 at start-up (in under 5 s) with one line naming the key, the value, the limit
    (`MAX_EPISODES` in `robopolicy/ranges.py`) and how to split the work; nothing is written."""
    monkeypatch.chdir(tmp_path)
    start = time.perf_counter()
    assert cli_main(argv) == 1
    assert time.perf_counter() - start < 5
    err = " ".join(capsys.readouterr().err.split())
    assert f"{argv[0]}: episodes={argv[-1].split('=')[1]} is above the limit of 1,000,000 episodes per run" in err
    assert "seed=" in err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.fault("eval")
def test_eval_into_a_training_runs_directory_is_refused_naming_the_command(tmp_path, capsys):
    """`robopolicy eval policy=<run> run_dir=<that training run>`: eval rewrote the run's `config.yaml` and
    `run.json` with its own; now exit 1 in one line naming the `robopolicy train` run it holds and a fresh
    `run_dir=`, before any episode, the run's files byte for byte unchanged. The same command may reuse its
    own folder."""
    from robopolicy.runs import make_run_dir, release_run_dir
    from robopolicy.train.trainer import Trainer
    from tests.train.conftest import make_store, train_config

    run = tmp_path / "run"
    Trainer(train_config(make_store(tmp_path / "curve.zarr"), run, steps=2, val_every=2, ckpt_every=2)).run()
    release_run_dir(run)  # as when the training command has ended
    before = {p: p.read_bytes() for p in sorted(run.rglob("*")) if p.is_file()}
    assert cli_main(["eval", f"policy={run}", "env=metaworld/reach-v3", "episodes=1", f"run_dir={run}"]) == 1
    err = " ".join(capsys.readouterr().err.split())
    assert f"eval: run_dir={run} holds a `robopolicy train` run (config.yaml, latest.json" in err
    assert f"give a fresh run_dir= (e.g. run_dir={run}-eval, or none: runs/eval/<timestamp>)" in err
    assert {p: p.read_bytes() for p in sorted(run.rglob("*")) if p.is_file()} == before
    assert json.loads((run / "run.json").read_text())["command"] == "train"
    own = make_run_dir("eval", None, run_dir=str(tmp_path / "eval"))
    assert make_run_dir("eval", None, run_dir=str(own)) == own  # the same command again: its own folder
    release_run_dir(own)


@pytest.mark.fault("config")
@pytest.mark.parametrize("value, holds", [("demos[1].zarr", "`[` `]`"), ("a,b.zarr", "`,`"), ("run#2.zarr", "`#`"),
                                          ("{x}.zarr", "`{` `}`")])
def test_a_path_with_unquoted_special_characters_says_how_to_quote_it(value, holds, tmp_path, monkeypatch, capsys):
    """`collect out=demos[1].zarr` (or a `,`, `#`, `{}` in a path): Hydra's "mismatched input '['" named neither the
    argument nor the way out, and for a comma suggested `--multirun`; now one line naming the argument, the
    reserved characters and the quoted form to type (`"out='demos[1].zarr'"`), before any work; quoted, the path
    is read as given."""
    from robopolicy.config import compose

    monkeypatch.chdir(tmp_path)
    assert cli_main(["collect", "env=metaworld/reach-v3", f"out={value}"]) == 1
    err = " ".join(capsys.readouterr().err.split())
    assert f"collect: cannot read 'out={value}': its value holds {holds}, which the key=value syntax reserves" in err
    assert f"quote the value: \"out='{value}'\"" in err and list(tmp_path.iterdir()) == []
    assert compose("collect", [f"out='{value}'"]).out == value


def _tiny_checkpoint(root):
    """A real ``mlp_bc`` checkpoint of the tiny policy (a store, a policy with fitted normalizer, ``save_checkpoint``)."""
    from robopolicy.checkpoint import save_checkpoint
    from tests.policies.tiny import build_tiny, make_store

    torch.manual_seed(0)
    policy = build_tiny("mlp_bc", make_store(root / "tiny.zarr"))
    info = {"kind": "policy", "name": policy.name, "config": policy.policy_config, "spec": policy.spec.to_dict()}
    return save_checkpoint(root / "checkpoints" / "step_000001", policy.state_dict(), info, step=1)


@pytest.mark.fault("eval")
@pytest.mark.parametrize("value", [float("nan"), float("inf")])
def test_a_checkpoint_with_non_finite_weights_is_refused_at_load_naming_the_tensor(value, tmp_path, capsys):
    """`robopolicy eval` (or serve, deploy, collect) of a checkpoint whose weights hold a NaN or inf: it loaded,
    fed NaN actions to MuJoCo and reported "0 errors, 0%"; now `load_policy`, the one loader of every command,
    refuses it in one line naming the checkpoint, the first non-finite tensor and what to use instead, and eval
    exits 1 before any episode or run directory."""
    from robopolicy import load_policy
    from robopolicy.checkpoint import CheckpointError, load_model_state

    checkpoint = _tiny_checkpoint(tmp_path)
    state = load_model_state(checkpoint)[0]
    name = "action_head.net.2.weight"
    state[name] = state[name].clone()
    state[name].view(-1)[-1] = value
    rewrite_weights(checkpoint, state)
    with pytest.raises(CheckpointError, match=rf"the weights are not finite: '{name}' holds 1 NaN or inf value\(s\)"):
        load_policy(checkpoint)
    run_dir = tmp_path / "eval"
    assert cli_main(["eval", f"policy={checkpoint}", "env=metaworld/reach-v3", "episodes=1", f"run_dir={run_dir}"]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and f"{name!r} holds 1 NaN or inf" in err and "saved before the run" in err
    assert not run_dir.exists()


@pytest.mark.fault("eval")
def test_a_policy_json_that_disagrees_with_the_weights_names_the_first_tensor_and_both_shapes(tmp_path, capsys):
    """A checkpoint whose `policy.json` disagrees with its `model.safetensors` (a hidden size edited in the config, a
    tensor missing from the weights or one the policy does not have): eval, serve and deploy ended in torch's
    multi-line `load_state_dict` traceback; now `load_policy` refuses it in one line naming the first mismatching
    tensor with its shape on both sides (or the side it is missing from) and saying to restore the `policy.json`
    saved with the weights; `eval` exits 1 with that line."""
    from robopolicy import load_policy
    from robopolicy.checkpoint import CheckpointError, load_model_state

    checkpoint = _tiny_checkpoint(tmp_path)
    good_info = (checkpoint / "policy.json").read_text()
    info = json.loads(good_info)
    info["config"]["mlp"]["hidden_dims"] = [64, 32]
    (checkpoint / "policy.json").write_text(json.dumps(info))
    shape = (r"the weights do not fit the 'mlp_bc' policy policy.json describes: 'action_head.net.2.weight' is "
             r"\(64, 64\) in model.safetensors but \(32, 64\) in the policy built from policy.json \(and 2 other")
    with pytest.raises(CheckpointError, match=shape):
        load_policy(checkpoint)
    assert cli_main(["eval", f"policy={checkpoint}", "env=metaworld/reach-v3", "episodes=1",
                     f"run_dir={tmp_path / 'eval'}"]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "'action_head.net.2.weight' is (64, 64)" in err and "restore the" in err

    (checkpoint / "policy.json").write_text(good_info)
    state = load_model_state(checkpoint)[0]
    extra = {**state, "action_head.net.6.weight": torch.zeros(2, 2)}
    rewrite_weights(checkpoint, extra)
    with pytest.raises(CheckpointError, match=r"'action_head.net.6.weight' \(2, 2\) in model.safetensors is not a "
                                              r"tensor of the policy built from policy.json\. "):
        load_policy(checkpoint)
    missing = {k: v for k, v in state.items() if k != "action_head.net.4.bias"}
    rewrite_weights(checkpoint, missing)
    with pytest.raises(CheckpointError, match=r"'action_head.net.4.bias' \(16,\) is missing from model.safetensors\. "
                                              r"policy.json was edited or belongs to another checkpoint"):
        load_policy(checkpoint)
    rewrite_weights(checkpoint, state)
    assert load_policy(checkpoint).spec.action_dim == 2  # the saved pair loads


@pytest.mark.fault("eval")
def test_a_dppo_or_steered_checkpoint_whose_json_disagrees_with_its_weights_is_the_same_one_line_refusal(
        tmp_path, capsys):
    """A DPPO or steered (DSRL) checkpoint whose `policy.json` disagrees with its weights (a hidden size edited, a
    tensor gone): their loaders ended in torch's multi-line "Error(s) in loading state_dict" traceback; now the
    plain policy loader's one line, naming the first mismatching tensor as stored (`finetuned_denoiser.*`, or in
    `noise_policy.safetensors`) with both shapes and saying to restore the `policy.json` saved with the weights;
    `eval` exits 1 with it."""
    from safetensors.torch import load_file, save_file

    from robopolicy import load_policy
    from robopolicy.checkpoint import CheckpointError, load_model_state, save_checkpoint
    from robopolicy.finetune.dppo import DPPOPolicy
    from robopolicy.finetune.dsrl import DSRLAgent, DSRLConfig
    from robopolicy.finetune.steered import NOISE_POLICY_FILE, SteeredPolicy, base_reference

    base = tiny_state_policy(tmp_path)
    dppo = DPPOPolicy(base, finetune_steps=2).save(tmp_path / "dppo")
    good = (dppo / "policy.json").read_text()
    info = json.loads(good)
    info["config"]["state_encoder"]["out_dim"] = 8
    (dppo / "policy.json").write_text(json.dumps(info))
    with pytest.raises(CheckpointError, match=r"the weights do not fit the 'diffusion_unet' base policy policy.json "
                                              r"describes: 'base\.[\w.]+' is \(16, \d+\) in model.safetensors but "
                                              r"\(8, \d+\) in the policy built from policy.json .*restore the"):
        load_policy(dppo)
    (dppo / "policy.json").write_text(good)
    state = load_model_state(dppo)[0]
    gone = next(k for k in state if k.startswith("finetuned_denoiser.") and k.endswith(".bias"))
    rewrite_weights(dppo, {k: v for k, v in state.items() if k != gone})
    with pytest.raises(CheckpointError, match=rf"fine-tuned denoiser policy.json describes: {gone!r} \(\d+,\) is "
                                              r"missing from model.safetensors\. policy.json was edited"):
        load_policy(dppo)
    assert cli_main(["eval", f"policy={dppo}", "env=metaworld/reach-v3", "episodes=1",
                     f"run_dir={tmp_path / 'eval'}"]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and f"{gone!r}" in err and "Error(s) in loading" not in err

    info = {"kind": "policy", "name": base.name, "config": base.policy_config, "spec": base.spec.to_dict()}
    plain = save_checkpoint(tmp_path / "base", base.state_dict(), info, step=1)
    loaded = load_policy(plain)
    actor = DSRLAgent(loaded, DSRLConfig(hidden_dims=(8,))).actor
    steered = SteeredPolicy(loaded, actor, base_reference=base_reference(plain, loaded)).save(tmp_path / "steered")
    weights = load_file(str(steered / NOISE_POLICY_FILE))
    name = next(k for k in weights if k.endswith("weight"))
    save_file({**weights, name: torch.zeros(3, 3)}, str(steered / NOISE_POLICY_FILE))
    with pytest.raises(CheckpointError, match=rf"the weights do not fit the steering noise policy policy.json "
                                              rf"describes: {name!r} is \(3, 3\) in {NOISE_POLICY_FILE} but \(\d+, 8\)"):
        load_policy(steered)


@pytest.mark.fault("config")
@pytest.mark.parametrize("argv, typed", [
    (["train", "run_dir=${oops}"], "run_dir='${oops}'"),
    (["eval", "policy=runs/none", "env=metaworld/reach-v3", "run_dir=${oops}"], "run_dir='${oops}'"),
    (["eval", "policy=${p}", "env=metaworld/reach-v3"], "policy='${p}'"),
    (["collect", "env=metaworld/reach-v3", "out=a${foo:bar}.zarr"], "out='a${foo:bar}.zarr'"),
])
def test_an_unresolvable_interpolation_names_the_key_and_how_to_pass_a_literal_dollar(argv, typed, tmp_path,
                                                                                       monkeypatch, capsys):
    """`train run_dir=${oops}` (or `eval policy=${p}`, `collect out=a${foo:bar}.zarr`: a `${...}` that names no
    config key): OmegaConf's `InterpolationKeyError` traceback wherever the command first read the value; now exit 1
    before any work, in one line naming the key and its value and the form that passes a literal `$`
    (`'run_dir=\\${oops}'`), which then reads as given."""
    from robopolicy.config import compose

    monkeypatch.chdir(tmp_path)
    assert cli_main(argv) == 1
    err = capsys.readouterr().err.strip()
    key, _, value = argv[-1].partition("=") if "${" in argv[-1] else argv[1].partition("=")
    escaped = value.replace("${", "\\${")
    assert len(err.splitlines()) == 1 and f"{argv[0]}: cannot resolve {typed}:" in err
    assert f"for a literal `$`, escape it with a backslash and quote the argument for the shell: '{key}={escaped}'" in err
    assert list(tmp_path.iterdir()) == []
    given = [a if a != f"{key}={value}" else f"{key}={escaped}" for a in argv[1:]]
    cfg = compose(argv[0], given)
    assert cfg.get({"policy": "checkpoint"}.get(key, key) if argv[0] == "eval" else key) == value


def _one_error_line(capsys) -> str:
    err = [line for line in capsys.readouterr().err.splitlines() if line.strip() and "%|" not in line]
    assert len(err) == 1, err
    return err[0]


@pytest.mark.fault("eval")
@pytest.mark.parametrize("fails", ["report.json", "success.png", ".mp4"])
def test_eval_on_a_full_disk_is_one_line_and_leaves_no_half_written_run(fails, tmp_path, monkeypatch, capsys):
    """Disk full (ENOSPC) while `robopolicy eval` writes its report, its success plot or a video: a raw `OSError`
    traceback, a truncated file (a png that does not open) and a run directory without a report; now exit 1 in one
    line naming the file and "No space left on device (ENOSPC)", no truncated file anywhere, and the run directory
    the command made removed (a reused one keeps its complete files)."""
    checkpoint = reach_checkpoint(tmp_path)
    run_dir = tmp_path / "eval"
    fill_disk(monkeypatch, named(fails))
    argv = ["eval", f"policy={checkpoint}", "env=metaworld/reach-v3", "episodes=1", "max_episode_steps=5",
            "videos=1", "video_size=32", "progress=false", f"run_dir={run_dir}"]
    assert cli_main(argv) == 1
    err = _one_error_line(capsys)
    assert "error: eval: " in err and "could not be written (No space left on device (ENOSPC))" in err
    assert fails.lstrip(".") in err and f"the run directory {run_dir} it had made was removed" in err
    assert not run_dir.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["policy"]


@pytest.mark.fault("collect")
@pytest.mark.parametrize("into", ["an existing store", "a new store"])
def test_collect_on_a_full_disk_is_one_line_and_keeps_every_committed_episode(into, tmp_path, monkeypatch, capsys):
    """Disk full (ENOSPC) while `robopolicy collect` appends an episode: a raw `OSError` traceback; now exit 1 in one
    line naming out=, the file and "No space left on device (ENOSPC)": appending to an existing store, its
    committed episodes stay valid (`data validate` finds nothing) and the same command, run again once there is
    space, completes it; a new store with nothing committed is removed."""
    from robopolicy.data.store import EpisodeStore
    from robopolicy.data.validate import validate

    out = tmp_path / "demos.zarr"
    argv = ["collect", "env=metaworld/reach-v3", "max_steps=5", "progress=false", f"out={out}"]
    if into == "an existing store":
        assert cli_main([*argv, "episodes=1"]) == 0
        capsys.readouterr()
    with monkeypatch.context() as patch:
        fill_disk(patch, lambda path: f"{out.name}/data/" in path and "zarr.json" not in path)
        assert cli_main([*argv, "episodes=2", "seed=5"]) == 1
    err = _one_error_line(capsys)
    assert f"error: collect: out={out}: No space left on device (ENOSPC) writing {out}/data/" in err
    if into == "a new store":
        assert "the new store was removed (no episode had been committed)" in err
        assert list(tmp_path.iterdir()) == []
        return
    assert "1 episode(s) in the store are intact (0 from this run)" in err and "run the same command again" in err
    store = EpisodeStore.open(out)
    assert store.num_episodes == 1 and validate(store) == [] and list(store.column("seed")) == [0]
    assert cli_main([*argv, "episodes=2", "seed=5"]) == 0  # with space again: the same command completes it
    store = EpisodeStore.open(out)
    assert list(store.column("seed")) == [0, 5, 6] and validate(store) == []


@pytest.mark.fault("store")
@pytest.mark.parametrize("command", ["data copy", "convert from=lerobot", "convert to=lerobot"])
def test_copy_and_convert_on_a_full_disk_leave_nothing_half_written(command, tmp_path, monkeypatch, capsys):
    """Disk full (ENOSPC) in the middle of `robopolicy data copy` or `convert` (from or to LeRobot): a raw `OSError`
    traceback; now exit 1 in one line naming the destination, the file and "No space left on device (ENOSPC)",
    and nothing at the destination: the partial output (staged beside it) is removed."""
    from tests.policies.tiny import make_store

    monkeypatch.chdir(tmp_path)
    make_store(tmp_path / "src.zarr").close()
    if command == "data copy":
        argv, dst, fails = ["data", "copy", "src.zarr", "dst.zarr"], "dst.zarr", "/data/"
    elif command == "convert from=lerobot":
        assert cli_main(["convert", "to=lerobot", "src=src.zarr", "dst=lerobot"]) == 0
        argv, dst, fails = ["convert", "from=lerobot", "src=lerobot", "dst=dst.zarr"], "dst.zarr", "/data/"
    else:
        argv, dst, fails = ["convert", "to=lerobot", "src=src.zarr", "dst=dst"], "dst", "stats.json"
    before = sorted(p.name for p in tmp_path.iterdir())
    capsys.readouterr()
    with monkeypatch.context() as patch:
        fill_disk(patch, lambda path: f".{dst}.tmp-" in path and fails in path and "zarr.json" not in path)
        assert cli_main(argv) == 1
    err = _one_error_line(capsys)
    what = "data copy: DST dst.zarr" if command == "data copy" else f"{command}: dst={dst}"
    assert f"error: {what}: No space left on device (ENOSPC) writing .{dst}.tmp-" in err
    assert "the partial " in err and "nothing is left at" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == before


@pytest.mark.fault("collect")
def test_collect_overwrite_while_another_writer_appends_is_refused_and_the_store_kept(tmp_path, capsys):
    """`collect overwrite=true` while another `collect` appends to the same store: the new store was written beside
    it and renamed over it without its writer lock, so the appender's episodes were lost and the store left invalid;
    now the overwrite takes the old store's lock first and is refused in one line naming the appender's pid and
    command, the store untouched; once the appender has ended, the overwrite replaces it."""
    import subprocess
    import sys

    from robopolicy.data.store import EpisodeStore
    from robopolicy.data.validate import validate

    out = tmp_path / "demos.zarr"
    argv = ["collect", "env=metaworld/reach-v3", "max_steps=5", "progress=false", f"out={out}"]
    assert cli_main([*argv, "episodes=2"]) == 0
    capsys.readouterr()
    script = tmp_path / "holder.py"
    script.write_text(STORE_HOLDER)
    holder = subprocess.Popen([sys.executable, str(script), str(out)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True)
    try:
        assert holder.stdout.readline().strip() == "holding"
        assert cli_main([*argv, "episodes=1", "seed=9", "overwrite=true"]) == 1
        err = _one_error_line(capsys)
        assert f"{out}: another writer holds it (pid {holder.pid} on " in err and "holder.py" in err
        assert holder.poll() is None
    finally:
        holder.communicate("go\n", timeout=60)
    store = EpisodeStore.open(out)
    assert store.column("seed").tolist() == [0, 1] and validate(store) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["demos.zarr", "holder.py"]  # no staged store left
    assert cli_main([*argv, "episodes=1", "seed=9", "overwrite=true"]) == 0
    assert EpisodeStore.open(out).column("seed").tolist() == [9]


@pytest.mark.fault("store")
def test_convert_overwrite_of_a_store_another_writer_appends_to_is_refused(tmp_path, monkeypatch, capsys):
    """`convert from=lerobot dst=<store> overwrite=true` (or from robomimic) while another process appends to that
    store: the import was renamed over it without its writer lock, the writer's episodes lost with the old folder;
    now refused in one line naming the writer's pid and command before anything is written, the store untouched."""
    import subprocess
    import sys

    from robopolicy.data.store import EpisodeStore
    from robopolicy.data.validate import validate
    from tests.policies.tiny import make_store

    monkeypatch.chdir(tmp_path)
    make_store(tmp_path / "src.zarr").close()
    make_store(tmp_path / "held.zarr", num_episodes=2).close()
    assert cli_main(["convert", "to=lerobot", "src=src.zarr", "dst=lerobot"]) == 0
    capsys.readouterr()
    (tmp_path / "holder.py").write_text(STORE_HOLDER)
    holder = subprocess.Popen([sys.executable, "holder.py", "held.zarr"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "holding"
        assert cli_main(["convert", "from=lerobot", "src=lerobot", "dst=held.zarr", "overwrite=true"]) == 1
        err = _one_error_line(capsys)
        assert f"held.zarr: another writer holds it (pid {holder.pid} on " in err and "holder.py" in err
    finally:
        holder.communicate("go\n", timeout=60)
    store = EpisodeStore.open(tmp_path / "held.zarr")
    assert store.num_episodes == 2 and validate(store) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["held.zarr", "holder.py", "lerobot", "src.zarr"]
