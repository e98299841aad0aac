"""Where a result came from: the clean commit, the exact command, the date, the machine and its load.

The record of a whole run (an experiment's or a benchmark's JSON); ``robopolicy.version.code_version()`` is the
short stamp every checkpoint, report and store carries. Every results JSON carries ``run_provenance()``. A run
from a tree with uncommitted changes is refused unless asked for (``allow_dirty=True``), and is then marked
``"dirty": true`` so a page can say so.
"""

from __future__ import annotations

import datetime as dt
import os
import platform
import subprocess
import sys
from pathlib import Path
from typing import Any

from robopolicy.errors import RobopolicyError

REPO_ROOT = Path(__file__).resolve().parents[1]  # the source tree (results are recorded from a checkout)


class DirtyTreeError(RobopolicyError):
    """The working tree has uncommitted changes, so the commit would not say what ran."""


class MixedTreeError(RobopolicyError):
    """Part of the code that would run comes from another checkout, so this one's commit would not say what ran."""


# top-level folders the package installs as subpackages (setup.py's MAPPED). An editable install maps them to the tree
# it was installed from, so a second checkout (a git worktree sharing the first one's venv) runs its own robopolicy/
# with the first tree's sim/, real/, configs/ and datasets/, while recording its own commit.
MAPPED_PACKAGES = ("robopolicy.sim", "robopolicy.real", "robopolicy.configs", "robopolicy.datasets")


def foreign_packages() -> list[str]:
    """``"<package> from <folder>"`` for each of ``MAPPED_PACKAGES`` imported from outside ``REPO_ROOT``."""
    import importlib.util

    out = []
    for name in MAPPED_PACKAGES:
        spec = importlib.util.find_spec(name)
        origin = Path(spec.origin).resolve() if spec is not None and spec.origin else None
        if origin is None or REPO_ROOT.resolve() not in origin.parents:
            out.append(f"{name} from {origin.parent if origin is not None else 'nowhere'}")
    return out


def _git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=REPO_ROOT, capture_output=True, text=True, timeout=10,
                          check=True).stdout.strip()


def cpu_model() -> str:
    """The CPU's model name (``/proc/cpuinfo``), e.g. ``AMD EPYC`` or ``Intel(R) Xeon(R) ...``."""
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for line in cpuinfo.read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    return platform.processor() or platform.machine()


def run_provenance(allow_dirty: bool = False, command: str | None = None) -> dict[str, Any]:
    """Commit, dirtiness, command (``command``, else this process's argv), UTC date, CPU model, cores, load
    average, Python and torch versions."""
    import torch

    if foreign := foreign_packages():
        raise MixedTreeError(f"{REPO_ROOT} would run {', '.join(foreign)} (an editable install of another checkout "
                             "maps them there): run from that checkout, or give this one its own links, e.g. "
                             "`for d in sim real configs datasets; do ln -s ../$d robopolicy/$d; done`")
    commit = _git("rev-parse", "HEAD")
    # results are not code: a JSON a re-run replaced (``rl_suite run --rerun``) does not make the next run dirty
    dirty = bool(_git("status", "--porcelain", "--untracked-files=no", "--", ".", ":(exclude)experiments/results"))
    if dirty and not allow_dirty:
        raise DirtyTreeError(f"uncommitted changes in {REPO_ROOT}: commit them first so the result names the code "
                             "that produced it, or pass --allow-dirty (the result is then marked dirty)")
    command = command or " ".join([Path(sys.executable).name, *sys.argv])
    return {"commit": commit, "dirty": dirty, "command": command,
            "date": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"), "cpu": cpu_model(),
            "cpu_cores": os.cpu_count(), "load_average": list(os.getloadavg()),
            "python": platform.python_version(), "torch": torch.__version__,
            "torch_threads": torch.get_num_threads()}


def provenance_line(p: dict, load_end: list[float], json_name: str) -> str:
    """Where and when a benchmark record was measured, from its ``run_provenance()`` and the load at its end: one
    line for a page rendered from ``json_name``."""
    start, end, cores = p["load_average"][0], load_end[0], p["cpu_cores"] or 1
    load = (f"**a loaded shared machine**: load average {start:.1f} at the start and {end:.1f} at the end on {cores} "
            "cores (other jobs were running), so absolute numbers are low and noisy; read the ratios, whose two "
            "sides were measured in the same run" if max(start, end) > 0.5 * cores else
            f"a shared machine, close to idle while measured (load average {start:.1f} at the start, {end:.1f} at "
            f"the end on {cores} cores)")
    return (f"Measured {p['date']} by `{p['command']}` at commit `{p['commit'][:10]}`"
            f"{' (with uncommitted changes)' if p['dirty'] else ''} on {p['cpu']}, {cores} logical CPUs, Python "
            f"{p['python']}, torch {p['torch']}; {load}. Rendered from `{json_name}`.")


def write_page(out: Path, record: dict[str, Any], render: Any) -> None:
    """A benchmark's outputs: ``record`` as the JSON beside the page ``out``, the page rendered from it alone."""
    import json

    out.parent.mkdir(parents=True, exist_ok=True)
    out.with_suffix(".json").write_text(json.dumps(record, indent=1) + "\n")
    text = render(record)
    out.write_text(text)
    print(text)
    print(f"wrote {out} and {out.with_suffix('.json')}")


def render_page_only(out: Path, render: Any) -> None:
    """``--render``: redraw the page ``out`` from the JSON beside it."""
    import json

    out.write_text(render(json.loads(out.with_suffix(".json").read_text())))
