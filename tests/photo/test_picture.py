"""A photo is untrusted input: whatever the bytes, a clear refusal or pixels, never a crash;
the photo is turned as the phone held it, and read at a working size however large."""

from __future__ import annotations

import io
import struct
import zlib

import numpy as np
import pytest
from PIL import Image

from companion.photo import picture
from companion.photo.limits import MAX_BYTES
from companion.photo.picture import WORKING_SIDE, open_photo
from companion.rules.errors import PhotoError


def _jpeg(width: int, height: int, exif_orientation: int | None = None) -> bytes:
    y, x = np.mgrid[0:height, 0:width]
    pixels = np.stack([x % 256, y % 256, (x + y) % 256], axis=-1).astype(np.uint8)
    image = Image.fromarray(pixels)
    out = io.BytesIO()
    if exif_orientation is None:
        image.save(out, "JPEG", quality=90)
    else:
        exif = Image.Exif()
        exif[0x0112] = exif_orientation
        image.save(out, "JPEG", quality=90, exif=exif)
    return out.getvalue()


def test_a_jpeg_is_read_at_its_own_size():
    photo = open_photo(_jpeg(800, 600))
    assert (photo.width, photo.height) == (800, 600)
    assert photo.pixels.shape == (600, 800, 3)
    assert photo.scale == 1.0


def test_a_full_size_phone_photo_is_read_at_the_working_size():
    photo = open_photo(_jpeg(4032, 3024))
    assert (photo.width, photo.height) == (4032, 3024)
    assert max(photo.pixels.shape[:2]) == WORKING_SIDE
    assert photo.scale == pytest.approx(WORKING_SIDE / 4032, rel=1e-3)


def test_a_photo_held_upright_is_turned_as_the_phone_held_it():
    photo = open_photo(_jpeg(800, 600, exif_orientation=6))  # the phone turned a quarter
    assert (photo.width, photo.height) == (600, 800)
    assert photo.pixels.shape == (800, 600, 3)


def test_an_iphone_heic_photo_is_read():
    from pillow_heif import from_pillow

    image = Image.fromarray(np.full((480, 640, 3), 120, np.uint8))
    out = io.BytesIO()
    from_pillow(image).save(out, quality=80)
    photo = open_photo(out.getvalue())
    assert (photo.width, photo.height) == (640, 480)


def test_a_png_is_read():
    out = io.BytesIO()
    Image.fromarray(np.full((400, 500, 3), 90, np.uint8)).save(out, "PNG")
    assert open_photo(out.getvalue()).pixels.shape == (400, 500, 3)


def test_a_file_that_is_not_a_photo_is_refused():
    with pytest.raises(PhotoError, match="not a photo the companion can read"):
        open_photo(b'{"map": "usa"}')


def test_an_empty_file_is_refused():
    with pytest.raises(PhotoError, match="empty"):
        open_photo(b"")


def test_a_photo_cut_short_is_refused():
    data = _jpeg(800, 600)
    with pytest.raises(PhotoError, match="damaged or cut short"):
        open_photo(data[: len(data) // 2])


def test_a_file_larger_than_20_mb_is_refused_before_it_is_read():
    with pytest.raises(PhotoError, match="larger than 20 MB"):
        open_photo(b"\xff\xd8" + b"\0" * MAX_BYTES)


def _png_header_only(width: int, height: int) -> bytes:
    """A PNG that says it is ``width`` × ``height`` and holds one row: a decompression
    bomb's announcement, without the bomb."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (
            struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
        )

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"\0" * (3 * width + 1)))
        + chunk(b"IEND", b"")
    )


def test_a_decompression_bomb_is_refused_before_it_is_decoded():
    with pytest.raises(PhotoError, match="megapixels"):
        open_photo(_png_header_only(20000, 20000))  # 400 megapixels announced


def test_a_photo_over_50_megapixels_is_refused():
    with pytest.raises(PhotoError, match="51 megapixels, more than the 50"):
        open_photo(_png_header_only(10000, 5100))


def test_a_photo_too_small_to_see_routes_in_is_refused():
    with pytest.raises(PhotoError, match="too small"):
        open_photo(_jpeg(160, 120))


def test_no_other_decoder_than_a_phone_photo_s_is_asked(monkeypatch):
    out = io.BytesIO()
    Image.fromarray(np.full((300, 300, 3), 90, np.uint8)).save(out, "BMP")
    with pytest.raises(PhotoError, match="not a photo"):
        open_photo(out.getvalue())
    assert "BMP" not in picture.FORMATS
