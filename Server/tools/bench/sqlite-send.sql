-- The statements of one send, as SQLiteStore runs them, in one BEGIN IMMEDIATE transaction
-- (sqlite_loop.py and bench-floor): :key the destination, :address the client address; the
-- pending delivery with 400 bytes for the sealed message.
UPDATE sends SET at = 1 WHERE limit_key = :key AND at > 3;
SELECT destination, code_hash, sent_at, expires_at, attempts_left, locked_until FROM codes WHERE limit_key = :key;
SELECT COUNT(*), MIN(at) FROM sends WHERE limit_key = :key AND at > 0 AND at <= 2;
SELECT count FROM window_counts WHERE scope = 'address-sends:' || :address AND window_start = 0;
INSERT INTO codes (limit_key, destination, code_hash, sent_at, expires_at, attempts_left, locked_until)
    VALUES (:key, :key, X'000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f', 1, 2, 5, 0)
    ON CONFLICT (limit_key) DO UPDATE SET destination = excluded.destination, code_hash = excluded.code_hash,
    sent_at = excluded.sent_at, expires_at = excluded.expires_at, attempts_left = excluded.attempts_left,
    locked_until = excluded.locked_until;
INSERT INTO deliveries (id, expires_at, lease_until, sealed) VALUES (:key, 2, 3, zeroblob(400))
    ON CONFLICT (id) DO NOTHING;
INSERT INTO sends (limit_key, address, at) VALUES (:key, :address, 1);
INSERT INTO window_counts (scope, window_start, count) VALUES ('address-sends:' || :address, 0, MAX(1, 0))
    ON CONFLICT (scope, window_start) DO UPDATE SET count = MAX(window_counts.count + 1, 0);
