"""Camera images come out upright (world up is image up, the viewer's right is image right) in observations and
in the frames videos are made of, for every simulator.

MuJoCo simulators: one geom is turned, for the test, into a bright sphere (a marker) floating in front of a
camera, where MuJoCo's camera model (``data.cam_xpos``, ``data.cam_xmat``, ``model.cam_fovy``; a camera looks
along its -z axis) says it is in view and nothing hides it. The marker is found in the adapter's image as the
pixels that change when it is moved out of view. Moving it up in the world must move it up in the image (a
smaller row), moving it to the viewer's right (view direction x world up) must move it right (a larger column).
An image reversed vertically fails the first check, one mirrored left-right (e.g. rows reversed on a camera that
is rolled upside-down) fails the second, an upside-down one fails both. The marker on the optical axis must
appear near the centre of the image, which checks that the marker was found and the camera model read right.
Cameras that look (nearly) straight down have no "up" in the world and are not checked.
"""

from __future__ import annotations

import numpy as np
import pytest

from robopolicy.sim import make_env
from robopolicy.sim.rendering import FREE_CAMERA, camera_names

IMAGE_SIZE = 64
STRAIGHT_DOWN = 0.95  # |z| of the view direction above which a camera has no world "up" to check
MARKER_RGBA = (1.0, 0.0, 1.0, 1.0)
MARKER_RADIUS = 0.12  # of the view's half-height at the marker's depth (about 4 px at 64x64)
MARKER_STEP = 0.4  # marker offsets up/down/left/right, as a fraction of the view's half-height
MIN_SEPARATION = 0.1 * IMAGE_SIZE  # pixels the marker must move between opposite offsets
CHANGED = 40  # a pixel whose channels change by more than this (of 255) shows the marker
RENDERED_GROUPS = np.array([1, 1, 1, 0, 0, 0], np.uint8)  # geom groups MuJoCo's default scene option draws

METAWORLD_CAMERAS = ("corner", "corner2", "corner3", "corner4", "behindGripper", "topview", "gripperPOV")
ROBOSUITE_CAMERAS = ("agentview", "frontview", "sideview", "robot0_robotview", "birdview", "robot0_eye_in_hand")
GYM_CAMERAS = (FREE_CAMERA, "track")


def camera_view(model, data, camera: str) -> tuple[np.ndarray, np.ndarray, float]:
    """A camera's position, unit view direction and tan(fovy / 2), from MuJoCo's camera model."""
    import mujoco

    if camera == FREE_CAMERA:  # set up the way mujoco.Renderer sets it up for camera id -1
        cam = mujoco.MjvCamera()
        mujoco.mjv_defaultFreeCamera(model, cam)
        scene = mujoco.MjvScene(model, maxgeom=10)
        mujoco.mjv_updateCamera(model, data, cam, scene)
        gl = scene.camera[0]
        forward = np.array(gl.forward, np.float64)
        return np.array(gl.pos, np.float64), forward / np.linalg.norm(forward), gl.frustum_top / gl.frustum_near
    cam_id = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_CAMERA, camera)
    forward = -data.cam_xmat[cam_id].reshape(3, 3)[:, 2]  # MuJoCo cameras look along their -z axis
    return data.cam_xpos[cam_id].copy(), forward, float(np.tan(np.radians(model.cam_fovy[cam_id]) / 2))


class Marker:
    """One geom of ``model`` made a sphere that can be put anywhere (``place``); ``restore`` undoes it all."""

    FIELDS = ("geom_type", "geom_size", "geom_pos", "geom_sameframe", "geom_rgba", "geom_matid", "geom_dataid",
              "geom_group", "mat_reflectance")

    def __init__(self, model, data, geom: str):
        import mujoco

        self.mujoco, self.model, self.data = mujoco, model, data
        self.geom = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_GEOM, geom)
        assert self.geom >= 0, f"no geom {geom!r}"
        self.body = model.geom_bodyid[self.geom]
        self.saved = {f: getattr(model, f).copy() for f in self.FIELDS}
        model.geom_type[self.geom] = mujoco.mjtGeom.mjGEOM_SPHERE
        model.geom_rgba[self.geom] = MARKER_RGBA
        model.geom_matid[self.geom] = -1
        model.geom_dataid[self.geom] = -1
        model.geom_group[self.geom] = 0
        model.geom_sameframe[self.geom] = 0  # else MuJoCo copies the body's frame and ignores geom_pos
        model.mat_reflectance[:] = 0  # no mirror image of the marker in a shiny floor or table

    def place(self, point: np.ndarray, radius: float) -> None:
        """Put the marker's centre at world ``point`` (only the geom moves: bodies and cameras stay)."""
        rot = self.data.xmat[self.body].reshape(3, 3)
        self.model.geom_pos[self.geom] = rot.T @ (point - self.data.xpos[self.body])
        self.model.geom_size[self.geom, 0] = radius
        self.mujoco.mj_forward(self.model, self.data)

    def restore(self) -> None:
        for f, value in self.saved.items():
            getattr(self.model, f)[:] = value
        self.mujoco.mj_forward(self.model, self.data)


def free_distance(model, data, start: np.ndarray, direction: np.ndarray) -> float:
    """Distance from ``start`` along unit ``direction`` to the first rendered geom (inf when none)."""
    import mujoco

    geomid = np.zeros(1, np.int32)
    dist = mujoco.mj_ray(model, data, start, direction, RENDERED_GROUPS, 1, -1, geomid)
    return np.inf if dist < 0 else dist


def in_plain_sight(model, data, pos: np.ndarray, near: float, point: np.ndarray, radius: float) -> bool:
    """Whether a marker of ``radius`` at ``point`` is beyond the near plane with nothing in front of it."""
    dist = np.linalg.norm(point - pos)
    direction = (point - pos) / dist
    return dist - radius > near and near + free_distance(model, data, pos + near * direction, direction) > \
        dist + 2 * radius


def marker_points(model, data, camera: str, marker: Marker) -> tuple[dict[str, np.ndarray], float]:
    """Marker positions in view and in plain sight of ``camera``: on its optical axis and offset from there
    along world up/down and the viewer's right/left; and the marker radius."""
    pos, forward, tan_half = camera_view(model, data, camera)
    right = np.cross(forward, [0.0, 0.0, 1.0])
    right /= np.linalg.norm(right)
    up = np.array([0.0, 0.0, 1.0])
    marker.place(pos - 10.0 * forward, 0.01)  # behind the camera while looking for free space
    near = model.vis.map.znear * model.stat.extent  # the near clipping plane: nothing closer is drawn
    axis_hit = min(near + free_distance(model, data, pos + near * forward, forward), 3.0)
    for fraction in (0.5, 0.4, 0.6, 0.3, 0.7, 0.2):
        depth = fraction * axis_hit
        half_height = depth * tan_half
        centre = pos + depth * forward
        step, radius = MARKER_STEP * half_height, MARKER_RADIUS * half_height
        points = {"centre": centre, "up": centre + step * up, "down": centre - step * up,
                  "right": centre + step * right, "left": centre - step * right}
        if all(in_plain_sight(model, data, pos, near, p, radius) for p in points.values()):
            return points, radius
    raise AssertionError(f"no free space in front of camera {camera!r} for the marker")


def marker_pixel(shown: np.ndarray, hidden: np.ndarray) -> np.ndarray:
    """(row, column) of the centre of the pixels that differ between two images."""
    changed = np.abs(shown.astype(np.int16) - hidden.astype(np.int16)).max(axis=-1) > CHANGED
    assert changed.sum() >= 4, "the marker is not visible"
    rows, cols = np.nonzero(changed)
    return np.array([rows.mean(), cols.mean()])


def check_upright(env, geom: str, straight_down: tuple[str, ...] = ()) -> list[str]:
    """Check every camera of ``env`` that does not look straight down; return the cameras checked.
    ``straight_down``: the cameras expected to look straight down (and so not checked)."""
    cams = env._cameras
    model, data = cams.model, cams.data
    checked, skipped = [], []
    marker = Marker(model, data, geom)
    try:
        for camera in env.cameras:
            if abs(camera_view(model, data, camera)[1][2]) > STRAIGHT_DOWN:
                skipped.append(camera)
                continue
            points, radius = marker_points(model, data, camera, marker)
            pos, forward, _ = camera_view(model, data, camera)
            marker.place(pos - 10.0 * forward, radius)
            hidden = env.observe()[camera]
            at = {}
            for name, point in points.items():
                marker.place(point, radius)
                obs = env.observe()
                if camera == env.cameras[0]:  # videos record the first camera's observation frames
                    np.testing.assert_array_equal(env.render(), obs[camera])
                at[name] = marker_pixel(obs[camera], hidden)
            rows_up, cols_right = at["down"] - at["up"], at["right"] - at["left"]
            where = {k: v.round(1).tolist() for k, v in at.items()}
            assert np.abs(at["centre"] - (IMAGE_SIZE - 1) / 2).max() < 0.15 * IMAGE_SIZE, (camera, where)
            assert rows_up[0] > MIN_SEPARATION and abs(rows_up[1]) < rows_up[0], \
                f"{camera}: a marker moved up in the world did not move up in the image (upside-down?) {where}"
            assert cols_right[1] > MIN_SEPARATION and abs(cols_right[0]) < cols_right[1], \
                f"{camera}: a marker moved to the viewer's right did not move right in the image (mirrored?) " \
                f"{where}"
            checked.append(camera)
    finally:
        marker.restore()
    assert sorted(skipped) == sorted(straight_down)
    return checked


def test_check_upright_catches_images_flipped_either_way():
    """The check itself: it fails on this simulator's images reversed vertically, mirrored or rotated."""
    pytest.importorskip("gymnasium.envs.mujoco")
    env = make_env("gym/Hopper-v5", cameras=("track",), image_size=IMAGE_SIZE, seed=0)
    env.reset(seed=0)
    render = env._cameras.render
    try:
        for transform, message in [(lambda im: im[::-1], "moved up in the world"),
                                   (lambda im: im[:, ::-1], "moved to the viewer.s right"),
                                   (lambda im: im[::-1, ::-1], "moved up in the world")]:
            env._cameras.render = lambda camera, t=transform: np.ascontiguousarray(t(render(camera)))
            with pytest.raises(AssertionError, match=message):
                check_upright(env, "foot_geom")
    finally:
        env._cameras.render = render
    assert check_upright(env, "foot_geom") == ["track"]
    env.close()


@pytest.fixture(scope="module")
def metaworld_env():
    pytest.importorskip("metaworld")
    env = make_env("metaworld/push-v3", cameras=METAWORLD_CAMERAS, image_size=IMAGE_SIZE, seed=0)
    env.reset(seed=0)
    yield env
    env.close()


def test_metaworld_images_are_upright_for_every_camera(metaworld_env):
    """The corner cameras are defined rolled upside-down; their images must still come out upright."""
    assert sorted(camera_names(metaworld_env._cameras.model)) == sorted(METAWORLD_CAMERAS)
    checked = check_upright(metaworld_env, "objGeom", straight_down=("topview", "gripperPOV"))
    assert checked == ["corner", "corner2", "corner3", "corner4", "behindGripper"]


def test_metaworld_upside_down_cameras_are_the_ones_rolled_over(metaworld_env):
    """``upside_down_cameras`` lists exactly the cameras whose image-up axis points down in the world."""
    from robopolicy.sim.settings import simulator_defaults

    model, data = metaworld_env._cameras.model, metaworld_env._cameras.data
    rolled = [c for c in METAWORLD_CAMERAS if abs(camera_view(model, data, c)[1][2]) <= STRAIGHT_DOWN
              and data.cam_xmat[model.camera(c).id].reshape(3, 3)[2, 1] < 0]
    assert sorted(simulator_defaults("metaworld")["upside_down_cameras"]) == sorted(rolled)


@pytest.fixture(scope="module")
def robosuite_env():
    pytest.importorskip("robosuite")
    env = make_env("robosuite/Lift", cameras=ROBOSUITE_CAMERAS, image_size=IMAGE_SIZE, seed=0)
    env.reset(seed=0)
    yield env
    env.close()


def test_robosuite_images_are_upright(robosuite_env):
    checked = check_upright(robosuite_env, "cube_g0_vis", straight_down=("birdview", "robot0_eye_in_hand"))
    assert checked[0] == "agentview" and len(checked) == 4


def test_gym_mujoco_images_are_upright():
    pytest.importorskip("gymnasium.envs.mujoco")
    env = make_env("gym/Hopper-v5", cameras=GYM_CAMERAS, image_size=IMAGE_SIZE, seed=0)
    env.reset(seed=0)
    assert check_upright(env, "foot_geom") == list(GYM_CAMERAS)
    env.close()


def test_pusht_image_rows_follow_workspace_y():
    """PushT's ``top`` drawing: the agent (a RoyalBlue disc) at workspace (x, y) pixels is drawn at image
    column x and row y (scaled), as the actions' pixel coordinates read; a flip either way moves it far off."""
    pytest.importorskip("gym_pusht")
    env = make_env("pusht", cameras=("top",), image_size=IMAGE_SIZE, seed=0)
    scale = IMAGE_SIZE / 512
    for agent in ([100.0, 420.0], [430.0, 90.0]):
        env.sim.reset(seed=0, options={"reset_to_state": [*agent, 300.0, 250.0, 0.0]})
        image = env.observe()["top"]
        np.testing.assert_array_equal(env.render(), image)
        blue = np.abs(image.astype(np.int16) - (65, 105, 225)).max(axis=-1) < 40  # RoyalBlue
        assert blue.sum() >= 4, "the agent is not visible"
        rows, cols = np.nonzero(blue)
        found = np.array([rows.mean(), cols.mean()])
        expected = np.array([agent[1], agent[0]]) * scale
        assert np.abs(found - expected).max() < 0.06 * IMAGE_SIZE, (found, expected)
    env.close()
