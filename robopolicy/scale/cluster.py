"""Start a local Ray, or connect to a cluster, with the settings every robopolicy Ray job shares.

``address=None`` starts Ray in this process with ``num_cpus`` logical CPUs (no dashboard; session files under
``temp_dir`` when given); ``address="auto"`` or ``"ray://host:10001"`` connects to a running cluster. Workers get
one BLAS/OpenMP thread each (``WORKER_ENV``) so N actors on N cores do not oversubscribe them.

A local start turns Ray's token authentication off (``RAY_AUTH_MODE=disabled``): the local instance binds to
this machine only, and a token file written under ``~/.ray`` would outlive the run (tests must leave none).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from robopolicy.errors import RobopolicyError

WORKER_ENV = {"OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "MUJOCO_GL": "egl"}
AUTH_MODE_VAR, LOCAL_AUTH_MODE = "RAY_AUTH_MODE", "disabled"
CLUSTER_ADDRESS_FORMS = ("auto", "ray://<head>:10001", "<head ip>:6379")


class RayClusterError(RobopolicyError):
    """Ray could not be started or reached."""


def init_ray(address: str | None = None, num_cpus: int | None = None, temp_dir: str | None = None,
             log_to_driver: bool = False) -> bool:
    """Start or connect Ray unless it is already up; returns whether this call started/connected it.

    ``num_cpus`` and ``temp_dir`` only apply to a local start (a cluster has its own resources).
    """
    import ray

    if ray.is_initialized():
        return False
    runtime_env: dict[str, Any] = {"env_vars": dict(WORKER_ENV)}
    if address is None:
        os.environ.setdefault(AUTH_MODE_VAR, LOCAL_AUTH_MODE)
        kwargs: dict[str, Any] = {"num_cpus": num_cpus, "include_dashboard": False}
        if temp_dir is not None:
            kwargs["_temp_dir"] = str(temp_dir)
        try:
            ray.init(runtime_env=runtime_env, log_to_driver=log_to_driver, **kwargs)
        except Exception as e:  # noqa: BLE001 - re-raised as a user-facing error with the cause attached
            raise RayClusterError(f"could not start a local Ray (num_cpus={num_cpus}): {e}") from e
        return True
    if num_cpus is not None:
        raise RayClusterError(f"num_cpus={num_cpus} only applies to a local Ray; a cluster at {address!r} has its "
                              "own resources (drop num_cpus or address)")
    try:
        ray.init(address=address, runtime_env=runtime_env, log_to_driver=log_to_driver)
    except Exception as e:  # noqa: BLE001 - re-raised as a user-facing error with the cause attached
        raise RayClusterError(f"could not connect to Ray at address={address!r} ({e}); valid forms: "
                              f"{', '.join(CLUSTER_ADDRESS_FORMS)}") from e
    return True


@contextmanager
def ray_session(address: str | None = None, num_cpus: int | None = None,
                temp_dir: str | None = None) -> Iterator[None]:
    """``init_ray`` for the duration of a block; shuts Ray down afterwards only if this block started it."""
    import ray

    started = init_ray(address, num_cpus, temp_dir)
    try:
        yield
    finally:
        if started:
            ray.shutdown()
