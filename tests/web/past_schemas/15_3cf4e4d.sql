-- The schema as commit 3cf4e4d made it.
CREATE TABLE IF NOT EXISTS game (
    id TEXT PRIMARY KEY,
    map TEXT NOT NULL,
    players TEXT NOT NULL,
    goods TEXT NOT NULL DEFAULT '{}',
    house_rules TEXT NOT NULL DEFAULT '[]',
    pieces TEXT NOT NULL DEFAULT '{}',
    dice INTEGER NOT NULL DEFAULT 0,
    watch TEXT,
    language TEXT,
    version INTEGER NOT NULL DEFAULT 0,
    group_id TEXT,
    variant TEXT NOT NULL DEFAULT 'base',
    origin TEXT,
    created TEXT NOT NULL,
    updated TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS action (
    game_id TEXT NOT NULL REFERENCES game (id),
    seq INTEGER NOT NULL,
    body TEXT NOT NULL,
    recorded TEXT NOT NULL,
    undone TEXT,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE IF NOT EXISTS ticket (
    game_id TEXT NOT NULL REFERENCES game (id),
    seq INTEGER NOT NULL,
    player TEXT NOT NULL,
    body TEXT NOT NULL,
    recorded TEXT NOT NULL,
    removed TEXT,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE IF NOT EXISTS track (
    game_id TEXT NOT NULL REFERENCES game (id),
    player TEXT NOT NULL,
    points INTEGER NOT NULL,
    PRIMARY KEY (game_id, player)
);

CREATE TABLE IF NOT EXISTS form_sent (
    game_id TEXT NOT NULL REFERENCES game (id),
    token TEXT NOT NULL,
    body TEXT NOT NULL,
    what TEXT NOT NULL,
    PRIMARY KEY (game_id, token, body)
);

CREATE TABLE IF NOT EXISTS started (
    client TEXT NOT NULL,
    at TEXT NOT NULL
);

CREATE INDEX IF NOT EXISTS started_by_client ON started (client, at);

CREATE TABLE IF NOT EXISTS player_group (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL DEFAULT '',
    created TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS group_merge (
    group_id TEXT NOT NULL REFERENCES player_group (id),
    spelling_key TEXT NOT NULL,
    spelling TEXT NOT NULL,
    person TEXT NOT NULL,
    PRIMARY KEY (group_id, spelling_key)
);

CREATE TABLE IF NOT EXISTS event (
    id TEXT PRIMARY KEY,
    watch TEXT NOT NULL UNIQUE,
    setup TEXT NOT NULL,
    language TEXT,
    version INTEGER NOT NULL DEFAULT 0,
    created TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS event_entry (
    event_id TEXT NOT NULL REFERENCES event (id),
    seq INTEGER NOT NULL,
    body TEXT NOT NULL,
    recorded TEXT NOT NULL,
    PRIMARY KEY (event_id, seq)
);

CREATE TABLE IF NOT EXISTS event_game (
    event_id TEXT NOT NULL REFERENCES event (id),
    round INTEGER NOT NULL,
    table_number INTEGER NOT NULL,
    game_id TEXT NOT NULL REFERENCES game (id),
    replaced TEXT,
    PRIMARY KEY (event_id, game_id)
);

CREATE UNIQUE INDEX IF NOT EXISTS event_game_now
    ON event_game (event_id, round, table_number) WHERE replaced IS NULL;
