"""Stop training at the first non-finite loss, naming the loss and the step; the last good checkpoint stays."""

from __future__ import annotations

from pathlib import Path

import torch

from robopolicy.errors import TrainingDivergedError

__all__ = ["TrainingDivergedError", "check_finite"]


def check_finite(name: str, loss: torch.Tensor, step: int, last_good: Path | str | None) -> None:
    """Raise ``TrainingDivergedError`` when ``loss`` is not finite."""
    if not bool(torch.isfinite(loss).all()):
        kept = f"the last good checkpoint is {last_good}" if last_good else "no checkpoint was saved yet"
        raise TrainingDivergedError(f"{name} loss is {loss.detach().flatten()[0].item()} at gradient step {step}; "
                                    f"training stopped ({kept}). Lower the learning rate or check the rewards")
