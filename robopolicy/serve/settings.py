"""Typed schema of ``configs/serve.yaml`` (``robopolicy serve``), registered in Hydra's ConfigStore; numeric
settings are range-checked at start-up (``robopolicy.ranges``). The one home of serve's defaults:
``configs/serve.yaml`` states no value, and ``serve.server.ServerConfig`` takes its defaults from here (the
message limits from ``serve.protocol.DEFAULT_LIMITS``, what the decoder accepts)."""

from __future__ import annotations

from dataclasses import dataclass, field

from hydra.core.config_store import ConfigStore

from robopolicy.ranges import at_least, between
from robopolicy.serve.protocol import DEFAULT_LIMITS


@dataclass
class ServeConfig:
    """``robopolicy serve``: host a policy over websocket + msgpack (docs/deploy.md)."""

    # a checkpoint directory, or expert:metaworld/<task>-v3 or expert:so101/pick-place (scripted expert, for pipeline tests)
    policy: str | None = None
    device: str = "cpu"
    host: str = "127.0.0.1"  # loopback by default; any other address also needs allow_remote=true
    port: int = field(default=8765, metadata=between(0, 65535))  # 0: any free port
    allow_remote: bool = False
    token_file: str | None = None  # a file holding the token (one line); or set the variable named below
    token_env: str = "ROBOPOLICY_TOKEN"
    max_batch: int = field(default=8, metadata=at_least(1))  # concurrent requests gathered into one policy call
    # how long the first request of a batch waits for company (ms: the one unit, also in ServerConfig)
    batch_window_ms: float = field(default=2.0, metadata=at_least(0.0))
    # larger messages get an error reply
    max_message_bytes: int = field(default=DEFAULT_LIMITS.max_message_bytes, metadata=at_least(1))
    # larger frames close the connection
    transport_max_bytes: int = field(default=2 * DEFAULT_LIMITS.max_message_bytes, metadata=at_least(1))
    max_array_elements: int = field(default=DEFAULT_LIMITS.max_array_elements, metadata=at_least(1))
    expert_pred_horizon: int = field(default=4, metadata=at_least(1))  # chunk length of the expert: sampler
    log_level: str = "INFO"


SCHEMAS: dict[str, type] = {"serve": ServeConfig}
ConfigStore.instance().store(name="serve_schema", node=ServeConfig)
