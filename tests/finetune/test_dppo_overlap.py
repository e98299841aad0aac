"""DPPO with ``overlap=true`` (robopolicy/finetune/dppo_overlap.py): the rollouts in a worker process while the
learner runs the critic's epochs, evaluation and selection; the run equals the in-process one bit for bit, bad
settings are refused in one line, and a failing worker stops the run naming it and leaves no process behind.

Real Meta-World reach-v3 episodes with the tiny untrained registry policies of test_dppo.py."""

from __future__ import annotations

import math
import os

import psutil
import pytest
import torch

from robopolicy.errors import ConfigError
from robopolicy.finetune import dppo, dppo_overlap
from robopolicy.finetune.dppo import DPPOConfig, train_dppo
from tests.finetune.test_dppo import ENV_ID, quick_cfg, tiny_env_policy

torch.set_num_threads(1)
os.environ.setdefault("MUJOCO_GL", "egl")
ROLLOUTS = 3
# (head, extra settings): the diffusion case has a critic warm-up update (the actor still), target-KL stops after it,
# and evaluation and selection points (run by the learner while the worker collects the next rollout); the flow
# case a learned initial noise (shipped with the chain's weights) and the base-KL penalty
CASES = [("diffusion_unet", {"critic_warmup_updates": 1, "target_kl": 0.02, "eval_every": 24, "eval_episodes": 2,
                             "select_every": 24, "select_episodes": 2, "select_alpha": 1.0}),
         ("flow_unet", {"noise_policy": True, "noise_policy_hidden_dims": (16,), "base_kl_coef": 0.1})]


def same(a, b) -> bool:
    """Equal, NaN equal to NaN (a rollout with no finished episode logs NaN)."""
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b or (isinstance(a, float) and math.isnan(a) and math.isnan(b))


@pytest.fixture
def agents(monkeypatch) -> list:
    """Every DPPOAgent this process makes (the learner's; the worker's lives in its own process)."""
    made, init = [], dppo.DPPOAgent.__init__

    def spy(self, *args, **kwargs):
        made.append(self)
        init(self, *args, **kwargs)

    monkeypatch.setattr(dppo.DPPOAgent, "__init__", spy)
    return made


@pytest.mark.parametrize(("head", "extra"), CASES, ids=[c[0] for c in CASES])
def test_overlap_equals_the_in_process_run_bit_for_bit(head, extra, agents, tmp_path):
    """Same seed and settings, ``overlap`` false then true: every update's logged values, the evaluation curve, the
    selection, the counts and the final actor and critic weights are equal, not close. They can be: the worker runs
    ``collect_rollout`` on a bit-identical copy of the actor with the learner's torch stream at the first rollout
    (1 torch thread on both sides, the same kernels), values and GAE are computed after collection as in-process,
    and the two update passes take ``update``'s gradient steps (disjoint parameters, separately clipped)."""
    runs = {}
    for overlap in (False, True):
        cfg = quick_cfg(total_env_steps=ROLLOUTS * 24, overlap=overlap, **extra)
        policy, summary = train_dppo(tiny_env_policy(head), ENV_ID, cfg, tmp_path / str(overlap), progress=False)
        runs[overlap] = policy, summary, agents[-1]
    (local, s0, a0), (remote, s1, a1) = runs[False], runs[True]
    assert len(s0["updates"]) == ROLLOUTS and same(s1["updates"], s0["updates"])
    for key in ("env_steps", "episodes", "successes"):
        assert s1[key] == s0[key], key
    assert same([{k: v for k, v in p.items() if k != "seconds"} for p in s1["curve"]],
                [{k: v for k, v in p.items() if k != "seconds"} for p in s0["curve"]])
    assert same(s1["selection"], s0["selection"])
    for a, b in ((local.trained_modules(), remote.trained_modules()), (a0.value_net, a1.value_net)):
        sa, sb = a.state_dict(), b.state_dict()
        assert sa.keys() == sb.keys() and all(torch.equal(sa[k], sb[k]) for k in sa)
    assert any(u["ratio_max"] > 1 + 1e-7 or u["ratio_min"] < 1 - 1e-7 for u in s0["updates"])   # the actor moved
    # one rollout per weight version, every one acted on the learner's newest actor (on-policy: staleness 0)
    report = s1["overlap"]
    assert s0["overlap"] is None and s1["config"]["overlap"] is True
    assert report["staleness_counts"] == {"0": ROLLOUTS} and report["weight_versions"] == ROLLOUTS
    if extra.get("target_kl"):   # the critic replayed the actor's early stop, whatever it was
        stops = [u["minibatches"] for u in s0["updates"]]
        assert min(stops) < max(stops)
    if extra.get("eval_every"):
        assert len(s0["curve"]) == ROLLOUTS and len(s0["selection"]["history"]) > 1


@pytest.mark.fault("config")
def test_bad_overlap_values_are_refused_in_one_line(monkeypatch):
    """`finetune.overlap=sometimes` (or 2), and `overlap=true` on a machine with one core: refused in one line naming
    the value and the valid choices (`true` or `false`; on one core only `overlap=false`), before any work."""
    cases = [({"overlap": "sometimes"}, r"^dppo: overlap='sometimes' .*true.*false"),
             ({"overlap": 2}, r"^dppo: overlap=2 .*true.*false")]
    for kwargs, message in cases:
        with pytest.raises(ConfigError, match=message) as error:
            DPPOConfig(**kwargs)
        assert "\n" not in str(error.value)
    monkeypatch.setattr(dppo_overlap.os, "cpu_count", lambda: 1)
    with pytest.raises(ConfigError, match=r"^dppo: overlap=true runs 2 processes .* 1 core .*valid here: "
                                          r"overlap=false$") as error:
        DPPOConfig(overlap=True)
    assert "\n" not in str(error.value)
    assert DPPOConfig(overlap=False).overlap is False


def test_a_failing_worker_stops_the_run_naming_it_and_leaves_no_process(monkeypatch, tmp_path):
    from robopolicy.eval.workers import WorkerError

    pools, init = [], dppo_overlap.RolloutWorkerPool.__init__

    def spy(self, *args, **kwargs):
        pools.append(self)
        init(self, *args, **kwargs)

    monkeypatch.setattr(dppo_overlap.RolloutWorkerPool, "__init__", spy)
    with pytest.raises(WorkerError, match=r"dppo rollout worker 0 failed:\n(.|\n)*no-such-task"):
        train_dppo(tiny_env_policy("diffusion_unet"), "metaworld/no-such-task-v3", quick_cfg(overlap=True), tmp_path,
                   progress=False)
    pids = [pid for pool in pools for pid in pool.pids]
    assert pids
    assert not any(psutil.pid_exists(pid) and psutil.Process(pid).status() != psutil.STATUS_ZOMBIE for pid in pids)
