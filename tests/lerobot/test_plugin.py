"""The LeRobot policy plugin (plugins/lerobot_policy_robopolicy): a checkpoint from robopolicy's trainer, run by
LeRobot 0.6.1's own machinery -- its plugin discovery, ``make_policy`` / ``make_pre_post_processors`` (what
``lerobot-eval`` calls), its ``rollout`` loop and the ``lerobot-eval`` console command -- acting exactly as
robopolicy's ``load_policy`` does for the same observations and seed."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import deque
from pathlib import Path

import numpy as np
import pytest
import torch

from tests.lerobot.conftest import lerobot_eval, require_lerobot

ENV_ID, CAMERA, IMAGE_SIZE = "metaworld/reach-v3", "corner", 16
EPISODE_STEPS = 8


def _collect_store(path: Path, episodes: int = 4, steps: int = 16):
    """Scripted-expert episodes (slightly noisy) of the env the tests run: the 39-d state and a 16x16 camera."""
    from robopolicy.data.store import EpisodeStore
    from robopolicy.envs import make_env

    env = make_env(ENV_ID, cameras=(CAMERA,), image_size=IMAGE_SIZE, max_episode_steps=steps)
    spec = {k: f for k, f in env.feature_spec.items() if f.kind in ("state", "image", "action")}
    store = EpisodeStore.create(path, features=spec, fps=env.fps, robot=env.robot)
    expert, rng = env.expert(), np.random.default_rng(0)
    try:
        for seed in range(episodes):
            obs, _ = env.reset(seed=seed)
            frames = {k: [] for k in spec}
            for _ in range(steps):
                action = np.clip(expert(obs) + rng.normal(0, 0.1, 4), -1, 1).astype(np.float32)
                for key in spec:
                    frames[key].append(action if key == "action" else obs[key])
                obs, *_ = env.step(action)
            store.append_episode({k: np.stack(v) for k, v in frames.items()}, task=env.instruction, success=True,
                                 seed=seed)
    finally:
        env.close()
    return store


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory):
    """A robopolicy run directory (4 training steps of a tiny diffusion_unet reading state + camera)."""
    require_lerobot()
    pytest.importorskip("metaworld", reason="the LeRobot lane installs metaworld")
    from robopolicy.train.trainer import Trainer
    from tests.train.conftest import train_config

    root = tmp_path_factory.mktemp("plugin")
    _collect_store(root / "reach.zarr")
    config = train_config(root / "reach.zarr", root / "run", steps=4, val_every=4, ckpt_every=4,
                          **{"ema.enabled": "false"})
    Trainer(config).run()
    return root / "run"


@pytest.fixture(scope="module")
def env_cfg(run_dir):
    """The plugin's env type ``robopolicy``: robopolicy's Meta-World adapter, as LeRobot sees envs."""
    from lerobot_policy_robopolicy import RobopolicyEnv

    return RobopolicyEnv(task=ENV_ID, cameras=[CAMERA], image_size=IMAGE_SIZE, max_episode_steps=EPISODE_STEPS)


def _make(run_dir, env_cfg):
    """The plugin policy and its processors, built the way lerobot-eval builds them."""
    from lerobot.policies.factory import make_policy, make_policy_config, make_pre_post_processors
    from lerobot.utils.import_utils import register_third_party_plugins

    register_third_party_plugins()
    config = make_policy_config("robopolicy", checkpoint=str(run_dir), device="cpu")
    policy = make_policy(config, env_cfg=env_cfg)
    policy.eval()
    pre, post = make_pre_post_processors(policy_cfg=config, pretrained_path=None,
                                         preprocessor_overrides={"device_processor": {"device": "cpu"}})
    return policy, pre, post


@pytest.fixture(scope="module")
def frames(run_dir):
    """Two envs' observation streams (real Meta-World frames under random actions), 10 steps:
    ``[{key: (2, *shape)}]`` -- with Ta = 4, chunks are sampled at steps 0, 4 and 8."""
    from robopolicy.envs import make_env

    envs = [make_env(ENV_ID, cameras=(CAMERA,), image_size=IMAGE_SIZE) for _ in range(2)]
    out = []
    try:
        obs = [env.reset(seed=s)[0] for s, env in enumerate(envs)]
        rng = np.random.default_rng(1)
        for _ in range(10):
            out.append({k: np.stack([o[k] for o in obs]) for k in ("state", CAMERA)})
            obs = [env.step(rng.uniform(-1, 1, 4))[0] for env in envs]
    finally:
        for env in envs:
            env.close()
    return out


def _lerobot_obs(obs: dict[str, np.ndarray]) -> dict[str, torch.Tensor]:
    """A robopolicy env observation batch as LeRobot's env loop gives it to the preprocessor."""
    return {"observation.state": torch.as_tensor(obs["state"]).float(),
            f"observation.images.{CAMERA}": torch.as_tensor(obs[CAMERA]).permute(0, 3, 1, 2).float() / 255}


def _our_actions(sampler, frames: list[dict[str, np.ndarray]], seed: int) -> torch.Tensor:
    """robopolicy's own execution of ``frames`` ``[{key: (B, *shape)}]``: the history of To frames (the first
    repeated), a chunk every Ta steps, its executed slice -- from ``torch.manual_seed(seed)``."""
    spec = sampler.spec
    torch.manual_seed(seed)
    history: deque = deque([frames[0]] * (spec.obs_horizon - 1), maxlen=spec.obs_horizon)
    actions, queue = [], []
    for frame in frames:
        history.append(frame)
        if not queue:
            obs = {k: np.stack([h[k] for h in history], axis=1) for k in spec.obs_features}
            queue = list(sampler.sample(obs)[:, 0, spec.executed].unbind(1))
        actions.append(queue.pop(0))
    return torch.stack(actions, dim=1)


def test_lerobot_discovers_the_plugin_without_importing_robopolicy():
    """LeRobot's plugin discovery (installed distributions named lerobot_policy_*) registers the type; importing
    the plugin leaves robopolicy unimported (every LeRobot command imports it)."""
    require_lerobot()
    code = ("import sys; from lerobot.utils.import_utils import register_third_party_plugins; "
            "register_third_party_plugins(); from lerobot.configs.policies import PreTrainedConfig; "
            "print('robopolicy' in PreTrainedConfig.get_known_choices(), 'robopolicy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, cwd="/")
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.split() == ["True", "False"]


def _select_actions(policy, pre, post, frames, seed: int) -> torch.Tensor:
    """``select_action`` over ``frames`` from ``reset`` and ``torch.manual_seed(seed)``: ``(B, T, Da)``."""
    torch.manual_seed(seed)
    policy.reset()
    return torch.stack([post(policy.select_action(pre(_lerobot_obs(f)))) for f in frames], dim=1)


def test_plugin_built_by_lerobots_factory_acts_exactly_as_our_policy(run_dir, env_cfg, frames):
    from lerobot_policy_robopolicy.modeling_robopolicy import RobopolicyPolicy

    from robopolicy.policies.loading import load_policy

    policy, pre, post = _make(run_dir, env_cfg)
    ours = load_policy(run_dir)
    spec = ours.spec
    assert isinstance(policy, RobopolicyPolicy)
    features = {k: (f.type.value, tuple(f.shape)) for k, f in policy.config.input_features.items()}
    assert features == {"observation.state": ("STATE", (39,)),
                        f"observation.images.{CAMERA}": ("VISUAL", (3, IMAGE_SIZE, IMAGE_SIZE))}
    assert tuple(policy.config.output_features["action"].shape) == (spec.action_dim,) == (4,)
    assert (policy.config.n_obs_steps, policy.config.horizon, policy.config.n_action_steps) == \
        (spec.obs_horizon, spec.pred_horizon, spec.exec_horizon) == (2, 8, 4)

    theirs = _select_actions(policy, pre, post, frames, seed=5)
    assert theirs.shape == (2, 10, 4)
    assert torch.equal(theirs, _our_actions(ours, frames, seed=5))

    # a given initial noise (LeRobot's `noise` keyword): the chunk is our sample of that noise, executed slice
    noise = torch.randn(2, spec.pred_horizon, spec.action_dim, generator=torch.Generator().manual_seed(3))
    policy.reset()
    chunk = post(policy.predict_action_chunk(pre(_lerobot_obs(frames[0])), noise=noise))
    first = {k: np.repeat(frames[0][k][:, None], spec.obs_horizon, axis=1) for k in spec.obs_features}
    assert torch.equal(chunk, ours.sample(first, noise=noise[:, None])[:, 0, spec.executed])


def test_lerobots_rollout_loop_executes_our_actions(run_dir, env_cfg):
    """lerobot-eval's ``rollout`` on two envs for a whole (truncated) episode: the actions it sent to the envs
    are, step for step, the ones robopolicy's own execution gives for the observations it recorded."""
    from lerobot.envs import make_env_pre_post_processors
    from lerobot.envs.factory import make_env as lerobot_make_env
    from lerobot.scripts.lerobot_eval import rollout

    from robopolicy.policies.loading import load_policy

    policy, pre, post = _make(run_dir, env_cfg)
    env_pre, env_post = make_env_pre_post_processors(env_cfg=env_cfg, policy_cfg=policy.config)
    vec = lerobot_make_env(env_cfg, n_envs=2)[env_cfg.type][0]
    try:
        torch.manual_seed(11)
        data = rollout(vec, policy, env_pre, env_post, pre, post, seeds=[0, 1], return_observations=True)
    finally:
        vec.close()
    steps = data["action"].shape[1]
    assert data["action"].shape == (2, steps, 4) and steps == EPISODE_STEPS and bool(data["done"][:, -1].all())
    observed = data["observation"]
    frames = [{"state": observed["observation.state"][:, t].numpy(),  # images C-contiguous, as the env renders
               CAMERA: np.ascontiguousarray((observed[f"observation.images.{CAMERA}"][:, t] * 255).round()
                                            .to(torch.uint8).permute(0, 2, 3, 1).numpy())} for t in range(steps)]
    assert torch.equal(data["action"].float(), _our_actions(load_policy(run_dir), frames, seed=11))


def _lerobot_eval(args: list[str], out: Path) -> dict:
    return lerobot_eval([*args, "--env.type=robopolicy", f"--env.task={ENV_ID}", f"--env.cameras=[{CAMERA}]",
                         f"--env.image_size={IMAGE_SIZE}", f"--env.max_episode_steps={EPISODE_STEPS}"], out)


def test_lerobot_eval_command_runs_a_run_directory(run_dir, tmp_path):
    """``lerobot-eval --policy.type=robopolicy --policy.checkpoint=<run dir> --env.type=robopolicy ...``: the
    console command finds the plugin, evaluates two episodes and writes their videos."""
    info = _lerobot_eval(["--policy.type=robopolicy", f"--policy.checkpoint={run_dir}"], tmp_path / "eval")
    assert info["overall"]["n_episodes"] == 2 and len(info["overall"]["video_paths"]) == 2
    assert all(Path(p).stat().st_size > 0 for p in info["overall"]["video_paths"])
    returns = [r for task in info["per_task"] for r in task["metrics"]["sum_rewards"]]
    assert len(returns) == 2 and all(np.isfinite(returns))


def test_linked_directory_loads_as_lerobot_eval_loads_policy_path(run_dir, env_cfg, frames, tmp_path, capsys):
    """``python -m lerobot_policy_robopolicy`` makes a directory ``--policy.path`` takes (lerobot-rollout takes
    nothing else): loaded as lerobot-eval loads one (config from config.json, ``make_policy`` with the path,
    processors from their files with lerobot-eval's overrides), it acts as the checkpoint does."""
    from lerobot.configs.policies import PreTrainedConfig
    from lerobot.policies.factory import make_policy, make_pre_post_processors
    from lerobot_policy_robopolicy import link
    from lerobot_policy_robopolicy.__main__ import main

    from robopolicy.policies.loading import load_policy

    assert main([str(run_dir), "--out", str(tmp_path / "linked")]) == 0  # python -m lerobot_policy_robopolicy
    link(run_dir)  # into the run directory itself: the config names no path
    assert json.loads((run_dir / "config.json").read_text())["checkpoint"] is None
    assert json.loads((tmp_path / "linked" / "config.json").read_text())["checkpoint"] == str(run_dir.resolve())

    expected = _our_actions(load_policy(run_dir), frames, seed=5)
    for directory in (run_dir, tmp_path / "linked"):
        config = PreTrainedConfig.from_pretrained(directory)
        config.pretrained_path = directory
        config.device = "cpu"
        policy = make_policy(config, env_cfg=env_cfg)
        pre, post = make_pre_post_processors(
            policy_cfg=config, pretrained_path=str(directory),
            preprocessor_overrides={"device_processor": {"device": "cpu"},
                                    "rename_observations_processor": {"rename_map": {}}})
        assert torch.equal(_select_actions(policy, pre, post, frames, seed=5), expected), directory

    capsys.readouterr()
    assert main([str(tmp_path / "nothing")]) == 1  # not a checkpoint: one line naming it
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "nothing" in err and "no such checkpoint or run directory" in err


def test_the_plugin_refuses_a_lerobot_outside_the_supported_range(run_dir, env_cfg, monkeypatch):
    import lerobot

    from robopolicy.policies.lerobot import SUPPORTED_LEROBOT, LeRobotVersionError

    monkeypatch.setattr(lerobot, "__version__", "0.7.0")
    with pytest.raises(LeRobotVersionError, match=rf"LeRobot 0\.7\.0 is installed; robopolicy supports "
                                                 rf"lerobot{re.escape(SUPPORTED_LEROBOT)}"):
        _make(run_dir, env_cfg)


def test_robopolicy_eval_and_lerobot_eval_agree_episode_by_episode(run_dir, env_cfg, monkeypatch):
    """The same checkpoint, env and seeds through robopolicy's evaluation (``run_episodes``, what ``robopolicy
    eval`` runs) and LeRobot's (``eval_policy``, what ``lerobot-eval`` runs for a task; 2 batches of 2 envs).

    The envs line up already: ``eval_policy`` resets episode k (batch b, env i) with ``start_seed + b * n_envs + i``
    and ours resets episode k with ``base_seed + k``, through the same adapter; Meta-World never terminates, so both
    run every episode to the limit (ours with ``stop_on_success=false``; LeRobot's success is "any step succeeded",
    as ours). What differs is the policy's *initial noise*: robopolicy draws each episode's noise from a generator
    seeded by that episode's seed (``episode_noise``), while under LeRobot the plugin's ``select_action`` draws it
    from torch's global generator (``set_seed(cfg.seed)`` once, then batch after batch). LeRobot's ``rollout``
    hands the policy only the preprocessed observation and the task -- never the seeds or the reset info -- so the
    plugin cannot draw per-seed noise itself. Hence two checks:

    * with the per-seed noise given to ``select_action`` (LeRobot's ``noise=`` keyword, from generators seeded by
      the seeds ``rollout`` resets its envs with), LeRobot's loop reproduces our episodes exactly: the same
      actions bit for bit (the plugin hands the sampler images in our contiguous layout: LeRobot's channel-first
      tensor permuted back without ``.contiguous()`` took other conv kernels and moved actions by 1 ulp), so the
      same success flags and returns (summed in another order: equal to 1e-12), episode by episode;
    * as ``lerobot-eval`` runs it (global-generator noise), the episodes are not the same draws, so only the
      success rates are compared: the exact paired McNemar test finds no significant difference.
    """
    from lerobot.envs import make_env_pre_post_processors
    from lerobot.envs.factory import make_env as lerobot_make_env
    from lerobot.scripts.lerobot_eval import eval_policy

    from robopolicy.eval.rollout import run_episodes
    from robopolicy.eval.stats import paired_comparison
    from robopolicy.policies.loading import load_policy
    from robopolicy.policies.protocol import episode_noise

    episodes, base_seed = 4, 20
    ours = run_episodes(load_policy(run_dir), ENV_ID, episodes, base_seed=base_seed, envs_per_worker=2,
                        stop_on_success=False, max_episode_steps=EPISODE_STEPS, progress=False)
    assert [r.error for r in ours] == [None] * episodes
    assert [r.seed for r in ours] == list(range(base_seed, base_seed + episodes))
    assert [r.length for r in ours] == [EPISODE_STEPS] * episodes

    policy, pre, post = _make(run_dir, env_cfg)
    env_pre, env_post = make_env_pre_post_processors(env_cfg=env_cfg, policy_cfg=policy.config)

    def lerobot_eval(per_seed_noise: bool) -> list[dict]:
        vec = lerobot_make_env(env_cfg, n_envs=2)[env_cfg.type][0]
        generators: list[torch.Generator] = []
        if per_seed_noise:
            reset, select = vec.reset, policy.select_action

            def seeded_reset(*, seed=None, options=None):
                generators[:] = [torch.Generator().manual_seed(int(s)) for s in seed]
                return reset(seed=seed, options=options)

            def select_action(batch, noise=None):
                if not policy._action_queue:  # a chunk is sampled now: each env's next draw from its own seed
                    noise = torch.cat([episode_noise(policy.sampler, g) for g in generators])
                return select(batch, noise=noise)

            monkeypatch.setattr(vec, "reset", seeded_reset)
            monkeypatch.setattr(policy, "select_action", select_action)
        try:
            torch.manual_seed(base_seed)  # lerobot-eval's set_seed(cfg.seed)
            info = eval_policy(vec, policy, env_pre, env_post, pre, post, n_episodes=episodes,
                               start_seed=base_seed)
        finally:
            monkeypatch.undo()
            vec.close()
        assert [e["seed"] for e in info["per_episode"]] == [r.seed for r in ours]
        return info["per_episode"]

    aligned = lerobot_eval(per_seed_noise=True)
    assert [bool(e["success"]) for e in aligned] == [r.success for r in ours]
    assert [e["sum_reward"] for e in aligned] == pytest.approx([r.ret for r in ours], rel=1e-12)

    as_run = lerobot_eval(per_seed_noise=False)
    paired = paired_comparison([r.success for r in ours], [bool(e["success"]) for e in as_run])
    assert paired["verdict"] == "no significant change", paired
