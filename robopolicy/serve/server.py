"""The policy server: hosts any ``Sampler`` over websocket + msgpack (see ``robopolicy.serve.protocol``).

On connect the server sends the policy's metadata (spec, horizons, control rate, checkpoint hash). Each
``infer`` request carries one observation window ``{key: (To, *shape)}``; concurrent requests are batched into
one policy call; the reply carries the ``(Tp, Da)`` chunk and the server-side timing (``infer_ms``,
``queue_ms``, ``batch_size``). A request with an ``rtc`` field (the robot's queued plan and the committed delay)
is sampled with real-time chunking (``robopolicy.policies.rtc.rtc_sample``); the metadata's ``rtc`` says whether
the policy supports it (flow and diffusion heads), and an RTC request to a policy that cannot is refused. ``GET /healthz`` answers over plain HTTP without a token and says nothing
about the model. Every other request needs ``Authorization: Bearer <token>``; a missing or wrong token is
refused at the handshake with HTTP 401, more than one ``Authorization`` header with HTTP 400. A bad message
(malformed, wrong shape, non-finite observation values) gets an error reply, and so does one the policy answers with a
non-finite chunk (NaN or inf: never sent as actions); the connection stays open.
"""

from __future__ import annotations

import hmac
import json
import logging
import time
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any

import numpy as np
from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from robopolicy.config import schema_field
from robopolicy.errors import RobopolicyError
from robopolicy.execution import ExecutionSettings
from robopolicy.serve.batching import RequestBatcher, RTCRequest
from robopolicy.serve.protocol import (
    DEFAULT_LIMITS,
    ProtocolError,
    ProtocolLimits,
    decode,
    encode,
    error_message,
)
from robopolicy.serve.settings import ServeConfig
from robopolicy.version import code_version

log = logging.getLogger(__name__)

HEALTH_PATH = "/healthz"
AUTH_SCHEME = "Bearer "


@dataclass
class ServerConfig:
    """What the server runs with; every default is ``ServeConfig``'s (``robopolicy serve``'s schema, their one
    home), ``batch_window_ms`` in its unit (milliseconds), turned into seconds only by ``batch_window_s``."""

    host: str = schema_field(ServeConfig, "host")
    port: int = schema_field(ServeConfig, "port")
    max_batch: int = schema_field(ServeConfig, "max_batch")
    batch_window_ms: float = schema_field(ServeConfig, "batch_window_ms")
    limits: ProtocolLimits = DEFAULT_LIMITS  # ServeConfig's max_message_bytes and max_array_elements come from it
    # frames above this close the connection
    transport_max_bytes: int = schema_field(ServeConfig, "transport_max_bytes")

    @property
    def batch_window_s(self) -> float:
        return self.batch_window_ms / 1e3


def rtc_unsupported_reason(sampler: Any) -> str | None:
    """None when ``sampler`` can do real-time chunking, else why not (one line)."""
    try:
        from robopolicy.policies.rtc import check_rtc_support
    except ImportError as e:  # a server without the policy stack (torch)
        return f"real-time chunking needs the policy stack: {e}"
    try:
        check_rtc_support(sampler)
    except RobopolicyError as e:
        return str(e)
    return None


def sampler_batch_function(sampler: Any):
    """Wrap ``sampler.sample`` (``(B, n, Tp, Da)`` tensor or array) as stacked obs -> ``(B, Tp, Da)`` float32;
    with ``rtc`` = ``(prefixes (B, H, Da), delays (B,), (max_guidance, schedule, jacobian))``, ``rtc_sample``."""

    def run(obs: dict[str, Any], rtc: tuple | None = None) -> np.ndarray:
        if rtc is None:
            out = sampler.sample(obs, n=1)
        else:
            from robopolicy.policies.rtc import rtc_sample

            prefixes, delays, (guidance, schedule, jacobian) = rtc
            settings = ExecutionSettings(strategy="rtc", rtc_max_guidance=guidance, rtc_schedule=schedule,
                                         rtc_jacobian=jacobian)
            out = rtc_sample(sampler, obs, prefixes, delays, settings=settings)
        if hasattr(out, "detach"):
            out = out.detach().cpu().numpy()
        out = np.asarray(out, dtype=np.float32)
        if out.ndim != 4 or out.shape[1] != 1:
            raise ValueError(f"sampler returned shape {out.shape}, expected (B, 1, Tp, Da)")
        return out[:, 0]

    return run


def _plain_response(status: HTTPStatus, body: dict[str, Any]) -> Response:
    data = json.dumps(body).encode()
    headers = Headers([("Content-Type", "application/json"), ("Content-Length", str(len(data))),
                       ("Connection", "close")])
    return Response(status.value, status.phrase, headers, data)


class PolicyServer:
    """Serve ``sampler`` to clients holding ``token``. ``await server.start()`` then ``await server.wait()``."""

    def __init__(self, sampler: Any, token: str, policy_id: str, config: ServerConfig | None = None):
        if not token:
            raise ValueError("the server needs a non-empty token")
        self.sampler = sampler
        self.spec = sampler.spec
        self.token = token
        self.policy_id = policy_id
        self.config = config or ServerConfig()
        self.started_at = time.time()
        self.requests_served = 0
        self.errors_sent = 0
        self.rtc_unsupported = rtc_unsupported_reason(sampler)
        self._batcher = RequestBatcher(sampler_batch_function(sampler), self.config.max_batch,
                                       self.config.batch_window_s)
        self._server: Server | None = None

    # ------------------------------------------------------------------ metadata
    def metadata(self) -> dict[str, Any]:
        spec = self.spec
        return {"type": "metadata", "spec": spec.to_dict(), "obs_horizon": spec.obs_horizon,
                "pred_horizon": spec.pred_horizon, "exec_horizon": spec.exec_horizon,
                "control_rate": float(spec.control_rate), "action_dim": spec.action_dim,
                "language": bool(spec.language), "checkpoint_hash": self.policy_id,
                "server_version": code_version(), "max_batch": self.config.max_batch,
                "rtc": self.rtc_unsupported is None}

    # ------------------------------------------------------------------ handshake: health + auth
    def _process_request(self, connection: ServerConnection, request: Request) -> Response | None:
        if request.path.split("?", 1)[0] == HEALTH_PATH:
            return _plain_response(HTTPStatus.OK, {"status": "ok", "uptime_s": round(time.time() - self.started_at, 1)})
        given = request.headers.get_all("Authorization")
        if len(given) > 1:
            log.warning("refused a connection from %s: %d Authorization headers", connection.remote_address, len(given))
            return _plain_response(HTTPStatus.BAD_REQUEST, {
                "error": f"send exactly one Authorization header (got {len(given)}): 'Authorization: Bearer <token>'"})
        header = given[0] if given else ""
        token = header[len(AUTH_SCHEME):] if header.startswith(AUTH_SCHEME) else ""
        if not hmac.compare_digest(token.encode(), self.token.encode()):
            log.warning("refused a connection from %s: missing or wrong token", connection.remote_address)
            return _plain_response(HTTPStatus.UNAUTHORIZED, {"error": "unauthorized"})
        return None

    # ------------------------------------------------------------------ messages
    def _check_obs(self, obs: dict[str, Any]) -> dict[str, Any]:
        spec = self.spec
        out: dict[str, Any] = {}
        for key, feature in spec.obs_features.items():
            if key not in obs:
                raise ProtocolError(f"obs is missing {key!r}; the policy reads {', '.join(spec.obs_features)}")
            value = obs[key]
            want = (spec.obs_horizon, *feature.shape)
            if not isinstance(value, np.ndarray) or value.shape != want:
                got = getattr(value, "shape", type(value).__name__)
                raise ProtocolError(f"obs[{key!r}] has shape {got}, the policy needs {want}")
            if feature.kind == "image" and value.dtype != np.uint8:
                raise ProtocolError(f"obs[{key!r}] is an image and must be uint8, got {value.dtype}")
            if feature.kind != "image":
                value = value.astype(np.float32, copy=False)
                if not np.all(np.isfinite(value)):
                    bad = int(np.size(value) - np.count_nonzero(np.isfinite(value)))
                    raise ProtocolError(f"obs[{key!r}] holds {bad} non-finite value(s) (NaN or inf); the policy "
                                        "would answer with garbage. Check the robot's sensors and drivers, and send "
                                        "only finite observations")
            out[key] = value
        if spec.language:
            if not isinstance(obs.get("task"), str):
                raise ProtocolError("this policy is language-conditioned: obs needs a 'task' string")
            out["task"] = obs["task"]
        return out

    def _check_rtc(self, rtc: dict[str, Any]) -> RTCRequest:
        """The ``rtc`` field (its structure checked by the protocol) against this policy."""
        if self.rtc_unsupported is not None:
            raise ProtocolError(f"this server cannot do real-time chunking: {self.rtc_unsupported}")
        spec = self.spec
        horizon = spec.pred_horizon - spec.obs_horizon + 1
        prefix = rtc["prefix"]
        if not 1 <= prefix.shape[0] <= horizon or prefix.shape[1] != spec.action_dim:
            raise ProtocolError(f"rtc['prefix'] has shape {prefix.shape}; the policy needs (H, {spec.action_dim}) "
                                f"with 1 <= H <= {horizon} (its actions from the observation's tick, Tp - To + 1)")
        defaults = ExecutionSettings(strategy="rtc")
        settings = (float(rtc.get("max_guidance", defaults.rtc_max_guidance)),
                    str(rtc.get("schedule", defaults.rtc_schedule)), str(rtc.get("jacobian", defaults.rtc_jacobian)))
        return RTCRequest(prefix.astype(np.float64), int(rtc["delay"]), settings)

    async def _reply(self, connection: ServerConnection, message: dict[str, Any]) -> None:
        if message["type"] == "error":
            self.errors_sent += 1
        await connection.send(encode(message))

    async def _handle_message(self, connection: ServerConnection, raw: Any) -> None:
        received = time.perf_counter()
        try:
            if isinstance(raw, str):
                raise ProtocolError("text frames are not accepted; send binary msgpack")
            message = decode(raw, self.config.limits)
        except ProtocolError as e:
            await self._reply(connection, error_message("bad_message", str(e)))
            return
        kind = message["type"]
        if kind == "metadata":
            await self._reply(connection, self.metadata())
        elif kind == "health":
            await self._reply(connection, {"type": "health", "status": "ok"})
        elif kind == "infer" and "obs" in message:
            request_id = message["id"]
            try:
                obs = self._check_obs(message["obs"])
                rtc = self._check_rtc(message["rtc"]) if "rtc" in message else None
            except ProtocolError as e:
                await self._reply(connection, error_message("bad_request", str(e), request_id))
                return
            try:
                result = await self._batcher.submit(obs, rtc)
            except Exception as e:  # the policy raised: the client learns what, the server keeps going
                log.exception("policy call failed")
                await self._reply(connection, error_message("policy_error", f"{type(e).__name__}: {e}", request_id))
                return
            if not np.all(np.isfinite(result.actions)):  # e.g. a finite but extreme observation (3e38)
                await self._reply(connection, error_message(
                    "policy_error", "the policy produced a non-finite action chunk (NaN or inf) for this observation; "
                    "check the observation's values against the ranges the policy was trained on", request_id))
                return
            self.requests_served += 1
            total_ms = (time.perf_counter() - received) * 1e3
            timing = {"infer_ms": result.infer_ms, "queue_ms": result.queue_ms, "batch_size": result.batch_size,
                      "server_ms": total_ms}
            if rtc is not None:
                timing["rtc_delay"] = rtc.delay
            await self._reply(connection, {"type": "infer", "id": request_id, "actions": result.actions,
                                           "timing": timing})
        else:
            await self._reply(connection, error_message("bad_request", f"a client cannot send {kind!r} messages"))

    async def _handler(self, connection: ServerConnection) -> None:
        try:
            await connection.send(encode(self.metadata()))
            async for raw in connection:
                # requests of one connection run in order; concurrent connections share batches
                await self._handle_message(connection, raw)
        except ConnectionClosed:
            pass

    # ------------------------------------------------------------------ lifecycle
    async def start(self) -> None:
        self._batcher.start()
        self._server = await serve(self._handler, self.config.host, self.config.port,
                                   process_request=self._process_request,
                                   max_size=self.config.transport_max_bytes, compression=None)
        log.info("serving %s on ws://%s:%d", self.policy_id, self.config.host, self.port)

    @property
    def port(self) -> int:
        if self._server is None:
            return self.config.port
        return self._server.sockets[0].getsockname()[1] if self._server.sockets else self.config.port

    async def wait(self) -> None:
        assert self._server is not None, "call start() first"
        await self._server.wait_closed()

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        await self._batcher.stop()
