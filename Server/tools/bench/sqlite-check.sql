-- The statements of one wrong check, as SQLiteStore runs them, in one BEGIN IMMEDIATE
-- transaction (sqlite_loop.py and bench-floor): :key the destination, :address the client address.
SELECT code_hash FROM superseded_codes WHERE limit_key = :key AND until > 0;
SELECT destination, code_hash, sent_at, expires_at, attempts_left, locked_until FROM codes WHERE limit_key = :key;
SELECT count FROM window_counts WHERE scope = 'address-failures:' || :address AND window_start = 0;
INSERT INTO codes (limit_key, destination, code_hash, sent_at, expires_at, attempts_left, locked_until)
    VALUES (:key, :key, NULL, 1, 2, 50, 0)
    ON CONFLICT (limit_key) DO UPDATE SET destination = excluded.destination, code_hash = excluded.code_hash,
    sent_at = excluded.sent_at, expires_at = excluded.expires_at, attempts_left = excluded.attempts_left,
    locked_until = excluded.locked_until;
INSERT INTO window_counts (scope, window_start, count) VALUES ('address-failures:' || :address, 0, MAX(1, 0))
    ON CONFLICT (scope, window_start) DO UPDATE SET count = MAX(window_counts.count + 1, 0);
