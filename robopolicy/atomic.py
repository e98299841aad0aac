"""Atomic replacement of a directory written under a temporary name (checkpoints, critics, steered policies), files
written under a temporary name (reports, plots, videos), the writability check every command makes on its output
before any work, and the one-line error of a disk that fails mid-write (full, over quota, read-only)."""

from __future__ import annotations

import errno
import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from robopolicy.errors import OutputNotWritableError


def describe_os_error(error: OSError) -> str:
    """``No space left on device (ENOSPC)``: the OS error in words and by name, without Python's repr."""
    name = errno.errorcode.get(error.errno or 0)
    words = error.strerror or str(error)
    return f"{words} ({name})" if name else words


# OS errors of the disk being written, not of the program: no space, over quota, file too large, read-only.
DISK_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EROFS})


def is_disk_error(error: BaseException) -> bool:
    """True for an ``OSError`` of the disk being written (``DISK_ERRNOS``)."""
    return isinstance(error, OSError) and error.errno in DISK_ERRNOS


def disk_error(error: OSError, what: str, after: str | None = None) -> OutputNotWritableError:
    """The one line for a disk that failed mid-write: ``what`` (the command and its output), the OS error, the file
    being written, and ``after`` (what was removed or kept, and what to do; by default what to do for the error)."""
    where = f" writing {error.filename}" if error.filename else ""
    if after is None:
        after = ("give a path on a writable file system, then run it again" if error.errno == errno.EROFS else
                 "free space or give a path on another disk, then run it again")
    return OutputNotWritableError(f"{what}: {describe_os_error(error)}{where}; {after}")


@contextmanager
def disk_errors_as(what: str, after: str) -> Iterator[None]:
    """Inside, an OS error of the disk (``is_disk_error``) becomes ``disk_error(e, what, after)``; whatever cleans up
    inside (``staged_directory``, ``output_file``) has already run. Other errors pass through unchanged."""
    try:
        yield
    except OSError as e:
        if not is_disk_error(e):
            raise
        raise disk_error(e, what, after) from None


@contextmanager
def output_file(path: str | os.PathLike, what: str) -> Iterator[Path]:
    """Yield a temporary path beside ``path`` (same suffix, so writers pick the format from it) to write ``what``
    into, renamed to ``path`` once written: ``path`` is the complete old file or the complete new one, never a
    truncated one. On any error the temporary file is removed; an ``OSError`` (disk full, read-only, a failed
    encoder) becomes one-line ``OutputNotWritableError`` naming ``what``, ``path`` and the error."""
    path = Path(path)
    tmp = path.with_name(f".{path.stem}.tmp-{os.getpid()}{path.suffix}")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        yield tmp
        os.replace(tmp, path)
    except OSError as e:
        reason = describe_os_error(e) if e.errno else str(e).splitlines()[0] if str(e) else type(e).__name__
        error = OutputNotWritableError(f"{what} {path}: could not be written ({reason}); nothing half-written was "
                                       "left there: free space or give a writable output path")
        error.failed = f"{what} {path}: could not be written ({reason})"  # for a command to add what it removed
        raise error from None
    finally:
        tmp.unlink(missing_ok=True)


def write_output(path: str | os.PathLike, data: str | bytes, what: str) -> Path:
    """Write ``data`` to ``path`` through ``output_file`` (complete or absent, one-line error); returns ``path``."""
    with output_file(path, what) as tmp:
        with open(tmp, "wb") as f:
            f.write(data.encode() if isinstance(data, str) else data)
    return Path(path)


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
