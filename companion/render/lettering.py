"""The lettering of the sheets: DejaVu Sans (shipped with the package, it prints Cyrillic
and accents), registered with reportlab for the PDF and measured for the board picture's
city names (the PDF prints them in it, and a browser's sans-serif is seldom wider)."""

from __future__ import annotations

import threading
from importlib import resources

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT, BOLD = "DejaVuSans", "DejaVuSans-Bold"

_REGISTERING = threading.Lock()
_registered = threading.Event()  # set once both fonts and their family are registered


def register() -> None:
    """Registers the fonts with reportlab, once: a thread that asks while another is
    registering them waits until both are there (the app registers them as it starts)."""
    if _registered.is_set():
        return
    with _REGISTERING:
        if _registered.is_set():
            return
        folder = resources.files("companion.render").joinpath("fonts")
        for name, file in ((FONT, "DejaVuSans.ttf"), (BOLD, "DejaVuSans-Bold.ttf")):
            with resources.as_file(folder.joinpath(file)) as path:
                pdfmetrics.registerFont(TTFont(name, str(path)))
        pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=BOLD, italic=FONT, boldItalic=BOLD)
        _registered.set()


def width(text: str, size: float, bold: bool = True) -> float:
    """How wide the text is set at ``size`` (in the units of the size)."""
    register()
    return float(pdfmetrics.stringWidth(text, BOLD if bold else FONT, size))
