"""Scale-out: Ray rollout workers (``ray_rollout``), actor/learner fleet mode (``fleet``) and multi-process
data-parallel training (``launch``). Everything also runs on one machine with a local Ray (``cluster``)."""
