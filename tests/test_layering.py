"""The import graph points one way: foundation modules import no layer above them, libraries import no command
module or higher layer (``cli.py`` command modules sit on top and may), and the library packages form no cycle.
Read from the source (``ast``), with imports inside functions included: a lazy import is still a dependency.

The outer rings are read from ``pyproject.toml``'s package-dir map: top-level ``sim/`` and ``real/`` install as
``robopolicy.sim`` and ``robopolicy.real`` but sit above the library (simulators and the robot side). The library
reaches them through one seam (``RING_SEAMS``, ``RING_IMPORT_ALLOWANCE = 1``): ``robopolicy/envs.py`` imports
everything the library needs from ``robopolicy.sim`` (making envs, env ids and task sets, simulator settings, the
policy actor and its fit check), and every other library module imports ``robopolicy.envs``. The library imports
nothing from ``robopolicy.real``: the wire protocol lives in ``robopolicy/serve/protocol.py`` and ``real/`` imports
it from there, never the reverse. (``robopolicy/cli.py``, ``config.py`` and ``docs_gen.py`` name ``robopolicy.real``
and ``robopolicy.sim`` as strings, for lazy command dispatch and schema look-up: not imports, not counted.)

Cycles are counted among the library packages with command modules left out, as above; counted with them,
``train``, ``eval``, ``finetune`` and ``scale`` still reach each other through their commands."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "robopolicy"
FOUNDATION = ("errors", "ranges", "checkpoint", "horizons", "execution", "version", "provenance", "atomic", "protocol")
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
COMMAND_MODULES = ("cli.py", "command.py", "merge_cli.py")
RING_FOLDERS = ("sim", "real")  # top-level folders the package-dir map installs inside robopolicy
RING_SEAMS = ("robopolicy/envs.py",)  # the one library module that imports an outer ring (the simulators)
RING_IMPORT_ALLOWANCE = 1  # library modules importing an outer ring: the seam above, and no other


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
        if path.name in COMMAND_MODULES:
            continue  # command modules are on top
        bad = sorted(m for m in imported_modules(path) if layer_of(m) in FORBIDDEN[package])
        if bad:
            problems.append(f"{path.relative_to(ROOT.parent)} imports {bad}")
    assert not problems, "; ".join(problems)


def outer_rings() -> dict[str, str]:
    """Installed package -> top-level folder, for the folders ``RING_FOLDERS`` (``robopolicy.sim`` -> ``sim``)."""
    text = (ROOT.parent / "pyproject.toml").read_text()  # the table read by hand: tomllib is Python 3.11+
    table = text.split("[tool.setuptools.package-dir]", 1)[1].split("\n[", 1)[0]
    package_dir = dict(re.findall(r'^"([\w.]+)"\s*=\s*"([\w./-]+)"', table, flags=re.M))
    return {package: folder for package, folder in package_dir.items() if folder in RING_FOLDERS}


def ring_imports() -> list[str]:
    """``path -> ring`` for every library module that imports an outer ring."""
    rings = outer_rings()
    return sorted(f"{path.relative_to(ROOT.parent)} -> {ring}" for path in ROOT.rglob("*.py") for ring in rings
                  if any(m == ring or m.startswith(ring + ".") for m in imported_modules(path)))


def test_the_package_dir_map_installs_sim_and_real_inside_the_library():
    assert outer_rings() == {"robopolicy.sim": "sim", "robopolicy.real": "real"}


def test_library_imports_of_the_outer_rings_only_go_down():
    found = ring_imports()
    assert len(found) <= RING_IMPORT_ALLOWANCE, (
        f"{len(found)} library modules import sim/ or real/ (allowance {RING_IMPORT_ALLOWANCE}): {found}; reach the "
        "simulators through robopolicy.envs (the seam) and the wire protocol through robopolicy.serve.protocol")
    if len(found) < RING_IMPORT_ALLOWANCE:
        pytest.fail(f"only {len(found)} library modules import sim/ or real/ now: lower RING_IMPORT_ALLOWANCE to "
                    f"{len(found)} and the list in this file's docstring ({found})")


def test_the_one_seam_to_the_simulators_is_robopolicy_envs():
    assert ring_imports() == [f"{seam} -> robopolicy.sim" for seam in RING_SEAMS]


def test_serve_never_imports_the_robot_side():
    """The wire protocol is the library's (``robopolicy/serve/protocol.py``); ``real/`` imports it, never the reverse."""
    bad = sorted(f"{path.relative_to(ROOT.parent)} imports {m}" for path in (ROOT / "serve").rglob("*.py")
                 for m in imported_modules(path) if m == "robopolicy.real" or m.startswith("robopolicy.real."))
    assert not bad, "; ".join(bad)
    assert not (ROOT.parent / "real" / "protocol.py").exists(), "the wire protocol lives in robopolicy/serve/"


def package_graph() -> dict[str, set[str]]:
    """Library package -> the library packages its modules import (command modules left out)."""
    graph: dict[str, set[str]] = {package: set() for package in LAYERS}
    for package in LAYERS:
        for path in (ROOT / package).rglob("*.py"):
            if path.name not in COMMAND_MODULES:
                graph[package] |= {layer for m in imported_modules(path) if (layer := layer_of(m)) not in (None, package)}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every cycle's members (the strongly connected components with more than one package), by depth-first search."""
    def reachable(start: str) -> set[str]:
        seen, stack = set(), [start]
        while stack:
            for nxt in graph.get(stack.pop(), ()):
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
        return seen

    reach = {package: reachable(package) for package in graph}
    components = {frozenset(p for p in graph if p == package or (p in reach[package] and package in reach[p]))
                  for package in graph}
    return sorted(sorted(c) for c in components if len(c) > 1)


def test_cycle_check_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_library_packages_form_no_cycle():
    assert cycles(package_graph()) == []


# ------------------------------------------------------------------ experiments/ and benchmarks/: the outermost ring
# Tests may import experiments/ (the learning recipes, experiments/fixtures/); experiments/ and benchmarks/ never
# import tests/, and neither edits sys.path: they run as modules from the repository root (python -m benchmarks.x).
OUTER = Path(__file__).resolve().parents[1]
OUTER_FOLDERS = ("experiments", "benchmarks")
# files that still edit sys.path, each to be fixed (the test fails once one no longer does: drop it from here)
SYS_PATH_PENDING: set[str] = set()


def outer_modules() -> list[str]:
    return sorted(str(p.relative_to(OUTER)) for folder in OUTER_FOLDERS for p in (OUTER / folder).rglob("*.py"))


def imports_tests(path: Path) -> list[str]:
    """The ``tests`` modules a file imports (at any depth: a lazy import counts)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                 else [node.module] if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module else [])
        found += [n for n in names if n == "tests" or n.startswith("tests.")]
    return found


def touches_sys_path(path: Path) -> bool:
    """Whether a file names ``sys.path`` at all (reading it is the first step of editing it)."""
    return any(isinstance(node, ast.Attribute) and node.attr == "path" and isinstance(node.value, ast.Name)
               and node.value.id == "sys" for node in ast.walk(ast.parse(path.read_text())))


def test_the_layering_readers_see_a_test_import_and_a_sys_path_edit(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("import sys\nsys.path.insert(0, '.')\n\ndef f():\n    from tests.policies.tiny import make_store\n")
    assert imports_tests(probe) == ["tests.policies.tiny"] and touches_sys_path(probe)
    probe.write_text("import sys\nimport testsuite\nfrom experiments.fixtures import tiny\nprint(sys.argv)\n")
    assert imports_tests(probe) == [] and not touches_sys_path(probe)


def test_experiments_and_benchmarks_never_import_tests():
    offenders = {m: found for m in outer_modules() if (found := imports_tests(OUTER / m))}
    assert not offenders, f"experiments/ and benchmarks/ import tests/ (move the helper to experiments/): {offenders}"


def test_experiments_and_benchmarks_never_edit_sys_path():
    editing = {m for m in outer_modules() if touches_sys_path(OUTER / m)}
    assert editing - SYS_PATH_PENDING == set(), "run the script as `python -m <folder>.<name>` instead"
    assert SYS_PATH_PENDING <= editing, f"{sorted(SYS_PATH_PENDING - editing)} no longer edit sys.path: drop them"
