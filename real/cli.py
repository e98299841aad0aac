"""``robopolicy deploy``: run the control-loop daemon, engage the e-stop, or watch a running daemon.

    robopolicy deploy robot=metaworld_reach policy=ws://127.0.0.1:8765 token_file=~/.robopolicy/token
    robopolicy deploy robot=so100 policy=runs/train/<run>/checkpoints/last
    robopolicy deploy estop  [run_dir=runs/deploy/<run>]     # latches the safe action
    robopolicy deploy status [run_dir=runs/deploy/<run>] [--watch]
"""

from __future__ import annotations

import logging
from dataclasses import fields
from pathlib import Path

from omegaconf import OmegaConf

from robopolicy.config import compose_with_policy
from robopolicy.errors import ConfigError, RobopolicyError
from robopolicy.real.backends import make_backend
from robopolicy.real.daemon import ESTOP_FILE, ControlDaemon, DaemonConfig
from robopolicy.real.profile import load_profile
from robopolicy.real.robot import make_robot
from robopolicy.real.status import STATUS_FILE, show_status
from robopolicy.runs import RUNS_ROOT, make_run_dir

SUBCOMMANDS = ("estop", "status")


POLICY_HELP = "ws://host:port of a policy server, or a checkpoint directory"

def _read_token(token_file: str | None, token_env: str | None) -> str | None:
    import os

    if token_file:
        path = Path(token_file).expanduser()
        if not path.is_file():
            raise ConfigError(f"token_file={token_file!r} does not exist")
        return path.read_text().strip()
    return os.environ.get(token_env or "", "").strip() or None


def latest_run_dir() -> Path:
    runs = sorted((RUNS_ROOT / "deploy").glob(f"*/{STATUS_FILE}"), key=lambda p: p.stat().st_mtime)
    if not runs:
        raise RobopolicyError(f"no deployment found under {RUNS_ROOT / 'deploy'}; give run_dir=<path>")
    return runs[-1].parent


def _run_dir_arg(argv: list[str]) -> Path:
    for arg in argv:
        if arg.startswith("run_dir="):
            return Path(arg.split("=", 1)[1]).expanduser()
        if not arg.startswith("--"):
            raise ConfigError(f"unexpected argument {arg!r}; valid: run_dir=<path>, --watch")
    return latest_run_dir()


def estop(argv: list[str]) -> int:
    run_dir = _run_dir_arg(argv)
    if not run_dir.is_dir():
        raise RobopolicyError(f"run_dir={str(run_dir)!r} does not exist")
    (run_dir / ESTOP_FILE).write_text("estop\n")
    print(f"e-stop engaged for {run_dir} (the daemon sends the safe action until it is restarted)")
    return 0


def status(argv: list[str]) -> int:
    run_dir = _run_dir_arg(argv)
    path = run_dir / STATUS_FILE
    if not path.is_file():
        raise RobopolicyError(f"{path} does not exist (is a daemon running with run_dir={str(run_dir)!r}?)")
    try:
        show_status(path, watch="--watch" in argv)
    except KeyboardInterrupt:
        pass
    return 0


def daemon_config(cfg_daemon) -> DaemonConfig:
    values = OmegaConf.to_container(cfg_daemon, resolve=True)
    valid = {f.name for f in fields(DaemonConfig)}
    unknown = set(values) - valid
    if unknown:
        raise ConfigError(f"unknown daemon keys {sorted(unknown)}; valid: {', '.join(sorted(valid))}")
    return DaemonConfig(**values)


def run(argv: list[str]) -> int:
    cfg = compose_with_policy("deploy", argv, POLICY_HELP)
    logging.basicConfig(level=str(cfg.log_level), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    profile = load_profile(str(cfg.robot))
    config = daemon_config(cfg.daemon)
    backend = make_backend(str(cfg.policy), _read_token(cfg.token_file, cfg.token_env),
                           timeout_s=float(cfg.request_timeout_s), open_timeout_s=float(cfg.connect_timeout_s))
    run_dir = make_run_dir("deploy", cfg, cfg.run_dir, str(cfg.name))
    print(f"deploying on {profile.name} at {config.rate_hz or profile.control_rate} Hz; run dir {run_dir} "
          f"(status: robopolicy deploy status run_dir={run_dir} --watch)", flush=True)
    final = ControlDaemon(make_robot(profile), backend, run_dir, config).run()
    loop = final["loop"]
    print(f"stopped after {loop['ticks']} ticks: {loop['deadline_misses']} deadline misses, "
          f"{final['ticks_without_action']} ticks without a policy action, {final['steps_logged']} steps logged "
          f"to {run_dir / 'episodes.zarr'}", flush=True)
    return 0


def main(argv: list[str]) -> int:
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    if argv and argv[0] == "estop":
        return estop(argv[1:])
    if argv and argv[0] == "status":
        return status(argv[1:])
    return run(argv)
