-- The schema as commit b4c3cc3 made it.
CREATE TABLE IF NOT EXISTS game (
    id TEXT PRIMARY KEY,
    map TEXT NOT NULL,
    players TEXT NOT NULL,
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
