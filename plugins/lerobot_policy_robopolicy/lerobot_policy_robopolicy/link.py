"""Make a robopolicy checkpoint (or run directory) loadable by ``--policy.path``, which LeRobot's CLIs take.

``link(checkpoint)`` writes LeRobot's three small files of a policy directory -- ``config.json`` (type
``robopolicy``, the features, To/Tp/Ta) and the identity ``policy_preprocessor.json`` /
``policy_postprocessor.json`` -- into the checkpoint or run directory itself (the config then names no path: the
policy is the directory it is loaded from, and a run directory's ``latest.json`` is read at load time), or into
``out``, naming the checkpoint by its absolute path. robopolicy ignores these files; no weights are copied.

    python -m lerobot_policy_robopolicy runs/my_run [--out DIR]
"""

from __future__ import annotations

import os
from pathlib import Path


def link(checkpoint: str | os.PathLike, out: str | os.PathLike | None = None) -> Path:
    """Write ``config.json`` and the processor files into ``out`` (default: ``checkpoint``); returns ``out``."""
    from lerobot_policy_robopolicy.configuration_robopolicy import RobopolicyConfig
    from lerobot_policy_robopolicy.processor_robopolicy import make_robopolicy_pre_post_processors

    checkpoint = Path(checkpoint).resolve()
    out = checkpoint if out is None else Path(out).resolve()
    config = RobopolicyConfig(checkpoint=str(checkpoint), device="cpu")  # reads the spec: refuses a non-checkpoint
    out.mkdir(parents=True, exist_ok=True)
    config.checkpoint = None if out == checkpoint else str(checkpoint)
    config.device = None  # chosen where it is loaded (lerobot-eval's --policy.device)
    preprocessor, postprocessor = make_robopolicy_pre_post_processors(config)
    config._save_pretrained(out)
    preprocessor.save_pretrained(out)
    postprocessor.save_pretrained(out)
    return out
