"""The PNG writer: Pillow reads back the same pixels, mode and resolution."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from generator.render.png import encode_png


@pytest.mark.parametrize("mode", ["RGB", "RGBA", "L"])
def test_pixels_mode_and_dpi_survive(mode):
    image = Image.new(mode, (37, 23))
    for x in range(37):
        for y in range(23):
            value = (x * 7 + y * 3) % 256
            image.putpixel((x, y), {"RGB": (value, 255 - value, x), "RGBA": (value, y, x, 255 - value), "L": value}[mode])
    data = encode_png(image, dpi=300)
    back = Image.open(io.BytesIO(data))
    assert back.mode == mode and back.size == (37, 23)
    assert back.tobytes() == image.tobytes()
    assert round(back.info["dpi"][0]) == 300


def test_the_same_pixels_give_the_same_bytes():
    image = Image.new("RGB", (10, 10), (200, 10, 10))
    assert encode_png(image) == encode_png(image.copy())
    assert "dpi" not in Image.open(io.BytesIO(encode_png(image))).info
