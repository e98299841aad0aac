"""Typed schema of ``configs/deploy.yaml`` (``robopolicy deploy``), registered in Hydra's ConfigStore; numeric
settings, the daemon's included, are range-checked at start-up (``robopolicy.ranges``). No torch here."""

from __future__ import annotations

from dataclasses import dataclass, field

from hydra.core.config_store import ConfigStore

from robopolicy.ranges import greater_than
from robopolicy.real.daemon import DaemonConfig


@dataclass
class DeployConfig:
    # a profile in real/profiles/ (metaworld_reach, metaworld_push, so101_sim, so100) or a YAML path
    robot: str = "metaworld_reach"
    # ws://host:port (a policy server) or a checkpoint directory (loaded in this process)
    policy: str | None = None
    token_file: str | None = None  # the server's token; or the environment variable named below
    token_env: str = "ROBOPOLICY_TOKEN"
    # an inference round trip longer than this counts as a lost server
    request_timeout_s: float = field(default=2.0, metadata=greater_than(0.0))
    connect_timeout_s: float = field(default=0.5, metadata=greater_than(0.0))
    # default: runs/deploy/<timestamp>; holds episodes.zarr, status.json, the estop file
    run_dir: str | None = None
    name: str = ""
    log_level: str = "INFO"
    daemon: DaemonConfig = field(default_factory=DaemonConfig)


SCHEMAS: dict[str, type] = {"deploy": DeployConfig}
ConfigStore.instance().store(name="deploy_schema", node=DeployConfig)
