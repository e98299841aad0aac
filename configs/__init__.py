"""The Hydra config tree, shipped inside the wheel as ``robopolicy.configs``."""
