"""Issue 52's faults that have no better home: bounded work, commands that write into another command's run
directory, and hints for common typos. Each test failed on the code before its fix."""

from __future__ import annotations

import json
import time

import pytest

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
