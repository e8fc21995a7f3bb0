-- An event's table found from its game: every write to a game asks whether the game is
-- still its table's (not replaced by a re-draw, nor taken out).
CREATE INDEX IF NOT EXISTS event_game_by_game ON event_game (game_id);
