#!/usr/bin/env python3
"""The bare SQLite ceiling: the statements of a send (or a wrong check) as SQLiteStore runs them
(sqlite-send.sql, sqlite-check.sql), each time in a BEGIN IMMEDIATE transaction, in WAL mode with
synchronous=NORMAL (GRDB's settings), in a loop for a number of seconds. SQLite takes one writer
at a time, so one loop is its ceiling. Prints `tx/s p50_ms p99_ms`.
    sqlite_loop.py DATABASE send|check SECONDS
"""

import os
import random
import sqlite3
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def statements(name):
    """The statements of a file here, comments left out."""
    lines = [line for line in open(os.path.join(HERE, name)) if not line.startswith("--")]
    return [text.strip() for text in "".join(lines).split(";") if text.strip()]


def main():
    path, kind, seconds = sys.argv[1], sys.argv[2], float(sys.argv[3])
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = NORMAL")
    for statement in statements("sqlite-schema.sql"):
        db.execute(statement)
    work = statements(f"sqlite-{kind}.sql")
    latencies = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        key = f"+1415{random.randint(2000000, 9999999)}" if kind == "send" else f"+1415200{random.randint(0, 1999):04d}"
        address = f"10.{random.randint(0, 255)}.{random.randint(0, 255)}.{random.randint(0, 255)}"
        started = time.perf_counter()
        db.execute("BEGIN IMMEDIATE")
        for statement in work:
            db.execute(statement, {"key": key, "address": address}).fetchall()
        db.execute("COMMIT")
        latencies.append(time.perf_counter() - started)
    latencies.sort()
    print(f"{len(latencies) / seconds:.0f} {latencies[len(latencies) // 2] * 1e3:.3f} "
          f"{latencies[int(len(latencies) * 0.99)] * 1e3:.3f}")


if __name__ == "__main__":
    main()
