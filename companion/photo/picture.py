"""A photo from outside, opened with care: it may be anything, of any size.

``open_photo`` is the one way bytes become pixels here: it refuses what is not a photo
(or is too large, or cut short) with a reason a player understands, turns the photo as
the phone held it, and reads it at a working size, however large it was taken.
"""

from __future__ import annotations

import io
import warnings
from dataclasses import dataclass

import numpy as np
from PIL import Image, ImageOps, UnidentifiedImageError

from companion.photo.limits import MAX_BYTES, MAX_PIXELS
from companion.rules.errors import PhotoError
from companion.rules.words import _

# The photo is read with its longest side at most this many pixels: a board in it is then
# at least ~1,200 pixels wide, twice what the reading needs, whatever the phone took.
WORKING_SIDE = 2048
# What a phone's camera or gallery gives: JPEG (MPO for some), HEIC from iPhones, PNG and
# WebP from screenshots and messengers. No other decoder is ever asked to read the bytes.
FORMATS = ("JPEG", "PNG", "WEBP", "HEIF")  # JPEG's reader reads an MPO too

_heif_ready = False


@dataclass(frozen=True)
class Photo:
    """A photo as the phone held it: its pixels at the working size (RGB), and its own
    size, in which corners are given and said."""

    pixels: np.ndarray
    width: int
    height: int

    @property
    def scale(self) -> float:
        """Working pixels per pixel of the photo."""
        return float(self.pixels.shape[1]) / self.width


def open_photo(data: bytes, most_side: int | None = None) -> Photo:
    """The photo in ``data`` (JPEG, HEIC, PNG or WebP), or ``PhotoError`` saying why not;
    ``most_side``: its longest side at most (a photo the server made small itself)."""
    if len(data) > MAX_BYTES:
        raise PhotoError(
            _(
                "the photo is larger than %(most)d MB: send it as the phone took it, or smaller",
                most=MAX_BYTES // 1_000_000,
            )
        )
    if not data:
        raise PhotoError(_("no photo came: the file is empty"))
    _register_heif()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data), formats=FORMATS)
            width, height = image.size
            if width * height > MAX_PIXELS:
                raise _too_many_pixels(width, height)
            if most_side is not None and max(width, height) > most_side:
                raise PhotoError(_("the photo did not come back whole: take or send it again"))
            if image.format in ("JPEG", "MPO"):
                # Decoded at a half, a quarter or an eighth of its size where that is still
                # larger than the working size: a full-size photo reads in a fraction of
                # the time, and memory.
                image.draft("RGB", _working_size(width, height))
            image.load()
            oriented = ImageOps.exif_transpose(image)
    except PhotoError:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise _too_many_pixels(0, 0) from None
    except UnidentifiedImageError:
        raise PhotoError(
            _("this is not a photo the companion can read (JPEG, HEIC, PNG or WebP)")
        ) from None
    except (OSError, ValueError, SyntaxError, EOFError, MemoryError):
        # Pillow's word for a file cut short or damaged inside.
        raise PhotoError(_("the photo is damaged or cut short: take or send it again")) from None
    turned = _turned(image)
    shown_width, shown_height = (height, width) if turned else (width, height)
    if oriented.mode != "RGB":
        oriented = oriented.convert("RGB")
    target = _working_size(shown_width, shown_height)
    if oriented.size[0] > target[0] or oriented.size[1] > target[1]:
        oriented = oriented.resize(target, Image.Resampling.BOX)
    pixels = np.asarray(oriented, dtype=np.uint8)
    if min(shown_width, shown_height) < 200:
        raise PhotoError(
            _(
                "the photo is too small to see the routes in: %(width)d × %(height)d pixels",
                width=shown_width,
                height=shown_height,
            )
        )
    return Photo(pixels, shown_width, shown_height)


def _working_size(width: int, height: int) -> tuple[int, int]:
    longest = max(width, height)
    if longest <= WORKING_SIDE:
        return width, height
    scale = WORKING_SIDE / longest
    return max(1, round(width * scale)), max(1, round(height * scale))


def _turned(image: Image.Image) -> bool:
    """Whether the phone's orientation tag turns the photo a quarter (width and height swap)."""
    try:
        orientation = image.getexif().get(0x0112, 1)
    except Exception:  # a damaged EXIF block: the photo is taken as it is stored
        return False
    return orientation in (5, 6, 7, 8)


def _too_many_pixels(width: int, height: int) -> PhotoError:
    if width and height:
        return PhotoError(
            _(
                "the photo has %(count)d megapixels, more than the %(most)d read here",
                count=round(width * height / 1_000_000),
                most=MAX_PIXELS // 1_000_000,
            )
        )
    return PhotoError(
        _(
            "the photo has more pixels than the %(most)d megapixels read here",
            most=MAX_PIXELS // 1_000_000,
        )
    )


def _register_heif() -> None:
    """Lets Pillow read iPhones' HEIC photos (pillow-heif), once."""
    global _heif_ready
    if not _heif_ready:
        from pillow_heif import register_heif_opener

        register_heif_opener()
        Image.init()  # every reader of FORMATS known to Pillow before it is asked
        _heif_ready = True
