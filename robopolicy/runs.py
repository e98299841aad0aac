"""Run directories: every command that produces results writes them under one folder.

``runs/<command>/<YYYYmmdd-HHMMSS>[-<name>]/`` holds ``config.yaml`` (resolved), ``metrics.jsonl``,
TensorBoard events, checkpoints, reports and videos. ``run_dir=<path>`` in a config picks the folder.

The process that makes a run directory owns it: it holds ``<run_dir>/writer.lock`` (``robopolicy.locks``) until
it ends, so a second command writing into the same folder at the same time is refused in one line naming the
first one's pid and command (a run directory made again in the same process is the same owner). ``run.json``
records which command made the folder; another command is refused a folder holding that run's output
(``eval run_dir=<a training run>`` would rewrite its config).
"""

from __future__ import annotations

import json
import os
import shutil
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from omegaconf import DictConfig, OmegaConf

from robopolicy.atomic import disk_error, is_disk_error
from robopolicy.errors import OutputNotWritableError, RobopolicyError, WriterLockedError
from robopolicy.locks import LOCK_FILE, Ownership, acquire
from robopolicy.version import code_version

RUNS_ROOT = Path("runs")


RUN_MARKERS = ("run.json", "latest.json", "best.json", "metrics.jsonl", "checkpoints")


class RunDirectoryInUseError(RobopolicyError):
    """An explicit run directory already holds a run, and this command would mix a second one into it."""


class RunDirectoryLockedError(RunDirectoryInUseError, WriterLockedError):
    """Another process is writing into this run directory right now (it holds its writer lock)."""


_OWNED: dict[str, Ownership] = {}  # run directories this process owns, held until it ends
_MADE: set[str] = set()  # run directories this process created (not reused): removed if the disk fails
_OWNED_LOCK = threading.Lock()


def hold_run_dir(path: str | Path, command: str) -> None:
    """Own the run directory ``path`` (it must exist) until this process ends: ``RunDirectoryLockedError`` naming
    the owner when another process holds it."""
    path = Path(path)
    ownership = acquire(path / LOCK_FILE, f"{command}: run_dir={path}", error=RunDirectoryLockedError,
                        hint="wait for it to finish or stop it, or give another run_dir=")
    key = os.path.realpath(path)
    with _OWNED_LOCK:
        held = _OWNED.get(key)
        if held is not None and not held.released and held.path == ownership.path:
            ownership.release()  # already ours: one holder per directory is enough
        else:
            _OWNED[key] = ownership


def release_run_dir(path: str | Path) -> None:
    """Give up a run directory this process owns before it ends (its ``writer.lock`` is removed)."""
    with _OWNED_LOCK:
        ownership = _OWNED.pop(os.path.realpath(Path(path)), None)
    if ownership is not None:
        ownership.release()


def refuse_existing_run(run_dir: str | Path | None, command: str, resume_hint: str | None = None) -> None:
    """Raise when ``run_dir`` already holds a run (its run.json, pointers, metrics or checkpoints): a new run
    there would replace checkpoints and repoint ``latest``/``best``, mixing two runs. An empty folder is fine."""
    if not run_dir:
        return
    path = Path(run_dir)
    found = [m for m in RUN_MARKERS if (path / m).exists()]
    if found:
        resume = f"pass {resume_hint} to continue it, or " if resume_hint else ""
        raise RunDirectoryInUseError(f"{command}: run_dir={path} already holds a run ({', '.join(found)}); {resume}"
                                     f"give a fresh run_dir= (or none: runs/{command}/<timestamp>)")


def refuse_another_commands_run(path: Path, command: str) -> None:
    """Raise when ``path`` holds the run of another command (its ``run.json`` names that command and it holds the
    run's output): ``eval run_dir=<a training run>`` would rewrite that run's ``config.yaml`` and ``run.json``."""
    info_file = path / "run.json"
    if not info_file.is_file():
        return
    try:
        owner = json.loads(info_file.read_text()).get("command")
    except (json.JSONDecodeError, UnicodeDecodeError, AttributeError):
        owner = None
    output = [m for m in ("config.yaml", *RUN_MARKERS) if m != "run.json" and (path / m).exists()]
    if owner and owner != command and output:
        raise RunDirectoryInUseError(
            f"{command}: run_dir={path} holds a `robopolicy {owner}` run ({', '.join(output)}); {command} would rewrite "
            f"its config.yaml and run.json: give a fresh run_dir= (e.g. run_dir={path}-{command}, or none: "
            f"runs/{command}/<timestamp>)")


def make_run_dir(command: str, cfg: DictConfig | None = None, run_dir: str | None = None, name: str = "",
                 details: dict[str, Any] | None = None) -> Path:
    """Create (or reuse, when given explicitly) a run directory and write the resolved config into it; ``details``
    (JSON-able) are recorded in its ``run.json`` beside the command, code version and start time."""
    if run_dir:
        path = Path(run_dir)
        refuse_another_commands_run(path, command)  # before anything is written into it
        made = not path.exists()
        path.mkdir(parents=True, exist_ok=True)
    else:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = RUNS_ROOT / command / (f"{stamp}-{name}" if name else stamp)
        path.parent.mkdir(parents=True, exist_ok=True)
        suffix = 1
        while True:  # mkdir is atomic: two commands started in the same second get two folders
            try:
                path.mkdir()
                break
            except FileExistsError:
                path = path.with_name(f"{path.name}-{suffix}")
                suffix += 1
        made = True
    hold_run_dir(path, command)  # before anything is written into it
    if made:
        _MADE.add(os.path.realpath(path))
    with writing_run_dir(path, command):
        if cfg is not None:
            (path / "config.yaml").write_text(OmegaConf.to_yaml(cfg, resolve=True))
        (path / "run.json").write_text(json.dumps({"command": command, "code_version": code_version(),
                                                   "started": time.strftime("%Y-%m-%dT%H:%M:%S"), **(details or {})},
                                                  indent=2))
    return path


@contextmanager
def writing_run_dir(path: str | Path, command: str) -> Iterator[None]:
    """While ``command`` writes its results into the run directory ``path``: a disk that fails (full, over quota,
    read-only; an ``OSError`` of the disk or ``atomic.output_file``'s ``OutputNotWritableError``) ends it in one
    line, and a run directory this process created is removed, so nothing half-written is left behind (a reused
    one keeps its complete files: each is written whole or not at all)."""
    try:
        yield
    except (OSError, OutputNotWritableError) as e:
        if isinstance(e, OSError) and not is_disk_error(e):
            raise
        path = Path(path)
        key = os.path.realpath(path)
        if key in _MADE:
            release_run_dir(path)
            shutil.rmtree(path, ignore_errors=True)
            _MADE.discard(key)
            after = f"the run directory {path} it had made was removed: free space, then run the command again"
        else:
            after = f"the files already in {path} are complete (none is half-written): free space, then run again"
        if isinstance(e, OSError):
            raise disk_error(e, f"{command}: run_dir={path}", after) from None
        raise OutputNotWritableError(f"{command}: {getattr(e, 'failed', e)}; {after}") from None


def continue_run_dir(run_dir: str | Path, command: str, resume: dict[str, Any]) -> Path:
    """Own an existing run directory again (``train resume=true``) and append ``resume`` (JSON-able: the step it
    continues from, the settings that changed) to its ``run.json``'s ``resumes`` list; ``config.yaml`` keeps the
    settings the run was started with."""
    path = Path(run_dir)
    hold_run_dir(path, command)
    info_file = path / "run.json"
    info = json.loads(info_file.read_text()) if info_file.is_file() else {"command": command}
    info.setdefault("resumes", []).append({"code_version": code_version(),
                                           "started": time.strftime("%Y-%m-%dT%H:%M:%S"), **resume})
    tmp = path / f".run.json.tmp-{os.getpid()}"
    tmp.write_text(json.dumps(info, indent=2))
    os.replace(tmp, info_file)
    return path


class MetricsLog:
    """Append-only JSONL metrics, flushed per line so nothing is lost on a crash."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._file = self.path.open("a", buffering=1)

    def log(self, step: int, **values: Any) -> None:
        record = {"step": int(step), "time": time.time(), **{k: _jsonable(v) for k, v in values.items()}}
        self._file.write(json.dumps(record) + "\n")

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> MetricsLog:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _jsonable(v: Any) -> Any:
    if hasattr(v, "item"):
        return v.item()
    return v
