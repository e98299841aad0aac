"""Atomic replacement of a directory written under a temporary name (checkpoints, critics, steered policies)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path


def replace_directory(tmp: Path, dest: Path) -> Path:
    """Move the finished directory ``tmp`` to ``dest``, replacing what is there.

    The old directory is first renamed aside, so at every instant ``dest`` is either the complete old
    directory or the complete new one (a crash in between leaves the old one under ``<dest>.old-<pid>``).
    """
    tmp, dest = Path(tmp), Path(dest)
    old = dest.with_name(f"{dest.name}.old-{os.getpid()}")
    if dest.exists():
        os.replace(dest, old)
    os.replace(tmp, dest)
    if old.exists():
        shutil.rmtree(old)
    return dest
