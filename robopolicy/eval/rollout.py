"""The rollout harness: run N episodes of a ``Sampler`` in simulation with the policy's own horizons.

Each round, the observation histories ``{key: (B, To, *shape)}`` of every running episode (across all envs
and worker processes) go to the policy in **one** batched call; it returns chunks ``(B, 1, Tp, Da)`` and each
env executes ``actions[:, 0, executed_slice(To, Ta)]`` (``Ta`` actions starting at index ``To - 1``) before
the policy re-plans. Episodes are handed to free env slots in index order; episode ``i`` resets with seed
``base_seed + i`` (or ``seeds[i]``).

Reproducibility: when the policy is deterministic given its noise (``noise_shape`` is not None) every episode
draws its noise from its own generator seeded by its seed, so an episode's result depends only on its seed —
not on the number of envs or workers, nor on the other episodes in the batch. Any other randomness a policy draws
(a policy without ``noise_shape``, or a stochastic chain such as DPPO's training chain) comes from torch's global
generator seeded with ``base_seed``; such policies reproduce given the same seeds *and* the same envs/workers
layout. An evaluation runs on a fork of the global generator: the caller's random stream (a fine-tuning run's) is
the same afterwards whether or not it evaluated.

Latency-aware evaluation (``execution=ExecutionSettings(...)``, ``latency=...``): the env keeps stepping while
inference runs. Every ``replan_every`` steps (default ``Ta``) an episode's observation goes to the policy; its
chunk arrives ``d`` steps later (``execution.Latency``: fixed, drawn per chunk from the episode's own generator,
or replayed from a trace), and meanwhile the env executes the ``d`` actions already queued. Each episode has its
own ``execution.ActionQueue`` -- the daemon's class -- and the strategy decides how the chunk joins it (``rtc``
samples the chunk with guidance towards the queued plan first). The first chunk of an episode waits (a cold
start is not latency). With ``d = 0`` and strategy ``sync``, ``naive`` or ``rtc`` the episodes are exactly those
of the synchronous harness. Each result's ``execution`` holds the delays and the seam metrics
(``execution.seam_metrics``).

Before any episode, the policy's spec is checked against the env's ``feature_spec``; a disagreement raises
``SpecMismatchError`` naming keys and shapes on both sides.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import torch
from tqdm import tqdm

from robopolicy.errors import RobopolicyError
from robopolicy.eval.workers import Assignment, EnvFactory, EpisodeResult, LocalSlots, ProcessSlots
from robopolicy.execution import (
    ExecutionSettings,
    Latency,
    LatencySampler,
    check_delay_fits,
    parse_latency,
    seam_metrics,
)
from robopolicy.policies.protocol import (  # noqa: F401  (the fit check and its error: re-exported)
    PolicySpec,
    Sampler,
    SpecMismatchError,
    check_policy_matches_env,
    episode_noise,
    executed_slice,
)

STATE_KEY = "state"
PROPRIO_KEY = "proprio"  # robopolicy.sim.base.PROPRIO_KEY (the simulators are not imported here)
TASK_KEY = "task"


class EpisodeErrorsError(RobopolicyError):
    """Evaluation episodes raised: a success count would silently score a crash as a failure."""


def env_kwargs_for(spec: PolicySpec, extra_cameras: Sequence[str] = (), video_size: int | None = None,
                   **overrides: Any) -> dict[str, Any]:
    """``make_env`` keyword arguments that give the observations ``spec`` reads (plus ``extra_cameras``).

    Cameras are the spec's image keys at their resolution; ``state`` is on when the spec reads ``"state"``,
    ``proprio`` when it reads ``"proprio"``.
    """
    image_keys = [k for k, f in spec.obs_features.items() if f.kind == "image"]
    sizes = {spec.obs_features[k].shape[:2] for k in image_keys}
    if len(sizes) > 1 or any(h != w for h, w in sizes):
        raise SpecMismatchError(f"the env adapters render square images of one size; the policy reads "
                                f"{ {k: spec.obs_features[k].shape for k in image_keys} }")
    image_size = next(iter(sizes))[0] if sizes else video_size
    cameras = image_keys + [c for c in extra_cameras if c not in image_keys]
    kwargs: dict[str, Any] = {"cameras": tuple(cameras), "state": STATE_KEY in spec.obs_features}
    if PROPRIO_KEY in spec.obs_features:
        kwargs["proprio"] = True
    if image_size is not None:
        kwargs["image_size"] = int(image_size)
    kwargs.update(overrides)
    return kwargs


def _batch_observations(spec: PolicySpec, histories: list[dict[str, np.ndarray]],
                        instruction: str) -> dict[str, Any]:
    obs: dict[str, Any] = {k: np.stack([h[k] for h in histories]) for k in spec.obs_features}
    if spec.language:
        obs[TASK_KEY] = [instruction] * len(histories)
    return obs


def _executed_actions(policy: Sampler, obs: dict[str, Any], noise: torch.Tensor | None,
                      batch: int, count: int | None = None, rtc: tuple | None = None) -> np.ndarray:
    """``(B, count, Da)`` float64 actions from one batched policy call (``count``: ``Ta`` unless given).

    ``rtc``: ``(prefix (B, H, Da), delays (B,), settings)`` samples with real-time chunking instead."""
    spec = policy.spec
    with torch.no_grad():
        if rtc is None:
            chunks = policy.sample(obs, n=1, noise=noise)
        else:
            from robopolicy.policies.rtc import rtc_sample

            chunks = rtc_sample(policy, obs, rtc[0], rtc[1], noise=noise, settings=rtc[2])
    expected = (batch, 1, spec.pred_horizon, spec.action_dim)
    if tuple(chunks.shape) != expected:
        raise SpecMismatchError(f"policy.sample returned shape {tuple(chunks.shape)}, expected (B, n, Tp, Da) = "
                                f"{expected} from its spec")
    executed = chunks[:, 0, executed_slice(spec.obs_horizon, spec.exec_horizon if count is None else count)]
    return executed.detach().cpu().numpy().astype(np.float64)


class EpisodeExecution:
    """One episode's side of latency-aware evaluation: its action queue, tick, delays and the actions it sent.

    ``round(chunk, d)`` is what happens between two observations: the ``d`` queued actions run while the chunk
    is computed, the chunk joins the queue at tick ``t + d`` (the strategy's rule), then the queue runs until
    the next observation, ``replan_every`` steps after this one."""

    def __init__(self, settings: ExecutionSettings, sampler: LatencySampler, replan_every: int, limit: int,
                 horizon: int, action_dim: int):
        self.settings, self.sampler = settings, sampler
        self.replan_every, self.limit, self.horizon, self.action_dim = replan_every, limit, horizon, action_dim
        self.queue = settings.new_queue()
        self.tick = 0
        self.chunks = 0
        self.delays: list[int] = []
        self.wait_steps = 0  # sync: steps the robot would have stood still waiting for chunks
        self.sent: list[np.ndarray] = []
        self.switches: list[int] = []

    def next_delay(self) -> int:
        """This chunk's delay (0 for the first chunk of the episode, and for sync, which waits instead)."""
        if self.chunks == 0:
            return 0
        d = self.sampler.next(self.limit)
        if self.settings.strategy == "sync":
            self.wait_steps += d
            return 0
        return d

    def prefix(self) -> np.ndarray:
        """The queued plan from this tick ``(H, Da)`` (NaN where nothing is queued)."""
        return self.queue.plan(self.tick, self.horizon, self.action_dim)

    def round(self, chunk: np.ndarray, delay: int) -> np.ndarray:
        """``chunk``: the new chunk's ``H`` executable actions; returns the ``replan_every`` actions to run."""
        out = [self._pop(self.tick + i) for i in range(delay)]
        self.queue.insert(chunk, first_tick=self.tick, obs_time=float(self.tick), current_tick=self.tick + delay)
        if self.chunks:
            self.switches.append(self.tick + delay)
        out += [self._pop(self.tick + i) for i in range(delay, self.replan_every)]
        self.tick += self.replan_every
        self.chunks += 1
        self.delays.append(delay)
        self.sent.extend(out)
        return np.stack(out)

    def _pop(self, tick: int) -> np.ndarray:
        slot = self.queue.pop(tick)
        if slot is None:  # the delay limit rules this out
            raise RobopolicyError(f"no action queued for tick {tick} (harness bug: the delay limit should prevent it)")
        return slot.action

    def summary(self, length: int) -> dict[str, Any]:
        metrics = seam_metrics(np.asarray(self.sent[:length]).reshape(-1, self.action_dim), self.switches)
        return {"strategy": self.settings.strategy, "latency": self.sampler.latency.text,
                "delays": self.delays, "clipped_delays": self.sampler.clipped, "wait_steps": self.wait_steps,
                **metrics}


def run_episodes(policy: Sampler, env_id: str, episodes: int, *, base_seed: int = 0,
                 seeds: Sequence[int] | None = None, workers: int = 1, envs_per_worker: int = 1,
                 stop_on_success: bool = True, max_episode_steps: int | None = None,
                 env_kwargs: dict[str, Any] | None = None, env_factory: Callable[[], Any] | None = None,
                 record_camera: str | None = None, record_episodes: Sequence[int] = (),
                 progress: bool = True, execution: ExecutionSettings | None = None,
                 latency: str | int | Latency = 0, replan_every: int | None = None) -> list[EpisodeResult]:
    """Run ``episodes`` episodes of ``policy`` in ``env_id``; results sorted by episode index.

    ``workers == 1`` steps ``envs_per_worker`` envs in this process; ``workers > 1`` spawns that many worker
    processes with ``envs_per_worker`` envs each. The policy is always called in this process, once per round
    on the batch of all running episodes. ``env_kwargs`` go to ``make_env`` on top of what the spec needs
    (``env_kwargs_for``); ``env_factory`` replaces ``make_env`` entirely (it must be picklable for workers).
    ``record_camera`` adds that camera to the env; episodes whose index is in ``record_episodes`` keep their
    frames ``(L + 1, H, W, 3)``. ``execution`` (with ``latency`` and ``replan_every``) runs the latency-aware
    harness described in the module docstring; without it, the synchronous one.
    """
    if episodes < 1:
        raise RobopolicyError(f"episodes must be >= 1, got {episodes}")
    if workers < 1 or envs_per_worker < 1:
        raise RobopolicyError(f"workers and envs_per_worker must be >= 1, got {workers} and {envs_per_worker}")
    seeds = [base_seed + i for i in range(episodes)] if seeds is None else [int(s) for s in seeds]
    if len(seeds) != episodes:
        raise RobopolicyError(f"got {len(seeds)} seeds for {episodes} episodes")
    spec = policy.spec
    latency = parse_latency(latency)
    if execution is None and (not latency.is_zero or replan_every is not None):
        execution = ExecutionSettings()
    if execution is not None and execution.strategy == "rtc":
        from robopolicy.policies.rtc import check_rtc_support

        check_rtc_support(policy)
    if env_factory is None:
        extra = (record_camera,) if record_camera else ()
        env_factory = EnvFactory(env_id, env_kwargs_for(spec, extra, **(env_kwargs or {})))

    from robopolicy.envs import CameraError

    try:
        probe = env_factory()  # checked before any episode or worker starts
    except CameraError as e:  # the policy reads a camera this simulator does not have
        raise SpecMismatchError(f"policy and env {env_id!r} disagree: the policy reads "
                                f"{ {k: f.shape for k, f in spec.obs_features.items()} } and the env cannot "
                                f"provide them: {e}") from e
    try:
        check_policy_matches_env(spec, probe.feature_spec, env_id)
        instruction = probe.instruction
        if record_camera and record_camera not in probe.feature_spec:
            raise RobopolicyError(f"record_camera {record_camera!r} is not an observation of {env_id!r}; it has "
                                  f"{sorted(k for k, f in probe.feature_spec.items() if f.kind == 'image')}")
    except BaseException:
        probe.close()
        raise

    plan = None
    if execution is not None:
        executable = spec.pred_horizon - spec.obs_horizon + 1
        every = spec.exec_horizon if replan_every is None else int(replan_every)
        try:
            limit = check_delay_fits(latency, every, executable, probe.fps)
        except BaseException:
            probe.close()
            raise
        plan = (execution, latency, every, limit, executable, float(probe.fps))
    runner_kwargs = {"env_factory": env_factory, "obs_keys": list(spec.obs_features),
                     "obs_horizon": spec.obs_horizon, "stop_on_success": stop_on_success,
                     "max_episode_steps": max_episode_steps, "frame_key": record_camera}
    slots_per_group = min(envs_per_worker, -(-episodes // workers))
    if workers == 1:  # the probe env becomes the first slot's env
        groups: list[Any] = [LocalSlots(min(envs_per_worker, episodes), runner_kwargs, first_env=probe)]
    else:
        probe.close()
        groups = [ProcessSlots(slots_per_group, runner_kwargs) for _ in range(workers)]
    try:
        for g in groups:
            if isinstance(g, ProcessSlots):
                g.wait_ready()
        with torch.random.fork_rng(devices=list(range(torch.cuda.device_count()))):
            torch.manual_seed(base_seed)
            return _run_rounds(policy, groups, seeds, set(record_episodes), instruction, progress, plan)
    finally:
        for g in groups:
            g.close()


def checked_episodes(policy: Sampler, env_id: str, episodes: int, *, base_seed: int = 0,
                     seeds: Sequence[int] | None = None, envs_per_worker: int = 1,
                     max_episode_steps: int | None = None, env_factory: Callable[[], Any] | None = None,
                     progress: bool = False) -> list[EpisodeResult]:
    """``run_episodes`` (same seeds, same arguments), refusing errored episodes: an episode that raised is an
    ``EpisodeErrorsError`` naming how many did and the first error, never a failure (a bug or a broken simulator
    must not read as a lower success rate)."""
    results = run_episodes(policy, env_id, episodes, base_seed=base_seed, seeds=seeds,
                           envs_per_worker=envs_per_worker, max_episode_steps=max_episode_steps,
                           env_factory=env_factory, progress=progress)
    errors = [r.error for r in results if r.error]
    if errors:
        raise EpisodeErrorsError(f"{len(errors)} of {len(results)} evaluation episodes in {env_id} raised; the first: "
                                 f"{errors[0]}. Fix the cause (robopolicy eval shows each episode's error) and rerun")
    return results


def episodes_per_task(episodes: int, tasks: int) -> list[int]:
    """``episodes`` split over ``tasks`` as evenly as possible, the first ones one more."""
    return [episodes // tasks + (1 if t < episodes % tasks else 0) for t in range(tasks)]


def task_slices(env_id: str, episodes: int) -> dict[str, slice]:
    """Which of ``success_outcomes(policy, env_id, episodes)``'s outcomes belong to which task."""
    from robopolicy.envs import expand_env_ids

    tasks, out, start = expand_env_ids(env_id), {}, 0
    for task, n in zip(tasks, episodes_per_task(episodes, len(tasks))):
        out[task], start = slice(start, start + n), start + n
    return out


def success_outcomes(policy: Sampler, env_id: str, episodes: int, *, base_seed: int = 0,
                     seeds: Sequence[int] | None = None, envs_per_worker: int = 1,
                     max_episode_steps: int | None = None, env_factory: Callable[[], Any] | None = None,
                     progress: bool = False) -> list[bool]:
    """Per-episode success of ``checked_episodes``, in episode order: the one "run episodes, then count" of the
    fine-tuners, their selection, merge sweeps and the experiments. A task set (``metaworld/mt10``) splits the
    episodes over its tasks (the first ``episodes % n`` tasks one more), each on seeds ``base_seed``, ``+1``, ...,
    and returns them task by task in the set's order (``task_slices`` says which outcome is which task's)."""
    from robopolicy.envs import expand_env_ids

    tasks = expand_env_ids(env_id)
    if len(tasks) > 1 and env_factory is None:
        if seeds is not None:
            raise RobopolicyError(f"explicit seeds= and the task set {env_id} do not combine; give base_seed=")
        return [o for task, n in zip(tasks, episodes_per_task(episodes, len(tasks))) if n
                for o in success_outcomes(policy, task, n, base_seed=base_seed, envs_per_worker=envs_per_worker,
                                          max_episode_steps=max_episode_steps, progress=progress)]
    return [bool(r.success) for r in checked_episodes(policy, env_id, episodes, base_seed=base_seed, seeds=seeds,
                                                      envs_per_worker=envs_per_worker,
                                                      max_episode_steps=max_episode_steps,
                                                      env_factory=env_factory, progress=progress)]


def _run_rounds(policy: Sampler, groups: list[Any], seeds: list[int], record: set[int], instruction: str,
                progress: bool, plan: tuple | None = None) -> list[EpisodeResult]:
    spec = policy.spec
    executions: dict[int, EpisodeExecution] = {}
    n_slots = sum(len(g) for g in groups)
    pending = list(range(len(seeds)))[::-1]  # a stack: pop() gives the lowest index
    running: list[int | None] = [None] * n_slots
    histories: list[dict[str, np.ndarray] | None] = [None] * n_slots
    generators: dict[int, torch.Generator] = {}
    results: list[EpisodeResult] = []

    def assign() -> Assignment | None:
        if not pending:
            return None
        i = pending.pop()
        return Assignment(i, seeds[i], i in record)

    def unassign(a: Assignment | None) -> None:
        if a is not None:
            pending.append(a.index)
            pending.sort(reverse=True)

    commands: list[tuple | None] = [("start", a) if (a := assign()) else None for _ in range(n_slots)]
    bar = tqdm(total=len(seeds), desc="episodes", unit="ep", disable=not progress, leave=False)
    while True:
        replies = _exchange(groups, commands)
        for s, (command, reply) in enumerate(zip(commands, replies)):
            results.extend(reply.finished)
            bar.update(len(reply.finished))
            for r in reply.finished:
                generators.pop(r.index, None)
                if (ex := executions.pop(r.index, None)) is not None:
                    r.execution = ex.summary(r.length)
            attached = command[2] if command is not None and command[0] == "act" else None
            if attached is not None and reply.running != attached.index and not any(
                    r.index == attached.index for r in reply.finished):
                unassign(attached)  # the episode did not end this round: the spare assignment goes back
            running[s], histories[s] = reply.running, reply.obs
        active = [s for s in range(n_slots) if running[s] is not None]
        if not active:
            if not pending:
                break
            commands = [("start", a) if (a := assign()) else None for _ in range(n_slots)]
            continue
        obs = _batch_observations(spec, [histories[s] for s in active], instruction)
        noise = None
        if policy.noise_shape is not None:
            for s in active:
                if running[s] not in generators:
                    generators[running[s]] = torch.Generator().manual_seed(seeds[running[s]])
            noise = torch.stack([episode_noise(policy, generators[running[s]]) for s in active])
        if plan is None:
            actions = _executed_actions(policy, obs, noise, len(active))
        else:
            actions = _latency_round(policy, obs, noise, [running[s] for s in active], seeds, executions, plan)
        commands = [None] * n_slots
        for row, s in enumerate(active):
            commands[s] = ("act", actions[row], assign())
        for s in range(n_slots):  # idle slots (their reset failed) take a new episode
            if commands[s] is None and (a := assign()) is not None:
                commands[s] = ("start", a)
    bar.close()
    return sorted(results, key=lambda r: r.index)


def _latency_round(policy: Sampler, obs: dict[str, Any], noise: torch.Tensor | None, episodes: list[int],
                   seeds: list[int], executions: dict[int, EpisodeExecution], plan: tuple) -> list[np.ndarray]:
    """One policy call for every running episode, then each episode's actions until its next observation."""
    settings, latency, every, limit, executable, rate = plan
    for i in episodes:
        if i not in executions:
            executions[i] = EpisodeExecution(settings, latency.sampler(seeds[i], rate), every, limit, executable,
                                             policy.spec.action_dim)
    delays = [executions[i].next_delay() for i in episodes]
    rtc = None
    if settings.strategy == "rtc" and any(delays):
        rtc = (np.stack([executions[i].prefix() for i in episodes]), np.asarray(delays), settings)
    chunks = _executed_actions(policy, obs, noise, len(episodes), count=executable, rtc=rtc)
    return [executions[i].round(chunk, d) for i, chunk, d in zip(episodes, chunks, delays)]


def _exchange(groups: list[Any], commands: list[tuple | None]) -> list[Any]:
    """Send each group its slots' commands (all first, so worker processes step in parallel), then collect."""
    offset = 0
    for g in groups:
        g.send(commands[offset:offset + len(g)])
        offset += len(g)
    replies = []
    for g in groups:
        replies.extend(g.receive())
    return replies


def sequential_paired_outcomes(after: Sampler, env_id: str, settings: Any, *, before: Sampler | None = None,
                               before_outcomes: Sequence[bool] | None = None, base_seed: int = 0,
                               workers: int = 1, envs_per_worker: int = 1, progress: bool = False,
                               **run_kwargs: Any) -> tuple[list[bool], list[bool], int, Any]:
    """Paired episodes on seeds ``base_seed + i``, in seed order, until a ``SequentialPairedTest(settings)`` stops.

    Episodes run in batches of ``workers * envs_per_worker`` (each batch one ``run_episodes`` call per policy, the
    same seeds for both; ``run_kwargs`` go to it); the test reads the batch's pairs in seed order and stops at the
    first pair where it can, so it can stop after any batch and the pairs past its stop are not read. ``before`` is a
    policy run the same way, or ``before_outcomes`` its outcomes already known (at least ``settings.budget``, seed
    order from ``base_seed``). An episode that raised is an ``EpisodeErrorsError`` (as ``checked_episodes``).

    Returns ``(before outcomes, after outcomes)`` over the pairs the test read, the episodes run per policy (the
    last batch included) and the stopped test (``test.result()``). A policy with ``noise_shape`` gets the episodes
    of one ``run_episodes`` call over all seeds (each seed's own noise), up to float rounding: a batched forward's rows
    can differ in their last bits with the batch's size; one without it draws from a generator seeded per batch.
    """
    from robopolicy.eval.sequential import SequentialPairedTest

    if (before is None) == (before_outcomes is None):
        raise RobopolicyError("sequential_paired_outcomes needs the base as a policy (before=) or as its outcomes "
                              "(before_outcomes=), not both")
    known = None if before_outcomes is None else [bool(o) for o in before_outcomes]
    if known is not None and len(known) < settings.budget:
        raise RobopolicyError(f"before_outcomes has {len(known)} episodes, fewer than the budget {settings.budget}: "
                              "evaluate the base on the whole budget first")
    test = SequentialPairedTest(settings)

    def successes(policy: Sampler, start: int, n: int) -> list[bool]:
        results = run_episodes(policy, env_id, n, base_seed=base_seed + start, workers=workers,
                               envs_per_worker=envs_per_worker, progress=False, **run_kwargs)
        errors = [r.error for r in results if r.error]
        if errors:
            raise EpisodeErrorsError(f"{len(errors)} of {len(results)} evaluation episodes in {env_id} raised; the "
                                     f"first: {errors[0]}. Fix the cause (robopolicy eval shows each episode's error) "
                                     "and rerun")
        return [bool(r.success) for r in results]

    bar = tqdm(total=settings.budget, desc="paired episodes", unit="pair", disable=not progress, leave=False)

    def batch(start: int, n: int) -> tuple[list[bool], list[bool]]:
        batch_after = successes(after, start, n)
        batch_before = known[start:start + n] if known is not None else successes(before, start, n)
        bar.update(n)
        return batch_before, batch_after

    paired_before, paired_after, run = feed_in_batches(test, workers * envs_per_worker, batch)
    bar.close()
    return paired_before, paired_after, run, test


def feed_in_batches(test: Any, size: int, batch: Callable[[int, int], tuple[Sequence[bool], Sequence[bool]]]
                    ) -> tuple[list[bool], list[bool], int]:
    """Feed a ``SequentialPairedTest`` the pairs of seeds ``start .. start + n - 1`` that ``batch(start, n)`` gives
    (``(before, after)`` outcomes), ``size`` seeds at a time up to its budget, in seed order, until it stops (at the
    first pair where it can: the rest of that batch is not read). Returns the pairs it read and the episodes run per
    policy (whole batches). ``sequential_paired_outcomes`` runs the episodes; a replay gives recorded outcomes."""
    paired: tuple[list[bool], list[bool]] = ([], [])
    run = 0
    while not test.done:
        n = min(size, test.settings.budget - run)
        batch_before, batch_after = batch(run, n)
        run += n
        for b, a in zip(batch_before, batch_after):
            paired[0].append(bool(b))
            paired[1].append(bool(a))
            if test.update(b, a):
                break
    return paired[0], paired[1], run
