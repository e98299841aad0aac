"""``robopolicy train dataset=[a.zarr,b.zarr] dataset_weights=[0.2,0.8]``: what a mixture run reads from its config.

One store (``dataset=path``) is today's run, untouched. A list of stores is a mixture
(``robopolicy.data.mixture.MixtureSampler``): each store is split into training and validation episodes as a
single store is, the training windows are drawn with the weights, validation uses every store's held-out windows,
and one normalizer is fitted over all the stores' selected episodes (``robopolicy.data.mixture.fit_normalizer``).
"""

from __future__ import annotations

from omegaconf import DictConfig, ListConfig

from robopolicy.errors import ConfigError


def mixture_of(cfg: DictConfig) -> tuple[list[str], list[float]] | None:
    """``(store paths, weights)`` of a mixture run, or None for one store; ``dataset_weights`` without a list of
    stores is refused (weight counts and values are checked by ``check_mixture`` once the stores are open)."""
    dataset, weights = cfg.dataset, cfg.get("dataset_weights")
    if not isinstance(dataset, (ListConfig, list, tuple)):
        if weights is not None:
            raise ConfigError(f"train dataset_weights={list(weights)} weighs a list of stores, but dataset={dataset} "
                              "is one store: give dataset=[a.zarr,b.zarr] or leave dataset_weights out")
        return None
    paths = [str(p) for p in dataset]
    return paths, ([1.0] * len(paths) if weights is None else list(weights))

