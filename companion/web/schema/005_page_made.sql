-- Step 5: a game's page as one process made it for the phones (at a version, for what it
-- was made for: its address, host, language, palette and frame, and the companion that made
-- it), so that the processes serving one PostgreSQL database make it once between them
-- (companion/web/page_made.py). A row holds the latest version made; its page is NULL while
-- a process is making it; "made" says when it was claimed (a page no one asked for in an
-- hour is deleted). Nothing here is kept by a backup: a page is made again when asked.
CREATE TABLE IF NOT EXISTS page_made (
    game_id TEXT NOT NULL,
    made_for TEXT NOT NULL,
    version INTEGER NOT NULL,
    page TEXT,
    made TEXT NOT NULL,
    PRIMARY KEY (game_id, made_for)
);
