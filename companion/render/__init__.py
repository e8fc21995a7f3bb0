"""Score sheets rendered from a ``ScoreSheet``: as text, as JSON data, as a PDF."""
