"""Issue 52's faults that have no better home: bounded work, commands that write into another command's run
directory, and hints for common typos. Each test failed on the code before its fix."""

from __future__ import annotations

import json
import time

import pytest
import torch

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


def _rewrite_weights(checkpoint, state):
    """Replace a checkpoint's ``model.safetensors`` with ``state`` and its hash in ``meta.json`` (as a diverged run
    or a hand-edit would leave it: the file is intact, only its content is wrong)."""
    import hashlib

    from safetensors.torch import save_file

    save_file({k: v.contiguous() for k, v in state.items()}, str(checkpoint / "model.safetensors"))
    meta = json.loads((checkpoint / "meta.json").read_text())
    meta["sha256"] = hashlib.sha256((checkpoint / "model.safetensors").read_bytes()).hexdigest()
    (checkpoint / "meta.json").write_text(json.dumps(meta))


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
    _rewrite_weights(checkpoint, state)
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
    _rewrite_weights(checkpoint, extra)
    with pytest.raises(CheckpointError, match=r"'action_head.net.6.weight' \(2, 2\) in model.safetensors is not a "
                                              r"tensor of the policy built from policy.json\. "):
        load_policy(checkpoint)
    missing = {k: v for k, v in state.items() if k != "action_head.net.4.bias"}
    _rewrite_weights(checkpoint, missing)
    with pytest.raises(CheckpointError, match=r"'action_head.net.4.bias' \(16,\) is missing from model.safetensors\. "
                                              r"policy.json was edited or belongs to another checkpoint"):
        load_policy(checkpoint)
    _rewrite_weights(checkpoint, state)
    assert load_policy(checkpoint).spec.action_dim == 2  # the saved pair loads
