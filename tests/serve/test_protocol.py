"""The wire protocol: round trips are exact, and the decoder turns every bad input into ProtocolError."""

from __future__ import annotations

import os
import pickle

import msgpack
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from robopolicy.serve.protocol import (
    ALLOWED_DTYPES,
    ARRAY_EXT_CODE,
    PROTOCOL_VERSION,
    ProtocolError,
    ProtocolLimits,
    decode,
    encode,
)

# Inputs per fuzz test: a few hundred by default (the shared CI cores are slow);
# ROBOPOLICY_FUZZ_EXAMPLES=4000 for a long fuzzing run.
FUZZ_EXAMPLES = int(os.environ.get("ROBOPOLICY_FUZZ_EXAMPLES", "300"))
fuzz_counter = {"random_bytes": 0, "mutated": 0, "messages": 0}


def infer_request(obs=None) -> dict:
    return {"type": "infer", "id": 3, "obs": obs or {"state": np.arange(78, dtype=np.float32).reshape(2, 39),
                                                      "task": "reach"}}


@pytest.mark.parametrize("dtype", ALLOWED_DTYPES)
def test_arrays_round_trip_bit_exact_for_every_allowed_dtype(dtype):
    rng = np.random.default_rng(0)
    a = (rng.normal(size=(2, 3, 5)) * 100).astype(dtype)
    out = decode(encode({"type": "infer", "id": 1, "obs": {"x": a}}))["obs"]["x"]
    assert out.dtype == a.dtype and out.shape == a.shape
    assert out.tobytes() == a.tobytes()


def test_big_endian_and_non_contiguous_arrays_arrive_as_the_same_values():
    a = np.arange(24, dtype=">f8").reshape(4, 6)[:, ::2]
    out = decode(encode({"type": "infer", "id": 1, "obs": {"x": a}}))["obs"]["x"]
    np.testing.assert_array_equal(out, a)


def test_reply_with_actions_round_trips():
    chunk = np.linspace(-1, 1, 16 * 7, dtype=np.float32).reshape(16, 7)
    msg = decode(encode({"type": "infer", "id": 9, "actions": chunk, "timing": {"infer_ms": 1.5}}))
    np.testing.assert_array_equal(msg["actions"], chunk)
    assert msg["v"] == PROTOCOL_VERSION and msg["timing"]["infer_ms"] == 1.5


def test_wrong_version_is_refused():
    raw = msgpack.packb({"v": PROTOCOL_VERSION + 1, "type": "health"})
    with pytest.raises(ProtocolError, match="version"):
        decode(raw)


def test_every_truncation_of_a_valid_message_is_refused():
    raw = encode(infer_request())
    for cut in range(len(raw)):
        with pytest.raises(ProtocolError):
            decode(raw[:cut])


def test_trailing_bytes_are_refused():
    with pytest.raises(ProtocolError):
        decode(encode(infer_request()) + b"\x00")


def test_oversized_message_is_refused_before_parsing():
    raw = encode({"type": "infer", "id": 1, "obs": {"x": np.zeros(5000, np.float32)}})
    with pytest.raises(ProtocolError, match="exceeds the limit"):
        decode(raw, ProtocolLimits(max_message_bytes=len(raw) - 1))


def test_array_with_too_many_elements_is_refused():
    raw = encode({"type": "infer", "id": 1, "obs": {"x": np.zeros((10, 11), np.uint8)}})
    with pytest.raises(ProtocolError, match="elements"):
        decode(raw, ProtocolLimits(max_array_elements=109))


def _ext(header: dict) -> bytes:
    payload = msgpack.packb(header, use_bin_type=True)
    return msgpack.packb({"v": 1, "type": "infer", "id": 1, "obs": {"x": msgpack.ExtType(ARRAY_EXT_CODE, payload)}},
                         use_bin_type=True)


@pytest.mark.parametrize("header, match", [
    ({"dtype": "object", "shape": [1], "data": b"\x00" * 8}, "not allowed"),
    ({"dtype": "float32", "shape": [3], "data": b"\x00" * 8}, "bytes"),
    ({"dtype": "float32", "shape": [-1], "data": b""}, "shape"),
    ({"dtype": "float32", "shape": [1.5], "data": b"\x00" * 4}, "shape"),
    ({"dtype": "float32", "shape": [1]}, "exactly"),
    ({"dtype": "float32", "shape": [1], "data": "abcd"}, "bytes"),
])
def test_malformed_array_headers_are_refused(header, match):
    with pytest.raises(ProtocolError, match=match):
        decode(_ext(header))


def test_pickle_is_never_unpickled():
    class Boom:
        def __reduce__(self):
            return (exec, ("raise SystemExit('pickle was executed')",))

    with pytest.raises(ProtocolError):
        decode(pickle.dumps(Boom()))
    with pytest.raises(ProtocolError, match="extension"):  # an unknown ext code holding a pickle
        decode(msgpack.packb({"v": 1, "type": "health", "x": msgpack.ExtType(42, pickle.dumps([1]))}))


@pytest.mark.parametrize("message", [
    {"v": 1, "type": "launch"},
    {"v": 1, "type": "infer", "obs": {"x": 1}},
    {"v": 1, "type": "infer", "id": "7", "obs": {}},
    {"v": 1, "type": "infer", "id": 7, "obs": {"task": 5}},
    {"v": 1, "type": "infer", "id": 7, "obs": {"x": [1, 2]}},
    {"v": 1, "type": "error"},
    [1, "type", "infer"],
    "infer",
])
def test_schema_violations_are_refused(message):
    with pytest.raises(ProtocolError):
        decode(msgpack.packb(message))


def test_encoder_refuses_objects_it_cannot_send_safely():
    with pytest.raises(ProtocolError):
        encode({"type": "health", "x": object()})
    with pytest.raises(ProtocolError):
        encode({"type": "health", "x": np.array([object()])})


# ---------------------------------------------------------------------------------------------- fuzzing
def _decode_or_protocol_error(raw: bytes) -> None:
    try:
        out = decode(raw, ProtocolLimits(max_message_bytes=4096, max_array_elements=1024, max_container_len=64))
    except ProtocolError:
        return
    assert isinstance(out, dict) and out["v"] == PROTOCOL_VERSION  # anything accepted passed validation


@settings(max_examples=FUZZ_EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.binary(max_size=512))
def test_fuzz_random_bytes_only_raise_protocol_error(raw):
    fuzz_counter["random_bytes"] += 1
    _decode_or_protocol_error(raw)


@settings(max_examples=FUZZ_EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_fuzz_mutated_valid_messages_only_raise_protocol_error(data):
    fuzz_counter["mutated"] += 1
    raw = bytearray(encode(infer_request()))
    for _ in range(data.draw(st.integers(1, 8))):
        position = data.draw(st.integers(0, len(raw) - 1))
        raw[position] = data.draw(st.integers(0, 255))
    if data.draw(st.booleans()):
        raw = raw[: data.draw(st.integers(0, len(raw)))]
    _decode_or_protocol_error(bytes(raw))


msgpack_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**63, 2**64 - 1) | st.floats() | st.text(max_size=20) | st.binary(max_size=20),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=8), children, max_size=5),
    max_leaves=20)


@settings(max_examples=FUZZ_EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.dictionaries(st.sampled_from(["v", "type", "id", "obs", "actions", "message", "x"]), msgpack_values,
                       max_size=6))
def test_fuzz_structured_messages_only_raise_protocol_error(message):
    fuzz_counter["messages"] += 1
    _decode_or_protocol_error(msgpack.packb(message, use_bin_type=True))


def test_zz_report_fuzz_counts():
    """Runs after the fuzz tests in this module (file order): prints how many inputs the decoder saw."""
    total = sum(fuzz_counter.values())
    print(f"\nfuzzed decoder inputs: {fuzz_counter} total={total}")
    assert total == 0 or total >= FUZZ_EXAMPLES  # when the fuzz tests ran, hypothesis ran them fully


def test_an_rtc_request_round_trips_with_its_nan_rows_and_old_requests_need_none():
    prefix = np.full((7, 4), np.nan)
    prefix[:3] = np.arange(12).reshape(3, 4) / 10
    rtc = {"prefix": prefix, "delay": 2, "max_guidance": 5.0, "schedule": "exp", "jacobian": "identity"}
    out = decode(encode({**infer_request(), "rtc": rtc}))["rtc"]
    np.testing.assert_array_equal(out["prefix"], prefix)  # NaN rows (nothing queued) survive
    assert {k: v for k, v in out.items() if k != "prefix"} == {k: v for k, v in rtc.items() if k != "prefix"}
    assert "rtc" not in decode(encode(infer_request()))  # the field is optional: older clients send none


@pytest.mark.parametrize("rtc, message", [
    ({"prefix": np.zeros((3, 2)), "delay": -1}, "int >= 0"),
    ({"prefix": np.zeros((3, 2)), "delay": np.int64(2), "extra": 1}, "unknown fields"),
    ({"prefix": np.array([[0.0, np.nan]]), "delay": 0}, "partly-NaN"),
    ({"prefix": np.zeros((3, 2), np.uint8), "delay": 0}, "2-D float array"),
    ({"prefix": np.zeros((3, 2)), "delay": 0, "jacobian": "exact"}, r"rtc\['jacobian'\]='exact' is not valid"),
    ("prefix", "must be a map"),
])
def test_malformed_rtc_fields_are_protocol_errors(rtc, message):
    with pytest.raises(ProtocolError, match=message):
        decode(encode({**infer_request(), "rtc": rtc}))
