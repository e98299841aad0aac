"""A scripted expert for PushT (gym-pusht ships none): greedy push primitives planned in a copy of the simulator.

The block only moves while the agent pushes it: the space's damping is 0, so pymunk zeroes every body's velocity
at each physics step, and all contacts are frictionless. A push is therefore a clean primitive: put the agent
(a disk) at rest a little outside the T, next to a point of its boundary, then set the target past the contact
and hold it while the PD controller drives the agent in. The expert repeats:

1. plan: for every candidate push (a contact point on the T's outline, a direction within ``PUSH_ANGLES`` of the
   inward normal, a depth from ``PUSH_DEPTHS``) simulate the push from the current block pose in a private
   pymunk space built like the environment's (same walls, agent, T, PD gains and ``dt``) and score the block
   pose it ends in: the RMS displacement of the T's area between that pose and the goal (the centroid's
   translation plus the rotation weighted by the T's radius of gyration, in pixels), plus ``STEP_COST`` times
   the current error per control step the primitive should take. Below ``FINE_ERROR`` the score is the
   uncovered part of the goal instead, so the last pushes aim at the success criterion (coverage > 0.95).
   Take the best push; when none gains more than its steps cost, the best ignoring steps (so the expert does
   not stop in a shallow local minimum); when none gains at all, stay put.
2. approach: go around the T on the shortest path of a visibility graph whose nodes sit off the T's convex
   corners (segments keep ``PATH_CLEARANCE`` from the T) to a staging point behind the pre-contact point, move
   in along the push direction and settle there.
3. push: hold the planned target for ``PUSH_STEPS`` control steps, then plan again from the new state.

Nothing is random (ties go to the first candidate), so the same seed gives the same episode, action for action.
Every action lies in [0, 512], so the collector's clipping never changes it. The expert is stateful (the current
primitive and its private space): make one per episode (``env.expert()``). Planning a push simulates ~1000
candidates (~1 s on one core); an episode takes ~90 control steps and ~5 s.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from robopolicy.sim.pusht_env import PushTEnv

# ---- the T in its body frame (pixels), as gym_pusht's ``add_tee`` builds it: a bar over a stem
BAR = (-60.0, 0.0, 60.0, 30.0)     # xmin, ymin, xmax, ymax
STEM = (-15.0, 30.0, 15.0, 120.0)
RECTS = np.array([BAR, STEM])
AGENT_RADIUS = 15.0                # px, the agent disk
WORKSPACE = (0.0, 512.0)           # px, the action range

# ---- planning
CONTACT_SPACING = 10.0             # px between candidate contact points along the T's outline
PUSH_ANGLES = np.deg2rad([-25.0, 0.0, 25.0])  # push directions relative to the inward normal
PUSH_DEPTHS = np.array([1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0])  # px the agent's target goes past contact
PUSH_STEPS = 6                     # control steps the push target is held (the PD is ~98% there after 6)
CONTACT_GAP = 5.0                  # px between the agent's rim and the T at the pre-contact point
STAGING_BACKOFF = 10.0             # px further back along the push: the approach path's last node
PATH_CLEARANCE = AGENT_RADIUS + 6.0  # px from the agent's centre to the T along the approach path
RETREAT_RING = 3.0                 # px between the rings searched for a way out when the agent is close to the T
CORNER_OFFSET = PATH_CLEARANCE + 4.0  # px (in x and in y) of a path node off a convex corner of the T
STEP_COST = 0.005                  # fraction of the current pose error one more control step is worth
FINE_ERROR = 8.0                   # px RMS: below it candidates are scored by uncovered area, not pose error
FINE_STEP_COST = 0.0002            # coverage one more control step is worth in the fine phase
MIN_GAIN = 0.05                    # px (or coverage x 100 in the fine phase) a push must gain to be taken

# ---- execution
WAYPOINT_TOLERANCE = 10.0          # px: an intermediate waypoint counts as passed
SETTLE_TOLERANCE = 0.5             # px from the pre-contact point before a fine push ...
SETTLE_TOLERANCE_COARSE = 4.0      # ... and before a push far from the goal
SETTLE_SPEED = 20.0                # px/s: agent slow enough to start pushing
MAX_SETTLE_STEPS = 15              # control steps waiting at the pre-contact point before pushing anyway
MAX_APPROACH_STEPS = 40            # control steps on the way to the pre-contact point before replanning
STEPS_PER_WAYPOINT = 5             # control steps an approach segment takes, for the step cost
BLOCK_MOVED = 0.5                  # px the block moved since planning (the approach touched it): plan again
BLOCK_TURNED = 0.005               # rad, likewise


def _rotation(angle: float) -> np.ndarray:
    c, s = math.cos(angle), math.sin(angle)
    return np.array([[c, -s], [s, c]])


def to_world(points: np.ndarray, pose: np.ndarray) -> np.ndarray:
    """Body-frame points ``(N, 2)`` of a T at ``pose`` = (x, y, angle) of its body origin -> world."""
    return points @ _rotation(pose[2]).T + pose[:2]


def to_body(points: np.ndarray, pose: np.ndarray) -> np.ndarray:
    return (points - pose[:2]) @ _rotation(pose[2])


def distance_to_tee(local: np.ndarray) -> np.ndarray:
    """Distance (px) from body-frame points ``(N, 2)`` to the T (0 inside)."""
    x, y = local[:, 0:1], local[:, 1:2]
    dx = np.maximum(np.maximum(RECTS[:, 0] - x, 0.0), x - RECTS[:, 2])
    dy = np.maximum(np.maximum(RECTS[:, 1] - y, 0.0), y - RECTS[:, 3])
    return np.hypot(dx, dy).min(axis=1)


def _area_moments() -> tuple[np.ndarray, float]:
    """The T's area centroid (body frame) and mean squared distance of its area from it (px^2)."""
    w, h = RECTS[:, 2] - RECTS[:, 0], RECTS[:, 3] - RECTS[:, 1]
    centres = (RECTS[:, :2] + RECTS[:, 2:]) / 2
    areas = w * h
    centroid = (areas[:, None] * centres).sum(axis=0) / areas.sum()
    spread = (w**2 + h**2) / 12 + ((centres - centroid) ** 2).sum(axis=1)
    return centroid, float((areas * spread).sum() / areas.sum())


CENTROID, GYRATION_SQ = _area_moments()


def pose_error(pose: np.ndarray, goal: np.ndarray) -> float:
    """RMS displacement (px) over the T's area between the T at ``pose`` and at ``goal``."""
    shift = to_world(CENTROID[None], pose)[0] - to_world(CENTROID[None], goal)[0]
    turn = 2.0 * (1.0 - math.cos(pose[2] - goal[2])) * GYRATION_SQ
    return math.sqrt(float(shift @ shift) + turn)


def _area_samples(spacing: float = 1.0) -> np.ndarray:
    """Centres of a ``spacing`` grid over the T (body frame), for the coverage estimate."""
    cells = []
    for xmin, ymin, xmax, ymax in RECTS:
        xs = np.arange(xmin + spacing / 2, xmax, spacing)
        ys = np.arange(ymin + spacing / 2, ymax, spacing)
        cells.append(np.stack(np.meshgrid(xs, ys), axis=-1).reshape(-1, 2))
    return np.concatenate(cells)


AREA_SAMPLES = _area_samples()


def coverage(pose: np.ndarray, goal: np.ndarray) -> float:
    """The fraction of the goal T covered by the T at ``pose`` (a 1-px grid estimate of the env's coverage)."""
    local = to_body(to_world(AREA_SAMPLES, pose), goal)
    return float(np.mean(distance_to_tee(local) == 0.0))


def _contact_points() -> tuple[np.ndarray, np.ndarray]:
    """Candidate contact points on the T's outline and their outward normals (body frame)."""
    edges = [  # (start, end, outward normal), counter-clockwise around the outline
        ((-60, 0), (60, 0), (0, -1)), ((60, 0), (60, 30), (1, 0)), ((60, 30), (15, 30), (0, 1)),
        ((15, 30), (15, 120), (1, 0)), ((15, 120), (-15, 120), (0, 1)), ((-15, 120), (-15, 30), (-1, 0)),
        ((-15, 30), (-60, 30), (0, 1)), ((-60, 30), (-60, 0), (-1, 0)),
    ]
    points, normals = [], []
    for start, end, normal in edges:
        a, b = np.array(start, float), np.array(end, float)
        n = max(1, round(np.linalg.norm(b - a) / CONTACT_SPACING))
        for t in (np.arange(n) + 0.5) / n:
            points.append(a + t * (b - a))
            normals.append(normal)
    return np.array(points), np.array(normals, float)


CONTACTS, NORMALS = _contact_points()
# nodes of the approach paths: off the T's six convex corners, diagonally outwards (body frame)
PATH_NODES = np.array([(-60, 0), (60, 0), (60, 30), (15, 120), (-15, 120), (-60, 30)], float) + CORNER_OFFSET * \
    np.array([(-1, -1), (1, -1), (1, 1), (1, 1), (-1, 1), (-1, 1)], float)


def segment_clear(a: np.ndarray, b: np.ndarray, pose: np.ndarray, clearance: float = PATH_CLEARANCE) -> bool:
    """Whether the agent's centre can move straight from ``a`` to ``b`` (world) keeping ``clearance`` from the T."""
    n = max(2, int(np.linalg.norm(b - a) / 2.0) + 1)
    points = a + np.linspace(0.0, 1.0, n)[:, None] * (b - a)
    return bool(distance_to_tee(to_body(points, pose)).min() >= clearance)


def _in_workspace(point: np.ndarray) -> bool:
    return bool(np.all(point >= WORKSPACE[0]) and np.all(point <= WORKSPACE[1]))


def _retreat(point: np.ndarray, pose: np.ndarray) -> np.ndarray:
    """The nearest point (on rings of ``RETREAT_RING`` px, 16 directions) keeping ``PATH_CLEARANCE`` from the T."""
    angles = np.linspace(0.0, 2 * np.pi, 16, endpoint=False)
    ring = np.stack([np.cos(angles), np.sin(angles)], axis=1)
    for radius in np.arange(1, 31) * RETREAT_RING:
        candidates = np.clip(point + radius * ring, *WORKSPACE)
        gaps = distance_to_tee(to_body(candidates, pose))
        if gaps.max() >= PATH_CLEARANCE + 1.0:
            return candidates[int(np.argmax(gaps))]
    return point


class PathPlanner:
    """Shortest collision-free approach paths from one start to many goals around a T at a fixed pose."""

    def __init__(self, start: np.ndarray, pose: np.ndarray):
        self.pose = pose
        self.prefix: list[np.ndarray] = []  # a retreat waypoint when the agent starts close to the T
        if distance_to_tee(to_body(start[None], pose))[0] < PATH_CLEARANCE:
            start = _retreat(start, pose)
            self.prefix = [start]
        self.start = start
        nodes = to_world(PATH_NODES, pose)
        inside = np.all((nodes >= WORKSPACE[0]) & (nodes <= WORKSPACE[1]), axis=1)
        self.nodes = nodes[inside]
        self.dist, self.parent = self._dijkstra()

    def _dijkstra(self) -> tuple[np.ndarray, np.ndarray]:
        """Path length from the start to every node, and each node's predecessor (-1: the start)."""
        k = len(self.nodes)
        dist = np.full(k, np.inf)
        parent = np.full(k, -1)
        for i in range(k):
            if segment_clear(self.start, self.nodes[i], self.pose):
                dist[i] = np.linalg.norm(self.nodes[i] - self.start)
        edges = np.full((k, k), np.inf)
        for i in range(k):
            for j in range(i + 1, k):
                if segment_clear(self.nodes[i], self.nodes[j], self.pose):
                    edges[i, j] = edges[j, i] = np.linalg.norm(self.nodes[i] - self.nodes[j])
        done = np.zeros(k, bool)
        for _ in range(k):
            i = int(np.argmin(np.where(done, np.inf, dist)))
            if done[i] or not np.isfinite(dist[i]):
                break
            done[i] = True
            better = dist[i] + edges[i] < dist
            dist[better] = dist[i] + edges[i][better]
            parent[better] = i
        return dist, parent

    def path(self, goal: np.ndarray) -> list[np.ndarray] | None:
        """Waypoints (world) ending at ``goal``, or None when no path keeps clear of the T."""
        if segment_clear(self.start, goal, self.pose):
            return [*self.prefix, goal]
        best, via = np.inf, -1
        for i in np.flatnonzero(np.isfinite(self.dist)):
            length = self.dist[i] + np.linalg.norm(goal - self.nodes[i])
            if length < best and segment_clear(self.nodes[i], goal, self.pose):
                best, via = length, i
        if via < 0:
            return None
        chain = []
        while via >= 0:
            chain.append(self.nodes[via])
            via = self.parent[via]
        return [*self.prefix, *chain[::-1], goal]


class PushSimulator:
    """A private pymunk space built like the environment's, to try pushes on (the agent starts at rest)."""

    def __init__(self, raw_env):
        from gym_pusht.envs.pusht import PushTEnv as RawPushT

        self._raw = RawPushT(obs_type="state", damping=raw_env.damping, block_cog=raw_env.block_cog)
        self._raw._setup()
        self.k_p, self.k_v, self.dt = float(raw_env.k_p), float(raw_env.k_v), float(raw_env.dt)
        self.substeps = int(1 / (raw_env.dt * raw_env.control_hz))

    def push(self, pose: np.ndarray, start: np.ndarray, target: np.ndarray, steps: int = PUSH_STEPS) -> np.ndarray:
        """The block pose after the agent, at rest at ``start``, is sent to ``target`` for ``steps`` control steps."""
        agent, block, space = self._raw.agent, self._raw.block, self._raw.space
        block.angle = float(pose[2])  # angle first: setting it rotates about the centre of gravity
        block.position = (float(pose[0]), float(pose[1]))
        block.velocity, block.angular_velocity = (0.0, 0.0), 0.0
        agent.position, agent.velocity = (float(start[0]), float(start[1])), (0.0, 0.0)
        tx, ty, k_p, k_v, dt = float(target[0]), float(target[1]), self.k_p, self.k_v, self.dt
        for _ in range(steps * self.substeps):
            px, py = agent.position
            vx, vy = agent.velocity
            agent.velocity = (vx + (k_p * (tx - px) - k_v * vx) * dt, vy + (k_p * (ty - py) - k_v * vy) * dt)
            space.step(dt)
        return np.array([block.position.x, block.position.y, block.angle])


class PushTExpert:
    """``obs -> (2,)`` agent target (pixels): plan a push, walk around the T to it, push, repeat."""

    def __init__(self, env: PushTEnv):
        self.env = env
        self._sim: PushSimulator | None = None
        self._waypoints: list[np.ndarray] = []
        self._push_target: np.ndarray | None = None
        self._push_left = 0
        self._fine = False
        self._approach_steps = 0
        self._settle_steps = 0
        self._planned_pose = np.zeros(3)
        self._stuck_pose: np.ndarray | None = None  # where planning found nothing better (no need to retry)

    # ------------------------------------------------------------------ state
    def _block_pose(self) -> np.ndarray:
        block = self.env.sim.block
        return np.array([block.position.x, block.position.y, block.angle])

    def _agent(self) -> tuple[np.ndarray, float]:
        agent = self.env.sim.agent
        return np.array([agent.position.x, agent.position.y]), float(agent.velocity.length)

    # ------------------------------------------------------------------ planning
    def _plan(self, agent: np.ndarray, pose: np.ndarray) -> bool:
        """Choose the next push; False when no candidate improves on the current pose."""
        raw = self.env.sim
        if self._sim is None:
            self._sim = PushSimulator(raw)
        goal = np.asarray(raw.goal_pose, dtype=np.float64)
        error = pose_error(pose, goal)
        fine = error < FINE_ERROR
        base = -coverage(pose, goal) if fine else error
        paths = PathPlanner(agent, pose)
        rot = _rotation(pose[2])
        depths = PUSH_DEPTHS[PUSH_DEPTHS <= 2.0 * error + 4.0]
        threshold = base - (MIN_GAIN / 100 if fine else MIN_GAIN)
        best_score, best = threshold, None  # the best push counting its steps ...
        best_raw, fallback = threshold, None  # ... and not counting them (when every push gains less than its steps)
        for point, normal in zip(CONTACTS, NORMALS):
            contact = pose[:2] + rot @ point
            for offset in PUSH_ANGLES:
                direction = rot @ (_rotation(offset) @ -normal)
                start = contact - direction * (AGENT_RADIUS + CONTACT_GAP)
                if distance_to_tee(to_body(start[None], pose))[0] < AGENT_RADIUS + 1.0:
                    continue
                staging = start - direction * STAGING_BACKOFF
                if not (_in_workspace(start) and _in_workspace(staging)):
                    continue
                path = paths.path(staging)
                if path is None:
                    continue
                path.append(start)
                steps = STEPS_PER_WAYPOINT * len(path) + PUSH_STEPS
                for depth in depths:
                    target = np.clip(contact + direction * (depth - AGENT_RADIUS), *WORKSPACE)
                    after = self._sim.push(pose, start, target)
                    raw_score = -coverage(after, goal) if fine else pose_error(after, goal)
                    score = raw_score + (FINE_STEP_COST if fine else STEP_COST * error) * steps
                    if score < best_score:
                        best_score, best = score, (path, target)
                    if raw_score < best_raw:
                        best_raw, fallback = raw_score, (path, target)
        best = best or fallback
        if best is None:
            return False
        self._waypoints, self._push_target = [np.asarray(p) for p in best[0]], best[1]
        self._fine, self._planned_pose = fine, pose
        self._approach_steps = self._settle_steps = 0
        return True

    # ------------------------------------------------------------------ acting
    def __call__(self, obs: dict[str, np.ndarray]) -> np.ndarray:
        agent, speed = self._agent()
        pose = self._block_pose()
        for _ in range(3):  # at most: finish a push, finish an approach, plan a new push
            if self._push_left > 0:
                self._push_left -= 1
                return self._push_target.copy()
            if self._waypoints:
                moved = (np.linalg.norm(pose[:2] - self._planned_pose[:2]) > BLOCK_MOVED
                         or abs(pose[2] - self._planned_pose[2]) > BLOCK_TURNED)
                self._approach_steps += 1
                if moved or self._approach_steps > MAX_APPROACH_STEPS:
                    self._waypoints = []
                elif len(self._waypoints) > 1:
                    if np.linalg.norm(agent - self._waypoints[0]) < WAYPOINT_TOLERANCE:
                        self._waypoints.pop(0)
                    return self._waypoints[0].copy()
                else:
                    tolerance = SETTLE_TOLERANCE if self._fine else SETTLE_TOLERANCE_COARSE
                    settled = np.linalg.norm(agent - self._waypoints[0]) < tolerance and speed < SETTLE_SPEED
                    self._settle_steps += 1
                    if not settled and self._settle_steps <= MAX_SETTLE_STEPS:
                        return self._waypoints[0].copy()
                    self._waypoints = []
                    self._push_left = PUSH_STEPS
                    continue
            if self._stuck_pose is not None and np.array_equal(pose, self._stuck_pose):
                return agent
            if not self._plan(agent, pose):
                self._stuck_pose = pose
                return agent  # nothing helps: stay put
        return agent
