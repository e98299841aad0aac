"""Every policy published in ``models/`` (a finished generalist, kept in git) loads with its weights' hash checked
and says where it came from."""

from __future__ import annotations

from pathlib import Path

import pytest

from robopolicy import checkpoint as ckpt

MODELS = Path(__file__).resolve().parents[1] / "models"


@pytest.mark.parametrize("path", sorted(p for p in MODELS.glob("*") if p.is_dir()) if MODELS.exists() else [],
                         ids=lambda p: p.name)
def test_a_published_policy_loads_hash_checked_with_its_provenance(path):
    weights, meta = ckpt.load_model_state(path)   # refuses weights whose sha256 differs from meta.json's
    assert weights and meta["resumable"] is False
    source = meta["published_from"]
    assert source["step"] == meta["step"] and source["publish_provenance"]["commit"]
    assert not list(path.glob("trainer.*"))
