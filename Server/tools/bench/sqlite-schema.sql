-- The tables and indexes of the SQLite statements below, as SQLiteSchema makes them (for
-- sqlite_loop.py and bench-floor, which start from an empty file).
CREATE TABLE IF NOT EXISTS codes (limit_key TEXT PRIMARY KEY, destination TEXT NOT NULL, code_hash BLOB,
    sent_at INTEGER NOT NULL, expires_at INTEGER NOT NULL, attempts_left INTEGER NOT NULL, locked_until INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS superseded_codes (limit_key TEXT NOT NULL, code_hash BLOB NOT NULL, until INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS superseded_codes_by_key ON superseded_codes (limit_key);
CREATE TABLE IF NOT EXISTS sends (limit_key TEXT NOT NULL, address TEXT NOT NULL, at INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS sends_by_key ON sends (limit_key, at);
CREATE INDEX IF NOT EXISTS sends_by_address ON sends (address, at);
CREATE TABLE IF NOT EXISTS window_counts (scope TEXT NOT NULL, window_start INTEGER NOT NULL, count INTEGER NOT NULL,
    PRIMARY KEY (scope, window_start));
CREATE TABLE IF NOT EXISTS deliveries (id TEXT PRIMARY KEY, expires_at INTEGER NOT NULL, lease_until INTEGER NOT NULL,
    sealed BLOB NOT NULL);
