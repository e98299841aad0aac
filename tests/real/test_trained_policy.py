"""A trained torch policy (tiny diffusion U-Net, 30 steps on expert demos) through both deploy routes:
in-process (``policy=<checkpoint>``, the daemon's lazily imported local backend) and over the server."""

from __future__ import annotations

import numpy as np
import pytest

from experiments.fixtures.serve import TOKEN, free_port, start_cli_server, stop, write_token
from experiments.learning_recipes import collect_demos, train_policy
from robopolicy.data.store import EpisodeStore
from robopolicy.real.client import PolicyClient
from robopolicy.real.profile import load_profile
from tests.serve.processes import read_status

pytestmark = pytest.mark.slow
TICKS = 60


@pytest.fixture(scope="module")
def checkpoint(tmp_path_factory) -> str:
    root = tmp_path_factory.mktemp("trained")
    return str(train_policy(collect_demos(root / "demos.zarr", episodes=3), root / "bc"))


def test_checkpoint_runs_in_process_and_is_logged(tmp_path, checkpoint):
    from robopolicy.policies.loading import checkpoint_hash
    from robopolicy.real.cli import main

    run_dir = tmp_path / "run"
    assert main(["robot=metaworld_reach", f"policy={checkpoint}", f"run_dir={run_dir}",
                 f"daemon.max_ticks={TICKS}", "daemon.rate_hz=20"]) == 0
    store = EpisodeStore.open(run_dir / "episodes.zarr")
    steps = store.load()
    profile = load_profile("metaworld_reach")
    assert np.all(np.isfinite(steps["action"]))
    assert np.all(steps["action"] >= profile.action_low) and np.all(steps["action"] <= profile.action_high)
    assert store.episode_meta(0)["policy_id"] == checkpoint_hash(checkpoint)
    assert read_status(run_dir)["chunks_received"] > 0


def test_checkpoint_served_reports_its_spec_and_hash(tmp_path, checkpoint):
    from robopolicy.policies.loading import checkpoint_hash

    port = free_port()
    server = start_cli_server(port, write_token(tmp_path), checkpoint)
    try:
        with PolicyClient(f"ws://127.0.0.1:{port}", TOKEN, timeout_s=60) as client:
            meta = client.metadata()
            assert meta["checkpoint_hash"] == checkpoint_hash(checkpoint)
            assert (meta["obs_horizon"], meta["pred_horizon"]) == (2, 8)
            state = np.zeros((2, 39), np.float32)
            state[:, 1] = 0.6
            chunk, timing = client.infer({"state": state})
            assert chunk.shape == (8, 4) and np.all(np.isfinite(chunk)) and timing["infer_ms"] > 0
    finally:
        stop(server)


def test_checkpoint_in_process_runs_real_time_chunking(tmp_path, checkpoint):
    """``daemon.execution.strategy=rtc`` with the policy loaded in the daemon's process (a diffusion head: it
    can be guided): each request carries the queued plan, and the chunks it gets back are sent."""
    from robopolicy.real.cli import main

    run_dir = tmp_path / "run"
    assert main(["robot=metaworld_reach", f"policy={checkpoint}", f"run_dir={run_dir}", f"daemon.max_ticks={TICKS}",
                 "daemon.rate_hz=20", "daemon.execution.strategy=rtc"]) == 0
    status = read_status(run_dir)
    assert status["execution"] == "rtc" and status["chunks_received"] > 3 and status["inference_failures"] == 0
    steps = EpisodeStore.open(run_dir / "episodes.zarr").load()
    assert np.all(np.isfinite(steps["action"])) and (steps["round_trip_ms"] > 0).sum() > 3
