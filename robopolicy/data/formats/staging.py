"""Write a directory under a temporary name next to its destination, then rename: never half-written output."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from robopolicy.errors import RobopolicyError


class DestinationExistsError(RobopolicyError):
    """The conversion destination already exists and overwriting was not asked for."""


@contextmanager
def staged_directory(dst: str | os.PathLike, overwrite: bool = False) -> Iterator[Path]:
    """Yield a temporary path beside ``dst``; on success rename it to ``dst``, on any error delete it.

    The temporary path does not exist when yielded (writers create it). ``dst`` is only touched at the end:
    with ``overwrite`` the old ``dst`` is renamed aside, the new one renamed in, then the old one deleted. An
    episode store at ``dst`` is replaced under its writer lock (``_store_lock``), taken before anything is written.
    """
    dst = Path(dst)
    if dst.exists() and not overwrite:
        raise DestinationExistsError(f"{dst}: destination already exists (pass overwrite=true to replace it)")
    dst.parent.mkdir(parents=True, exist_ok=True)
    tmp = dst.parent / f".{dst.name}.tmp-{os.getpid()}"
    if tmp.exists():
        shutil.rmtree(tmp)
    replaced = _store_lock(dst)
    try:
        yield tmp
        if not tmp.exists():
            raise RobopolicyError(f"{dst}: the writer produced nothing")
        old = dst.parent / f".{dst.name}.old-{os.getpid()}"
        if dst.exists():  # swap by renames, so some complete version is always on disk
            os.rename(dst, old)
        os.rename(tmp, dst)
        if old.is_dir():
            shutil.rmtree(old)
        elif old.exists():
            old.unlink()
    finally:
        if replaced is not None:
            replaced.release()
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)


def _store_lock(dst: Path) -> Any:
    """The writer lock of the episode store at ``dst`` (a Zarr group: ``zarr.json``), held while it is replaced: a
    writer still appending to it (``collect``, the daemon) refuses the replacement in one line naming it, instead
    of its episodes going with the old folder. None when ``dst`` is not a store (a LeRobot export folder)."""
    if not (dst / "zarr.json").is_file():
        return None
    from robopolicy.errors import WriterLockedError
    from robopolicy.locks import LOCK_FILE, acquire

    return acquire(dst / LOCK_FILE, str(dst), error=WriterLockedError,
                   hint="wait for that writer to finish or stop it, or write to another store (reading needs no lock)")
