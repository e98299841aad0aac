"""Ownership (``robopolicy.locks``): one writer per run directory and per store, across real processes."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from robopolicy.errors import RobopolicyError, WriterLockedError
from robopolicy.locks import LOCK_FILE, acquire, read_owner
from robopolicy.runs import RunDirectoryInUseError, make_run_dir, release_run_dir

# A command in its own process that makes the run directory argv[1], says so, and waits for a line on stdin.
RUN_OWNER = """
import sys
from robopolicy.runs import make_run_dir
make_run_dir("train", None, run_dir=sys.argv[1])
print("holding", flush=True)
sys.stdin.readline()
"""


def dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


@pytest.mark.fault("train")
def test_a_second_command_in_a_run_directory_in_use_is_refused_naming_the_first(tmp_path):
    """Two commands given the same `run_dir=` at once (a training run and another one, or an `eval` into it): both
    wrote config, metrics and checkpoints into one folder; now the first holds `<run_dir>/writer.lock` until it
    ends and the second is refused in one line naming its pid and command, before writing anything."""
    script = tmp_path / "trainer.py"
    script.write_text(RUN_OWNER)
    run = tmp_path / "run"
    owner = subprocess.Popen([sys.executable, str(script), str(run)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             text=True)
    try:
        assert owner.stdout.readline().strip() == "holding"
        config = (run / "config.yaml").exists(), (run / "run.json").read_text()
        with pytest.raises(RunDirectoryInUseError) as refused:
            make_run_dir("eval", None, run_dir=str(run))
        message = str(refused.value)
        assert isinstance(refused.value, WriterLockedError) and "\n" not in message
        assert f"eval: run_dir={run}: another writer holds it (pid {owner.pid} on {socket.gethostname()}" in message
        assert "running `trainer.py " in message and message.endswith("or give another run_dir=")
        assert ((run / "config.yaml").exists(), (run / "run.json").read_text()) == config  # nothing rewritten
    finally:
        owner.communicate("done\n", timeout=60)
    assert not (run / LOCK_FILE).exists()  # removed when the owner exited
    path = make_run_dir("eval", None, run_dir=str(run))  # the owner ended: free again
    assert read_owner(path / LOCK_FILE).pid == os.getpid()
    assert make_run_dir("eval", None, run_dir=str(run)) == path  # the same process again: the same owner
    release_run_dir(path)
    assert not (path / LOCK_FILE).exists()


def test_a_stale_lock_of_a_dead_pid_is_taken_over_with_a_warning_and_a_live_one_is_not(tmp_path, caplog):
    lock = tmp_path / LOCK_FILE
    gone = dead_pid()
    lock.write_text(json.dumps({"pid": gone, "host": socket.gethostname(), "command": "robopolicy collect out=x",
                                "since": "2026-01-01T00:00:00"}))
    with caplog.at_level("WARNING", logger="robopolicy.locks"):
        ownership = acquire(lock, "x.zarr")
    assert (f"x.zarr: took over a stale lock left by pid {gone} on {socket.gethostname()}, running "
            "`robopolicy collect out=x` since 2026-01-01T00:00:00, which ended without releasing it (that process is "
            "gone)") in caplog.text
    assert read_owner(lock).pid == os.getpid()
    again = acquire(lock, "x.zarr")  # re-entrant in one process
    ownership.release()
    assert lock.exists()  # still held by `again`
    again.release()
    again.release()  # idempotent
    assert not lock.exists()


def test_a_forked_child_does_not_inherit_ownership(tmp_path):
    lock = tmp_path / LOCK_FILE
    ownership = acquire(lock, "s.zarr", error=RobopolicyError)
    pid = os.fork()
    if pid == 0:  # the child: refused while the parent holds it; releasing its copy leaves the parent's lock alone
        code = 1
        try:
            acquire(lock, "s.zarr")
        except WriterLockedError as e:
            code = 0 if f"pid {os.getppid()} " in str(e) else 2
        ownership.release()
        os._exit(code)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    assert read_owner(lock).pid == os.getpid()
    ownership.release()
    assert not Path(lock).exists()
