"""``robopolicy deploy``: run the control-loop daemon, engage the e-stop, or watch a running daemon.

    robopolicy deploy robot=metaworld_reach policy=ws://127.0.0.1:8765 token_file=~/.robopolicy/token
    robopolicy deploy robot=so100 policy=runs/train/<run>/checkpoints/last
    robopolicy deploy estop  [run_dir=runs/deploy/<run>]     # the running daemon latches the safe action
    robopolicy deploy status [run_dir=runs/deploy/<run>] [--watch]
"""

from __future__ import annotations

import logging
import os
import signal
import time
from dataclasses import fields
from pathlib import Path

from omegaconf import OmegaConf

from robopolicy.config import compose, require_policy
from robopolicy.errors import ConfigError, RobopolicyError
from robopolicy.real.backends import make_backend
from robopolicy.real.daemon import LOG_FILE, ControlDaemon, DaemonConfig, already_running, live_daemon_pid
from robopolicy.real.profile import load_profile
from robopolicy.real.robot import make_robot
from robopolicy.real.status import STATUS_FILE, read_status, show_status
from robopolicy.runs import RUNS_ROOT, make_run_dir

SUBCOMMANDS = ("estop", "status")
ESTOP_CONFIRM_TIMEOUT_S = 5.0  # the daemon writes its status as soon as it latches the e-stop
ESTOP_POLL_S = 0.05


POLICY_HELP = "ws://host:port of a policy server, or a checkpoint directory"
LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

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


def _estop_confirmed(run_dir: Path, pid: int) -> dict | None:
    try:
        status = read_status(run_dir / STATUS_FILE)
    except (OSError, ValueError):  # not written yet
        return None
    return status if status.get("pid") == pid and status.get("estop") else None


def estop(argv: list[str]) -> int:
    """Signal the daemon running in ``run_dir`` (SIGUSR1) and wait until its status confirms the e-stop.

    Refused when no daemon holds the run's lock (stopped, killed, never started): nothing is latched then, so a
    later daemon in the same folder starts clean and the operator is not told a stopped run was stopped."""
    run_dir = _run_dir_arg(argv)
    if not run_dir.is_dir():
        raise RobopolicyError(f"run_dir={str(run_dir)!r} does not exist; give the run_dir= of the running daemon")
    pid = live_daemon_pid(run_dir)
    if pid is None:
        raise RobopolicyError(f"no daemon is running in {run_dir}; nothing was latched. Give the run_dir= of the "
                              "running daemon (robopolicy deploy status shows it), or use the hardware e-stop")
    try:
        os.kill(pid, signal.SIGUSR1)
    except ProcessLookupError:
        raise RobopolicyError(f"the daemon in {run_dir} (pid {pid}) has just stopped; nothing was latched") from None
    except PermissionError:
        raise RobopolicyError(f"not allowed to signal the daemon in {run_dir} (pid {pid}); run the e-stop as the "
                              "daemon's user (or root), or use the hardware e-stop") from None
    deadline = time.monotonic() + ESTOP_CONFIRM_TIMEOUT_S
    while (status := _estop_confirmed(run_dir, pid)) is None:
        if time.monotonic() > deadline:
            alive = live_daemon_pid(run_dir) == pid
            raise RobopolicyError(
                f"sent the e-stop to the daemon in {run_dir} (pid {pid}) but it has not confirmed within "
                f"{ESTOP_CONFIRM_TIMEOUT_S:g} s ({'it is still running' if alive else 'it has stopped'}); "
                f"check robopolicy deploy status run_dir={run_dir}, and use the hardware e-stop if the robot moves")
        time.sleep(ESTOP_POLL_S)
    print(f"e-stop engaged by the daemon in {run_dir} (pid {pid}, {status.get('state')}): it sends the safe action "
          "until it is restarted")
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
    cfg = require_policy(compose("deploy", argv), POLICY_HELP)
    logging.basicConfig(level=str(cfg.log_level), format=LOG_FORMAT)  # stderr
    profile = load_profile(str(cfg.robot))
    config = daemon_config(cfg.daemon)
    running = live_daemon_pid(Path(cfg.run_dir)) if cfg.run_dir else None
    if running is not None:  # before make_run_dir rewrites its config.yaml
        raise already_running(cfg.run_dir, running)
    backend = make_backend(str(cfg.policy), _read_token(cfg.token_file, cfg.token_env),
                           timeout_s=float(cfg.request_timeout_s), open_timeout_s=float(cfg.connect_timeout_s))
    run_dir = make_run_dir("deploy", cfg, cfg.run_dir, str(cfg.name))
    log_file = logging.FileHandler(run_dir / LOG_FILE)  # the daemon's log: events, start, end
    log_file.setFormatter(logging.Formatter(LOG_FORMAT))
    logging.getLogger().addHandler(log_file)
    print(f"deploying on {profile.name} at {config.rate_hz or profile.control_rate} Hz; run dir {run_dir} "
          f"(status: robopolicy deploy status run_dir={run_dir} --watch; log: {run_dir / LOG_FILE})", flush=True)
    try:
        final = ControlDaemon(make_robot(profile), backend, run_dir, config).run()
    finally:
        logging.getLogger().removeHandler(log_file)
        log_file.close()
    print(exit_line(final, run_dir), flush=True)
    return 0


def exit_line(final: dict, run_dir: Path) -> str:
    """One line on how the run ended (tick limit, signal, success, e-stop) and what it did."""
    loop = final["loop"]
    estop = ""
    if final.get("estop"):
        estop = f"; e-stop engaged ({final.get('estop_reason')}), the safe action was latched until the end"
    lost = "" if final.get("policy_connected", True) else "; the policy server was unreachable at the end"
    return (f"run ended: {final.get('ended') or 'stopped'}{estop}{lost}. {loop['ticks']} ticks: "
            f"{loop['deadline_misses']} deadline misses, {final['ticks_without_action']} ticks without a policy "
            f"action, {final['steps_logged']} steps logged to {run_dir / 'episodes.zarr'}")


def main(argv: list[str]) -> int:
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    if argv and argv[0] == "estop":
        return estop(argv[1:])
    if argv and argv[0] == "status":
        return status(argv[1:])
    return run(argv)
