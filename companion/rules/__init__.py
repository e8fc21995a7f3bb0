"""The rules of Ticket to Ride, pure: no web, no database, no I/O but the map files.

The web app, the command line and the PDF score sheet all call this package.
"""

from companion.rules.actions import Action, Claim, Pass
from companion.rules.board import Board, City, Route, Ticket
from companion.rules.editions import EDITIONS, Edition
from companion.rules.errors import BoardError, CompanionError, IllegalAction, RecordError
from companion.rules.game import State, apply, replay
from companion.rules.map_file import load_board, map_ids
from companion.rules.record import GameRecord, parse_record, record_to_json
from companion.rules.scoring import PlayerSheet, ScoreSheet, final_scores
from companion.rules.setup import Player, Setup, new_game

__all__ = [
    "EDITIONS",
    "Action",
    "Board",
    "BoardError",
    "City",
    "Claim",
    "CompanionError",
    "Edition",
    "GameRecord",
    "IllegalAction",
    "Pass",
    "Player",
    "PlayerSheet",
    "RecordError",
    "Route",
    "ScoreSheet",
    "Setup",
    "State",
    "Ticket",
    "apply",
    "final_scores",
    "load_board",
    "map_ids",
    "new_game",
    "parse_record",
    "record_to_json",
    "replay",
]
