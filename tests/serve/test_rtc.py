"""Real-time chunking over the wire: the robot's queued plan and committed delay travel with the observation
(``rtc``), the real server samples with ``rtc_sample`` (a tiny real flow policy on loopback), batches RTC requests
apart from plain ones, refuses malformed ``rtc`` fields and RTC against a policy that cannot be guided."""

from __future__ import annotations

import threading

import numpy as np
import pytest
from websockets.sync.client import connect

from experiments.fixtures.serve import (
    ACTION_DIM,
    STATE_DIM,
    TOKEN,
    InProcessServer,
    PlainSampler,
    tiny_flow_policy,
)
from robopolicy.real.client import PolicyClient, PolicyRequestError
from robopolicy.serve.protocol import decode, encode

H = 7  # the tiny policy's actions from the observation's tick (Tp 8 - To 2 + 1)
FIRST = 1  # index To - 1 of a returned (Tp, Da) chunk is the observation's tick
PREFIX_ATOL = 0.05  # committed actions reproduced to within this (raw units; the plan spans about [-0.5, 0.5])


@pytest.fixture(scope="module")
def policy():
    return tiny_flow_policy()


@pytest.fixture(scope="module")
def server(policy):
    with InProcessServer(policy, batch_window_ms=60.0) as running:
        yield running


def observation(seed: int) -> dict[str, np.ndarray]:
    return {"state": np.random.default_rng(seed).normal(size=(2, STATE_DIM)).astype(np.float32)}


def queued_plan(seed: int, queued: int = 4) -> np.ndarray:
    """A plan of ``queued`` actions from the observation's tick, NaN past it (what ``ActionQueue.plan`` gives)."""
    prefix = np.full((H, ACTION_DIM), np.nan)
    prefix[:queued] = np.random.default_rng(seed).uniform(-0.5, 0.5, size=(queued, ACTION_DIM))
    return prefix


def test_metadata_advertises_rtc_and_the_chunk_continues_the_committed_actions(server):
    with PolicyClient(server.url, TOKEN, timeout_s=60) as client:
        assert client.metadata()["rtc"] is True
        prefix, delay = queued_plan(1), 3
        chunk, timing = client.infer(observation(1), {"prefix": prefix, "delay": delay})
        assert chunk.shape == (8, ACTION_DIM) and timing["rtc_delay"] == delay
        assert np.abs(chunk[FIRST:FIRST + delay] - prefix[:delay]).max() < PREFIX_ATOL
        plain, plain_timing = client.infer(observation(1))  # an old client's request: plain sampling
        assert "rtc_delay" not in plain_timing
        assert np.abs(plain[FIRST:FIRST + delay] - prefix[:delay]).max() > 4 * PREFIX_ATOL


def test_rtc_requests_are_batched_apart_from_plain_ones_and_each_continues_its_own_plan(server):
    kinds = ["rtc", "rtc", "plain"]
    clients = [PolicyClient(server.url, TOKEN, timeout_s=60) for _ in kinds]
    for c in clients:
        c.metadata()
    prefixes = [queued_plan(10 + i, queued=5) for i in range(len(kinds))]
    results: dict[int, tuple[np.ndarray, dict]] = {}
    barrier = threading.Barrier(len(kinds))

    def ask(i: int) -> None:
        barrier.wait()
        rtc = {"prefix": prefixes[i], "delay": 2 + i} if kinds[i] == "rtc" else None
        results[i] = clients[i].infer(observation(20 + i), rtc)

    threads = [threading.Thread(target=ask, args=(i,)) for i in range(len(kinds))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    for c in clients:
        c.close()
    assert len(results) == len(kinds)
    for i in (0, 1):  # batched together, each row guided towards its own plan with its own delay
        chunk, timing = results[i]
        assert timing["rtc_delay"] == 2 + i
        assert np.abs(chunk[FIRST:FIRST + 2 + i] - prefixes[i][:2 + i]).max() < PREFIX_ATOL
    assert max(results[i][1]["batch_size"] for i in (0, 1)) == 2  # a 60 ms window gathers the two RTC requests
    assert results[2][1]["batch_size"] == 1  # the plain request never shares a call with them


def raw_reply(connection, message: dict | bytes) -> dict:
    connection.send(message if isinstance(message, bytes) else encode(message))
    return decode(connection.recv(timeout=60))


def test_malformed_rtc_fields_are_refused_and_the_connection_keeps_serving(server):
    obs = observation(3)
    good = {"prefix": queued_plan(3), "delay": 2}
    partly_nan = queued_plan(3)
    partly_nan[1, 0] = np.nan
    with_inf = queued_plan(3)
    with_inf[0, 1] = np.inf
    bad_message = {  # the protocol's schema: error code bad_message
        "not a map": [1, 2],
        "1-D prefix": {"prefix": np.zeros(H), "delay": 1},
        "int prefix": {"prefix": np.zeros((H, ACTION_DIM), np.int32), "delay": 1},
        "partly NaN row": {"prefix": partly_nan, "delay": 1},
        "inf": {"prefix": with_inf, "delay": 1},
        "negative delay": {"prefix": queued_plan(3), "delay": -1},
        "bool delay": {"prefix": queued_plan(3), "delay": True},
        "float delay": {"prefix": queued_plan(3), "delay": 1.5},
        "missing delay": {"prefix": queued_plan(3)},
        "unknown field": {**good, "horizon": 3},
        "bad schedule": {**good, "schedule": "cubic"},
        "bad guidance": {**good, "max_guidance": 0},
    }
    bad_request = {  # valid on the wire, wrong for this policy: error code bad_request, with the request's id
        "plan too long": {"prefix": np.zeros((H + 1, ACTION_DIM)), "delay": 1},
        "wrong action dim": {"prefix": np.zeros((H, ACTION_DIM + 1)), "delay": 1},
    }
    headers = {"Authorization": f"Bearer {TOKEN}"}
    with connect(server.url, additional_headers=headers, open_timeout=10, proxy=None) as connection:
        assert decode(connection.recv(timeout=10))["type"] == "metadata"
        for i, (name, rtc) in enumerate([*bad_message.items(), *bad_request.items()]):
            reply = raw_reply(connection, {"type": "infer", "id": i, "obs": obs, "rtc": rtc})
            assert reply["type"] == "error", name
            assert reply["code"] == ("bad_request" if name in bad_request else "bad_message"), (name, reply)
            assert "rtc" in reply["message"], (name, reply)
        reply = raw_reply(connection, {"type": "infer", "id": 99, "obs": obs, "rtc": good})
        assert reply["type"] == "infer" and reply["id"] == 99 and reply["timing"]["rtc_delay"] == 2


def test_a_policy_that_cannot_be_guided_says_so_and_refuses_rtc_requests(policy):
    with InProcessServer(PlainSampler(policy)) as plain, PolicyClient(plain.url, TOKEN, timeout_s=60) as client:
        assert client.metadata()["rtc"] is False
        with pytest.raises(PolicyRequestError, match=r"bad_request.*cannot do real-time chunking.*PlainSampler"):
            client.infer(observation(4), {"prefix": queued_plan(4), "delay": 2})
        chunk, _ = client.infer(observation(4))  # plain requests are served as before
        assert chunk.shape == (8, ACTION_DIM) and np.all(np.isfinite(chunk))
