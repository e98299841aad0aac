"""docs/benchmarks/*.md are rendered from the committed JSON beside them, never edited by hand.

Each page is re-rendered by its script's render function (``benchmarks/`` is not a package: the scripts are loaded
by path) from ``<name>.json`` alone and must equal the committed page. Fix a difference by re-rendering:
``python -m benchmarks.<script> --render`` (see ``RENDERERS`` for the pages whose script or flag differs).
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PAGES = REPO / "docs" / "benchmarks"
SCRIPTS = REPO / "benchmarks"
# page -> (script, render function, how to re-render); every other page <name>.md is benchmarks/<name>.py's render
RENDERERS = {"rtc": ("inference", "rtc_markdown", "python -m benchmarks.inference --rtc --render"),
             "real_size_same_torch": ("real_size", "render", "python -m benchmarks.real_size --render "
                                      "--out docs/benchmarks/real_size_same_torch.md")}


def renderer(page: str):
    script, function, _ = RENDERERS.get(page, (page, "render", None))
    name = f"_benchmark_script_{script}"
    module = sys.modules.get(name)
    if module is None:
        spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{script}.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return getattr(module, function)


def rendered_pages() -> list[str]:
    return sorted(p.stem for p in PAGES.glob("*.md") if p.with_suffix(".json").exists())


def test_every_benchmark_page_has_its_json():
    missing = sorted(p.name for p in PAGES.glob("*.md") if not p.with_suffix(".json").exists())
    assert not missing, f"benchmark pages without the JSON they are rendered from: {missing}"


@pytest.mark.parametrize("page", rendered_pages())
def test_page_is_rendered_from_its_json(page: str):
    record = json.loads((PAGES / f"{page}.json").read_text())
    text = renderer(page)(record)
    how = RENDERERS.get(page, (None, None, f"python -m benchmarks.{page} --render"))[2]
    assert text == (PAGES / f"{page}.md").read_text(), (
        f"docs/benchmarks/{page}.md differs from what {page}.json renders to: re-render it with `{how}` "
        "(hand edits to the page are not kept)")


def _dirty_records(value) -> int:
    """How many provenance records (``commit`` + ``dirty``) inside a benchmark JSON were measured on a dirty tree."""
    if isinstance(value, dict):
        own = int(bool(value.get("dirty"))) if "commit" in value and "dirty" in value else 0
        return own + sum(_dirty_records(v) for v in value.values())
    if isinstance(value, list):
        return sum(_dirty_records(v) for v in value)
    return 0


@pytest.mark.parametrize("page", sorted(p.stem for p in PAGES.glob("*.json")))
def test_a_page_measured_on_a_dirty_tree_says_so(page):
    """Issue #48: a number measured with uncommitted changes is marked where it is shown, not only in its JSON."""
    if _dirty_records(json.loads((PAGES / f"{page}.json").read_text())):
        assert "with uncommitted changes" in (PAGES / f"{page}.md").read_text(), page
