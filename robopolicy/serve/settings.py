"""Typed schema of ``configs/serve.yaml`` (``robopolicy serve``), registered in Hydra's ConfigStore; numeric
settings are range-checked at start-up (``robopolicy.ranges``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from hydra.core.config_store import ConfigStore

from robopolicy.ranges import at_least, between


@dataclass
class ServeConfig:
    policy: str | None = None
    device: str = "cpu"
    host: str = "127.0.0.1"
    port: int = field(default=8765, metadata=between(0, 65535))  # 0: any free port
    allow_remote: bool = False
    token_file: str | None = None
    token_env: str = "ROBOPOLICY_TOKEN"
    max_batch: int = field(default=8, metadata=at_least(1))
    batch_window_ms: float = field(default=2.0, metadata=at_least(0.0))
    max_message_bytes: int = field(default=33554432, metadata=at_least(1))
    transport_max_bytes: int = field(default=67108864, metadata=at_least(1))
    max_array_elements: int = field(default=8388608, metadata=at_least(1))
    expert_pred_horizon: int = field(default=4, metadata=at_least(1))
    log_level: str = "INFO"


SCHEMAS: dict[str, type] = {"serve": ServeConfig}
ConfigStore.instance().store(name="serve_schema", node=ServeConfig)
