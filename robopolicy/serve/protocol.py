"""The wire protocol between the policy server and the robot: msgpack with numpy arrays, never pickle.

Every message is one msgpack map with a version and a type::

    {"v": 1, "type": "infer", "id": 7, "obs": {"state": (To, Ds) float32 array, "task": "push the puck"}}
    {"v": 1, "type": "infer", "id": 8, "obs": {...}, "rtc": {"prefix": (H, Da) float array, "delay": 3}}
    {"v": 1, "type": "infer", "id": 7, "actions": (Tp, Da) float32 array, "timing": {"infer_ms", "queue_ms", ...}}
    {"v": 1, "type": "metadata", "spec": {...}, "checkpoint_hash": "...", ...}
    {"v": 1, "type": "health", "status": "ok"}
    {"v": 1, "type": "error", "code": "bad_message", "message": "..."}

The optional ``rtc`` field asks for real-time chunking (``robopolicy.policies.rtc``): ``prefix`` is the plan
queued on the robot from the observation's tick on (raw action units; rows past the queued plan are all NaN),
``delay`` how many of its actions are committed (executed before the chunk can arrive); optional
``max_guidance`` (> 0), ``schedule`` and ``jacobian`` override the server's RTC settings. A request without it
is plain sampling (older clients); the metadata's ``rtc`` says whether the served policy supports it.

A numpy array travels as msgpack extension type ``ARRAY_EXT_CODE`` whose payload is itself a msgpack map
``{"dtype": "float32", "shape": [To, Ds], "data": <raw little-endian bytes>}``. The decoder is strict: it
checks the total size before parsing, caps every container, accepts only the dtypes in ``ALLOWED_DTYPES``,
checks that the bytes match the shape exactly, and validates the schema of each message type. Anything else
raises ``ProtocolError`` (never a crash, never an object the sender chose).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import msgpack
import numpy as np

from robopolicy.errors import RobopolicyError
from robopolicy.execution import RTC_JACOBIANS, RTC_SCHEDULES

PROTOCOL_VERSION = 1
ARRAY_EXT_CODE = 1
MESSAGE_TYPES = ("infer", "metadata", "health", "error")
ALLOWED_DTYPES = ("bool", "uint8", "int8", "uint16", "int16", "uint32", "int32", "int64", "float16", "float32",
                  "float64")
MAX_ARRAY_DIMS = 8
MAX_OBS_KEYS = 64
RTC_FIELDS = ("prefix", "delay", "max_guidance", "schedule", "jacobian")
FLOAT_DTYPES = ("float16", "float32", "float64")


class ProtocolError(RobopolicyError):
    """A message is malformed, truncated, too large, of an unknown type or of another protocol version."""


@dataclass(frozen=True)
class ProtocolLimits:
    """What the decoder accepts. The defaults fit a few camera images of a few hundred pixels per side."""

    max_message_bytes: int = 32 * 1024 * 1024
    max_array_elements: int = 8 * 1024 * 1024
    max_container_len: int = 4096
    max_string_len: int = 64 * 1024


DEFAULT_LIMITS = ProtocolLimits()


# ---------------------------------------------------------------------------------------------- encoding
def _encode_default(obj: Any) -> Any:
    if isinstance(obj, np.ndarray):
        if obj.dtype.name not in ALLOWED_DTYPES:
            raise ProtocolError(f"cannot send an array of dtype {obj.dtype}; allowed: {', '.join(ALLOWED_DTYPES)}")
        little = np.ascontiguousarray(obj, dtype=obj.dtype.newbyteorder("<"))
        payload = msgpack.packb({"dtype": obj.dtype.name, "shape": list(obj.shape), "data": little.tobytes()},
                                use_bin_type=True)
        return msgpack.ExtType(ARRAY_EXT_CODE, payload)
    if isinstance(obj, np.generic):
        return obj.item()
    raise ProtocolError(f"cannot encode a {type(obj).__name__}; send numpy arrays, numbers, strings, lists, dicts")


def encode(message: Mapping[str, Any]) -> bytes:
    """Pack one message (a dict with ``type``; ``v`` is added). Numpy arrays become array extensions."""
    if message.get("type") not in MESSAGE_TYPES:
        raise ProtocolError(f"unknown message type {message.get('type')!r}; valid: {', '.join(MESSAGE_TYPES)}")
    return msgpack.packb({"v": PROTOCOL_VERSION, **message}, default=_encode_default, use_bin_type=True)


# ---------------------------------------------------------------------------------------------- decoding
def _array_from_ext(payload: bytes, limits: ProtocolLimits) -> np.ndarray:
    try:
        header = msgpack.unpackb(payload, raw=False, strict_map_key=True, max_bin_len=len(payload),
                                 max_str_len=64, max_array_len=MAX_ARRAY_DIMS, max_map_len=3, max_ext_len=0)
    except Exception as e:  # msgpack raises several exception types for corrupt input
        raise ProtocolError(f"corrupt array payload ({type(e).__name__})") from None
    if not isinstance(header, dict) or set(header) != {"dtype", "shape", "data"}:
        raise ProtocolError("an array needs exactly the fields dtype, shape, data")
    dtype, shape, data = header["dtype"], header["shape"], header["data"]
    if dtype not in ALLOWED_DTYPES:
        raise ProtocolError(f"array dtype {dtype!r} is not allowed; allowed: {', '.join(ALLOWED_DTYPES)}")
    if (not isinstance(shape, list) or len(shape) > MAX_ARRAY_DIMS
            or not all(type(s) is int and s >= 0 for s in shape)):
        raise ProtocolError(f"array shape must be a list of at most {MAX_ARRAY_DIMS} non-negative ints, got {shape!r}")
    elements = 1
    for s in shape:
        elements *= s
    if elements > limits.max_array_elements:
        raise ProtocolError(f"array of {elements} elements exceeds the limit of {limits.max_array_elements}")
    if not isinstance(data, bytes):
        raise ProtocolError("array data must be bytes")
    want = np.dtype(dtype).newbyteorder("<")
    if len(data) != elements * want.itemsize:
        raise ProtocolError(f"array data has {len(data)} bytes, shape {shape} {dtype} needs {elements * want.itemsize}")
    return np.frombuffer(data, dtype=want).astype(np.dtype(dtype), copy=True).reshape(shape)


def decode(raw: bytes | bytearray | memoryview, limits: ProtocolLimits = DEFAULT_LIMITS) -> dict[str, Any]:
    """Unpack and validate one message; raise ``ProtocolError`` for anything malformed."""
    if isinstance(raw, str) or not isinstance(raw, (bytes, bytearray, memoryview)):
        raise ProtocolError(f"a message must be binary, got {type(raw).__name__}")
    if len(raw) > limits.max_message_bytes:
        raise ProtocolError(f"message of {len(raw)} bytes exceeds the limit of {limits.max_message_bytes}")
    if len(raw) == 0:
        raise ProtocolError("empty message")

    def ext_hook(code: int, payload: bytes) -> np.ndarray:
        if code != ARRAY_EXT_CODE:
            raise ProtocolError(f"unknown msgpack extension type {code}")
        return _array_from_ext(payload, limits)

    try:
        message = msgpack.unpackb(bytes(raw), raw=False, strict_map_key=True, ext_hook=ext_hook,
                                  max_bin_len=limits.max_message_bytes, max_str_len=limits.max_string_len,
                                  max_array_len=limits.max_container_len, max_map_len=limits.max_container_len,
                                  max_ext_len=limits.max_message_bytes)
    except ProtocolError:
        raise
    except Exception as e:  # truncated, extra data, bad utf-8, too deep, ...
        raise ProtocolError(f"malformed msgpack ({type(e).__name__}: {str(e)[:120]})") from None
    return validate(message)


def _require(message: dict[str, Any], field: str, kind: type | tuple[type, ...]) -> Any:
    value = message.get(field)
    if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
        raise ProtocolError(f"{message.get('type')} message needs field {field!r} of type "
                            f"{getattr(kind, '__name__', kind)}, got {type(value).__name__}")
    return value


def validate(message: Any) -> dict[str, Any]:
    """Check the schema of a decoded message (version, type, required fields)."""
    if not isinstance(message, dict):
        raise ProtocolError(f"a message must be a map, got {type(message).__name__}")
    version = message.get("v")
    if version != PROTOCOL_VERSION:
        raise ProtocolError(f"protocol version {version!r} is not supported (this side speaks v{PROTOCOL_VERSION})")
    kind = message.get("type")
    if kind not in MESSAGE_TYPES:
        raise ProtocolError(f"unknown message type {kind!r}; valid: {', '.join(MESSAGE_TYPES)}")
    if kind == "infer":
        _require(message, "id", int)
        if "obs" in message:
            _validate_obs(_require(message, "obs", dict))
            if "rtc" in message:
                _validate_rtc(message["rtc"])
        elif not isinstance(message.get("actions"), np.ndarray) or message["actions"].ndim != 2:
            raise ProtocolError("an infer message carries 'obs' (request) or a 2-D 'actions' array (reply)")
    elif kind == "error":
        _require(message, "message", str)
    return message


def _validate_obs(obs: dict[str, Any]) -> None:
    if not obs or len(obs) > MAX_OBS_KEYS:
        raise ProtocolError(f"'obs' needs between 1 and {MAX_OBS_KEYS} keys, got {len(obs)}")
    for key, value in obs.items():
        if key == "task":
            if not isinstance(value, str):
                raise ProtocolError(f"obs['task'] must be a string, got {type(value).__name__}")
        elif not isinstance(value, np.ndarray) or value.ndim < 1:
            raise ProtocolError(f"obs[{key!r}] must be an array with a time axis (To, ...), got {type(value).__name__}")


def _validate_rtc(rtc: Any) -> None:
    """The ``rtc`` field of a request: a map with a 2-D float ``prefix`` (rows all finite or all NaN) and an int
    ``delay`` >= 0; the optional settings within their valid values."""
    if not isinstance(rtc, dict):
        raise ProtocolError(f"'rtc' must be a map with prefix and delay, got {type(rtc).__name__}")
    unknown = sorted(set(rtc) - set(RTC_FIELDS), key=str)
    if unknown:
        raise ProtocolError(f"'rtc' has unknown fields {unknown}; valid: {', '.join(RTC_FIELDS)}")
    prefix = rtc.get("prefix")
    if not isinstance(prefix, np.ndarray) or prefix.ndim != 2 or prefix.dtype.name not in FLOAT_DTYPES:
        raise ProtocolError("rtc['prefix'] must be a 2-D float array (H, Da), got "
                            f"{getattr(prefix, 'shape', type(prefix).__name__)} {getattr(prefix, 'dtype', '')}".rstrip())
    finite, nan = np.isfinite(prefix), np.isnan(prefix)
    if not np.all(finite.all(axis=1) | nan.all(axis=1)):
        raise ProtocolError("rtc['prefix'] rows must be all finite (queued actions) or all NaN (nothing queued); "
                            "it holds inf or partly-NaN rows")
    delay = rtc.get("delay")
    if type(delay) is not int or delay < 0:
        raise ProtocolError(f"rtc['delay'] must be an int >= 0 (committed actions), got {delay!r}")
    guidance = rtc.get("max_guidance", 1.0)
    if (isinstance(guidance, bool) or not isinstance(guidance, (int, float)) or not np.isfinite(guidance)
            or guidance <= 0):
        raise ProtocolError(f"rtc['max_guidance'] must be a number > 0, got {guidance!r}")
    for key, valid in (("schedule", RTC_SCHEDULES), ("jacobian", RTC_JACOBIANS)):
        if key in rtc and rtc[key] not in valid:
            raise ProtocolError(f"rtc[{key!r}]={rtc[key]!r} is not valid; valid: {', '.join(valid)}")


def error_message(code: str, text: str, request_id: int | None = None) -> dict[str, Any]:
    """An error reply; ``code`` is machine-readable (``bad_message``, ``bad_request``, ``policy_error``)."""
    out: dict[str, Any] = {"type": "error", "code": code, "message": text}
    if request_id is not None:
        out["id"] = request_id
    return out
