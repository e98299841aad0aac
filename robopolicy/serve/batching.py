"""Batching of concurrent inference requests: one policy call for the requests that arrive close together.

Requests wait at most ``window_s`` after the first one of a batch, and a batch holds at most ``max_batch``
requests. Requests whose observations differ in keys, shapes or dtypes cannot be stacked; they go into
separate policy calls, and so do real-time chunking requests (``rtc``) and plain ones: RTC requests are
batched with RTC requests of the same plan length and settings (one ``rtc_sample`` call, a delay per row). The
policy runs in a worker thread so the event loop keeps serving sockets.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import numpy as np

# (B, To, *shape) observations in, (B, Tp, Da) actions out; an RTC group is called as
# batch_fn(obs, (prefixes (B, H, Da), delays (B,), settings))
BatchFunction = Callable[..., np.ndarray]


@dataclass(frozen=True)
class RTCRequest:
    """The real-time chunking part of a request: the queued plan ``(H, Da)`` (raw units, NaN rows past it), the
    committed actions ``delay`` and ``settings`` = ``(max_guidance, schedule, jacobian)``."""

    prefix: np.ndarray
    delay: int
    settings: tuple[float, str, str]


@dataclass
class PendingRequest:
    obs: dict[str, Any]
    enqueued: float
    future: asyncio.Future = field(repr=False)
    rtc: RTCRequest | None = None

    def signature(self) -> tuple:
        obs = tuple(sorted((k, v.shape, v.dtype.str) if isinstance(v, np.ndarray) else (k, "str")
                           for k, v in self.obs.items()))
        return obs + (("rtc", None) if self.rtc is None else ("rtc", self.rtc.prefix.shape, self.rtc.settings),)


@dataclass
class BatchResult:
    actions: np.ndarray  # (Tp, Da)
    infer_ms: float
    queue_ms: float
    batch_size: int


def stack_observations(requests: list[PendingRequest]) -> dict[str, Any]:
    """``{key: (To, ...)}`` per request -> ``{key: (B, To, ...)}``; ``task`` strings -> list of B strings."""
    first = requests[0].obs
    out: dict[str, Any] = {}
    for key in first:
        if key == "task":
            out[key] = [r.obs[key] for r in requests]
        else:
            out[key] = np.stack([r.obs[key] for r in requests])
    return out


class RequestBatcher:
    """Collects requests, calls ``batch_fn`` on stacked observations in one worker thread, resolves futures."""

    def __init__(self, batch_fn: BatchFunction, max_batch: int, window_s: float):
        if max_batch < 1:
            raise ValueError(f"max_batch must be >= 1, got {max_batch}")
        self.batch_fn = batch_fn
        self.max_batch = int(max_batch)
        self.window_s = float(window_s)
        self._queue: asyncio.Queue[PendingRequest] = asyncio.Queue()
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="policy")
        self._task: asyncio.Task | None = None
        self.batches_run = 0
        self.largest_batch = 0

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass
        self._executor.shutdown(wait=False, cancel_futures=True)

    async def submit(self, obs: dict[str, Any], rtc: RTCRequest | None = None) -> BatchResult:
        future: asyncio.Future = asyncio.get_running_loop().create_future()
        await self._queue.put(PendingRequest(obs, time.perf_counter(), future, rtc))
        return await future

    async def _collect(self) -> list[PendingRequest]:
        batch = [await self._queue.get()]
        deadline = time.perf_counter() + self.window_s
        while len(batch) < self.max_batch:
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                break
            try:
                batch.append(await asyncio.wait_for(self._queue.get(), timeout=remaining))
            except asyncio.TimeoutError:
                break
        return batch

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            batch = await self._collect()
            groups: dict[tuple, list[PendingRequest]] = {}
            for request in batch:
                groups.setdefault(request.signature(), []).append(request)
            for group in groups.values():
                started = time.perf_counter()
                args: tuple = (stack_observations(group),)
                if group[0].rtc is not None:
                    args += ((np.stack([r.rtc.prefix for r in group]), np.array([r.rtc.delay for r in group]),
                              group[0].rtc.settings),)
                try:
                    actions = await loop.run_in_executor(self._executor, self.batch_fn, *args)
                except Exception as e:  # the policy failed: every request of the group gets the error
                    for request in group:
                        if not request.future.done():
                            request.future.set_exception(e)
                    continue
                infer_ms = (time.perf_counter() - started) * 1e3
                self.batches_run += 1
                self.largest_batch = max(self.largest_batch, len(group))
                for i, request in enumerate(group):
                    if not request.future.done():
                        request.future.set_result(BatchResult(actions[i], infer_ms,
                                                              (started - request.enqueued) * 1e3, len(group)))
