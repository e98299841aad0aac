"""Control-loop benchmark: the daemon against the MuJoCo robot, the policy server in another process.

    python benchmarks/control_loop.py [--ticks-50 400] [--ticks-200 1600] [--ticks-load 400]
                                      [--out docs/benchmarks/control_loop.md]

For each rate (50 Hz, 200 Hz) the real ``robopolicy deploy`` daemon runs a fixed number of ticks against
``robopolicy serve policy=expert:metaworld/reach-v3`` on loopback. From the daemon's episode store and final
status it reports: tick period p50/p99, jitter (|tick start - deadline|) p50/p99/max, deadline misses,
observation -> action latency, inference time per chunk (server) and round trip, ticks without a policy action.
The reference, measured in the same run: the same robot work in a naive ``sleep(period)``-after-work loop;
the ratio column says how much the absolute-deadline loop improves on it.

Under load: the 50 Hz run again while a busy process (a Python spin loop) keeps another core occupied, with
chunks of ``PRED_HORIZON`` = 16 and ``max_action_age_s`` = 0.25 s, where the tail of each chunk is too old to
send. It reports the ticks without a policy action (the safe action was sent: queue empty, stale action,
watchdog) against the idle 50 Hz run measured in the same invocation.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
from tests.serve.processes import TOKEN, child_env, free_port, start_cli_server, stop  # noqa: E402

RATES = (50.0, 200.0)
PRED_HORIZON = 16  # the expert's chunk length for the benchmark (one request per ~12 actions)
REFILL_BELOW = {50.0: 6, 200.0: 10}  # ask for the next chunk this many ticks before the queue runs dry
MAX_ACTION_AGE_S = 0.25  # 12.5 ticks at 50 Hz: the last actions of a 16-step chunk are always too old
LOAD_RATE = 50.0
BUSY_LOOP = "while True:\n    pass\n"


def run_daemon(rate: float, ticks: int, port: int, token_file: Path, run_dir: Path) -> dict:
    cmd = [sys.executable, "-m", "robopolicy.cli", "deploy", "robot=metaworld_reach",
           f"policy=ws://127.0.0.1:{port}", f"token_file={token_file}", f"run_dir={run_dir}",
           f"daemon.rate_hz={rate}", f"daemon.max_ticks={ticks}", f"daemon.stats_window={ticks + 10}",
           f"daemon.refill_below={REFILL_BELOW[rate]}", f"daemon.max_action_age_s={MAX_ACTION_AGE_S}",
           "daemon.segment_steps=500", "log_level=WARNING"]
    done = subprocess.run(cmd, cwd=REPO, env=child_env(), capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        raise RuntimeError(done.stdout + done.stderr)
    from robopolicy.data.store import EpisodeStore

    status = json.loads((run_dir / "status.json").read_text())
    steps = EpisodeStore.open(run_dir / "episodes.zarr").load(["tick_time", "latency_ms", "safety_flags"])
    t = steps["tick_time"]
    return {"rate": rate, "ticks": status["loop"]["ticks"], "period_ms": np.diff(t) * 1e3,
            "jitter_ms": status["loop"]["jitter_ms"],  # |tick start - its deadline|, over every tick (stats_window)
            "deadline_misses": status["loop"]["deadline_misses"], "latency_ms": steps["latency_ms"],
            "infer_ms": status["inference_ms"], "round_trip_ms": status["round_trip_ms"],
            "chunks": status["chunks_received"], "without_action": status["ticks_without_action"]}


def run_daemon_under_load(rate: float, ticks: int, port: int, token_file: Path, run_dir: Path) -> dict:
    """``run_daemon`` while a spin-loop process keeps one core busy (the daemon and the server share the rest)."""
    busy = subprocess.Popen([sys.executable, "-c", BUSY_LOOP])
    try:
        return run_daemon(rate, ticks, port, token_file, run_dir)
    finally:
        busy.kill()
        busy.wait()


def without_action_line(idle: dict, loaded: dict) -> str:
    """Ticks without a policy action, idle (the reference) vs under load, as fractions and their ratio."""
    idle_frac = idle["without_action"] / max(idle["ticks"], 1)
    load_frac = loaded["without_action"] / max(loaded["ticks"], 1)
    ratio = f"{load_frac / idle_frac:.1f}x" if idle_frac > 0 else "n/a (none idle)"
    return (f"| {loaded['rate']:.0f} Hz | {idle['without_action']} / {idle['ticks']} ({100 * idle_frac:.1f}%) | "
            f"{loaded['without_action']} / {loaded['ticks']} ({100 * load_frac:.1f}%) | {ratio} | "
            f"{loaded['deadline_misses']} | {loaded['round_trip_ms']['p50']:.2f} / "
            f"{loaded['round_trip_ms']['p99']:.2f} |")


def naive_loop_reference(rate: float, ticks: int) -> dict:
    """The same robot work (observe + MuJoCo step) in a sleep-after-work loop: what absolute deadlines fix."""
    from robopolicy.real.profile import load_profile
    from robopolicy.real.robot import MujocoRobot

    robot = MujocoRobot(load_profile("metaworld_reach"))
    robot.connect()
    period = 1.0 / rate
    starts = []
    action = np.zeros(4, np.float32)
    for _ in range(ticks):
        starts.append(time.perf_counter())
        robot.observe()
        robot.act(action)
        time.sleep(period)
    robot.disconnect()
    starts = np.array(starts) - starts[0]
    jitter_ms = np.abs(starts - np.arange(ticks) * period) * 1e3  # drift from the schedule
    return {"rate_hz": (ticks - 1) / starts[-1], "jitter_ms": jitter_ms}


def pct(values, q) -> float:
    return float(np.percentile(values, q)) if len(values) else float("nan")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ticks-50", type=int, default=400)
    parser.add_argument("--ticks-200", type=int, default=1600)
    parser.add_argument("--ticks-load", type=int, default=400, help="50 Hz ticks under load (0: skip)")
    parser.add_argument("--out", default=str(REPO / "docs/benchmarks/control_loop.md"))
    args = parser.parse_args()
    ticks = {50.0: args.ticks_50, 200.0: args.ticks_200}
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        token_file = tmp / "token"
        token_file.write_text(TOKEN)
        port = free_port()
        server = start_cli_server(port, token_file, "expert:metaworld/reach-v3",
                                  f"expert_pred_horizon={PRED_HORIZON}", "log_level=WARNING")
        try:
            results = [run_daemon(rate, ticks[rate], port, token_file, tmp / f"run{int(rate)}") for rate in RATES]
            loaded = (run_daemon_under_load(LOAD_RATE, args.ticks_load, port, token_file, tmp / "run-load")
                      if args.ticks_load > 0 else None)
        finally:
            stop(server)
        references = {rate: naive_loop_reference(rate, min(ticks[rate], 400)) for rate in RATES}
    load = os.getloadavg()
    lines = ["# Control-loop benchmark", "",
             f"`python benchmarks/control_loop.py` — {time.strftime('%Y-%m-%d %H:%M')}, {os.cpu_count()} CPU cores, "
             f"load average {load[0]:.1f} (shared machine). Daemon (`robopolicy deploy robot=metaworld_reach`) vs "
             "`robopolicy serve policy=expert:metaworld/reach-v3` (chunks of "
             f"{PRED_HORIZON}) in another process on loopback; inference in flight during the loop.", "",
             "| rate | ticks | period p50 / p99 (ms) | jitter p50 / p99 / max (ms) | deadline misses | "
             "obs→action p50 / p99 (ms) | inference per chunk p50 / p99 (ms) | round trip p50 / p99 (ms) | chunks | "
             "ticks without action | naive sleep loop: jitter p99 (ms), rate | p99 jitter ratio naive / daemon |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in results:
        ref = references[r["rate"]]
        jitter = r["jitter_ms"]
        ratio = pct(ref["jitter_ms"], 99) / max(jitter["p99"], 1e-6)
        lines.append(
            f"| {r['rate']:.0f} Hz | {r['ticks']} | {pct(r['period_ms'], 50):.3f} / {pct(r['period_ms'], 99):.3f} | "
            f"{jitter['p50']:.3f} / {jitter['p99']:.3f} / {jitter['max']:.3f} | "
            f"{r['deadline_misses']} | {pct(r['latency_ms'], 50):.3f} / {pct(r['latency_ms'], 99):.3f} | "
            f"{r['infer_ms']['p50']:.2f} / {r['infer_ms']['p99']:.2f} | "
            f"{r['round_trip_ms']['p50']:.2f} / {r['round_trip_ms']['p99']:.2f} | {r['chunks']} | "
            f"{r['without_action']} | {pct(ref['jitter_ms'], 99):.1f}, {ref['rate_hz']:.1f} Hz | {ratio:.1f}x |")
    if loaded is not None:
        idle = next(r for r in results if r["rate"] == LOAD_RATE)
        lines += ["", f"Ticks without a policy action under load: the {LOAD_RATE:.0f} Hz run again while a Python "
                  "spin loop keeps a core busy; chunks of "
                  f"{PRED_HORIZON}, `max_action_age_s={MAX_ACTION_AGE_S}`, `refill_below={REFILL_BELOW[LOAD_RATE]}`. "
                  "Reference: the idle run above, same invocation.", "",
                  "| rate | without action, idle (reference) | without action, under load | ratio load / idle | "
                  "deadline misses under load | round trip under load p50 / p99 (ms) |",
                  "|---|---|---|---|---|---|", without_action_line(idle, loaded)]
    lines += ["", "Targets (issue 7): p99 jitter ≤ 1 ms at 200 Hz with inference in flight; zero ticks without an "
              "action while the server is healthy. Jitter is |tick start - its deadline `t0 + k / rate`| as the daemon "
              "measures it (a tick that falls a whole period behind is skipped and counted as a deadline miss); the naive loop's jitter is its drift from that schedule. On a "
              "shared, overloaded 2-core machine the tail is dominated by the scheduler; rerun on an idle machine "
              "for representative numbers."]
    text = "\n".join(lines) + "\n"
    Path(args.out).write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
