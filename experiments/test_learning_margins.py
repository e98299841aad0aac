"""experiments/learning_margins.py: one JSON per (recipe, seed) with provenance, resumable, rendered to a page."""

from __future__ import annotations

import json

from experiments.learning_margins import main, render_section


def test_a_run_records_provenance_and_is_not_repeated(tmp_path, capsys):
    assert main(["trainer_loss", "--seeds", "0", "--out", str(tmp_path), "--allow-dirty"]) == 0
    record = json.loads((tmp_path / "trainer_loss_seed0.json").read_text())
    provenance = record["provenance"]
    assert len(provenance["commit"]) == 40 and provenance["cpu"]
    assert provenance["command"].startswith("python -m experiments.learning_margins trainer_loss --seeds 0")
    assert isinstance(provenance["dirty"], bool) and provenance["torch_threads"] == 1
    assert record["result"]["last20"] < record["result"]["first5"]
    capsys.readouterr()
    assert main(["trainer_loss", "--seeds", "0", "--out", str(tmp_path), "--allow-dirty"]) == 0
    assert "done already" in capsys.readouterr().out
    assert "| 0 | " in render_section(tmp_path)  # the seed's row
