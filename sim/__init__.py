"""Simulator adapters behind one registry (``robopolicy.sim``). Simulators are imported lazily by ``make_env``.

```python
from robopolicy.sim import make_env, registered_envs
env = make_env("metaworld/push-v3", cameras=("corner",), image_size=84, seed=0)
obs, info = env.reset(seed=0)   # {"state": (39,) float32, "corner": (84, 84, 3) uint8}
```
"""

from robopolicy.sim.base import NoExpertError, SimEnv
from robopolicy.sim.registry import (
    MT10_ID,
    TASK_SETS,
    SimulatorMissingError,
    UnknownEnvError,
    check_env_id,
    expand_env_ids,
    make_env,
    mt10_env_ids,
    registered_envs,
    task_set_ids,
)

__all__ = ["MT10_ID", "TASK_SETS", "NoExpertError", "SimEnv", "SimulatorMissingError", "UnknownEnvError",
           "check_env_id", "expand_env_ids", "make_env", "mt10_env_ids", "registered_envs", "task_set_ids"]
