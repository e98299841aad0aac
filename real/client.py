"""The robot-side policy client: a synchronous websocket client with no ML dependencies (no torch).

``PolicyClient(url, token).infer(obs)`` sends one observation window ``{key: (To, *shape)}`` and returns the
``(Tp, Da)`` action chunk and the timing (server ``infer_ms``/``queue_ms`` plus the client's ``round_trip_ms``).
A dropped connection is re-opened on the next call; while the server is away every call raises
``PolicyUnavailable`` quickly, so the caller (the daemon's inference thread) decides how to wait.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np
from websockets.exceptions import ConnectionClosed, InvalidStatus, WebSocketException
from websockets.sync.client import ClientConnection, connect

from robopolicy.errors import RobopolicyError
from robopolicy.serve.protocol import DEFAULT_LIMITS, ProtocolError, ProtocolLimits, decode, encode


class PolicyUnavailable(RobopolicyError):
    """The server cannot be reached, refused us, or closed the connection."""


class PolicyRequestError(RobopolicyError):
    """The server answered a request with an error reply (bad observation, policy failure)."""


class PolicyClient:
    """Talk to ``robopolicy serve`` at ``url`` (``ws://host:port``) with the shared ``token``."""

    def __init__(self, url: str, token: str, timeout_s: float = 5.0, open_timeout_s: float = 2.0,
                 limits: ProtocolLimits = DEFAULT_LIMITS):
        self.url = url
        self.token = token
        self.timeout_s = timeout_s
        self.open_timeout_s = open_timeout_s
        self.limits = limits
        self._connection: ClientConnection | None = None
        self._metadata: dict[str, Any] | None = None
        self._next_id = 0
        self.reconnects = 0

    # ------------------------------------------------------------------ connection
    @property
    def connected(self) -> bool:
        return self._connection is not None

    def connect(self) -> dict[str, Any]:
        """Open the connection and read the metadata the server sends first; returns the metadata."""
        self.close()
        try:
            connection = connect(self.url, additional_headers={"Authorization": f"Bearer {self.token}"},
                                 open_timeout=self.open_timeout_s, max_size=2 * self.limits.max_message_bytes,
                                 compression=None, proxy=None)
        except InvalidStatus as e:
            raise PolicyUnavailable(f"{self.url} refused the connection (HTTP {e.response.status_code}); "
                                    "check the token") from None
        except (OSError, TimeoutError, WebSocketException) as e:
            raise PolicyUnavailable(f"cannot reach {self.url}: {type(e).__name__}: {e}") from None
        self._connection = connection
        message = self._receive()
        if message["type"] != "metadata":
            self.close()
            raise PolicyUnavailable(f"{self.url} sent {message['type']!r} first, expected metadata")
        if self._metadata is not None:
            self.reconnects += 1
        self._metadata = message
        return message

    def close(self) -> None:
        if self._connection is not None:
            try:
                self._connection.close()
            except Exception:  # closing a broken socket may fail; it is gone either way
                pass
            self._connection = None

    def __enter__(self) -> PolicyClient:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # ------------------------------------------------------------------ messages
    def _receive(self) -> dict[str, Any]:
        assert self._connection is not None
        try:
            raw = self._connection.recv(timeout=self.timeout_s)
        except (ConnectionClosed, OSError, TimeoutError) as e:
            self.close()
            raise PolicyUnavailable(f"lost {self.url}: {type(e).__name__}: {e}") from None
        try:
            return decode(raw, self.limits)
        except ProtocolError as e:
            self.close()
            raise PolicyUnavailable(f"{self.url} sent a malformed message: {e}") from None

    def _request(self, message: dict[str, Any]) -> dict[str, Any]:
        if self._connection is None:
            self.connect()
        assert self._connection is not None
        try:
            self._connection.send(encode(message))
        except (ConnectionClosed, OSError) as e:
            self.close()
            raise PolicyUnavailable(f"lost {self.url}: {type(e).__name__}: {e}") from None
        reply = self._receive()
        if reply["type"] == "error":
            raise PolicyRequestError(f"server error ({reply.get('code')}): {reply['message']}")
        return reply

    def metadata(self) -> dict[str, Any]:
        """The policy's metadata (spec dict, horizons, control rate, checkpoint hash), connecting if needed."""
        if self._metadata is None or self._connection is None:
            return self.connect()
        return self._metadata

    def infer(self, obs: dict[str, Any], rtc: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, float]]:
        """One observation window ``{key: (To, *shape)}`` -> ``((Tp, Da) float32 chunk, timing in ms)``.

        ``rtc``: ``{"prefix": (H, Da), "delay": d, ...}`` asks for real-time chunking (see ``protocol``)."""
        started = time.perf_counter()
        self._next_id += 1
        message: dict[str, Any] = {"type": "infer", "id": self._next_id, "obs": obs}
        if rtc is not None:
            message["rtc"] = rtc
        reply = self._request(message)
        if reply["type"] != "infer" or reply.get("id") != self._next_id:
            self.close()
            raise PolicyUnavailable(f"out-of-order reply from {self.url}: {reply['type']} id={reply.get('id')}")
        timing = {k: float(v) for k, v in dict(reply.get("timing", {})).items()}
        timing["round_trip_ms"] = (time.perf_counter() - started) * 1e3
        return np.asarray(reply["actions"], dtype=np.float32), timing

    def health(self) -> bool:
        return self._request({"type": "health"}).get("status") == "ok"
