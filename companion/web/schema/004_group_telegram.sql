-- Which player of a group a Telegram user is (opened from a club's bot: Telegram's signed
-- user id, kept as text), as the user told it on the group's page or as the seat they took
-- under their Telegram name: their next game in the group offers their seat under the same
-- name, and the standings follow them across games and nights.
CREATE TABLE IF NOT EXISTS group_telegram (
    group_id TEXT NOT NULL REFERENCES player_group (id),
    telegram_id TEXT NOT NULL,
    person TEXT NOT NULL,
    PRIMARY KEY (group_id, telegram_id)
);
