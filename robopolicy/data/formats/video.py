"""MP4 frames in and out with PyAV: a forward-only reader that cuts episodes out of a shared video file, and a
writer that appends episodes to one.

LeRobot v3 packs many episodes into one MP4 per camera; an episode is the frames whose timestamps fall in
``[from_timestamp, from_timestamp + length / fps)``. Frames are matched to indices by rounding
``(t - from_timestamp) * fps``, so codec timestamp jitter below half a frame period is tolerated.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import av
import numpy as np

from robopolicy.errors import RobopolicyError

# Keyframe every GOP_SIZE frames: LeRobot's choice (g=2) so random access decodes at most one extra frame.
GOP_SIZE = 2
DEFAULT_CODEC = "libx264"
DEFAULT_CRF = 18  # visually lossless for x264; the round-trip test checks PSNR >= 30 dB
DEFAULT_PIX_FMT = "yuv420p"


class VideoFormatError(RobopolicyError):
    """A video file is missing, unreadable, or does not hold the frames its metadata promise."""


class EpisodeFrameReader:
    """Reads consecutive episodes' frames from one video file, decoding it once front to back.

    ``read(from_timestamp, length, fps) -> (length, H, W, 3) uint8``. Episodes are read in file order; asking for
    an earlier timestamp than the decoder's position re-opens the file (correct, just slower).
    """

    def __init__(self, path: Path):
        self.path = Path(path)
        if not self.path.is_file():
            raise VideoFormatError(f"{self.path}: video file is missing")
        self._open()

    def _open(self) -> None:
        try:
            self._container = av.open(str(self.path))
            stream = self._container.streams.video[0]
        except (av.error.FFmpegError, IndexError) as e:
            raise VideoFormatError(f"{self.path}: not a readable video ({e})") from e
        stream.thread_type = "AUTO"
        self._frames = self._container.decode(stream)
        self._pending: av.VideoFrame | None = None

    def close(self) -> None:
        self._container.close()

    def _next_frame(self) -> av.VideoFrame | None:
        if self._pending is not None:
            frame, self._pending = self._pending, None
            return frame
        try:
            return next(self._frames)
        except StopIteration:
            return None
        except av.error.FFmpegError as e:
            raise VideoFormatError(f"{self.path}: decoding failed ({e})") from e

    def read(self, from_timestamp: float, length: int, fps: float) -> np.ndarray:
        frames: list[np.ndarray] = []
        first = self._next_frame()
        if first is not None and first.time is not None and first.time > from_timestamp + 0.5 / fps:
            self._container.close()
            self._open()
            first = self._next_frame()
        frame = first
        while frame is not None:
            index = _frame_index(frame, from_timestamp, fps)
            if index >= length:
                self._pending = frame
                break
            if index >= 0:
                if index != len(frames):
                    raise VideoFormatError(f"{self.path}: expected frame {len(frames)} of the episode starting at "
                                           f"{from_timestamp:.4f}s, found frame {index} (a gap or duplicate)")
                frames.append(frame.to_ndarray(format="rgb24"))
            frame = self._next_frame()
        if len(frames) != length:
            raise VideoFormatError(f"{self.path}: mismatched frame count for the episode at {from_timestamp:.4f}s: "
                                   f"the metadata say {length} frames, the video holds {len(frames)}")
        return np.stack(frames)


def _frame_index(frame: av.VideoFrame, from_timestamp: float, fps: float) -> int:
    return int(round((float(frame.time) - from_timestamp) * fps))


def decode_all(path: Path) -> np.ndarray:
    """Every frame of a video, ``(N, H, W, 3) uint8`` (small files and tests)."""
    with av.open(str(path)) as container:
        return np.stack([f.to_ndarray(format="rgb24") for f in container.decode(video=0)])


class VideoWriter:
    """Appends ``(L, H, W, 3) uint8`` frames to one MP4 at a constant ``fps``; ``close()`` flushes the encoder."""

    def __init__(self, path: Path, fps: float, height: int, width: int, codec: str = DEFAULT_CODEC,
                 crf: int = DEFAULT_CRF, pix_fmt: str = DEFAULT_PIX_FMT):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._container = av.open(str(self.path), mode="w")
        rate = Fraction(fps).limit_denominator(1001)
        try:
            self._stream = self._container.add_stream(codec, rate=rate)
        except (av.error.FFmpegError, ValueError) as e:
            self._container.close()
            raise VideoFormatError(f"video codec {codec!r} is not available in this PyAV build ({e}); "
                                   f"try codec=libx264 or codec=mpeg4") from e
        self._stream.width, self._stream.height = width, height
        self._stream.pix_fmt = pix_fmt
        self._stream.time_base = Fraction(1, 1) / rate
        self._stream.options = {"crf": str(crf), "g": str(GOP_SIZE)} if codec in ("libx264", "libsvtav1") else {
            "g": str(GOP_SIZE)}
        self.frames_written = 0

    def write(self, frames: np.ndarray) -> None:
        try:
            for image in frames:
                frame = av.VideoFrame.from_ndarray(np.ascontiguousarray(image), format="rgb24")
                frame.pts = self.frames_written
                self._container.mux(self._stream.encode(frame))
                self.frames_written += 1
        except av.error.FFmpegError as e:
            self._container.close()
            raise VideoFormatError(f"{self.path}: encoding frame {self.frames_written} failed ({e})") from e

    def close(self) -> None:
        try:
            self._container.mux(self._stream.encode(None))
        except av.error.FFmpegError as e:
            raise VideoFormatError(f"{self.path}: flushing the encoder failed ({e})") from e
        finally:
            self._container.close()
