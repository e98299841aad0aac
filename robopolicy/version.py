"""Code version recorded in every checkpoint, eval report and store written by robopolicy.

A whole run's record (commit, command, machine, load) is ``robopolicy.provenance.run_provenance()``.
"""

from __future__ import annotations

import functools
import subprocess
from importlib import metadata
from pathlib import Path

try:
    __version__ = metadata.version("robopolicy")
except metadata.PackageNotFoundError:  # running from a source tree that was not installed
    __version__ = "0.0.0+unknown"


@functools.cache
def code_version() -> str:
    """``<package version>`` plus ``+g<commit>`` (and ``.dirty``) when running from a git checkout."""
    root = Path(__file__).resolve().parent.parent
    try:
        sha = subprocess.run(["git", "rev-parse", "--short=10", "HEAD"], cwd=root, capture_output=True, text=True,
                             timeout=5, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=root,
                               capture_output=True, text=True, timeout=5).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return __version__
    return f"{__version__}+g{sha}{'.dirty' if dirty else ''}"
