"""Offscreen camera images from a MuJoCo model: one renderer, many named cameras, shadows off.

Two settings make most of the cost of a software-rendered (llvmpipe) frame and are off by default: multisample
anti-aliasing (4x samples -> ~4x slower at 84x84) and shadows. Policies need neither. Rendering uses whatever ``MUJOCO_GL`` selects (``egl`` here); it is set to ``egl`` when unset.
"""

from __future__ import annotations

import atexit
import os
import weakref
from collections.abc import Sequence

import numpy as np

from robopolicy.errors import RobopolicyError

FREE_CAMERA = "free"  # MuJoCo's default free camera (id -1), available in every model
DEFAULT_MULTISAMPLES = 0  # MSAA samples of the offscreen buffer (MuJoCo's default is 4)

_open_renderers: weakref.WeakSet = weakref.WeakSet()
_exit_hook_registered = False


def _close_open_renderers() -> None:
    """Free GL contexts before the EGL display goes away (else MuJoCo prints errors at interpreter exit)."""
    for cameras in list(_open_renderers):
        cameras.close()


class CameraError(RobopolicyError, ValueError):
    """A requested camera does not exist in the simulator's model."""


class MujocoCameras:
    """Render ``cameras`` of ``model``/``data`` as uint8 ``(H, W, 3)`` arrays.

    ``mujoco.Renderer`` already turns OpenGL's bottom-up buffer into a top-down image, so an image comes out as
    the camera's own frame defines it (image up = the camera's +y axis). ``upside_down`` names the cameras whose
    +y axis points down in the world (Meta-World's ``corner`` cameras): their images are rotated 180 degrees, a
    half-turn roll of the camera, so that world up is image up. Reversing the rows alone would leave the view
    mirrored left-right. Every image this class returns is thus upright; this is the one place they are made.
    """

    def __init__(self, model, data, cameras: Sequence[str], image_size: int, shadows: bool = False,
                 upside_down: Sequence[str] = (), multisamples: int = DEFAULT_MULTISAMPLES):
        os.environ.setdefault("MUJOCO_GL", "egl")
        import mujoco

        self._mujoco = mujoco
        self.model, self.data = model, data
        self.image_size = int(image_size)
        valid = camera_names(model)
        self.camera_ids: dict[str, int] = {}
        for cam in cameras:
            if cam == FREE_CAMERA:
                self.camera_ids[cam] = -1
            elif cam in valid:
                self.camera_ids[cam] = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_CAMERA, cam)
            else:
                raise CameraError(f"unknown camera {cam!r}; valid cameras: {', '.join(valid + [FREE_CAMERA])}")
        self.upside_down = set(upside_down)
        self._renderer = None
        self._shadows = shadows
        if cameras:
            # The offscreen buffer must be at least the image size.
            model.vis.global_.offwidth = max(model.vis.global_.offwidth, self.image_size)
            model.vis.global_.offheight = max(model.vis.global_.offheight, self.image_size)
            model.vis.quality.offsamples = int(multisamples)

    @property
    def cameras(self) -> list[str]:
        return list(self.camera_ids)

    def _get_renderer(self):
        if self._renderer is None:
            self._renderer = self._mujoco.Renderer(self.model, self.image_size, self.image_size)
            self._renderer.scene.flags[self._mujoco.mjtRndFlag.mjRND_SHADOW] = int(self._shadows)
            _open_renderers.add(self)
            _register_exit_hook()
        return self._renderer

    def render(self, camera: str) -> np.ndarray:
        """One camera's current view, ``(H, W, 3)`` uint8, upright."""
        renderer = self._get_renderer()
        renderer.update_scene(self.data, camera=self.camera_ids[camera])
        image = renderer.render()
        if camera in self.upside_down:
            image = image[::-1, ::-1]  # rotate 180 degrees
        return np.ascontiguousarray(image, dtype=np.uint8)

    def close(self) -> None:
        if self._renderer is not None:
            self._renderer.close()
            self._renderer = None


def _register_exit_hook() -> None:
    """Registered after MuJoCo's GL module (which terminates the EGL display at exit) so that it runs first."""
    global _exit_hook_registered
    if not _exit_hook_registered:
        atexit.register(_close_open_renderers)
        _exit_hook_registered = True


def camera_names(model) -> list[str]:
    """Names of the cameras defined in a MuJoCo model."""
    import mujoco

    return [mujoco.mj_id2name(model, mujoco.mjtObj.mjOBJ_CAMERA, i) for i in range(model.ncam)]
