"""Shared test set-up: few torch threads (the machines are shared, 2 cores), headless MuJoCo rendering."""

import os

os.environ.setdefault("MUJOCO_GL", "egl")
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

try:
    import torch

    torch.set_num_threads(1)
except ImportError:  # the robot side (real/) is tested without torch too
    pass
