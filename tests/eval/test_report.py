"""Reports from real rollouts: JSON/Markdown/plot parse, videos decode, `robopolicy report` re-renders."""

from __future__ import annotations

import json

import imageio.v3 as iio
import numpy as np
import pytest

from experiments.fixtures.samplers import MetaWorldExpertSampler
from robopolicy.eval import report as report_module
from robopolicy.eval.evaluate import EvalSettings, evaluate
from robopolicy.eval.report import ReportError, build_report, load_report, render_markdown
from robopolicy.eval.workers import EpisodeResult

VIDEO_SIZE = 64
# The push expert needs 50-71 steps on seeds 0-3, so a 60-step limit gives successes and failures.
TIGHT_STEP_LIMIT = 60


def test_evaluate_writes_a_parseable_report_a_plot_and_decodable_videos(tmp_path):
    settings = EvalSettings(episodes=4, seed=0, envs_per_worker=4, max_episode_steps=TIGHT_STEP_LIMIT, videos=1,
                            video_size=VIDEO_SIZE, progress=False)
    report = evaluate(MetaWorldExpertSampler("push-v3"), ["metaworld/push-v3"], settings, tmp_path,
                      provenance={"policy": "scripted-expert"})
    on_disk = json.loads((tmp_path / "report.json").read_text())
    assert on_disk["tasks"] == json.loads(json.dumps(report["tasks"]))
    task = on_disk["tasks"][0]
    assert task["episodes"] == 4 and task["seeds"] == [0, 1, 2, 3]
    assert 0 < task["successes"] < 4, "the step limit should split successes and failures"
    assert task["ci95"][0] <= task["success_rate"] <= task["ci95"][1]
    assert [e["seed"] for e in on_disk["episodes"]] == [0, 1, 2, 3]
    provenance = on_disk["provenance"]
    assert provenance["env_ids"] == ["metaworld/push-v3"] and provenance["code_version"]
    assert provenance["policy_spec"]["obs_horizon"] == 2

    md = (tmp_path / "report.md").read_text()
    assert f"| push the puck to the goal | `metaworld/push-v3` | 4 | {task['successes']} |" in md
    png = (tmp_path / "success.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"

    videos = on_disk["videos"]
    assert sorted(v["success"] for v in videos) == [False, True]
    lengths = {e["seed"]: e["length"] for e in on_disk["episodes"]}
    for v in videos:
        assert v["replay_matches"], "a deterministic policy replays its episode exactly"
        frames = iio.imread(tmp_path / v["path"], plugin="pyav")
        assert frames.shape == (lengths[v["seed"]] + 1, VIDEO_SIZE, VIDEO_SIZE, 3)
        assert frames.std() > 0  # a real rendered scene, not a blank frame


def test_report_command_re_renders_markdown_and_plot_from_json(tmp_path):
    results = [EpisodeResult(index=i, env_id="metaworld/reach-v3", task="reach the goal position", seed=i,
                             ret=float(i), length=10 + i, success=i % 2 == 0) for i in range(4)]
    report = build_report({"metaworld/reach-v3": results}, {"policy": "p", "base_seed": 0, "episodes_per_task": 4})
    report_module.write_report(tmp_path, report)
    md_before = (tmp_path / "report.md").read_text()
    (tmp_path / "report.md").unlink()
    (tmp_path / "success.png").unlink()
    assert report_module.main([str(tmp_path)]) == 0
    assert (tmp_path / "report.md").read_text() == md_before
    assert (tmp_path / "success.png").stat().st_size > 0
    with pytest.raises(ReportError, match="no report here"):
        load_report(tmp_path / "nothing")


def test_multi_task_report_has_every_task_and_the_mean_and_counts_errors_apart():
    def results(env_id, successes, failures, errors):
        out = []
        for kind, count in (("s", successes), ("f", failures), ("e", errors)):
            for _ in range(count):
                i = len(out)
                out.append(EpisodeResult(index=i, env_id=env_id, task=env_id, seed=i, ret=1.0, length=5,
                                         success=kind == "s", error="RuntimeError: boom" if kind == "e" else None))
        return out

    report = build_report({"a/x": results("a/x", 3, 1, 0), "a/y": results("a/y", 1, 1, 2)}, {"policy": "p"})
    x, y = report["tasks"]
    assert (x["success_rate"], y["success_rate"]) == (0.75, 0.5)
    assert (y["errors"], y["failures"], y["episodes"]) == (2, 1, 4)
    assert report["overall"]["mean_success_rate"] == pytest.approx(np.mean([0.75, 0.5]))
    md = render_markdown(report)
    assert "**mean over 2 tasks**" in md and "**0.62**" in md
    assert "| `a/y` | 2 | 2 | RuntimeError: boom |" in md
