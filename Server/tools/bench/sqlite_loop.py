#!/usr/bin/env python3
"""The bare SQLite ceiling: the statements of a send (or a wrong check) as SQLiteStore runs them,
each in a BEGIN IMMEDIATE transaction, in WAL mode with synchronous=NORMAL (GRDB's settings),
in a loop for a number of seconds. SQLite takes one writer at a time, so one loop is its
ceiling. Prints `tx/s p50_ms p99_ms`.
    sqlite_loop.py DATABASE send|check SECONDS
"""

import random
import sqlite3
import sys
import time

SCHEMA = """
CREATE TABLE IF NOT EXISTS codes (limit_key TEXT PRIMARY KEY, destination TEXT NOT NULL, code_hash BLOB,
    sent_at INTEGER NOT NULL, expires_at INTEGER NOT NULL, attempts_left INTEGER NOT NULL, locked_until INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS superseded_codes (limit_key TEXT NOT NULL, code_hash BLOB NOT NULL, until INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS superseded_codes_by_key ON superseded_codes (limit_key);
CREATE TABLE IF NOT EXISTS sends (limit_key TEXT NOT NULL, address TEXT NOT NULL, at INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS sends_by_key ON sends (limit_key, at);
CREATE INDEX IF NOT EXISTS sends_by_address ON sends (address, at);
CREATE TABLE IF NOT EXISTS window_counts (scope TEXT NOT NULL, window_start INTEGER NOT NULL, count INTEGER NOT NULL,
    PRIMARY KEY (scope, window_start));
"""
HASH = bytes(range(32))
SAVE = ("INSERT INTO codes (limit_key, destination, code_hash, sent_at, expires_at, attempts_left, locked_until) "
        "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (limit_key) DO UPDATE SET destination = excluded.destination, "
        "code_hash = excluded.code_hash, sent_at = excluded.sent_at, expires_at = excluded.expires_at, "
        "attempts_left = excluded.attempts_left, locked_until = excluded.locked_until")
COUNT = "SELECT count FROM window_counts WHERE scope = ? AND window_start = ?"
BUMP = ("INSERT INTO window_counts (scope, window_start, count) VALUES (?, ?, MAX(?, 0)) "
        "ON CONFLICT (scope, window_start) DO UPDATE SET count = MAX(window_counts.count + ?, 0)")


def send(db, key, address):
    db.execute("SELECT destination, code_hash, sent_at, expires_at, attempts_left, locked_until "
               "FROM codes WHERE limit_key = ?", (key,)).fetchall()
    db.execute("SELECT COUNT(*), MIN(at) FROM sends WHERE limit_key = ? AND at > ?", (key, 0)).fetchall()
    db.execute(COUNT, ("address-sends:" + address, 0)).fetchall()
    db.execute(SAVE, (key, key, HASH, 1, 2, 5, 0))
    db.execute("INSERT INTO sends (limit_key, address, at) VALUES (?, ?, ?)", (key, address, 1))
    db.execute(BUMP, ("address-sends:" + address, 0, 1, 1))


def check(db, key, address):
    db.execute("SELECT code_hash FROM superseded_codes WHERE limit_key = ? AND until > ?", (key, 0)).fetchall()
    db.execute("SELECT destination, code_hash, sent_at, expires_at, attempts_left, locked_until "
               "FROM codes WHERE limit_key = ?", (key,)).fetchall()
    db.execute(COUNT, ("address-failures:" + address, 0)).fetchall()
    db.execute(SAVE, (key, key, None, 1, 2, 50, 0))
    db.execute(BUMP, ("address-failures:" + address, 0, 1, 1))


def main():
    path, kind, seconds = sys.argv[1], sys.argv[2], float(sys.argv[3])
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = NORMAL")
    db.executescript(SCHEMA)
    work = send if kind == "send" else check
    latencies = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        key = f"+1415{random.randint(2000000, 9999999)}" if kind == "send" else f"+1415200{random.randint(0, 1999):04d}"
        address = f"10.{random.randint(0, 255)}.{random.randint(0, 255)}.{random.randint(0, 255)}"
        started = time.perf_counter()
        db.execute("BEGIN IMMEDIATE")
        work(db, key, address)
        db.execute("COMMIT")
        latencies.append(time.perf_counter() - started)
    latencies.sort()
    print(f"{len(latencies) / seconds:.0f} {latencies[len(latencies) // 2] * 1e3:.3f} "
          f"{latencies[int(len(latencies) * 0.99)] * 1e3:.3f}")


if __name__ == "__main__":
    main()
