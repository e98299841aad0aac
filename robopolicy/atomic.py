"""Atomic replacement of a directory written under a temporary name (checkpoints, critics, steered policies), and
the writability check every command makes on its output before any work."""

from __future__ import annotations

import errno
import os
import shutil
import tempfile
from pathlib import Path

from robopolicy.errors import OutputNotWritableError


def describe_os_error(error: OSError) -> str:
    """``No space left on device (ENOSPC)``: the OS error in words and by name, without Python's repr."""
    name = errno.errorcode.get(error.errno or 0)
    words = error.strerror or str(error)
    return f"{words} ({name})" if name else words


def require_writable(path: str | os.PathLike, what: str) -> None:
    """Raise ``OutputNotWritableError`` (one line: ``what``, the path, the reason) unless a file can be created in
    ``path`` (an existing folder) or in the folder it would be created in (its nearest existing ancestor). A probe
    file is created and removed, so a read-only mount, missing permissions or a file in the way are found as the
    real write would find them, before any work."""
    path = Path(path)
    folder = path if path.is_dir() else path.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    in_the_way = path if path.exists() and not path.is_dir() else folder if not folder.is_dir() else None
    if in_the_way is not None:
        raise OutputNotWritableError(f"{what}{path}: {in_the_way} is a file, not a folder; choose another path")
    try:
        handle, probe = tempfile.mkstemp(prefix=".write-probe-", dir=folder)
        os.close(handle)
        os.unlink(probe)
    except OSError as e:
        raise OutputNotWritableError(f"{what}{path}: cannot write in {folder} ({describe_os_error(e)}); choose a "
                                     "writable path or fix the folder's permissions") from None


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
