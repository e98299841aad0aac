"""Per-episode maxima of an env's score (PushT's coverage, Diffusion Policy's metric) through the real harness."""

from __future__ import annotations

from typing import Any

import numpy as np
import torch

from robopolicy.data.features import Feature
from robopolicy.eval.report import build_report, render_markdown, summarize_task
from robopolicy.eval.rollout import run_episodes
from robopolicy.policies.protocol import PolicySpec
from robopolicy.sim import make_env

STEPS = 60


class TowardsBlockSampler:
    """Every action of the chunk is the block's keypoint centroid (the state's last 16 numbers): the agent runs into
    the T and moves it."""

    spec = PolicySpec(obs_features={"state": Feature((18,), "float32", "state")}, action_dim=2, obs_horizon=1,
                      pred_horizon=2, exec_horizon=1)
    noise_shape = None

    def sample(self, obs: dict[str, Any], n: int = 1, noise: torch.Tensor | None = None) -> torch.Tensor:
        block = torch.as_tensor(np.stack([centroid(row) for row in np.asarray(obs["state"])[:, -1]]))   # (B, 2)
        return block[:, None, None, :].expand(-1, n, self.spec.pred_horizon, -1).clone()


def centroid(state: np.ndarray) -> np.ndarray:
    """The T's keypoint centroid from one state row, float32: one function for both paths, so that the harness and
    the hand-stepped episode send bit-identical actions (a reduction over another array shape may round
    differently)."""
    keypoints = np.asarray(state, dtype=np.float32)[2:].reshape(8, 2)
    return (keypoints.sum(axis=0, dtype=np.float64) / 8).astype(np.float32)


def coverage_by_hand(seed: int) -> tuple[float, list[float]]:
    """The same episode stepped here: (its maximum coverage, every step's coverage)."""
    env = make_env("pusht")
    obs, _ = env.reset(seed=seed)
    trace = []
    for _ in range(STEPS):
        obs, _reward, terminated, _truncated, info = env.step(centroid(obs["state"]))
        trace.append(info["coverage"])
        if terminated or info["is_success"]:
            break
    return max(trace), trace


def test_each_episode_reports_its_maximum_coverage_and_the_report_their_mean():
    # seeds where running into the block moves it over the target (on others it moves it nowhere near)
    results = run_episodes(TowardsBlockSampler(), "pusht", 3, seeds=[0, 5, 6], envs_per_worker=2,
                           max_episode_steps=STEPS, progress=False)
    expected = []
    for r in results:
        peak, trace = coverage_by_hand(r.seed)
        assert len(set(np.round(trace, 6))) > 1          # the block moved: the maximum is not the start's value
        assert r.peaks == {"coverage": peak}
        expected.append(peak)
        assert r.to_dict()["peaks"] == {"coverage": peak}
    summary = summarize_task(results)
    assert summary["mean_max_scores"] == {"coverage": float(np.mean(expected))}
    markdown = render_markdown(build_report({"pusht": results}, provenance={}))
    assert f"maximum `coverage`: **{np.mean(expected):.3f}**" in markdown


def test_an_env_without_scores_reports_none():
    from experiments.fixtures.samplers import RandomSampler

    (result,) = run_episodes(RandomSampler(), "metaworld/reach-v3", 1, max_episode_steps=5, progress=False)
    assert result.peaks is None and "peaks" not in result.to_dict()
    assert "mean_max_scores" not in summarize_task([result])
