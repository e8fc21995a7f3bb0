-- The schema as commit 30618ed made it.
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

CREATE TABLE IF NOT EXISTS goods_memory (
    map TEXT NOT NULL,
    city TEXT NOT NULL,
    color TEXT NOT NULL,
    PRIMARY KEY (map, city)
);

CREATE TABLE IF NOT EXISTS written (
    game_id TEXT NOT NULL REFERENCES game (id),
    token TEXT NOT NULL,
    what TEXT NOT NULL,
    PRIMARY KEY (game_id, token)
);
