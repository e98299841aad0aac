"""Importers and exporters: LeRobotDataset v3.0 (parquet + MP4) and robomimic HDF5 <-> episode stores.

``import_lerobot(src, dst)``, ``export_lerobot(store, dst)``, ``import_robomimic(src, dst)``; the CLI is
``robopolicy convert`` (``cli.py``). Submodules import on first use (pyarrow, PyAV and h5py are not needed to use
a store).
"""

from __future__ import annotations

import importlib
from typing import Any

_LAZY = {
    "import_lerobot": "robopolicy.data.formats.lerobot",
    "LeRobotFormatError": "robopolicy.data.formats.lerobot",
    "export_lerobot": "robopolicy.data.formats.lerobot_export",
    "import_robomimic": "robopolicy.data.formats.robomimic",
    "RobomimicFormatError": "robopolicy.data.formats.robomimic",
}

__all__ = list(_LAZY)


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'robopolicy.data.formats' has no attribute {name!r}")
