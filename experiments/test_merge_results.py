"""The merging results script end to end at smoke-test scale (real Meta-World demos, real training, real merges and
rollouts), its OOD env recipe, and the page update that touches only the Merging section.
Run: pytest experiments/test_merge_results.py -q"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
import torch

from experiments.merge_results import (
    BY_MODULE_JSON,
    PARAPHRASES,
    RESULTS_JSON,
    RESULTS_PAGE,
    SECTION,
    MergeExperimentError,
    PerturbedStart,
    main,
    parse_args,
    render_page_section,
    settings_of,
    update_page,
)
from experiments.results_markdown import page_section

NEW_TASK = "metaworld/button-press-topdown-v3"


@pytest.fixture(scope="module")
def quick_run(tmp_path_factory) -> tuple[Path, dict]:
    out = tmp_path_factory.mktemp("merge") / "run"
    assert main(["--quick", "--old-tasks", "1", "--alphas", "0", "0.5", "1", "--out", str(out), "--no-page"]) == 0
    return out, json.loads((out / "results.json").read_text())


def test_quick_run_pretrains_finetunes_merges_and_evaluates_every_alpha(quick_run) -> None:
    from robopolicy import checkpoint as ckpt

    out, data = quick_run
    s = data["settings"]
    assert s["new_task"] == NEW_TASK and s["old_tasks"] == ["metaworld/reach-v3"]
    assert [r["alpha"] for r in data["summary"]["rows"]] == [0.0, 0.5, 1.0]
    for r in data["summary"]["rows"]:  # the same number of episodes for every alpha and column
        assert r["new"]["episodes"] == r["ood"]["episodes"] == s["eval_episodes"]
        assert r["old"]["episodes"] == s["eval_episodes"] * len(s["old_tasks"])
    assert data["collect"]["new"]["tasks"][0]["env_id"] == NEW_TASK
    assert {t["env_id"] for t in data["collect"]["old"]["tasks"]} == {"metaworld/reach-v3"}  # held out
    assert any("init_from=" in a for a in data["finetune"]["argv"])
    assert data["ood"][0]["task"] == PARAPHRASES["button-press-topdown-v3"]
    # alpha 0 is the pretrained checkpoint and alpha 1 the fine-tuned one, bit for bit
    pre, _ = ckpt.load_model_state(ckpt.resolve_checkpoint(out / "pretrain"))
    ft, _ = ckpt.load_model_state(ckpt.resolve_checkpoint(out / "finetune"))
    a0, _ = ckpt.load_model_state(out / "merged" / "alpha_0")
    a1, _ = ckpt.load_model_state(out / "merged" / "alpha_1")
    assert all(torch.equal(a0[k], pre[k]) for k in pre) and all(torch.equal(a1[k], ft[k]) for k in ft)
    assert any(not torch.equal(pre[k], ft[k]) for k in pre if not k.startswith("normalizer."))
    assert set(data["wall_seconds"]) == {"collect", "pretrain", "finetune", "sweep", "ood", "total"}
    assert data["summary"]["target"]["met"] is not None


def test_page_update_replaces_only_the_merging_body(quick_run, tmp_path) -> None:
    out, data = quick_run
    page = tmp_path / "results.md"
    intro = "A model, merged. How to run it: [Merge](howto/merge.md)."
    page.write_text(f"# Results\n\n## DPPO\n\nkept\n\n## Merging\n\n{intro}\n\nNot yet measured.\n\n"
                    "## Quickstart\n\nalso kept\n")
    update_page(page, data, "results.json")
    text = page.read_text()
    assert text.startswith("# Results\n\n## DPPO\n\nkept\n\n## Merging\n\n" + intro + "\n\n- Produced by")
    assert "Not yet measured" not in text and text.endswith("## Quickstart\n\nalso kept\n")
    assert "smoke-test scale" in text and "| 0.5 |" in text
    update_page(page, data, "results.json")  # idempotent
    assert page.read_text() == text


def test_perturbed_start_moves_the_hand_and_changes_the_instruction() -> None:
    from robopolicy.sim import make_env

    plain, shifted = make_env(NEW_TASK), PerturbedStart(NEW_TASK, "push the button down from above")()
    try:
        assert shifted.instruction == "push the button down from above" != plain.instruction
        for seed in (5000, 5001):
            a, _ = plain.reset(seed=seed)
            b, _ = shifted.reset(seed=seed)
            moved = np.linalg.norm(b["state"][:3] - a["state"][:3])
            assert 0.01 < moved < 0.07, moved  # 1-7 cm from the fixed start
            assert np.allclose(a["state"][-3:], b["state"][-3:])  # same goal: the same layout from the seed
            assert shifted.elapsed_steps == 0
    finally:
        plain.close()
        shifted.close()


def test_bad_settings_are_refused() -> None:
    with pytest.raises(MergeExperimentError, match="not an MT10 task"):
        settings_of(parse_args(["--new-task", "metaworld/soccer-v3"]))
    with pytest.raises(MergeExperimentError, match="alphas must be in"):
        settings_of(parse_args(["--alphas", "0", "1.5"]))
    with pytest.raises(MergeExperimentError, match="finetune_steps must be >= 1"):
        settings_of(parse_args(["--finetune-steps", "0"]))


def test_merging_section_matches_the_committed_results() -> None:
    data, by_module = json.loads(RESULTS_JSON.read_text()), json.loads(BY_MODULE_JSON.read_text())
    rendered = render_page_section(data, by_module)
    assert "**Per-module α" in rendered                         # the follow-up matches the committed run
    assert page_section(RESULTS_PAGE, SECTION) == f"## {SECTION}\n\n" + rendered.strip("\n"), (
        "docs/results_archive.md is out of date: run python -m experiments.merge_results --render")


def test_variants_table_shows_retention_and_reach_per_alpha():
    from experiments.merge_results import render_variants

    def row(alpha, old, new):
        return {"alpha": alpha, "old": {"success": old}, "new": {"success": new}}

    run = {"settings": {"cotrain": 2, "finetune_lr": 3e-5, "train_seed": 1},
           "summary": {"rows": [row(0.0, 0.8, 0.1), row(0.5, 0.76, 0.5), row(1.0, 0.4, 0.6)],
                       "target": {"pretrained_old": 0.8, "finetuned_new": 0.6, "alphas_meeting": [0.5]}}}
    text = render_variants([run])
    assert "| co-training 2 demos/old task, lr 3e-05 | 1 | 0.80 | 0.60 | 1.00 / 0.17 | 0.95 / 0.83 | 0.50 / 1.00 | 0.5 |" \
        in text
