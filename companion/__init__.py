"""A table companion for Ticket to Ride: records the board, referees, scores the end."""

from companion.web import create_app

__all__ = ["create_app"]
