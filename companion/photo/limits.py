"""What a photo may be, at most: read everywhere a photo comes in (the pages check the size
of what is sent before anything else reads it)."""

MAX_BYTES = 20_000_000  # a phone's photo is 2–8 MB; a HEIC or a 50 MP JPEG stays below this
MAX_PIXELS = 50_000_000  # 50 megapixels: larger than any phone's main camera by default
