"""Issue 52's fault probe, re-run: one small case per defect class of the issue, each running the real command
(``robopolicy.cli.main`` in this process, or ``python -m robopolicy.cli`` in subprocesses where two commands must
overlap) on real Zarr stores and tiny real policies in temporary folders.

    python -m experiments.fault_probe            # writes experiments/results/fault_probe.json, prints the table

Each case is classified ``clear`` (a one-line error or the correct result, nothing lost or half-written) or
``defect`` (a traceback, a wrong result, lost data, a half-written output, a hang). The helpers are the ones the
fault tests use (``experiments/fixtures/``: ``faults``, ``daemon``, ``serve``, ``tiny``, ``curve``). About 2-4 minutes of CPU on one thread.
"""

from __future__ import annotations

import contextlib
import errno
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

os.environ.setdefault("MUJOCO_GL", "egl")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import pytest  # noqa: E402  (MonkeyPatch, as the fault tests patch the write path)
import torch  # noqa: E402

torch.set_num_threads(1)

REPO = Path(__file__).resolve().parents[1]
RESULTS = REPO / "experiments" / "results" / "fault_probe.json"
ENV = "metaworld/reach-v3"


@dataclass
class Outcome:
    name: str
    cls: str
    outcome: str        # clear | defect
    first_stderr_line: str
    note: str = ""
    seconds: float = 0.0


CASES: list[tuple[str, str, Callable[[Path], tuple[bool, str, str]]]] = []


def case(cls: str, name: str):
    """Register ``fn(tmp) -> (clear, first stderr line, note)`` as a probe case of defect class ``cls``."""
    def register(fn):
        CASES.append((cls, name, fn))
        return fn
    return register


# ---------------------------------------------------------------------------------------------- running commands
def run_cli(argv: list[str], cwd: Path | None = None) -> tuple[int | str, str]:
    """``robopolicy <argv>`` in this process: (exit code, or "traceback: ..." when it raised; stderr)."""
    from robopolicy.cli import main

    err, out = io.StringIO(), io.StringIO()
    old = Path.cwd()
    try:
        if cwd is not None:
            os.chdir(cwd)
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
            try:
                rc: int | str = main(list(argv))
            except BaseException as e:  # noqa: BLE001 - a traceback is what the probe looks for
                rc = f"traceback: {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"
                err.write(traceback.format_exc())
    finally:
        os.chdir(old)
    return rc, err.getvalue()


def spawn(argv: list[str], cwd: Path) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(REPO), "MUJOCO_GL": "egl", "OMP_NUM_THREADS": "1"}
    return subprocess.Popen([sys.executable, "-m", "robopolicy.cli", *argv], cwd=cwd, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def error_lines(stderr: str) -> list[str]:
    """The stderr lines that are not progress bars or warnings."""
    return [line for line in stderr.splitlines() if line.strip() and "%|" not in line and "Warning" not in line
            and not line.startswith("  warnings.warn")]


def first_line(stderr: str) -> str:
    """The error line (or a traceback's last line), else the first line of stderr."""
    lines = error_lines(stderr)
    errors = [line for line in lines if line.startswith("error:")]
    if "Traceback (most recent call last)" in stderr:
        return lines[-1][:400]
    return (errors or lines or [""])[0][:400]


def one_line_error(rc: int | str, stderr: str, *fragments: str) -> bool:
    """Exit code 1, no traceback, exactly one ``error: ...`` line on stderr (progress and log lines aside), holding
    every fragment."""
    errors = [line for line in error_lines(stderr) if line.startswith("error:")]
    return (rc == 1 and "Traceback (most recent call last)" not in stderr and len(errors) == 1
            and all(f in errors[0] for f in fragments))


def files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and p.name != "writer.lock"}


def leftovers(root: Path) -> list[str]:
    """Temporary files or folders (``.tmp-``, ``.partial``) anywhere under ``root``."""
    return [str(p.relative_to(root)) for p in root.rglob("*") if ".tmp-" in p.name or p.name.endswith(".partial")]


def store_ok(path: Path) -> tuple[bool, int, list[int]]:
    """(validates, episodes, seeds) of the store at ``path``."""
    from robopolicy.data.store import EpisodeStore
    from robopolicy.data.validate import validate

    store = EpisodeStore.open(path)
    return not validate(store), store.num_episodes, [int(s) for s in store.column("seed")]


@contextlib.contextmanager
def disk_fills(matches: Callable[[str], bool]):
    """The write path fails with ENOSPC for paths ``matches`` (``experiments.fixtures.faults.fill_disk``)."""
    from experiments.fixtures.faults import fill_disk

    with pytest.MonkeyPatch.context() as patch:
        fill_disk(patch, matches)
        yield


@contextlib.contextmanager
def read_only(folder: Path):
    """Every write under ``folder`` fails with EROFS (a read-only mount; chmod does not stop root)."""
    import builtins

    import imageio.v2 as imageio
    import zarr.storage._local as zarr_local

    inside = str(folder)

    def refuse(path) -> None:
        if str(os.path.abspath(os.fspath(path))).startswith(inside):
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))

    real_open, real_os_open, real_mkdir, real_put = io.open, os.open, os.mkdir, zarr_local._put
    real_mimwrite = imageio.mimwrite

    def open_(file, mode="r", *a, **k):
        if any(c in mode for c in "wax+") and isinstance(file, (str, os.PathLike)):
            refuse(file)
        return real_open(file, mode, *a, **k)

    def os_open(path, flags, *a, **k):
        if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
            refuse(path)
        return real_os_open(path, flags, *a, **k)

    def mkdir(path, *a, **k):
        refuse(path)
        return real_mkdir(path, *a, **k)

    def put(path, value, exclusive=False):
        refuse(path)
        return real_put(path, value, exclusive=exclusive)

    def mimwrite(uri, *a, **k):
        refuse(uri)
        return real_mimwrite(uri, *a, **k)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(builtins, "open", open_)
        patch.setattr(io, "open", open_)
        patch.setattr(os, "open", os_open)
        patch.setattr(os, "mkdir", mkdir)
        patch.setattr(zarr_local, "_put", put)
        patch.setattr(imageio, "mimwrite", mimwrite)
        yield


# ---------------------------------------------------------------------------------------------- fixtures
_CACHE: dict[str, Path] = {}
SHARED = Path(tempfile.mkdtemp(prefix="fault-probe-shared-"))


def reach_checkpoint() -> Path:
    """A tiny untrained mlp_bc checkpoint over reach-v3 (``experiments.fixtures.faults.reach_checkpoint``)."""
    if "reach" not in _CACHE:
        from experiments.fixtures import faults

        _CACHE["reach"] = faults.reach_checkpoint(SHARED / "reach")
    return _CACHE["reach"]


def copy_checkpoint(tmp: Path) -> Path:
    return Path(shutil.copytree(reach_checkpoint(), tmp / "ckpt"))


def tiny_store(path: Path) -> Path:
    from experiments.fixtures.tiny import make_store

    make_store(path).close()
    return path


def existing_store(tmp: Path, episodes: int = 2) -> Path:
    out = tmp / "demos.zarr"
    rc, err = run_cli(["collect", f"env={ENV}", f"episodes={episodes}", "max_steps=10", "progress=false",
                       f"out={out}"])
    assert rc == 0, err
    return out


def paused_run() -> tuple[Path, Path]:
    """(store, a 4-step training run) for the resume cases (``experiments.fixtures.curve``), made once."""
    if "run" not in _CACHE:
        from experiments.fixtures.curve import make_store, train_overrides

        store = make_store(SHARED / "curve.zarr")
        run = SHARED / "run"
        rc, err = run_cli(["train", *train_overrides(store, run, steps=4, val_every=2, ckpt_every=2)])
        assert rc == 0, err
        from robopolicy.runs import release_run_dir

        release_run_dir(run)
        _CACHE["run"], _CACHE["curve"] = run, store
    return _CACHE["curve"], _CACHE["run"]


def wait_for_lock(path: Path, pid: int, timeout_s: float = 90.0) -> bool:
    deadline = time.time() + timeout_s
    while time.time() < deadline:
        lock = path / "writer.lock"
        try:
            if lock.is_file() and str(pid) in lock.read_text():
                return True
        except OSError:
            pass
        time.sleep(0.05)
    return False


# ---------------------------------------------------------------------------------------------- two writers
@case("two writers at once", "two collects into one store at once")
def two_collects(tmp: Path):
    out = existing_store(tmp, episodes=1)
    procs = [spawn(["collect", f"env={ENV}", "episodes=30", "max_steps=10", f"seed={s}", "progress=false",
                    f"out={out}"], tmp) for s in (100, 200)]
    results = [(p.wait(timeout=300), p.stderr.read()) for p in procs]
    ok, n, seeds = store_ok(out)
    codes = sorted(rc for rc, _ in results)
    refused = [err for rc, err in results if rc != 0]
    line = first_line(refused[0]) if refused else ""
    if codes == [0, 1]:
        clear = ok and n == 31 and one_line_error(1, refused[0], "pid") and len(set(seeds)) == n
    else:  # both succeeded one after the other: every episode must be there, each seed once
        clear = codes == [0, 0] and ok and n == 61 and len(set(seeds)) == n
    return clear, line, f"exit codes {codes}; store valid={ok}, {n} episodes"


@case("two writers at once", "collect overwrite=true while another collect appends")
def overwrite_while_appending(tmp: Path):
    out = existing_store(tmp, episodes=1)
    before = store_ok(out)
    appender = spawn(["collect", f"env={ENV}", "episodes=150", "max_steps=10", "seed=100", "progress=false",
                      f"out={out}"], tmp)
    try:
        held = wait_for_lock(out, appender.pid)
        rc, err = run_cli(["collect", f"env={ENV}", "episodes=1", "max_steps=10", "overwrite=true",
                           "progress=false", f"out={out}"])
    finally:
        code = appender.wait(timeout=300)
    ok, n, seeds = store_ok(out)
    clear = (held and one_line_error(rc, err, "pid") and code == 0 and ok and n == before[1] + 150
             and seeds[:1] == [0])
    return clear, first_line(err), f"appender held the lock={held}, exit {code}; overwrite rc={rc}; store valid={ok}, {n} episodes"


@case("two writers at once", "convert overwrite=true and data copy --overwrite while a writer appends")
def replace_while_appending(tmp: Path):
    from experiments.fixtures.faults import STORE_HOLDER

    out = existing_store(tmp, episodes=1)
    tiny_store(tmp / "src.zarr")
    assert run_cli(["convert", "to=lerobot", "src=src.zarr", "dst=lerobot"], cwd=tmp)[0] == 0
    script = tmp / "holder.py"
    script.write_text(STORE_HOLDER)
    holder = subprocess.Popen([sys.executable, str(script), str(out)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, env={**os.environ, "PYTHONPATH": str(REPO)})
    try:
        held = holder.stdout.readline().strip() == "holding"
        converted = run_cli(["convert", "from=lerobot", "src=lerobot", f"dst={out}", "overwrite=true"], cwd=tmp)
        copied = run_cli(["data", "copy", "src.zarr", str(out), "--overwrite"], cwd=tmp)
    finally:
        holder.communicate("go\n", timeout=60)
    ok, n, seeds = store_ok(out)
    clear = (held and one_line_error(*converted, "another writer holds it") and
             one_line_error(*copied, "another writer holds it") and ok and seeds == [0])
    return clear, first_line(converted[1]), f"convert rc={converted[0]}, copy rc={copied[0]}; store valid={ok}, seeds {seeds}"


# ---------------------------------------------------------------------------------------------- daemon
@case("a robot run that loses its record", "daemon: the driver's act() raises OSError")
def daemon_driver_oserror(tmp: Path):
    from experiments.fixtures.daemon import FailingRobot, ScriptedBackend, ended_run, run_daemon
    from robopolicy.real.daemon import DaemonFailedError

    run_dir = tmp / "run"
    try:
        run_daemon(FailingRobot(50.0), ScriptedBackend(), run_dir, rate_hz=50.0, max_ticks=200, segment_steps=7)
        return False, "", "the run did not fail"
    except DaemonFailedError as e:
        message = str(e)
    status, steps = ended_run(run_dir)
    logged = len(steps["tick"])
    clear = ("\n" not in message and status["state"] == "stopped" and status["steps_logged"] == logged > 0
             and "failed at tick" in status["ended"])
    return clear, message[:400], f"status {status['state']!r}, ended {status['ended'][:60]!r}, {logged} steps logged"


def _bad_chunks(tmp: Path, bad: str):
    from experiments.fixtures.daemon import BadChunks, CountingRobot, run_daemon

    start = time.perf_counter()
    _, final = run_daemon(CountingRobot(50.0), BadChunks(bad), tmp / "run", rate_hz=50.0, max_ticks=60,
                          refill_below=2)
    wall = time.perf_counter() - start
    clear = final["ended"] == "reached max_ticks=60" and final["chunks_refused"] > 0 and wall < 30
    return clear, "", f"ended {final['ended']!r}, {final['chunks_refused']} chunks refused, {wall:.1f} s"


@case("a robot run that loses its record", "daemon: a server chunk of the wrong width")
def wrong_width_chunk(tmp: Path):
    return _bad_chunks(tmp, "wide")


@case("hangs", "daemon: a 100,000-row chunk from the server")
def huge_chunk(tmp: Path):
    return _bad_chunks(tmp, "rows")


# ---------------------------------------------------------------------------------------------- non-finite
@case("non-finite numbers", "server: a finite but extreme observation (3e38)")
def extreme_observation(tmp: Path):
    import numpy as np

    from experiments.fixtures.serve import STATE_DIM, TOKEN, InProcessServer, tiny_flow_policy
    from robopolicy.real.client import PolicyClient, PolicyRequestError

    policy = tiny_flow_policy()
    ordinary = np.zeros((policy.spec.obs_horizon, STATE_DIM), np.float32)
    with InProcessServer(policy) as server, PolicyClient(server.url, TOKEN, timeout_s=60) as client:
        try:
            chunk, _ = client.infer({"state": np.full_like(ordinary, 3e38)})
            return False, "", f"answered with a chunk, finite={bool(np.isfinite(chunk).all())}"
        except PolicyRequestError as e:
            message = str(e)
        chunk, _ = client.infer({"state": ordinary})
    clear = "non-finite" in message and bool(np.isfinite(chunk).all())
    return clear, message.splitlines()[0][:400], "the next ordinary observation was served"


def _with_nan(checkpoint: Path) -> str:
    from experiments.fixtures.faults import rewrite_weights
    from robopolicy.checkpoint import load_model_state

    state = load_model_state(checkpoint)[0]
    name = next(k for k, v in state.items() if v.is_floating_point() and not k.startswith("normalizer"))
    state[name] = state[name].clone()
    state[name].view(-1)[0] = float("nan")
    rewrite_weights(checkpoint, state)
    return name


@case("non-finite numbers", "eval of a checkpoint with NaN weights")
def eval_nan(tmp: Path):
    checkpoint = copy_checkpoint(tmp)
    name = _with_nan(checkpoint)
    rc, err = run_cli(["eval", f"policy={checkpoint}", f"env={ENV}", "episodes=1", "progress=false",
                       f"run_dir={tmp / 'eval'}"])
    return one_line_error(rc, err, name) and not (tmp / "eval").exists(), first_line(err), f"rc={rc}"


@case("non-finite numbers", "merge of a checkpoint with NaN weights")
def merge_nan(tmp: Path):
    base = copy_checkpoint(tmp)
    finetuned = Path(shutil.copytree(base, tmp / "ft"))
    name = _with_nan(finetuned)
    rc, err = run_cli(["merge", f"base={base}", f"finetuned={finetuned}", "alpha=0.5", f"out={tmp / 'merged'}"])
    return one_line_error(rc, err, name) and not (tmp / "merged").exists(), first_line(err), f"rc={rc}"


# ---------------------------------------------------------------------------------------------- resume
def _resume(tmp: Path, change: dict[str, str]):
    from experiments.fixtures.curve import make_store, train_overrides

    store, run = paused_run()
    if "dataset" in change:
        store = make_store(tmp / "other.zarr", scale=2.0)
        change = {}
    before = files(run)
    rc, err = run_cli(["train", *train_overrides(store, run, steps=4, val_every=2, ckpt_every=2, resume="true",
                                                 **change)])
    key = next(iter(change), "dataset")
    return one_line_error(rc, err, f"{key}:") and files(run) == before, first_line(err), f"rc={rc}; run unchanged={files(run) == before}"


for _key, _value in (("policy.unet.kernel_size", "3"), ("lr", "0.01"), ("batch_size", "32"), ("dataset", ""),
                     ("seed", "3")):
    case("resume that lies", f"train resume=true with {_key} changed")(
        lambda tmp, k=_key, v=_value: _resume(tmp, {k: v}))


# ---------------------------------------------------------------------------------------------- other's directory
@case("commands that write into another command's directory", "eval run_dir=<a training run>")
def eval_into_train_run(tmp: Path):
    _, run = paused_run()
    before = files(run)
    rc, err = run_cli(["eval", f"policy={run}", f"env={ENV}", "episodes=1", f"run_dir={run}"])
    return one_line_error(rc, err, "robopolicy train") and files(run) == before, first_line(err), f"rc={rc}"


# ---------------------------------------------------------------------------------------------- resource faults
@case("resource faults", "disk full during train (checkpoint save)")
def train_disk_full(tmp: Path):
    from experiments.fixtures.curve import make_store, train_overrides

    store = make_store(tmp / "curve.zarr")
    run = tmp / "run"
    with disk_fills(lambda p: p.endswith("model.safetensors") and ".tmp-" in p):
        rc, err = run_cli(["train", *train_overrides(store, run, steps=4, val_every=2, ckpt_every=2)])
    left = leftovers(run)
    return one_line_error(rc, err, "ENOSPC") and not left, first_line(err), f"rc={rc}; leftovers {left}"


@case("resource faults", "disk full during collect (appending to an existing store)")
def collect_disk_full_append(tmp: Path):
    out = existing_store(tmp)
    with disk_fills(lambda p: "demos.zarr/data/" in p and "zarr.json" not in p):
        rc, err = run_cli(["collect", f"env={ENV}", "episodes=2", "max_steps=10", "seed=5", "progress=false",
                           f"out={out}"])
    ok, n, seeds = store_ok(out)
    clear = one_line_error(rc, err, "ENOSPC", str(out)) and ok and seeds == [0, 1] and not leftovers(tmp)
    return clear, first_line(err), f"rc={rc}; store valid={ok}, seeds {seeds}"


@case("resource faults", "disk full during collect (a new store)")
def collect_disk_full_new(tmp: Path):
    out = tmp / "new.zarr"
    with disk_fills(lambda p: "new.zarr/data/" in p and "zarr.json" not in p):
        rc, err = run_cli(["collect", f"env={ENV}", "episodes=2", "max_steps=10", "progress=false", f"out={out}"])
    return one_line_error(rc, err, "ENOSPC") and not out.exists() and not leftovers(tmp), first_line(err), f"rc={rc}"


def _eval_disk_full(tmp: Path, matches: Callable[[str], bool]):
    checkpoint = copy_checkpoint(tmp)
    run_dir = tmp / "eval"
    with disk_fills(matches):
        rc, err = run_cli(["eval", f"policy={checkpoint}", f"env={ENV}", "episodes=1", "max_episode_steps=5",
                           "videos=1", "video_size=32", "progress=false", f"run_dir={run_dir}"])
    clear = one_line_error(rc, err, "ENOSPC") and not run_dir.exists() and not leftovers(tmp)
    return clear, first_line(err), f"rc={rc}; run dir left={run_dir.exists()}"


@case("resource faults", "disk full during eval (report.json)")
def eval_disk_full_json(tmp: Path):
    from experiments.fixtures.faults import named

    return _eval_disk_full(tmp, named("report.json"))


@case("resource faults", "disk full during eval (success.png)")
def eval_disk_full_png(tmp: Path):
    from experiments.fixtures.faults import named

    return _eval_disk_full(tmp, named("success.png"))


@case("resource faults", "disk full during eval (a video)")
def eval_disk_full_video(tmp: Path):
    from experiments.fixtures.faults import named

    return _eval_disk_full(tmp, named(".mp4"))


@case("resource faults", "disk full during data copy")
def copy_disk_full(tmp: Path):
    tiny_store(tmp / "src.zarr")
    with disk_fills(lambda p: ".dst.zarr.tmp-" in p and "/data/" in p and "zarr.json" not in p):
        rc, err = run_cli(["data", "copy", "src.zarr", "dst.zarr"], cwd=tmp)
    clear = one_line_error(rc, err, "ENOSPC", "dst.zarr") and sorted(p.name for p in tmp.iterdir()) == ["src.zarr"]
    return clear, first_line(err), f"rc={rc}; left {sorted(p.name for p in tmp.iterdir())}"


@case("resource faults", "disk full during convert from=lerobot")
def convert_from_disk_full(tmp: Path):
    tiny_store(tmp / "src.zarr")
    assert run_cli(["convert", "to=lerobot", "src=src.zarr", "dst=lerobot"], cwd=tmp)[0] == 0
    with disk_fills(lambda p: ".dst.zarr.tmp-" in p and "/data/" in p and "zarr.json" not in p):
        rc, err = run_cli(["convert", "from=lerobot", "src=lerobot", "dst=dst.zarr"], cwd=tmp)
    left = sorted(p.name for p in tmp.iterdir())
    return one_line_error(rc, err, "ENOSPC", "dst.zarr") and left == ["lerobot", "src.zarr"], first_line(err), f"rc={rc}; left {left}"


@case("resource faults", "disk full during convert to=lerobot")
def convert_to_disk_full(tmp: Path):
    tiny_store(tmp / "src.zarr")
    with disk_fills(lambda p: ".dst.tmp-" in p and p.endswith(".json")):
        rc, err = run_cli(["convert", "to=lerobot", "src=src.zarr", "dst=dst"], cwd=tmp)
    left = sorted(p.name for p in tmp.iterdir())
    return one_line_error(rc, err, "ENOSPC", "dst") and left == ["src.zarr"], first_line(err), f"rc={rc}; left {left}"


def _read_only(tmp: Path, argv: list[str], target: Path):
    ro = tmp / "ro"
    ro.mkdir()
    start = time.perf_counter()
    with read_only(ro):
        rc, err = run_cli(argv, cwd=tmp)
    wall = time.perf_counter() - start
    clear = one_line_error(rc, err, "ro") and not target.exists() and list(ro.iterdir()) == []
    return clear, first_line(err), f"rc={rc}; {wall:.1f} s"


@case("resource faults", "read-only output folder: collect")
def read_only_collect(tmp: Path):
    return _read_only(tmp, ["collect", f"env={ENV}", "episodes=1", "max_steps=5", "progress=false",
                            "out=ro/demos.zarr"], tmp / "ro" / "demos.zarr")


@case("resource faults", "read-only output folder: eval")
def read_only_eval(tmp: Path):
    checkpoint = copy_checkpoint(tmp)
    return _read_only(tmp, ["eval", f"policy={checkpoint}", f"env={ENV}", "episodes=1", "max_episode_steps=5",
                            "progress=false", "run_dir=ro/eval"], tmp / "ro" / "eval")


@case("resource faults", "read-only output folder: data copy")
def read_only_copy(tmp: Path):
    tiny_store(tmp / "src.zarr")
    return _read_only(tmp, ["data", "copy", "src.zarr", "ro/dst.zarr"], tmp / "ro" / "dst.zarr")


@case("resource faults", "read-only output folder: convert to=lerobot")
def read_only_convert(tmp: Path):
    tiny_store(tmp / "src.zarr")
    return _read_only(tmp, ["convert", "to=lerobot", "src=src.zarr", "dst=ro/lerobot"], tmp / "ro" / "lerobot")


@case("resource faults", "read-only output folder: train")
def read_only_train(tmp: Path):
    from experiments.fixtures.curve import make_store, train_overrides

    store = make_store(tmp / "curve.zarr")
    return _read_only(tmp, ["train", *train_overrides(store, tmp / "ro" / "run", steps=4)], tmp / "ro" / "run")


# ---------------------------------------------------------------------------------------------- bounded work
@case("hangs", "eval episodes=1e12")
def huge_episode_count(tmp: Path):
    start = time.perf_counter()
    rc, err = run_cli(["eval", f"policy={reach_checkpoint()}", f"env={ENV}", "episodes=1000000000000"], cwd=tmp)
    wall = time.perf_counter() - start
    return one_line_error(rc, err, "limit") and wall < 10 and list(tmp.iterdir()) == [], first_line(err), f"{wall:.1f} s"


# ---------------------------------------------------------------------------------------------- importers
@case("importers that read what they should not", "LeRobot data_path with ../")
def lerobot_dotdot(tmp: Path):
    tiny_store(tmp / "src.zarr")
    assert run_cli(["convert", "to=lerobot", "src=src.zarr", "dst=ds"], cwd=tmp)[0] == 0
    shutil.copytree(tmp / "ds" / "data", tmp / "outside")
    info_path = tmp / "ds" / "meta" / "info.json"
    info = json.loads(info_path.read_text())
    info["data_path"] = "../outside/chunk-{chunk_index:03d}/file-{file_index:03d}.parquet"
    info_path.write_text(json.dumps(info))
    rc, err = run_cli(["convert", "from=lerobot", "src=ds", "dst=out.zarr"], cwd=tmp)
    return one_line_error(rc, err, "data_path", "outside") and not (tmp / "out.zarr").exists(), first_line(err), f"rc={rc}"


@case("importers that read what they should not", "robomimic mask naming a missing demo")
def robomimic_missing_demo(tmp: Path):
    import h5py
    import numpy as np

    path = tmp / "demo.hdf5"
    rng = np.random.default_rng(0)
    with h5py.File(path, "w") as f:
        data = f.create_group("data")
        data.attrs["env_args"] = json.dumps({"env_name": "Lift", "type": 1,
                                             "env_kwargs": {"control_freq": 20, "robots": ["Panda"]}})
        for name, n in (("demo_0", 5), ("demo_1", 6)):
            demo = data.create_group(name)
            demo.attrs["num_samples"] = n
            demo.create_dataset("obs/robot0_eef_pos", data=rng.standard_normal((n, 3)))
            demo.create_dataset("actions", data=rng.uniform(-1, 1, (n, 7)))
            demo.create_dataset("rewards", data=np.zeros(n))
            demo.create_dataset("dones", data=(np.arange(n) == n - 1).astype(np.int64))
        f.create_dataset("mask/train", data=np.array([b"demo_0", b"demo_7"]))
    rc, err = run_cli(["convert", "from=robomimic", f"src={path}", "dst=train.zarr", "filter_key=train"], cwd=tmp)
    return one_line_error(rc, err, "demo_7") and not (tmp / "train.zarr").exists(), first_line(err), f"rc={rc}"


# ---------------------------------------------------------------------------------------------- policy.json vs weights
def _edited(tmp: Path) -> Path:
    checkpoint = copy_checkpoint(tmp)
    info = json.loads((checkpoint / "policy.json").read_text())
    info["config"]["mlp"]["hidden_dims"] = [64, 32]
    (checkpoint / "policy.json").write_text(json.dumps(info))
    return checkpoint


@case("policy.json disagreeing with its weights", "eval of a checkpoint whose policy.json disagrees with its weights")
def mismatch_eval(tmp: Path):
    rc, err = run_cli(["eval", f"policy={_edited(tmp)}", f"env={ENV}", "episodes=1", f"run_dir={tmp / 'eval'}"])
    return one_line_error(rc, err, "restore the policy.json"), first_line(err), f"rc={rc}"


def _subprocess_refusal(tmp: Path, argv: list[str]):
    proc = spawn(argv, tmp)
    try:
        _, err = proc.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        proc.kill()
        _, err = proc.communicate()
        return False, first_line(err), "still running after 120 s (it loaded the checkpoint)"
    return one_line_error(proc.returncode, err, "restore the policy.json"), first_line(err), f"rc={proc.returncode}"


@case("policy.json disagreeing with its weights", "serve of a checkpoint whose policy.json disagrees with its weights")
def mismatch_serve(tmp: Path):
    os.environ.setdefault("ROBOPOLICY_TOKEN", "probe-token")
    return _subprocess_refusal(tmp, ["serve", f"policy={_edited(tmp)}", "port=0"])


@case("policy.json disagreeing with its weights", "deploy of a checkpoint whose policy.json disagrees with its weights")
def mismatch_deploy(tmp: Path):
    return _subprocess_refusal(tmp, ["deploy", "robot=metaworld_reach", f"policy={_edited(tmp)}",
                                     "daemon.max_ticks=20", f"run_dir={tmp / 'deploy'}"])


@case("policy.json disagreeing with its weights", "eval of a DPPO checkpoint missing a fine-tuned tensor")
def mismatch_dppo(tmp: Path):
    from experiments.fixtures.faults import rewrite_weights, tiny_state_policy
    from robopolicy.checkpoint import load_model_state
    from robopolicy.finetune.dppo import DPPOPolicy

    dppo = DPPOPolicy(tiny_state_policy(tmp), finetune_steps=2).save(tmp / "dppo")
    state = load_model_state(dppo)[0]
    gone = next(k for k in state if k.startswith("finetuned_denoiser.") and k.endswith(".bias"))
    rewrite_weights(dppo, {k: v for k, v in state.items() if k != gone})
    rc, err = run_cli(["eval", f"policy={dppo}", f"env={ENV}", "episodes=1", f"run_dir={tmp / 'eval'}"])
    return one_line_error(rc, err, gone, "restore the policy.json"), first_line(err), f"rc={rc}"


@case("policy.json disagreeing with its weights", "eval of a steered (DSRL) checkpoint with a mis-shaped tensor")
def mismatch_steered(tmp: Path):
    from safetensors.torch import load_file, save_file

    from experiments.fixtures.faults import tiny_state_policy
    from robopolicy import load_policy
    from robopolicy.checkpoint import save_checkpoint
    from robopolicy.finetune.dsrl import DSRLAgent, DSRLConfig
    from robopolicy.finetune.steered import NOISE_POLICY_FILE, SteeredPolicy, base_reference

    base = tiny_state_policy(tmp)
    info = {"kind": "policy", "name": base.name, "config": base.policy_config, "spec": base.spec.to_dict()}
    plain = save_checkpoint(tmp / "base", base.state_dict(), info, step=1)
    loaded = load_policy(plain)
    actor = DSRLAgent(loaded, DSRLConfig(hidden_dims=(8,))).actor
    steered = SteeredPolicy(loaded, actor, base_reference=base_reference(plain, loaded)).save(tmp / "steered")
    weights = load_file(str(steered / NOISE_POLICY_FILE))
    name = next(k for k in weights if k.endswith("weight"))
    save_file({**weights, name: torch.zeros(3, 3)}, str(steered / NOISE_POLICY_FILE))
    rc, err = run_cli(["eval", f"policy={steered}", f"env={ENV}", "episodes=1", f"run_dir={tmp / 'eval'}"])
    return one_line_error(rc, err, name, "restore the policy.json"), first_line(err), f"rc={rc}"


# ---------------------------------------------------------------------------------------------- values
@case("values and messages", "an unresolvable interpolation: train run_dir=${oops}")
def interpolation(tmp: Path):
    rc, err = run_cli(["train", "run_dir=${oops}"], cwd=tmp)
    return one_line_error(rc, err, "run_dir", "\\${oops}") and list(tmp.iterdir()) == [], first_line(err), f"rc={rc}"


@case("values and messages", "a word where a number goes: train lr=fast")
def word_for_number(tmp: Path):
    rc, err = run_cli(["train", "lr=fast"], cwd=tmp)
    return one_line_error(rc, err, "lr=") and list(tmp.iterdir()) == [], first_line(err), f"rc={rc}"


@case("values and messages", "a path with unquoted brackets: collect out=demos[1].zarr")
def unquoted_path(tmp: Path):
    rc, err = run_cli(["collect", f"env={ENV}", "out=demos[1].zarr"], cwd=tmp)
    return one_line_error(rc, err, "quote the value") and list(tmp.iterdir()) == [], first_line(err), f"rc={rc}"


@case("values and messages", "a misspelt env id: collect env=metaworld/rech-v3")
def misspelt_env(tmp: Path):
    rc, err = run_cli(["collect", "env=metaworld/rech-v3", "out=x.zarr"], cwd=tmp)
    return one_line_error(rc, err, "reach-v3") and list(tmp.iterdir()) == [], first_line(err), f"rc={rc}"


# ---------------------------------------------------------------------------------------------- main
def run_case(cls: str, name: str, fn) -> Outcome:
    tmp = Path(tempfile.mkdtemp(prefix="fault-probe-"))
    start = time.perf_counter()
    try:
        clear, line, note = fn(tmp)
    except BaseException as e:  # noqa: BLE001 - a case that raises is a defect (or a broken probe), recorded
        clear, line, note = False, f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"[:400], \
            "the case raised: " + traceback.format_exc().strip().splitlines()[-1][:300]
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return Outcome(name, cls, "clear" if clear else "defect", line, note, round(time.perf_counter() - start, 1))


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-k", default="", help="run only the cases whose name holds this text")
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument("--allow-dirty", action="store_true")
    args = parser.parse_args(argv)
    from experiments.provenance import run_provenance

    provenance = None if args.k else run_provenance(
        args.allow_dirty, command=" ".join(["python -m experiments.fault_probe", *(sys.argv[1:] if argv is None else argv)]))
    outcomes = [run_case(cls, name, fn) for cls, name, fn in CASES if args.k in name]
    shutil.rmtree(SHARED, ignore_errors=True)
    if not args.k:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        clear = sum(o.outcome == "clear" for o in outcomes)
        args.out.write_text(json.dumps({"split": "none", "cases": len(outcomes), "clear": clear, "defects": len(outcomes) - clear,
                                        "results": [asdict(o) for o in outcomes],
                                        "provenance": provenance}, indent=1) + "\n")
    width = max(len(o.name) for o in outcomes)
    for o in outcomes:
        print(f"{o.outcome:6}  {o.name:{width}}  {o.seconds:5.1f}s  {o.first_stderr_line[:150]}")
        if o.outcome != "clear":
            print(f"{'':6}  {'':{width}}          {o.note}")
    clear = sum(o.outcome == "clear" for o in outcomes)
    print(f"{clear} clear, {len(outcomes) - clear} defect(s) of {len(outcomes)} cases")
    return 0 if clear == len(outcomes) else 1


if __name__ == "__main__":
    raise SystemExit(main())
