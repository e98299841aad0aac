"""`WindowSampler.for_policy`: the windows a policy samples from and trains on, from its spec alone."""

from __future__ import annotations

import numpy as np

from robopolicy.data import WindowSampler
from tests.policies.tiny import build_tiny, make_store


def test_for_policy_reads_the_windows_the_spec_names(tmp_path):
    store = make_store(tmp_path / "s.zarr")
    spec = build_tiny("flow_unet", store).spec
    explicit = WindowSampler(store, obs_keys=list(spec.obs_features), action_key=spec.action_key,
                             obs_horizon=spec.obs_horizon, pred_horizon=spec.pred_horizon,
                             exec_horizon=spec.exec_horizon, include_task=spec.language)
    for source in (store, store.path):   # the store itself or its path
        windows = WindowSampler.for_policy(source, spec)
        assert len(windows) == len(explicit)
        idx = np.arange(min(5, len(windows)))
        got, want = windows.get_batch(idx), explicit.get_batch(idx)
        assert got.keys() == want.keys()
        assert all(np.array_equal(got[k], want[k]) for k in want if k != "task")
