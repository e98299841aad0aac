"""The normalizer: modes, exact limits, constant dimensions, round trips, state_dict, missing keys."""

from __future__ import annotations

import numpy as np
import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from robopolicy.data import Normalizer, NormalizerError
from robopolicy.errors import ConfigError, RobopolicyError

MODES = ("limits", "gaussian", "quantile", "identity")


def _data(seed: int = 0, n: int = 500) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    state = rng.normal(3.0, 2.5, size=(n, 4)).astype(np.float32)
    state[:, 2] = 7.0  # a constant dimension
    return {"state": state, "action": rng.uniform(-5, 9, size=(n, 2)).astype(np.float32),
            "robot.joint_pos": rng.normal(size=(n, 3, 2)).astype(np.float32)}


def test_limits_maps_min_and_max_exactly_to_minus_one_and_one():
    data = _data()
    norm = Normalizer.fit(data, {"action": "limits", "state": "limits"})
    y = norm.normalize("action", torch.from_numpy(data["action"]))
    assert y.min().item() >= -1 and y.max().item() <= 1
    lo, hi = data["action"].min(axis=0), data["action"].max(axis=0)
    assert torch.equal(norm.normalize("action", torch.from_numpy(lo)), -torch.ones(2))
    assert torch.equal(norm.normalize("action", torch.from_numpy(hi)), torch.ones(2))


def test_gaussian_gives_zero_mean_unit_std():
    data = _data()
    norm = Normalizer.fit(data, {"state": "gaussian"})
    y = norm.normalize("state", torch.from_numpy(data["state"])).double()
    varying = [0, 1, 3]
    assert torch.allclose(y[:, varying].mean(0), torch.zeros(3, dtype=torch.float64), atol=1e-5)
    assert torch.allclose(y[:, varying].std(0, unbiased=False), torch.ones(3, dtype=torch.float64), atol=1e-5)


def test_quantile_maps_q01_q99_to_unit_range():
    data = _data(n=2001)
    norm = Normalizer.fit(data, {"action": "quantile"})
    q01, q99 = np.quantile(data["action"].astype(np.float64), [0.01, 0.99], axis=0)
    y = norm.normalize("action", torch.from_numpy(data["action"]))
    assert torch.allclose(norm.normalize("action", torch.tensor(q01, dtype=torch.float32)), -torch.ones(2), atol=1e-5)
    assert torch.allclose(norm.normalize("action", torch.tensor(q99, dtype=torch.float32)), torch.ones(2), atol=1e-5)
    inside = ((y >= -1) & (y <= 1)).float().mean().item()
    assert 0.95 < inside < 0.99  # ~98% of the data lies between q01 and q99


def test_identity_leaves_values_unchanged():
    data = _data()
    norm = Normalizer.fit(data, {"action": "identity"})
    x = torch.from_numpy(data["action"])
    assert torch.equal(norm.normalize("action", x), x) and torch.equal(norm.unnormalize("action", x), x)


@pytest.mark.parametrize("mode", MODES)
def test_constant_dimension_gives_zero_and_no_nan(mode):
    data = _data()
    norm = Normalizer.fit(data, {"state": mode})
    y = norm.normalize("state", torch.from_numpy(data["state"]))
    assert torch.isfinite(y).all()
    if mode != "identity":
        assert torch.all(y[:, 2] == 0)
    back = norm.unnormalize("state", y)
    assert torch.all(back[:, 2] == 7.0)


@settings(max_examples=30, deadline=None)
@given(mode=st.sampled_from(MODES), seed=st.integers(0, 1000),
       x=arrays(np.float32, (3, 5, 4), elements=st.floats(-50, 50, width=32)))
def test_normalize_unnormalize_round_trip_any_leading_dims(mode, seed, x):
    norm = Normalizer.fit(_data(seed), {"state": mode})
    t = torch.from_numpy(x)
    t[..., 2] = 7.0  # the constant dimension round-trips only at its constant
    y = norm.normalize("state", t)
    assert y.shape == t.shape and torch.isfinite(y).all()
    assert torch.allclose(norm.unnormalize("state", y), t, atol=1e-4, rtol=1e-5)


def test_state_dict_round_trip_rebuilds_modes_and_stats():
    data = _data()
    modes = {"state": "gaussian", "action": "limits", "robot.joint_pos": "quantile"}
    norm = Normalizer.fit(data, modes)
    sd = norm.state_dict()
    assert all("." not in name for name in sd)  # dotted keys are escaped in buffer names
    rebuilt = Normalizer.from_state_dict(sd)
    assert sorted(rebuilt.keys) == sorted(modes)
    assert {k: rebuilt.mode(k) for k in modes} == modes
    for key in modes:
        x = torch.from_numpy(data[key])
        assert torch.equal(rebuilt.normalize(key, x), norm.normalize(key, x))
    # An empty normalizer inside a module picks up its keys from load_state_dict (a policy being restored).
    holder, source = torch.nn.Module(), torch.nn.Module()
    holder.normalizer, source.normalizer = Normalizer(), norm
    holder.load_state_dict(source.state_dict())
    assert holder.normalizer.keys == norm.keys
    assert torch.equal(holder.normalizer.unnormalize("action", torch.zeros(2)),
                       norm.unnormalize("action", torch.zeros(2)))
    assert Normalizer.from_state_dict(source.state_dict(), prefix="normalizer.").keys == norm.keys


def test_loaded_modes_override_built_modes():
    data = _data()
    limits = Normalizer.fit(data, {"action": "limits"})
    gaussian = Normalizer.fit(data, {"action": "gaussian"})
    limits.load_state_dict(gaussian.state_dict())
    assert limits.mode("action") == "gaussian"
    x = torch.from_numpy(data["action"])
    assert torch.equal(limits.normalize("action", x), gaussian.normalize("action", x))


def test_missing_key_names_the_key_and_the_keys_it_has():
    norm = Normalizer.fit(_data(), {"state": "limits", "action": "limits"})
    assert "state" in norm and "gripper" not in norm
    with pytest.raises(NormalizerError) as err:
        norm.normalize("gripper", torch.zeros(2))
    assert isinstance(err.value, RobopolicyError) and isinstance(err.value, KeyError)
    message = str(err.value)
    assert "'gripper'" in message and "'state'" in message and "'action'" in message
    with pytest.raises(NormalizerError, match="gripper"):
        norm.unnormalize("gripper", torch.zeros(2))
    with pytest.raises(NormalizerError, match="cannot fit 'gripper'"):
        Normalizer.fit(_data(), {"gripper": "limits"})


def test_bad_mode_and_nan_data_are_refused():
    with pytest.raises(ConfigError, match="valid modes: limits"):
        Normalizer.fit(_data(), {"state": "minmax"})
    data = _data()
    data["state"][0, 0] = np.nan
    with pytest.raises(NormalizerError, match="NaN"):
        Normalizer.fit(data, {"state": "limits"})


def test_fit_from_store_matches_fit_from_arrays(store):
    modes = {"state": "limits", "action": "gaussian", "reward": "quantile"}
    from_store = Normalizer.fit(store, modes)
    from_arrays = Normalizer.fit(store.load(list(modes)), modes)
    for key in modes:
        for a, b in zip(from_store.stats(key), from_arrays.stats(key)):
            assert torch.equal(a, b)
    with pytest.raises(ConfigError, match="image"):
        Normalizer.fit(store, {"cam": "limits"})
