"""Run directories: every command that produces results writes them under one folder.

``runs/<command>/<YYYYmmdd-HHMMSS>[-<name>]/`` holds ``config.yaml`` (resolved), ``metrics.jsonl``,
TensorBoard events, checkpoints, reports and videos. ``run_dir=<path>`` in a config picks the folder.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from omegaconf import DictConfig, OmegaConf

from robopolicy.errors import RobopolicyError
from robopolicy.version import code_version

RUNS_ROOT = Path("runs")


RUN_MARKERS = ("run.json", "latest.json", "best.json", "metrics.jsonl", "checkpoints")


class RunDirectoryInUseError(RobopolicyError):
    """An explicit run directory already holds a run, and this command would mix a second one into it."""


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


def make_run_dir(command: str, cfg: DictConfig | None = None, run_dir: str | None = None, name: str = "") -> Path:
    """Create (or reuse, when given explicitly) a run directory and write the resolved config into it."""
    if run_dir:
        path = Path(run_dir)
    else:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = RUNS_ROOT / command / (f"{stamp}-{name}" if name else stamp)
        suffix = 1
        while path.exists():
            path = path.with_name(f"{path.name}-{suffix}")
            suffix += 1
    path.mkdir(parents=True, exist_ok=True)
    if cfg is not None:
        (path / "config.yaml").write_text(OmegaConf.to_yaml(cfg, resolve=True))
    (path / "run.json").write_text(json.dumps({"command": command, "code_version": code_version(),
                                               "started": time.strftime("%Y-%m-%dT%H:%M:%S")}, indent=2))
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
