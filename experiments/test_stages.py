"""experiments/stages.py: the pieces every experiment script shares."""

from __future__ import annotations

from experiments import stages


def test_train_continues_a_checkpointed_run_and_restarts_one_stopped_before_its_first(tmp_path, monkeypatch):
    """A run killed before its first checkpoint holds run.json and metrics but nothing to continue, and `robopolicy
    train` refuses a new run in it: the headline's base jobs could not restart after one (seen this session)."""
    from robopolicy.train import cli as train_cli

    calls = []
    monkeypatch.setattr(train_cli, "main", lambda argv: calls.append(argv) or 0)
    run = tmp_path / "run"
    run.mkdir()
    (run / "run.json").write_text("{}")
    assert stages.train(["policy=mlp_bc", "dataset=x.zarr"], run) == 0
    assert not run.exists() and calls[-1] == ["policy=mlp_bc", "dataset=x.zarr", f"run_dir={run}", "resume=false"]
    run.mkdir()
    (run / "latest.json").write_text("{}")
    stages.train(["policy=mlp_bc"], run)
    assert (run / "latest.json").exists() and calls[-1][-1] == "resume=true"
