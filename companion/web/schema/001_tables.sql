-- Step 1: the tables as they stood when the schema's steps were first numbered.

-- A game is its players and its action log; nothing recorded is ever deleted:
-- undo marks an action undone, a ticket entered by mistake is marked removed.
CREATE TABLE IF NOT EXISTS game (
    id TEXT PRIMARY KEY,           -- unguessable: the game's address
    map TEXT NOT NULL,
    players TEXT NOT NULL,         -- JSON: [{"name": ..., "color": ...}] in seat order
    goods TEXT NOT NULL DEFAULT '{}',        -- JSON: Märklin goods colours, city -> colour
    house_rules TEXT NOT NULL DEFAULT '[]',  -- JSON: the house rules chosen
    pieces TEXT NOT NULL DEFAULT '{}',       -- JSON: Rails & Sails splits, name -> [trains, ships]
    dice INTEGER NOT NULL DEFAULT 0,         -- 1: played with the Dice Expansion
    watch TEXT,                              -- unguessable too: the read-only address
    language TEXT,                           -- the table's language, when known
    version INTEGER NOT NULL DEFAULT 0,      -- counts every change: pages follow it
    group_id TEXT,                           -- the group it was played in, if any
    variant TEXT NOT NULL DEFAULT 'base',    -- the decks and bonuses in play (rules/variants.py)
    origin TEXT,                             -- imported: the game it was first played as
    created TEXT NOT NULL,
    updated TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS action (
    game_id TEXT NOT NULL REFERENCES game (id),
    seq INTEGER NOT NULL,
    body TEXT NOT NULL,            -- JSON: the action in the game record's form
    recorded TEXT NOT NULL,
    undone TEXT,                   -- when it was undone, or NULL
    placed_after INTEGER,          -- a claim mended into the log later: the seq it follows
                                   -- (-1: before every other), or NULL: after all before it
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE IF NOT EXISTS ticket (
    game_id TEXT NOT NULL REFERENCES game (id),
    seq INTEGER NOT NULL,
    player TEXT NOT NULL,
    body TEXT NOT NULL,            -- JSON: ["A", "B"] or {"cities": ["A", "B"], "points": 9}
    recorded TEXT NOT NULL,
    removed TEXT,                  -- when it was taken back, or NULL
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE IF NOT EXISTS track (
    game_id TEXT NOT NULL REFERENCES game (id),
    player TEXT NOT NULL,
    points INTEGER NOT NULL,       -- what the score track on the board says
    PRIMARY KEY (game_id, player)
);

-- (A table goods_memory, which remembered goods colours for every table of the server,
-- may linger in older databases: nothing reads it. Goods colours are remembered by the
-- browser that set them, and by a group through its games.)

-- What each form that wrote to a game sent, by the one-time token of the page it came
-- from: the same form sent again (a double tap, a reload, the back button) finds itself
-- here and records nothing twice.
CREATE TABLE IF NOT EXISTS form_sent (
    game_id TEXT NOT NULL REFERENCES game (id),
    token TEXT NOT NULL,
    body TEXT NOT NULL,            -- JSON: the action or ticket the form asked for
    what TEXT NOT NULL,            -- JSON: what it recorded, {"action": seq} or {"ticket": seq}
    PRIMARY KEY (game_id, token, body)
);

-- When each game was started or imported, and from where (the client's address): the
-- games one client may start in an hour are counted here (rows older than an hour go).
CREATE TABLE IF NOT EXISTS started (
    client TEXT NOT NULL,
    at TEXT NOT NULL
);

CREATE INDEX IF NOT EXISTS started_by_client ON started (client, at);

-- A group: people who play together (a family, a club), its games' standings reckoned
-- across them. A game belongs to one group at most (game.group_id).
CREATE TABLE IF NOT EXISTS player_group (
    id TEXT PRIMARY KEY,           -- unguessable: the group's address
    name TEXT NOT NULL DEFAULT '',
    created TEXT NOT NULL
);

-- Two spellings of one person, as a group merged them: a player named ``spelling`` in its
-- games (matched as names are: case and accents aside) is ``person``.
CREATE TABLE IF NOT EXISTS group_merge (
    group_id TEXT NOT NULL REFERENCES player_group (id),
    spelling_key TEXT NOT NULL,
    spelling TEXT NOT NULL,
    person TEXT NOT NULL,
    PRIMARY KEY (group_id, spelling_key)
);

-- An event: a club's game night or a tournament's heats across many tables. Its setup
-- and its organizer's log are the truth (rules/event.py); the event is their replay.
CREATE TABLE IF NOT EXISTS event (
    id TEXT PRIMARY KEY,           -- unguessable: the organizer's address
    watch TEXT NOT NULL UNIQUE,    -- unguessable too: the public address (the room's screen)
    setup TEXT NOT NULL,           -- JSON: name, map, variant, seats, rounds, method, players…
    language TEXT,                 -- the organizer's language, for the tables' games
    version INTEGER NOT NULL DEFAULT 0,  -- counts the organizer's entries: screens follow it
    created TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS event_entry (
    event_id TEXT NOT NULL REFERENCES event (id),
    seq INTEGER NOT NULL,
    body TEXT NOT NULL,            -- JSON: the organizer's entry (rules/event.py, entry_to_json)
    recorded TEXT NOT NULL,
    PRIMARY KEY (event_id, seq)
);

-- Each table's game, by round and table; a table drawn again, or a player moved, gives
-- the table a new game (the one before stays, marked replaced).
CREATE TABLE IF NOT EXISTS event_game (
    event_id TEXT NOT NULL REFERENCES event (id),
    round INTEGER NOT NULL,
    table_number INTEGER NOT NULL,
    game_id TEXT NOT NULL REFERENCES game (id),
    replaced TEXT,                 -- when the table was given another game, or NULL
    PRIMARY KEY (event_id, game_id)
);

-- Each table of a round has one game at a time.
CREATE UNIQUE INDEX IF NOT EXISTS event_game_now
    ON event_game (event_id, round, table_number) WHERE replaced IS NULL;

-- A group's games, found by the group.
CREATE INDEX IF NOT EXISTS game_by_group ON game (group_id);
