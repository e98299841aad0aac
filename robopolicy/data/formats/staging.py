"""Write a directory under a temporary name next to its destination, then rename: never half-written output."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from robopolicy.errors import RobopolicyError


class DestinationExistsError(RobopolicyError):
    """The conversion destination already exists and overwriting was not asked for."""


@contextmanager
def staged_directory(dst: str | os.PathLike, overwrite: bool = False) -> Iterator[Path]:
    """Yield a temporary path beside ``dst``; on success rename it to ``dst``, on any error delete it.

    The temporary path does not exist when yielded (writers create it). ``dst`` is only touched at the end:
    with ``overwrite`` the old ``dst`` is renamed aside, the new one renamed in, then the old one deleted.
    """
    dst = Path(dst)
    if dst.exists() and not overwrite:
        raise DestinationExistsError(f"{dst}: destination already exists (pass overwrite=true to replace it)")
    dst.parent.mkdir(parents=True, exist_ok=True)
    tmp = dst.parent / f".{dst.name}.tmp-{os.getpid()}"
    if tmp.exists():
        shutil.rmtree(tmp)
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
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)
