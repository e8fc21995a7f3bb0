-- When the organizer took a table's game out of the event (NULL: it counts): kept on the
-- game's own row, so that the table's next game (drawn again, a player moved) is played.
ALTER TABLE event_game ADD COLUMN taken_out TEXT;

-- The games taken out before: each table's game as it stood when its entry was recorded.
UPDATE event_game SET taken_out = (
    SELECT MIN(e.recorded) FROM event_entry e JOIN game g ON g.id = event_game.game_id
    WHERE e.event_id = event_game.event_id
      AND e.body = '{"taken_out": {"round": ' || event_game.round || ', "table": '
                   || event_game.table_number || '}}'
      AND g.created <= e.recorded
      AND (event_game.replaced IS NULL OR event_game.replaced >= e.recorded)
);
