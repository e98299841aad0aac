"""Provenance names the code that ran: this checkout's commit, and only this checkout's code."""

from __future__ import annotations

from pathlib import Path

import pytest

from robopolicy import provenance


def test_this_checkout_imports_every_mapped_package_from_itself():
    assert provenance.foreign_packages() == []


def test_a_checkout_running_another_trees_packages_is_refused_by_name(monkeypatch, tmp_path):
    """A git worktree sharing another checkout's editable venv imports that checkout's sim/, real/, configs/ and
    datasets/: its results would name a commit that did not all run. Seen from another root, all four are foreign."""
    monkeypatch.setattr(provenance, "REPO_ROOT", Path(tmp_path))
    foreign = provenance.foreign_packages()
    assert [f.split(" from ")[0] for f in foreign] == list(provenance.MAPPED_PACKAGES)
    with pytest.raises(provenance.MixedTreeError, match=r"robopolicy\.sim from .*ln -s \.\./\$d robopolicy/\$d"):
        provenance.run_provenance(allow_dirty=True)


def test_the_mapped_packages_are_setup_pys():
    """``MAPPED_PACKAGES`` restates setup.py's ``MAPPED`` (setup.py is not importable from an install): they agree."""
    import ast

    tree = ast.parse((Path(__file__).resolve().parents[1] / "setup.py").read_text())
    mapped = next(ast.literal_eval(node.value) for node in tree.body
                  if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == "MAPPED")
    assert sorted(mapped.values()) == sorted(provenance.MAPPED_PACKAGES)
