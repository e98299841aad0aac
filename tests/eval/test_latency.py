"""Latency-aware evaluation: the env keeps stepping while the policy thinks.

Exact checks of which action runs on which tick (``EpisodeExecution`` with chunks that encode their origin), and
real Meta-World episodes: latency 0 reproduces the synchronous harness episode for episode, delays are drawn per
episode seed, and ``robopolicy eval latency=[...]`` writes one report per latency."""

from __future__ import annotations

import json

import numpy as np
import pytest
import torch

from robopolicy.eval.cli import main as eval_main
from robopolicy.eval.collect import collect_episodes
from robopolicy.eval.rollout import EpisodeExecution, run_episodes
from robopolicy.execution import ExecutionSettings, LatencyError, parse_latency
from tests.eval.test_cli import briefly_trained  # noqa: F401  (module fixture: a tiny diffusion policy on reach)

ENV_ID = "metaworld/reach-v3"


def encoded_chunk(r: int, horizon: int) -> np.ndarray:
    """Chunk ``r``'s executable actions ``(H, 1)``: action i is ``100 r + i`` (which chunk, which index)."""
    return (100.0 * r + np.arange(horizon))[:, None]


@pytest.mark.parametrize(("delay", "replan"), [(0, 4), (2, 4), (3, 4), (2, 3)])
def test_naive_switch_runs_the_committed_actions_for_d_ticks_then_the_new_chunk(delay, replan):
    horizon = 7
    ex = EpisodeExecution(ExecutionSettings(strategy="naive"), parse_latency(delay).sampler(0, 10.0), replan,
                          limit=min(replan, horizon - replan), horizon=horizon, action_dim=1)
    sent = [ex.round(encoded_chunk(r, horizon), ex.next_delay()) for r in range(4)]
    assert sent[0][:, 0].tolist() == list(range(replan))  # the first chunk waits (cold start): indices 0..s-1
    for r in range(1, 4):
        expected = [100 * (r - 1) + replan + i for i in range(delay)] + [100 * r + i for i in range(delay, replan)]
        assert sent[r][:, 0].tolist() == expected
    assert ex.delays == [0] + [delay] * 3 and ex.switches == [replan * r + delay for r in (1, 2, 3)]


def test_blend_and_ensemble_mix_the_overlap_and_sync_waits():
    horizon, replan = 7, 4
    make = lambda strategy: EpisodeExecution(ExecutionSettings(strategy=strategy), parse_latency(1).sampler(0, 10.0),  # noqa: E731
                                             replan, limit=3, horizon=horizon, action_dim=1)
    blend, ensemble, sync = make("blend"), make("ensemble"), make("sync")
    for ex in (blend, ensemble, sync):
        ex.round(encoded_chunk(0, horizon), ex.next_delay())
    b = blend.round(encoded_chunk(1, horizon), blend.next_delay())[:, 0]
    # tick 4 is committed (old index 4); ticks 5, 6 overlap the old plan (indices 5, 6): linear crossfade over 2
    np.testing.assert_allclose(b, [4.0, 5 * 2 / 3 + 101 / 3, 6 / 3 + 102 * 2 / 3, 103.0])
    e = ensemble.round(encoded_chunk(1, horizon), ensemble.next_delay())[:, 0]
    w_old = 1 / (1 + np.exp(-0.01))
    np.testing.assert_allclose(e, [4.0, 5 * w_old + 101 * (1 - w_old), 6 * w_old + 102 * (1 - w_old), 103.0])
    s = sync.round(encoded_chunk(1, horizon), sync.next_delay())[:, 0]
    assert s.tolist() == [100.0, 101.0, 102.0, 103.0] and sync.wait_steps == 1


@pytest.fixture(scope="module")
def reach_flow(tmp_path_factory):
    """An untrained tiny flow policy on reach with Tp = 12 (11 executable actions), built from 2 real demos."""
    from robopolicy.data.normalizer import Normalizer
    from robopolicy.data.store import EpisodeStore
    from robopolicy.policies.registry import build_policy, default_normalizer_modes, policy_spec_from_config

    path = tmp_path_factory.mktemp("reach") / "demos.zarr"
    collect_episodes(ENV_ID, "expert", 2, path, progress=False)
    store = EpisodeStore.open(path)
    from robopolicy.policies.policy_config import resolve_policy_config

    cfg = resolve_policy_config("flow_unet", {})
    cfg.update(pred_horizon=12, exec_horizon=4)
    cfg["unet"].update(down_dims=[16, 32], step_embed_dim=16)
    cfg["flow"]["num_inference_steps"] = 3
    spec = policy_spec_from_config(cfg, store.features, obs_keys=["state"])
    torch.manual_seed(0)
    return build_policy("flow_unet", cfg, spec, Normalizer.fit(store, default_normalizer_modes(spec)))


RUN = {"envs_per_worker": 3, "max_episode_steps": 40, "progress": False, "stop_on_success": False}


@pytest.mark.parametrize("strategy", ["sync", "naive", "rtc"])
def test_latency_zero_reproduces_the_synchronous_harness_episode_for_episode(reach_flow, strategy):
    plain = run_episodes(reach_flow, ENV_ID, 4, base_seed=7, **RUN)
    timed = run_episodes(reach_flow, ENV_ID, 4, base_seed=7, execution=ExecutionSettings(strategy=strategy),
                         latency=0, **RUN)
    assert [(r.seed, r.success, r.length, r.ret) for r in plain] == [(r.seed, r.success, r.length, r.ret) for r in timed]
    assert all(r.execution["delays"] == [0] * 10 for r in timed)  # 40 steps / Ta = 4: ten chunks, none delayed


def test_drawn_delays_are_reproducible_and_change_the_episodes(reach_flow):
    runs = [run_episodes(reach_flow, ENV_ID, 3, base_seed=7, execution=ExecutionSettings(strategy=s),
                         latency="uniform(1,4)", **RUN) for s in ("naive", "naive", "rtc")]
    assert [r.execution["delays"] for r in runs[0]] == [r.execution["delays"] for r in runs[1]]
    assert [r.ret for r in runs[0]] == [r.ret for r in runs[1]]
    delays = [d for r in runs[0] for d in r.execution["delays"][1:]]
    assert set(delays) <= {1, 2, 3, 4} and len(set(delays)) > 1
    assert [r.ret for r in runs[0]] != [r.ret for r in runs[2]]  # rtc samples different chunks when delayed
    assert all(np.isfinite(r.execution["jump"]) and r.execution["switches"] == 9 for r in runs[0])


@pytest.mark.fault("eval")
def test_a_delay_longer_than_the_chunk_covers_is_refused_before_any_episode(reach_flow):
    """`latency=5` (or `60ms` at 80 Hz) when the chunk covers at most 4: refused before any episode, naming the
    limit."""
    with pytest.raises(LatencyError, match=r"at most 4 = min\(replan_every 4, executable actions 11"):
        run_episodes(reach_flow, ENV_ID, 2, execution=ExecutionSettings(strategy="naive"), latency=5, **RUN)
    with pytest.raises(LatencyError, match="at most 4"):  # 80 Hz: 60 ms is 5 steps
        run_episodes(reach_flow, ENV_ID, 2, execution=ExecutionSettings(strategy="naive"), latency="60ms", **RUN)


def test_eval_command_sweeps_latencies_into_one_report_each(briefly_trained, tmp_path, capsys):  # noqa: F811
    _, train_run = briefly_trained
    run_dir = tmp_path / "eval"
    assert eval_main([f"policy={train_run}", f"env={ENV_ID}", "episodes=2", "envs_per_worker=2",
                      "max_episode_steps=24", "videos=0", f"run_dir={run_dir}", "progress=false",
                      "latency=[0,2]", "execution.strategy=rtc"]) == 0
    out = capsys.readouterr().out
    assert "strategy=rtc latency=2" in out
    reports = {d: json.loads((run_dir / f"latency_{d}" / "report.json").read_text()) for d in (0, 2)}
    assert reports[2]["tasks"][0]["execution"]["mean_delay"] == 2.0
    assert reports[0]["tasks"][0]["execution"]["mean_delay"] == 0.0
    assert "## Execution" in (run_dir / "latency_2" / "report.md").read_text()
    assert reports[2]["provenance"]["settings"]["latency"] == "2"


@pytest.mark.fault("eval")
@pytest.mark.parametrize(("override", "message"), [
    ("latency=-3", "delays must be finite and >= 0"), ("latency=soon", "valid forms"),
    ("execution.strategy=fast", "valid: sync, naive, blend, ensemble, rtc"),
    ("latency=9", "at most 3 = min(replan_every 4, executable actions 7")])
def test_bad_latency_settings_fail_in_one_line(briefly_trained, tmp_path, override, message):  # noqa: F811
    """`robopolicy eval latency=-3`, `latency=soon`, `execution.strategy=fast` or a delay the chunk cannot cover:
    one line naming the value and the valid choices or limit."""
    _, train_run = briefly_trained
    from robopolicy.errors import RobopolicyError

    with pytest.raises(RobopolicyError) as e:
        eval_main([f"policy={train_run}", f"env={ENV_ID}", "episodes=1", "videos=0", f"run_dir={tmp_path / 'e'}",
                   "progress=false", "execution.strategy=naive", override])
    assert message in str(e.value) and "\n" not in str(e.value)
