"""Ownership: one writer at a time per episode store and per run directory, through an advisory file lock.

A writer takes ``fcntl.flock(LOCK_EX | LOCK_NB)`` on a lock file (``writer.lock`` inside the store or run
directory) and writes its owner there: pid, host, command line and start time. A second writer (another process)
finds the lock held and is refused with a ``RobopolicyError`` naming that owner, in one line. Readers take no
lock. The operating system drops the lock when its process ends, however it ends (SIGKILL included); a writer that
ends cleanly (or whose process exits normally) also removes the file, so a lock file whose lock is free names an owner that ended without releasing
it (killed, crashed): the next writer takes it over and logs a warning naming the stale owner (and whether its pid
is still alive on this host).

Within one process a lock is re-entrant: the same store opened for writing twice, or a run directory made twice,
shares one lock, released when the last holder releases it. A child made by ``fork`` inherits the parent's open
lock file but not its ownership: it takes the lock anew (and is refused while the parent holds it).

The lock is advisory: it stops robopolicy writers, not other programs, and it relies on ``flock`` working on the
file system (local disks do; some network file systems do not).
"""

from __future__ import annotations

import atexit
import errno
import fcntl
import json
import logging
import os
import shlex
import socket
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from robopolicy.errors import RobopolicyError, WriterLockedError

log = logging.getLogger(__name__)

LOCK_FILE = "writer.lock"
COMMAND_CHARS = 300  # the command line recorded in a lock file is cut here (a message names it in one line)
OWNER_READ_TRIES = 20  # a lock just taken may not have its owner written yet: re-read this many times ...
OWNER_READ_WAIT_S = 0.005  # ... this far apart before naming the owner "unknown"
ACQUIRE_TRIES = 5  # the lock file can be replaced between open and flock (its owner released it): try again


@dataclass(frozen=True)
class LockOwner:
    """Who holds (or last held) a lock, as written in the lock file."""

    pid: int
    host: str
    command: str
    since: str

    def describe(self) -> str:
        return f"pid {self.pid} on {self.host}, running `{self.command}` since {self.since}"

    def alive_here(self) -> bool | None:
        """Whether the owner's pid is alive: None when it ran on another host (cannot tell)."""
        if self.host != socket.gethostname():
            return None
        return pid_alive(self.pid)


def pid_alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # alive, another user's
        return True
    return True


def this_process(command: str | None = None) -> LockOwner:
    argv = [Path(sys.argv[0]).name if sys.argv and sys.argv[0] else "python", *sys.argv[1:]]
    text = command if command is not None else shlex.join(argv)
    if len(text) > COMMAND_CHARS:
        text = text[:COMMAND_CHARS - 1] + "…"
    return LockOwner(os.getpid(), socket.gethostname(), text, time.strftime("%Y-%m-%dT%H:%M:%S"))


def _parse_owner(text: str) -> LockOwner | None:
    try:
        raw = json.loads(text)
        return LockOwner(int(raw["pid"]), str(raw["host"]), str(raw["command"]), str(raw["since"]))
    except (ValueError, KeyError, TypeError):
        return None


def _read_fd(fd: int) -> str:
    os.lseek(fd, 0, os.SEEK_SET)
    chunks = []
    while True:
        block = os.read(fd, 4096)
        if not block:
            return b"".join(chunks).decode("utf-8", errors="replace")
        chunks.append(block)


def read_owner(lock_path: str | os.PathLike) -> LockOwner | None:
    """The owner written in a lock file (None when there is none, or it does not parse)."""
    try:
        return _parse_owner(Path(lock_path).read_text(errors="replace"))
    except OSError:
        return None


def _same_file(fd: int, path: Path) -> bool:
    try:
        on_disk = os.stat(path)
    except FileNotFoundError:
        return False
    held = os.fstat(fd)
    return (on_disk.st_dev, on_disk.st_ino) == (held.st_dev, held.st_ino)


class _HeldLock:
    """The flock this process holds on one lock file, shared by its holders in this process."""

    def __init__(self, path: Path, fd: int):
        self.path, self.fd, self.pid, self.holders = path, fd, os.getpid(), 0

    def drop(self) -> None:
        fd, self.fd = self.fd, -1
        if fd < 0:
            return
        if os.getpid() != self.pid:  # a forked copy: the lock is the parent's, leave it (and its file) alone
            os.close(fd)
            return
        try:
            if _same_file(fd, self.path):
                self.path.unlink()  # before unlocking: a waiter that opened it retries on the new file
        except OSError:
            pass  # the folder went away or is read-only now: the lock still drops below
        finally:
            os.close(fd)  # drops the flock


_HELD: dict[str, _HeldLock] = {}
_HELD_LOCK = threading.Lock()


@atexit.register
def _release_all() -> None:
    """At a normal exit, drop (and remove) every lock this process still holds: the next owner finds none stale."""
    with _HELD_LOCK:
        held = [h for h in _HELD.values() if h.pid == os.getpid()]
        _HELD.clear()
    for h in held:
        h.drop()


class Ownership:
    """A handle on a writer lock: ``release()`` (idempotent) gives it up. Pickled, it is a released handle (a
    copy in another process owns nothing)."""

    def __init__(self, held: _HeldLock | None):
        self._held = held

    @property
    def path(self) -> Path | None:
        return None if self._held is None else self._held.path

    @property
    def released(self) -> bool:
        return self._held is None

    def release(self) -> None:
        held, self._held = self._held, None
        if held is None or os.getpid() != held.pid:
            return
        with _HELD_LOCK:
            held.holders -= 1
            if held.holders > 0:
                return
            if _HELD.get(_key(held.path)) is held:
                del _HELD[_key(held.path)]
        held.drop()

    def __getstate__(self) -> dict[str, Any]:
        return {}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self._held = None

    def __enter__(self) -> Ownership:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def _key(path: Path) -> str:
    return os.path.realpath(path)


def acquire(lock_path: str | os.PathLike, what: str, error: type[RobopolicyError] = WriterLockedError,
            hint: str = "wait for it to finish or stop it, or write somewhere else") -> Ownership:
    """Take the writer lock at ``lock_path`` (its folder must exist) for this process, or raise ``error`` naming
    the owner: ``"<what>: another writer holds it (pid …, running `…` since …); <hint>"``."""
    path = Path(lock_path)
    key = _key(path)
    with _HELD_LOCK:
        held = _HELD.get(key)
        if held is not None and held.pid == os.getpid() and held.fd >= 0 and _same_file(held.fd, path):
            held.holders += 1
            return Ownership(held)
        if held is not None:  # inherited through fork, or its file was removed under it: not ours any more
            del _HELD[key]
    for _ in range(ACQUIRE_TRIES):
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as e:
            raise error(f"{what}: cannot create its lock file {path} ({e.strerror}); check the folder is writable"
                        ) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as e:
            owner = _owner_of_held(fd)
            os.close(fd)
            if e.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise error(f"{what}: cannot lock {path} ({e.strerror}); the file system may not support locks"
                            ) from None
            raise error(f"{what}: another writer holds it ({_describe(owner, path)}); {hint}") from None
        if not _same_file(fd, path):  # released (and removed) by its owner between our open and flock: again
            os.close(fd)
            continue
        previous = _parse_owner(_read_fd(fd))
        me = this_process()
        os.ftruncate(fd, 0)
        os.lseek(fd, 0, os.SEEK_SET)
        os.write(fd, json.dumps({"pid": me.pid, "host": me.host, "command": me.command, "since": me.since}).encode())
        if previous is not None and previous.pid != me.pid:
            alive = previous.alive_here()
            state = {True: "its pid is alive but no longer holds the lock",
                     False: "that process is gone", None: "it ran on another host"}[alive]
            log.warning("%s: took over a stale lock left by %s, which ended without releasing it (%s)", what,
                        previous.describe(), state)
        held = _HeldLock(path, fd)
        held.holders = 1
        with _HELD_LOCK:
            _HELD[key] = held
        return Ownership(held)
    raise error(f"{what}: its lock file {path} kept changing while taking it; try again")


def _owner_of_held(fd: int) -> LockOwner | None:
    for _ in range(OWNER_READ_TRIES):
        owner = _parse_owner(_read_fd(fd))
        if owner is not None:
            return owner
        time.sleep(OWNER_READ_WAIT_S)
    return None


def _describe(owner: LockOwner | None, path: Path) -> str:
    if owner is None:
        return f"its owner is not recorded in {path}"
    gone = owner.alive_here() is False
    return owner.describe() + (f"; that pid has ended but a process it started still holds {path}" if gone else "")


def moved(ownership: Ownership, new_path: str | os.PathLike) -> None:
    """Record that the locked file was renamed (its folder renamed into place): the lock goes with the file."""
    held = ownership._held
    if held is None:
        return
    with _HELD_LOCK:
        if _HELD.get(_key(held.path)) is held:
            del _HELD[_key(held.path)]
        held.path = Path(new_path)
        _HELD[_key(held.path)] = held
