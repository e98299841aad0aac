"""The temporal convention of action chunks, in one place and free of torch (the robot side imports it too).

A policy sees ``To`` observations and predicts ``Tp`` actions; a controller executes ``Ta`` of them.
"""

from __future__ import annotations


def executed_slice(obs_horizon: int, exec_horizon: int) -> slice:
    """Indices of the actions a controller executes from a predicted chunk.

    A chunk of ``Tp`` actions is aligned with the observation window: index ``To - 1`` is the action for the
    current (last observed) step. So the first executed action is ``To - 1`` and ``Ta`` actions are executed.
    Getting this off by one is the classic Diffusion Policy reimplementation bug; every consumer uses this.
    """
    first = obs_horizon - 1  # FIRST_EXECUTED_ACTION_INDEX
    return slice(first, first + exec_horizon)
