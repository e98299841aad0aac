import subprocess
import sys

import pytest

from robopolicy.errors import RobopolicyError
from robopolicy.sim import (
    MT10_ID,
    SimulatorMissingError,
    UnknownEnvError,
    expand_env_ids,
    make_env,
    mt10_env_ids,
    registered_envs,
)
from robopolicy.sim.metaworld_env import expert_class_name, instruction_for


def test_unknown_env_id_lists_the_registered_ids():
    with pytest.raises(UnknownEnvError) as err:
        make_env("metaworld/push-v9")
    message = str(err.value)
    assert "'metaworld/push-v9'" in message
    for env_id in ("metaworld/push-v3", "robosuite/Lift", "robosuite/PickPlaceCan", "gym/Hopper-v5", "pusht",
                   MT10_ID):
        assert env_id in message
    with pytest.raises(RobopolicyError, match="registered ids"):
        make_env("isaac/Cartpole")


def test_registry_covers_every_metaworld_v3_task_and_the_three_robosuite_tasks():
    import metaworld

    ids = registered_envs()
    assert {f"metaworld/{t}" for t in metaworld.ALL_V3_ENVIRONMENTS} == {i for i in ids if i.startswith("metaworld/")}
    assert {"robosuite/Lift", "robosuite/PickPlaceCan", "robosuite/NutAssemblySquare", "pusht"} <= set(ids)


def test_every_metaworld_task_has_an_expert_class():
    import metaworld
    import metaworld.policies

    for task in metaworld.ALL_V3_ENVIRONMENTS:
        assert hasattr(metaworld.policies, expert_class_name(task)), task


def test_mt10_has_ten_tasks_each_with_its_own_instruction():
    ids = expand_env_ids(MT10_ID)
    assert ids == mt10_env_ids() and len(ids) == 10 and len(set(ids)) == 10
    assert set(ids) <= set(registered_envs())
    instructions = [instruction_for(i.split("/")[1]) for i in ids]
    assert all(len(s.split()) >= 2 for s in instructions)
    assert len(set(instructions)) == 10
    assert instruction_for("push-v3") == "push the puck to the goal"
    with pytest.raises(UnknownEnvError, match="set of 10 tasks"):
        make_env(MT10_ID)


def test_missing_simulator_names_the_extra_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "gym_pusht", None)  # find_spec reports it as not installed
    with pytest.raises(SimulatorMissingError, match=r"pip install 'robopolicy\[sim\]'") as err:
        make_env("pusht")
    assert "gym_pusht" in str(err.value)


def test_importing_robopolicy_sim_imports_no_simulator():
    code = ("import sys, robopolicy.sim as s; s.registered_envs(); "
            "print(sorted(m for m in ('metaworld', 'robosuite', 'mujoco', 'gym_pusht') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_an_observation_needs_state_or_a_camera():
    with pytest.raises(RobopolicyError, match="state=False, proprio=False and no cameras"):
        make_env("pusht", state=False)


@pytest.mark.fault("config")
@pytest.mark.parametrize("typo, meant", [("metaworld/psuh-v3", "metaworld/push-v3"), ("robosuite/lift", "robosuite/Lift"),
                                         ("push-v3", "metaworld/push-v3"), ("gym/hopper-v5", "gym/Hopper-v5"),
                                         ("metaworld/mt-10", MT10_ID)])
def test_an_unknown_env_id_suggests_the_closest_registered_ones(typo, meant):
    """`env=metaworld/psuh-v3` (a typo), `robosuite/lift` (case) or `push-v3` (no simulator): the error listed every
    registered id and left the user to find theirs; now the list ends with "did you mean <closest>?" (difflib, at most 3). An id like nothing registered gets no guess."""
    with pytest.raises(UnknownEnvError) as err:
        make_env(typo)
    message = str(err.value)
    assert message.startswith(f"unknown env id {typo!r}; registered ids:") and f"; did you mean {meant}" in message
    assert message.endswith("?") and message.count(" or ") <= 2
    with pytest.raises(UnknownEnvError) as err:
        make_env("isaac/Cartpole")
    assert "did you mean" not in str(err.value)


def test_ml45_task_sets_are_meta_worlds_and_expand_like_mt10():
    """``metaworld/ml45`` (45 training tasks) and ``metaworld/ml45-test`` (5 held-out tasks) are Meta-World's own
    ML45 split; a list of ids expands each, in order, without repeats; a set is never one env."""
    from metaworld.env_dict import ML45_V3

    from robopolicy.protocol import TEST_TASKS
    from robopolicy.sim import UnknownEnvError, expand_env_ids, make_env, task_set_ids

    assert [t.split("/")[1] for t in task_set_ids("metaworld/ml45")] == list(ML45_V3["train"])
    assert [t.split("/")[1] for t in task_set_ids("metaworld/ml45-test")] == list(ML45_V3["test"])
    assert set(task_set_ids("metaworld/ml45-test")) < set(TEST_TASKS)   # held out from everything we choose
    assert expand_env_ids(["metaworld/mt10", "metaworld/push-v3", "metaworld/door-lock-v3"])[-1] == "metaworld/door-lock-v3"
    assert len(expand_env_ids(["metaworld/mt10", "metaworld/push-v3"])) == 10
    with pytest.raises(UnknownEnvError, match="'metaworld/ml45' is a set of 45 tasks, not one env"):
        make_env("metaworld/ml45")
    from robopolicy.sim.metaworld_env import instruction_for

    every = [t.split("/")[1] for t in [*task_set_ids("metaworld/ml45"), *task_set_ids("metaworld/ml45-test")]]
    assert len({instruction_for(t) for t in every}) == 50   # a language-conditioned policy can tell them apart
