"""The pre/post processors of policy type ``robopolicy``: no normalization (it is inside the robopolicy policy).

Pre: rename observations (``--rename_map``), add a batch dimension where missing, move to the policy's device.
Post: move the action to the CPU. The step names are LeRobot's defaults, so ``lerobot-eval``'s processor overrides
(``device_processor``, ``rename_observations_processor``) apply to a saved pipeline as to any policy's.
"""

from __future__ import annotations

from typing import Any

from lerobot.processor import (
    AddBatchDimensionProcessorStep,
    DeviceProcessorStep,
    RenameObservationsProcessorStep,
)
from lerobot.processor.factory import make_policy_processor_pipelines

from lerobot_policy_robopolicy.configuration_robopolicy import RobopolicyConfig


def make_robopolicy_pre_post_processors(config: RobopolicyConfig, dataset_stats: Any = None):
    """``(preprocessor, postprocessor)``; ``dataset_stats`` is ignored (the checkpoint holds its own)."""
    return make_policy_processor_pipelines(
        input_steps=[RenameObservationsProcessorStep(rename_map={}), AddBatchDimensionProcessorStep(),
                     DeviceProcessorStep(device=config.device or "cpu")],
        output_steps=[DeviceProcessorStep(device="cpu")],
    )
