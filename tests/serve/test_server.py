"""The policy server as a real process on loopback: auth, metadata, health, batching, bad messages."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request

import msgpack
import numpy as np
import pytest
from metaworld.policies import SawyerReachV3Policy
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from experiments.fixtures.serve import TOKEN, free_port, stop, write_token
from robopolicy.real.client import PolicyClient, PolicyRequestError, PolicyUnavailable
from robopolicy.serve.protocol import decode, encode
from tests.serve.processes import start_test_server

MAX_BYTES = 64 * 1024  # the test server's message limit (its transport limit is 16x that)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    token_file = write_token(tmp_path_factory.mktemp("server"))
    port = free_port()
    process = start_test_server(port, token_file, "expert", "--batch-window-ms", "60",
                                "--max-bytes", str(MAX_BYTES))
    yield port
    stop(process)


def random_states(n: int, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    states = rng.uniform(-0.2, 0.2, size=(n, 39)).astype(np.float32)
    states[:, 1] += 0.6
    return states


def expert_action(state: np.ndarray) -> np.ndarray:
    return np.clip(SawyerReachV3Policy().get_action(state.astype(np.float64)), -1, 1)


def test_metadata_on_connect_and_infer_returns_the_experts_chunk(server):
    with PolicyClient(f"ws://127.0.0.1:{server}", TOKEN) as client:
        meta = client.metadata()
        assert meta["checkpoint_hash"] == "test-expert"
        assert (meta["obs_horizon"], meta["pred_horizon"], meta["action_dim"]) == (1, 4, 4)
        assert meta["rtc"] is False  # a scripted expert has no denoising chain to guide
        assert meta["spec"]["obs_features"]["state"]["shape"] == [39]
        state = random_states(1)[0]
        chunk, timing = client.infer({"state": state[None]})
        assert chunk.shape == (4, 4) and chunk.dtype == np.float32
        np.testing.assert_allclose(chunk, np.tile(expert_action(state), (4, 1)), atol=1e-6)
        assert {"infer_ms", "queue_ms", "batch_size", "round_trip_ms"} <= set(timing)
        assert timing["infer_ms"] >= 0 and timing["queue_ms"] >= 0


def test_health_endpoint_needs_no_token_and_tells_nothing_about_the_model(server):
    with urllib.request.urlopen(f"http://127.0.0.1:{server}/healthz", timeout=5) as r:
        body = json.loads(r.read())
    assert r.status == 200 and body["status"] == "ok"
    assert set(body) == {"status", "uptime_s"}


@pytest.mark.parametrize("headers", [{}, {"Authorization": "Bearer wrong"}, {"Authorization": TOKEN}])
def test_missing_or_wrong_token_is_refused_with_401_and_no_model_details(server, headers):
    with pytest.raises(InvalidStatus) as refused:
        connect(f"ws://127.0.0.1:{server}", additional_headers=headers, open_timeout=10, proxy=None)
    response = refused.value.response
    assert response.status_code == 401
    body = response.body.decode()
    for secret in ("spec", "obs_features", "expert", "reach", "checkpoint", "horizon"):
        assert secret not in body
    with pytest.raises(urllib.error.HTTPError) as http:  # plain HTTP to the websocket path is refused too
        urllib.request.urlopen(f"http://127.0.0.1:{server}/", timeout=5)
    assert http.value.code == 401


def test_client_reports_a_refused_token_clearly(server):
    with pytest.raises(PolicyUnavailable, match="HTTP 401"):
        PolicyClient(f"ws://127.0.0.1:{server}", "not-the-token").metadata()


def test_bad_messages_get_error_replies_while_another_client_is_served(server):
    url = f"ws://127.0.0.1:{server}"
    good = PolicyClient(url, TOKEN)
    state = random_states(1, seed=5)[0]
    valid = encode({"type": "infer", "id": 1, "obs": {"state": state[None]}})
    bad_messages = {
        "garbage": b"\xc1\xff\x00garbage",
        "truncated": valid[: len(valid) // 2],
        "oversized": encode({"type": "infer", "id": 2, "obs": {"state": np.zeros((1, 2 * MAX_BYTES), np.uint8)}}),
        "wrong_version": msgpack.packb({"v": 99, "type": "infer", "id": 3, "obs": {}}),
        "pickle": b"\x80\x04\x95\x05\x00\x00\x00\x00\x00\x00\x00]\x94.",
        "text_frame": "hello",
        "wrong_shape": encode({"type": "infer", "id": 4, "obs": {"state": np.zeros((1, 7), np.float32)}}),
    }
    with connect(url, additional_headers={"Authorization": f"Bearer {TOKEN}"}, open_timeout=10, proxy=None) as bad:
        assert decode(bad.recv(timeout=10))["type"] == "metadata"
        for name, raw in bad_messages.items():
            bad.send(raw)
            reply = decode(bad.recv(timeout=10))
            assert reply["type"] == "error", name
            assert reply["code"] == ("bad_request" if name == "wrong_shape" else "bad_message"), name
            chunk, _ = good.infer({"state": state[None]})  # the other client is still served
            np.testing.assert_allclose(chunk[0], expert_action(state), atol=1e-6)
        bad.send(valid)  # and the misbehaving connection itself still works
        reply = decode(bad.recv(timeout=10))
        assert reply["type"] == "infer" and reply["id"] == 1
    good.close()


def test_concurrent_requests_are_batched_and_each_gets_its_own_answer(server):
    n_clients = 4
    states = random_states(n_clients, seed=11)
    clients = [PolicyClient(f"ws://127.0.0.1:{server}", TOKEN) for _ in range(n_clients)]
    for c in clients:
        c.metadata()
    results: dict[int, tuple[np.ndarray, dict]] = {}
    barrier = threading.Barrier(n_clients)

    def ask(i: int) -> None:
        barrier.wait()
        results[i] = clients[i].infer({"state": states[i][None]})

    threads = [threading.Thread(target=ask, args=(i,)) for i in range(n_clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert len(results) == n_clients
    for i, (chunk, _timing) in results.items():  # batching never mixes up whose answer is whose
        np.testing.assert_allclose(chunk[0], expert_action(states[i]), atol=1e-6)
    assert max(timing["batch_size"] for _, timing in results.values()) > 1  # a 60 ms window gathers them
    for c in clients:
        c.close()


@pytest.mark.fault("serve")
@pytest.mark.parametrize("bad", [float("nan"), float("inf"), float("-inf")], ids=["nan", "inf", "-inf"])
def test_non_finite_observation_is_refused_as_bad_request(server, bad):
    """An `infer` request whose observation holds NaN or ±inf: refused with a `bad_request` error naming the key,
    no chunk is computed, and the connection keeps serving."""
    state = random_states(1, seed=3)[0]
    corrupt = state.copy()
    corrupt[5] = bad
    with PolicyClient(f"ws://127.0.0.1:{server}", TOKEN) as client:
        with pytest.raises(PolicyRequestError, match=r"bad_request.*obs\['state'\].*non-finite"):
            client.infer({"state": corrupt[None]})
        chunk, _ = client.infer({"state": state[None]})  # the same connection still answers
    np.testing.assert_allclose(chunk[0], expert_action(state), atol=1e-6)


@pytest.mark.fault("serve")
def test_duplicate_authorization_headers_are_refused_with_400(server):
    """A handshake with two `Authorization` headers (both holding the right token): refused with HTTP 400 that
    says to send exactly one, not an internal error (500)."""
    headers = [("Authorization", f"Bearer {TOKEN}"), ("Authorization", f"Bearer {TOKEN}")]
    with pytest.raises(InvalidStatus) as refused:
        connect(f"ws://127.0.0.1:{server}", additional_headers=headers, open_timeout=10, proxy=None)
    response = refused.value.response
    assert response.status_code == 400
    assert "exactly one Authorization header" in response.body.decode()
    with PolicyClient(f"ws://127.0.0.1:{server}", TOKEN) as client:  # and the server is still healthy
        assert client.health()
