"""The import graph points one way: foundation modules import no layer above them, libraries import no command
module or higher layer (``cli.py`` command modules sit on top and may). Read from the source (``ast``), with
imports inside functions included: a lazy import is still a dependency."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "robopolicy"
FOUNDATION = ("errors", "ranges", "checkpoint", "horizons", "execution", "version", "atomic", "protocol")
LAYERS = ["data", "models", "policies", "train", "eval", "finetune", "scale", "serve"]
# what each library package must not import (its own command module aside)
FORBIDDEN = {
    "data": {"models", "policies", "train", "eval", "finetune", "scale", "serve"},
    "models": {"policies", "train", "eval", "finetune", "scale", "serve"},
    "policies": {"train", "eval", "finetune", "scale", "serve"},
    "train": {"eval", "finetune", "scale", "serve"},
    "eval": {"finetune", "scale", "serve"},
    "finetune": {"scale", "serve"},
}


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{a.name}" for a in node.names)
    return {n for n in names if n.startswith("robopolicy.")}


def layer_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in LAYERS else None


@pytest.mark.parametrize("name", FOUNDATION)
def test_foundation_modules_import_no_layer(name):
    # the one exception: execution.read_latency_trace opens a deploy run's episode store (lazily; data imports
    # nothing above the foundation, so no cycle)
    allowed = {"execution": {"robopolicy.data.store", "robopolicy.data.store.EpisodeStore"}}.get(name, set())
    bad = sorted(m for m in imported_modules(ROOT / f"{name}.py") if layer_of(m) and m not in allowed)
    assert not bad, f"robopolicy/{name}.py imports {bad}"


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_library_packages_import_no_higher_layer(package):
    problems = []
    for path in sorted((ROOT / package).rglob("*.py")):
        if path.name in ("cli.py", "command.py", "merge_cli.py"):
            continue  # command modules are on top
        bad = sorted(m for m in imported_modules(path) if layer_of(m) in FORBIDDEN[package])
        if bad:
            problems.append(f"{path.relative_to(ROOT.parent)} imports {bad}")
    assert not problems, "; ".join(problems)
