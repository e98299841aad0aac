"""The operator view: the daemon writes ``status.json`` atomically every second; ``robopolicy deploy status``
renders it with rich (``--watch`` keeps it live).

The status holds the loop rate, tick period and jitter percentiles, deadline misses, the latency histogram
(observation -> action sent, and inference round trips), queue depth, safety events by kind, the last events,
and whether the policy is connected and the e-stop engaged.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import numpy as np
from rich.console import Console, Group
from rich.live import Live
from rich.table import Table

STATUS_FILE = "status.json"
LATENCY_BINS_MS = (0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 50, 100, 250, 1000)  # upper edges; the last bin is open
STALE_STATUS_S = 5.0


class RingBuffer:
    """The last ``size`` floats, written by one thread without allocation."""

    def __init__(self, size: int):
        self.values = np.full(size, np.nan)
        self.count = 0

    def add(self, value: float) -> None:
        self.values[self.count % len(self.values)] = value
        self.count += 1

    def recent(self) -> np.ndarray:
        return self.values[np.isfinite(self.values)]


def percentiles(values: np.ndarray, qs: tuple[float, ...] = (50, 99)) -> dict[str, float | None]:
    if len(values) == 0:
        return {f"p{q:g}": None for q in qs} | {"max": None}
    return {f"p{q:g}": float(np.percentile(values, q)) for q in qs} | {"max": float(np.max(values))}


def latency_histogram(values_ms: np.ndarray) -> dict[str, int]:
    edges = [0.0, *LATENCY_BINS_MS, np.inf]
    counts, _ = np.histogram(values_ms, bins=edges)
    labels = [f"<={e:g}ms" for e in LATENCY_BINS_MS] + [f">{LATENCY_BINS_MS[-1]:g}ms"]
    return dict(zip(labels, (int(c) for c in counts)))


def write_status(path: Path, status: dict[str, Any]) -> None:
    """Write JSON to a temporary file in the same folder, then rename: readers never see half a file."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps(status, indent=1, default=float))
    os.replace(tmp, path)


def read_status(path: Path) -> dict[str, Any]:
    return json.loads(Path(path).read_text())


def _fmt(value: Any, unit: str = "") -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.3f}{unit}"
    return f"{value}{unit}"


def render_status(status: dict[str, Any]) -> Group:
    age = time.time() - float(status.get("written_at", 0))
    state = status.get("state", "?") if age < STALE_STATUS_S else f"{status.get('state', '?')} (status {age:.0f} s old)"
    head = Table(title=f"robopolicy deploy — {status.get('robot', '?')} — {state}", show_header=False)
    head.add_column(style="bold")
    head.add_column()
    loop = status.get("loop", {})
    rows = [("policy", f"{status.get('policy', '?')} ({'connected' if status.get('policy_connected') else 'NOT connected'})"),
            ("e-stop", f"ENGAGED ({status.get('estop_reason')})" if status.get("estop") else "off"),
            ("ticks", _fmt(loop.get("ticks"))),
            ("loop rate", f"{_fmt(loop.get('rate_hz'), ' Hz')} (target {_fmt(loop.get('target_hz'), ' Hz')})"),
            ("period p50/p99/max", " / ".join(_fmt(loop.get("period_ms", {}).get(k), " ms") for k in ("p50", "p99", "max"))),
            ("jitter p99/max", " / ".join(_fmt(loop.get("jitter_ms", {}).get(k), " ms") for k in ("p99", "max"))),
            ("deadline misses", _fmt(loop.get("deadline_misses"))),
            ("queue depth", _fmt(status.get("queue_depth"))),
            ("execution", str(status.get("execution", "-"))),
            ("delay estimate", "-" if status.get("delay_estimate_ms") is None else
             f"{_fmt(status.get('delay_estimate_ms'), ' ms')} ({status.get('delay_estimate_ticks')} ticks; refill below "
             f"{status.get('refill_threshold')})"),
            ("inference p50/p99", " / ".join(_fmt(status.get("inference_ms", {}).get(k), " ms") for k in ("p50", "p99"))),
            ("ticks without action", _fmt(status.get("ticks_without_action"))),
            ("steps logged", _fmt(status.get("steps_logged")))]
    if status.get("ended"):
        rows.insert(0, ("ended", str(status["ended"])))
    for name, value in rows:
        head.add_row(name, value)
    hist = Table(title="observation -> action latency", show_header=True)
    hist.add_column("bin")
    hist.add_column("ticks", justify="right")
    for label, count in status.get("latency_histogram", {}).items():
        if count:
            hist.add_row(label, str(count))
    events = Table(title="safety events", show_header=True)
    events.add_column("event")
    events.add_column("count", justify="right")
    for name, count in status.get("safety_counts", {}).items():
        events.add_row(name, str(count))
    recent = Table(title="recent events", show_header=True)
    recent.add_column("tick", justify="right")
    recent.add_column("event")
    for event in status.get("recent_events", [])[-8:]:
        recent.add_row(str(event.get("tick")), str(event.get("what")))
    return Group(head, hist, events, recent)


def show_status(path: Path, watch: bool, refresh_s: float = 0.5) -> None:
    console = Console()
    if not watch:
        console.print(render_status(read_status(path)))
        return
    with Live(render_status(read_status(path)), console=console, refresh_per_second=max(1, int(1 / refresh_s))) as live:
        while True:
            time.sleep(refresh_s)
            live.update(render_status(read_status(path)))
