"""robopolicy: fine-tune, improve with offline-to-online RL, evaluate and deploy generalist robot policies."""

from robopolicy.version import __version__

__all__ = ["__version__", "load_policy"]


def load_policy(path, device: str = "cpu"):
    """Load a checkpoint (or a steered-policy directory) as a ready ``Sampler``. See ``robopolicy.policies``."""
    from robopolicy.policies.loading import load_policy as _load

    return _load(path, device=device)
