"""Fine-tuning on a task set (issue [2/6], item 3): ``env=metaworld/mt10`` (or a list) runs its tasks in turn, every
batch mixes them, each observation carries its own task's instruction, evaluation splits its episodes over the
tasks, and a set whose tasks do not fit the policy is refused naming the task."""

from __future__ import annotations

import numpy as np
import pytest
import torch

from robopolicy.eval.rollout import SpecMismatchError, episodes_per_task, success_outcomes, task_slices
from robopolicy.finetune.dppo import train_dppo
from robopolicy.finetune.vector_env import VectorChunkEnv
from robopolicy.sim import make_env, mt10_env_ids

from .test_dppo import quick_cfg, tiny_vla

MT10 = "metaworld/mt10"


def test_a_task_set_runs_its_tasks_in_turn_and_every_batch_mixes_them():
    policy = tiny_vla()
    vec = VectorChunkEnv(MT10, policy.spec, 4, seed=0, max_episode_steps=8)
    try:
        first = vec.observation()["task"]
        assert first == [make_env(t).instruction for t in mt10_env_ids()[:4]]   # four tasks in one batch
        assert [e.env_id for e in vec.envs] == mt10_env_ids()[:4]
        actions = np.zeros((4, policy.spec.exec_horizon, policy.spec.action_dim))
        for _ in range(3):   # 8-step episodes end after 2 chunks: every env moves on to the next task in turn
            _, _, finished = vec.step_chunks(actions, sparse_reward=True, recorder=None)
        assert [e.env_id for e in vec.envs] == mt10_env_ids()[4:8]
        assert vec.observation()["task"] == [make_env(t).instruction for t in mt10_env_ids()[4:8]]
        assert len(set(vec.seeds)) == 4                                          # fresh seeds from the stream
    finally:
        vec.close()


def test_evaluation_on_a_task_set_splits_its_episodes_over_the_tasks():
    assert episodes_per_task(12, 10) == [2, 2, 1, 1, 1, 1, 1, 1, 1, 1]
    slices = task_slices(MT10, 12)
    assert list(slices) == mt10_env_ids() and slices["metaworld/push-v3"] == slice(2, 4)
    outcomes = success_outcomes(tiny_vla(), MT10, 12, base_seed=100_000, envs_per_worker=2, max_episode_steps=8)
    assert len(outcomes) == 12 and not any(outcomes)   # an untrained policy in 8 steps: no success, but every task ran


def test_dppo_fine_tunes_one_policy_on_a_task_set(tmp_path):
    policy, summary = train_dppo(tiny_vla(), MT10, quick_cfg(num_envs=4), tmp_path / "run", progress=False)
    assert summary["env_steps"] >= quick_cfg().total_env_steps and len(summary["updates"]) >= 1


@pytest.mark.fault("eval")
def test_a_task_set_whose_tasks_do_not_fit_the_policy_is_refused_naming_the_task():
    """A list of envs with another observation or action size than the policy's (a robosuite task beside
    Meta-World ones): refused before any step, naming the task that does not fit."""
    with pytest.raises(SpecMismatchError, match="robosuite/Lift"):
        VectorChunkEnv(["metaworld/push-v3", "robosuite/Lift"], tiny_vla().spec, 2, seed=0, max_episode_steps=8)


def test_robopolicy_finetune_on_mt10_gives_a_pooled_and_a_per_task_verdict(tmp_path):
    """``robopolicy finetune method=dppo policy=<a vla_flow checkpoint> env=metaworld/mt10``: the command runs
    (it was refused as "a set of tasks, not one env"), and summary.json holds the pooled verdict and one per task."""
    import json

    from robopolicy.checkpoint import save_checkpoint
    from robopolicy.finetune.cli import main

    policy = tiny_vla()
    info = {"kind": "policy", "name": policy.name, "config": policy.policy_config, "spec": policy.spec.to_dict()}
    checkpoint = save_checkpoint(tmp_path / "vla" / "checkpoints" / "step_1", policy.state_dict(), info, 1)
    run = tmp_path / "ft"
    assert main(["method=dppo", f"policy={checkpoint}", f"env={MT10}", f"run_dir={run}", "progress=false",
                 "eval.episodes=10", "eval.max_episode_steps=8", "eval.envs_per_worker=2", "eval.zero_noise_reference=false",
                 "finetune.total_env_steps=48", "finetune.num_envs=2", "finetune.rollout_steps=3",
                 "finetune.update_epochs=1", "finetune.minibatch_size=4", "finetune.max_episode_steps=8",
                 "finetune.select_every=0", "finetune.finetune_steps=2"]) == 0
    summary = json.loads((run / "summary.json").read_text())
    assert summary["verdict"]["episodes"] == 10
    assert list(summary["per_task"]) == mt10_env_ids()
    assert all(v["episodes"] == 1 for v in summary["per_task"].values())


@pytest.mark.fault("eval")
def test_fine_tuning_a_language_policy_on_an_instruction_it_never_trained_with_is_refused(tmp_path):
    """A language policy that recorded its training instructions (``spec.extra["instructions"]``), fine-tuned on a
    task whose instruction is not among them: ``robopolicy finetune`` refuses in one line naming the env and the
    instruction, before a run dir is made; the fine-tuners' envs refuse it too (a task set names the task)."""
    from robopolicy.checkpoint import save_checkpoint
    from robopolicy.finetune.cli import main
    from robopolicy.policies.protocol import INSTRUCTIONS_KEY

    policy = tiny_vla()
    reach = make_env("metaworld/reach-v3").instruction
    policy.spec.extra = {**policy.spec.extra, INSTRUCTIONS_KEY: [reach]}
    info = {"kind": "policy", "name": policy.name, "config": policy.policy_config, "spec": policy.spec.to_dict()}
    checkpoint = save_checkpoint(tmp_path / "vla" / "checkpoints" / "step_1", policy.state_dict(), info, 1)
    push = make_env("metaworld/push-v3").instruction
    with pytest.raises(SpecMismatchError, match=rf"never trained with the instruction '{push}' of env "
                                                r"metaworld/push-v3; it knows 1: .*Adapt it with demos"):
        main(["method=dppo", f"policy={checkpoint}", "env=metaworld/push-v3", f"run_dir={tmp_path / 'ft'}"])
    assert not (tmp_path / "ft").exists()
    with pytest.raises(SpecMismatchError, match=r"of env metaworld/push-v3 \(and 8 more task\(s\)\)"):
        VectorChunkEnv(MT10, policy.spec, 2, seed=0, max_episode_steps=8)
    VectorChunkEnv("metaworld/reach-v3", policy.spec, 1, seed=0, max_episode_steps=8).close()   # a known one runs


DSRL_TINY = {"num_envs": 2, "batch_size": 16, "hidden_dims": (32, 32), "max_episode_steps": 8, "eval_every": 0,
             "checkpoint_every": 0, "utd": 2, "select_every": 0, "total_env_steps": 48, "learning_starts": 16}


def test_dsrl_conditioned_on_the_task_steers_each_task_of_a_set_its_own_way_and_saves_it(tmp_path):
    """``finetune.condition_on_task=true``: the noise policy and the critics read the instruction (FiLM on the base's
    sentence embedding), so on a task set one run steers the same state differently per task; the steered policy
    saves and loads with it, and an observation without the instruction is refused in one line."""
    import robopolicy
    from robopolicy.checkpoint import save_checkpoint
    from robopolicy.errors import RobopolicyError
    from robopolicy.finetune.dsrl import DSRLConfig, run_dsrl

    policy = tiny_vla()
    info = {"kind": "policy", "name": policy.name, "config": policy.policy_config, "spec": policy.spec.to_dict()}
    checkpoint = save_checkpoint(tmp_path / "vla" / "checkpoints" / "step_1", policy.state_dict(), info, 1)
    base = robopolicy.load_policy(checkpoint)
    cfg = DSRLConfig(condition_on_task=True, zero_init=False, **DSRL_TINY)
    steered, summary = run_dsrl(base, ["metaworld/reach-v3", "metaworld/push-v3"], cfg, tmp_path / "run",
                                base_checkpoint=checkpoint, progress=False)
    assert summary["updates"] > 0 and steered.noise_policy.net.films is not None
    assert steered.noise_policy.cfg.language_encoder == "hashing"     # the base's own sentence encoder
    state = np.random.default_rng(0).uniform(-0.5, 0.5, (1, 2, *base.spec.obs_features["state"].shape))
    tasks = [make_env(t).instruction for t in ("metaworld/reach-v3", "metaworld/push-v3")]
    obs = {"state": np.repeat(state, 2, axis=0).astype(np.float32), "task": tasks}
    with torch.no_grad():
        mean, _ = steered.noise_policy.gaussian(obs)
    assert not torch.allclose(mean[0], mean[1])                      # one state, two tasks: two steerings
    steered.save(tmp_path / "steered")
    loaded = robopolicy.load_policy(tmp_path / "steered")
    noise = torch.randn(2, 1, *base.noise_shape)
    assert torch.equal(loaded.sample(obs, noise=noise), steered.sample(obs, noise=noise))
    with pytest.raises(RobopolicyError, match="noise policy is language-conditioned: observations need a 'task' list"):
        steered.noise_policy.gaussian({"state": obs["state"]})


@pytest.mark.fault("config")
def test_condition_on_task_with_a_base_that_reads_no_instruction_is_refused():
    """``finetune.condition_on_task=true`` on a policy without language: one line naming the key and the fix."""
    from robopolicy.errors import ConfigError
    from robopolicy.finetune.dsrl import DSRLAgent, DSRLConfig

    from .test_dppo import tiny_env_policy

    with pytest.raises(ConfigError, match=r"condition_on_task=true: the base policy .* reads no instruction"):
        DSRLAgent(tiny_env_policy("flow_unet"), DSRLConfig(condition_on_task=True, hidden_dims=(8,)))


# --- V-GPS and PA-RL on a task set (issue #49 item 3): the same verdicts and refusals as DPPO's ----------------------
EVAL_TINY = ["progress=false", "eval.max_episode_steps=8", "eval.envs_per_worker=2", "eval.zero_noise_reference=false"]
VGPS_TINY = ["finetune.critic.steps=5", "finetune.critic.batch_size=16", "finetune.critic.hidden_dims=[16]",
             "finetune.steering.K=[1,2]"]
PARL_TINY = ["finetune.num_samples=4", "finetune.top_k=2", "finetune.grad_steps=1", "finetune.steps=2",
             "finetune.batch_size=4", "finetune.select_every=0"]
TWO_TASKS = ["metaworld/reach-v3", "metaworld/push-v3"]


def saved(policy, path):
    from robopolicy.checkpoint import save_checkpoint

    info = {"kind": "policy", "name": policy.name, "config": policy.policy_config, "spec": policy.spec.to_dict()}
    return save_checkpoint(path / "checkpoints" / "step_1", policy.state_dict(), info, 1)


def critic_on(store, path):
    """A tiny V-GPS critic trained on ``store`` (PA-RL's ``finetune.critic``)."""
    from robopolicy.finetune.offline import OfflineCriticConfig
    from robopolicy.finetune.rewards import SparseRewardConfig
    from robopolicy.finetune.vgps import train_vgps_critic

    train_vgps_critic(store, path, OfflineCriticConfig(steps=5, batch_size=16), SparseRewardConfig(),
                      hidden_dims=(16,), progress=False)
    return path


def method_args(method, store, critic=None, select_episodes=0):
    vgps = [*VGPS_TINY, f"finetune.steering.select_episodes={select_episodes}"]
    return [f"method={method}", f"dataset={store}",
            *(vgps if method == "vgps" else [*PARL_TINY, f"finetune.critic={critic}"])]


def finetune_summary(args, run) -> dict:
    import json

    from robopolicy.finetune.cli import main

    assert main([*args, f"run_dir={run}", *EVAL_TINY]) == 0
    return json.loads((run / "summary.json").read_text())


@pytest.mark.parametrize("method", ["vgps", "parl"])
def test_vgps_and_parl_on_mt10_give_a_pooled_and_a_per_task_verdict(method, demo_store, tmp_path):
    """``robopolicy finetune method=vgps|parl policy=<a vla_flow checkpoint> env=metaworld/mt10``: summary.json
    holds DPPO's pooled verdict and one per task. V-GPS evaluates the base beside each K (K = 1 is the base, its
    outcomes reused): it had no base evaluation, so no verdict at all."""
    checkpoint = saved(tiny_vla(), tmp_path / "vla")
    critic = critic_on(demo_store, tmp_path / "critic") if method == "parl" else None
    summary = finetune_summary([*method_args(method, demo_store, critic), f"policy={checkpoint}", f"env={MT10}",
                                "eval.episodes=10"], tmp_path / "ft")
    base, *_, last = summary["evaluations"]
    assert base["policy"] == "base" and last["policy"] == ("vgps K=2" if method == "vgps" else "parl")
    assert summary["verdict"]["episodes"] == 10
    assert (summary["verdict"]["before"], summary["verdict"]["after"]) == (sum(base["outcomes"]), sum(last["outcomes"]))
    assert list(summary["per_task"]) == mt10_env_ids()
    assert all(v["episodes"] == 1 for v in summary["per_task"].values())
    if method == "vgps":
        k1 = summary["evaluations"][1]
        assert (k1["policy"], k1["outcomes"]) == ("vgps K=1", base["outcomes"])


@pytest.fixture(scope="module")
def pixel_store(tmp_path_factory):
    """Reach demos that observe the 16 px corner camera beside the state."""
    from robopolicy.eval.collect import collect_episodes

    path = tmp_path_factory.mktemp("pixels") / "reach.zarr"
    collect_episodes("metaworld/reach-v3", "expert", 2, path, cameras=("corner",), image_size=16, action_noise=0.3,
                     max_steps=30, seed=1_000, progress=False)
    return path


def tiny_pixel_vla(store):
    """A tiny untrained vla_flow reading the corner camera, the state and the instruction (normalized on ``store``)."""
    from robopolicy.data.normalizer import Normalizer
    from robopolicy.data.store import EpisodeStore
    from robopolicy.policies.registry import build_policy, default_normalizer_modes, policy_spec_from_config

    demos = EpisodeStore.open(store)
    cfg = {"name": "vla_flow", "obs_horizon": 2, "pred_horizon": 8, "exec_horizon": 4,
           "state_encoder": {"hidden_dims": [16], "out_dim": 8}, "language_encoder": {"name": "hashing", "out_dim": 16},
           "image_encoder": {"width": 8, "pool": "tokens", "out_dim": 32, "crop_ratio": 0.875},
           "unet": {"down_dims": [16, 32], "step_embed_dim": 16},
           "trunk": {"d_model": 32, "num_layers": 1, "num_heads": 2, "ff_dim": 64, "num_readout_tokens": 2},
           "flow": {"num_inference_steps": 4}}
    spec = policy_spec_from_config(cfg, demos.features, obs_keys=["state", "corner"])
    torch.manual_seed(0)
    return build_policy("vla_flow", cfg, spec, Normalizer.fit(demos, default_normalizer_modes(spec)))


@pytest.mark.parametrize("method", ["vgps", "parl"])
def test_vgps_and_parl_take_a_list_of_envs_and_a_policy_that_reads_a_camera(method, pixel_store, tmp_path):
    """``env=[metaworld/reach-v3,metaworld/push-v3]`` is a task set (it reached the envs as the text "[...]", an
    unknown env id, for every method), here with a policy that reads the corner camera: both tasks run and each
    has its verdict. V-GPS choosing its K on tuning seeds: the verdict judges the chosen K."""
    policy = tiny_pixel_vla(pixel_store)
    assert "corner" in policy.spec.obs_features and policy.spec.language
    checkpoint = saved(policy, tmp_path / "pixels")
    critic = critic_on(pixel_store, tmp_path / "critic") if method == "parl" else None
    summary = finetune_summary([*method_args(method, pixel_store, critic, select_episodes=2), f"policy={checkpoint}",
                                f"env=[{','.join(TWO_TASKS)}]", "eval.episodes=4"], tmp_path / "ft")
    assert summary["verdict"]["episodes"] == 4
    if method == "vgps":
        assert summary["evaluations"][0]["policy"] == "base"
        assert summary["evaluations"][-1]["K"] == summary["selection"]["chosen_K"]
    assert list(summary["per_task"]) == TWO_TASKS and all(v["episodes"] == 2 for v in summary["per_task"].values())


@pytest.mark.fault("eval")
@pytest.mark.parametrize("method", ["vgps", "parl"])
def test_vgps_and_parl_refuse_a_set_that_does_not_fit_or_an_unknown_instruction_at_start_up(method, tmp_path):
    """DPPO's one-line refusals, at start-up (before a critic trains, a base is evaluated or a run dir is made): a
    task of the set that does not fit the policy, named; an instruction the language policy never trained with."""
    from robopolicy.finetune.cli import main
    from robopolicy.policies.protocol import INSTRUCTIONS_KEY

    policy = tiny_vla()
    args = [*method_args(method, "nowhere.zarr", "nowhere"), f"run_dir={tmp_path / 'ft'}"]
    with pytest.raises(SpecMismatchError, match=r"policy and env 'robosuite/Lift' disagree") as error:
        main([*args, f"policy={saved(policy, tmp_path / 'vla')}", "env=[metaworld/push-v3,robosuite/Lift]"])
    assert "\n" not in str(error.value)
    policy.spec.extra = {**policy.spec.extra, INSTRUCTIONS_KEY: [make_env("metaworld/reach-v3").instruction]}
    with pytest.raises(SpecMismatchError, match=r"never trained with the instruction .* of env metaworld/push-v3 "
                                                r"\(and 8 more task\(s\)\)"):
        main([*args, f"policy={saved(policy, tmp_path / 'reach-only')}", f"env={MT10}"])
    assert not (tmp_path / "ft").exists()
