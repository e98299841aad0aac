"""Per-simulator defaults (tasks, episode limits, instructions, controller), as YAML text in this module.

They are not Hydra configs under ``configs/env/``: a directory named ``env`` there would turn every command's
``env=<id>`` override into a config-group selection (Hydra treats any config directory as a group). Override
them per call through ``make_env`` keyword arguments (``max_episode_steps``, ``reward_shaping``).
"""

from __future__ import annotations

from functools import cache
from typing import Any

import yaml

SIMULATOR_DEFAULTS_YAML = """
metaworld:
  # Meta-World v3 adapter defaults (robopolicy.sim.metaworld_env).
  max_episode_steps: 500        # Meta-World's own max_path_length; make_env(max_episode_steps=...) overrides
  default_cameras: [corner]
  # Cameras whose frame is rolled upside-down in the model (xyz_base.xml: their +y "image up" axis points down
  # in the world), so any renderer that draws the camera as defined -- Meta-World's own (gymnasium's
  # MujocoRenderer) and our mujoco.Renderer alike -- shows the table's underside at the top of the frame.
  # Our renderer rotates these images 180 degrees (robopolicy.sim.rendering), so observations and videos are
  # upright; reversing the rows alone would mirror the scene left-right. The other cameras are upright
  # (behindGripper) or look straight down (topview, gripperPOV) and are returned as rendered.
  upside_down_cameras: [corner, corner2, corner3, corner4]
  # The 50 v3 task names (metaworld.ALL_V3_ENVIRONMENTS; a test checks they agree), listed here so that
  # importing robopolicy.sim and listing ids does not import Meta-World.
  tasks: [assembly-v3, basketball-v3, bin-picking-v3, box-close-v3, button-press-topdown-v3,
          button-press-topdown-wall-v3, button-press-v3, button-press-wall-v3, coffee-button-v3,
          coffee-pull-v3, coffee-push-v3, dial-turn-v3, disassemble-v3, door-close-v3, door-lock-v3,
          door-open-v3, door-unlock-v3, hand-insert-v3, drawer-close-v3, drawer-open-v3, faucet-open-v3,
          faucet-close-v3, hammer-v3, handle-press-side-v3, handle-press-v3, handle-pull-side-v3,
          handle-pull-v3, lever-pull-v3, pick-place-wall-v3, pick-out-of-hole-v3, pick-place-v3,
          plate-slide-v3, plate-slide-side-v3, plate-slide-back-v3, plate-slide-back-side-v3,
          peg-insert-side-v3, peg-unplug-side-v3, soccer-v3, stick-push-v3, stick-pull-v3, push-v3,
          push-wall-v3, push-back-v3, reach-v3, reach-wall-v3, shelf-place-v3, sweep-into-v3, sweep-v3,
          window-open-v3, window-close-v3]
  mt10: [reach-v3, push-v3, pick-place-v3, door-open-v3, drawer-open-v3, drawer-close-v3,
         button-press-topdown-v3, peg-insert-side-v3, window-open-v3, window-close-v3]
  # Meta-World's ML45 split (metaworld.env_dict.ML45_V3; a test checks they agree): 45 training tasks, the
  # generalist's pretraining set, and 5 held-out test tasks, which are also our test split's (robopolicy/protocol.py)
  ml45: [assembly-v3, basketball-v3, button-press-topdown-v3, button-press-topdown-wall-v3, button-press-v3,
         button-press-wall-v3, coffee-button-v3, coffee-pull-v3, coffee-push-v3, dial-turn-v3, disassemble-v3,
         door-close-v3, door-open-v3, drawer-close-v3, drawer-open-v3, faucet-open-v3, faucet-close-v3, hammer-v3,
         handle-press-side-v3, handle-press-v3, handle-pull-side-v3, handle-pull-v3, lever-pull-v3,
         pick-place-wall-v3, pick-out-of-hole-v3, push-back-v3, pick-place-v3, plate-slide-v3, plate-slide-side-v3,
         plate-slide-back-v3, plate-slide-back-side-v3, peg-insert-side-v3, peg-unplug-side-v3, soccer-v3,
         stick-push-v3, stick-pull-v3, push-wall-v3, push-v3, reach-wall-v3, reach-v3, shelf-place-v3,
         sweep-into-v3, sweep-v3, window-open-v3, window-close-v3]
  ml45-test: [bin-picking-v3, box-close-v3, hand-insert-v3, door-lock-v3, door-unlock-v3]
  # Natural-language instruction per task; tasks not listed get one derived from their name.
  instructions:
    reach-v3: reach the goal position
    push-v3: push the puck to the goal
    pick-place-v3: pick up the puck and place it at the goal
    door-open-v3: open the door
    drawer-open-v3: open the drawer
    drawer-close-v3: close the drawer
    button-press-topdown-v3: press the button from the top
    peg-insert-side-v3: insert the peg into the hole from the side
    window-open-v3: slide the window open
    window-close-v3: slide the window closed
    push-back-v3: push the puck back to the goal
    push-wall-v3: push the puck around the wall to the goal
    pick-place-wall-v3: pick up the puck and place it at the goal behind the wall
    reach-wall-v3: reach the goal position behind the wall
    button-press-v3: press the button
    door-close-v3: close the door
    faucet-open-v3: turn the faucet on
    faucet-close-v3: turn the faucet off
    sweep-into-v3: sweep the puck into the hole
    basketball-v3: dunk the basketball into the hoop
    assembly-v3: put the ring onto the peg
    shelf-place-v3: place the puck on the shelf
    plate-slide-v3: slide the plate into the goal
    coffee-push-v3: push the mug under the coffee machine
    lever-pull-v3: pull the lever up
    hammer-v3: hammer the nail in
    button-press-topdown-wall-v3: press the button from the top behind the wall
    button-press-wall-v3: press the button behind the wall
    coffee-button-v3: press the button on the coffee machine
    coffee-pull-v3: pull the mug away from the coffee machine
    dial-turn-v3: turn the dial
    disassemble-v3: take the ring off the peg
    handle-press-side-v3: press the handle down from the side
    handle-press-v3: press the handle down
    handle-pull-side-v3: pull the handle up from the side
    handle-pull-v3: pull the handle up
    pick-out-of-hole-v3: pick the puck out of the hole
    plate-slide-side-v3: slide the plate sideways into the goal
    plate-slide-back-v3: slide the plate back out of the goal
    plate-slide-back-side-v3: slide the plate sideways back out of the goal
    peg-unplug-side-v3: unplug the peg from the side
    soccer-v3: kick the ball into the goal
    stick-push-v3: push the bottle with the stick
    stick-pull-v3: pull the bottle with the stick
    sweep-v3: sweep the puck off the table
    bin-picking-v3: move the puck from one bin to the other
    box-close-v3: put the lid on the box
    hand-insert-v3: insert the hand into the hole
    door-lock-v3: lock the door
    door-unlock-v3: unlock the door

robosuite:
  # robosuite 1.5 adapter defaults (robopolicy.sim.robosuite_env).
  robot: Panda
  controller: BASIC             # Panda's default composite controller: OSC_POSE arm (delta pose in [-1, 1]) + gripper
  control_freq: 20              # Hz
  default_cameras: [agentview]
  # Every camera of these tasks has its image-up axis pointing up in the world (or looks straight down), and
  # our mujoco.Renderer returns images top row first, so none is rotated. (robosuite's own renderer, off here,
  # returns OpenGL's bottom-up buffer: upside-down.)
  upside_down_cameras: []
  tasks:
    Lift:
      env_name: Lift
      max_episode_steps: 200
      instruction: lift the cube
    PickPlaceCan:
      env_name: PickPlaceCan
      max_episode_steps: 400
      instruction: pick up the can and place it in its bin
    NutAssemblySquare:
      env_name: NutAssemblySquare
      max_episode_steps: 400
      instruction: fit the square nut onto the square peg
    Stack:
      env_name: Stack
      max_episode_steps: 300
      instruction: stack the red cube on the green cube

gym:
  # Gymnasium MuJoCo locomotion/manipulation adapter defaults (robopolicy.sim.gym_env). No success notion:
  # info["is_success"] is always False for these tasks.
  tasks: [Hopper-v5, Walker2d-v5, HalfCheetah-v5, Ant-v5, Humanoid-v5, Swimmer-v5, Reacher-v5, Pusher-v5,
          InvertedPendulum-v5, InvertedDoublePendulum-v5]
  default_cameras: [free]
  upside_down_cameras: []       # the free camera and the tasks' track cameras are upright
  instructions:
    Hopper-v5: hop forward
    Walker2d-v5: walk forward
    HalfCheetah-v5: run forward
    Ant-v5: walk forward
    Humanoid-v5: walk forward
    Swimmer-v5: swim forward
    Reacher-v5: reach the target
    Pusher-v5: push the object to the goal
    InvertedPendulum-v5: balance the pole
    InvertedDoublePendulum-v5: balance the double pole

so101:
  # lerobot-env-so101 adapter defaults (robopolicy.sim.so101_env): LeRobot's SO-101 arm in MuJoCo, 10 Hz.
  action_scale: 0.025           # metres per action unit (the package's DEFAULT_ACTION_SCALE; its env default, 1 m,
                                # saturates the workspace in one step)
  random_block_position: true   # block (and goal) drawn per reset from the episode seed; the package fixes them
  default_cameras: [front]
  upside_down_cameras: []       # the scene's front camera is upright
  tasks:
    pick-cube:
      gym_id: lerobot_env_so101/SO101PickCube-v0
      max_episode_steps: 100    # the package's registered limit
      instruction: pick up the cube
    pick-place:
      gym_id: lerobot_env_so101/SO101PickPlace-v0
      max_episode_steps: 300    # the package's registered limit
      instruction: pick up the cube and place it at the goal

pusht:
  # gym-pusht adapter defaults (robopolicy.sim.pusht_env). 2-D pymunk simulation, not MuJoCo; the one camera
  # "top" is the environment's own top-down drawing at image_size x image_size.
  max_episode_steps: 300
  instruction: push the T-shaped block onto the target
  default_cameras: [top]
"""


@cache
def _all_defaults() -> dict[str, Any]:
    return yaml.safe_load(SIMULATOR_DEFAULTS_YAML)


def simulator_defaults(simulator: str) -> dict[str, Any]:
    """The defaults of one simulator (``metaworld``, ``robosuite``, ``gym``, ``so101``, ``pusht``); callers must not mutate."""
    return _all_defaults()[simulator]
