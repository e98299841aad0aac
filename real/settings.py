"""Typed schema of ``configs/deploy.yaml`` (``robopolicy deploy``), registered in Hydra's ConfigStore; numeric
settings, the daemon's included, are range-checked at start-up (``robopolicy.ranges``). No torch here."""

from __future__ import annotations

from dataclasses import dataclass, field

from hydra.core.config_store import ConfigStore

from robopolicy.ranges import greater_than
from robopolicy.real.daemon import DaemonConfig


@dataclass
class DeployConfig:
    robot: str = "metaworld_reach"
    policy: str | None = None
    token_file: str | None = None
    token_env: str = "ROBOPOLICY_TOKEN"
    request_timeout_s: float = field(default=2.0, metadata=greater_than(0.0))
    connect_timeout_s: float = field(default=0.5, metadata=greater_than(0.0))
    run_dir: str | None = None
    name: str = ""
    log_level: str = "INFO"
    daemon: DaemonConfig = field(default_factory=DaemonConfig)


SCHEMAS: dict[str, type] = {"deploy": DeployConfig}
ConfigStore.instance().store(name="deploy_schema", node=DeployConfig)
