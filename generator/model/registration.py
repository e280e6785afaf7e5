"""Where a map lies on a picture (a painted map, a scan, a background image): the
registration as game.yaml or a command line gives it (docs/data-format.md "Registering a
picture to a map"). The arithmetic is `geometry/registration.py`."""

from __future__ import annotations

from pydantic import Field, model_validator

from generator.model.base import Frozen

Pixel = tuple[float, float]


class ImageRegistration(Frozen):
    """Either reference places (hexes, or an area map's areas) with the pixel of their centre
    on the picture (two give scale, rotation and position; three or more also a scan's
    stretch and skew, fitted by least squares), or an origin pixel (a hex map's first hex's
    centre, an area map's board's top-left corner) with the size of a hex in pixels (or the
    picture's resolution) and a rotation."""

    points: dict[str, Pixel] | None = None  # hex or area id -> (x, y) pixel of its centre
    origin: Pixel | None = None  # pixel of the first hex's centre (an area board's top-left corner)
    hex_size_px: float | None = Field(default=None, gt=0)  # a hex across its flat sides, in pixels
    dpi: float | None = Field(default=None, gt=0)  # or: the picture is the printed map at this resolution
    rotation: float = Field(default=0.0, ge=-180, le=180)  # degrees, clockwise on the picture

    @model_validator(mode="after")
    def _one_way(self):
        if self.points is not None:
            if self.origin is not None or self.hex_size_px is not None or self.dpi is not None or self.rotation:
                raise ValueError("give either reference 'points' or 'origin' with 'hex_size_px' or 'dpi', not both")
            if len(self.points) < 2:
                raise ValueError("give at least two reference points (three or more for a scan that may be skewed)")
            return self
        if self.origin is None:
            raise ValueError("give reference 'points' (hex or area id: [x, y]) or an 'origin' pixel")
        if (self.hex_size_px is None) == (self.dpi is None):
            raise ValueError("with 'origin', give one of 'hex_size_px' or 'dpi'")
        return self
