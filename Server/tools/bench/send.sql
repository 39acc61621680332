-- pgbench: the statements of one send, as PostgresStore runs them, in one transaction (its pending
-- delivery with 400 bytes for the sealed message)
-- (run with -M prepared, as the server prepares them).
\set n random(2000000000, 2999999999)
\set a random(1, 2000000000)
BEGIN;
INSERT INTO codes (limit_key, destination, code_hash, sent_at, expires_at, attempts_left, locked_until)
    VALUES ('+1' || :n::text, '', NULL, 0, 0, 0, 0) ON CONFLICT (limit_key) DO UPDATE SET limit_key = excluded.limit_key
    RETURNING destination, code_hash, sent_at, expires_at, attempts_left, locked_until;
SELECT 1 FROM pg_advisory_xact_lock(hashtext('a' || :a::text));
WITH clamped AS (UPDATE sends SET at = 1 WHERE limit_key = '+1' || :n::text AND at > 3 RETURNING 1)
SELECT COUNT(*)::BIGINT, MIN(LEAST(at, 1)),
    COALESCE((SELECT count FROM window_counts WHERE scope = 'address-sends:' || 'a' || :a::text AND window_start = 0), 0)
    FROM sends WHERE limit_key = '+1' || :n::text AND at > 0 AND at <= 2;
WITH saved AS (
    INSERT INTO codes (limit_key, destination, code_hash, sent_at, expires_at, attempts_left, locked_until)
    VALUES ('+1' || :n::text, '+1' || :n::text, '\x000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f'::bytea, 1, 2, 5, 0)
    ON CONFLICT (limit_key) DO UPDATE SET destination = excluded.destination, code_hash = excluded.code_hash,
    sent_at = excluded.sent_at, expires_at = excluded.expires_at, attempts_left = excluded.attempts_left,
    locked_until = excluded.locked_until
), logged AS (
    INSERT INTO sends (limit_key, address, at) VALUES ('+1' || :n::text, 'a' || :a::text, 1)
), pending AS (
    INSERT INTO deliveries (id, expires_at, lease_until, sealed)
    VALUES ('+1' || :n::text, 2, 3, decode(repeat('5a', 400), 'hex')) ON CONFLICT (id) DO NOTHING
)
INSERT INTO window_counts (scope, window_start, count) VALUES ('address-sends:' || 'a' || :a::text, 0, 1)
    ON CONFLICT (scope, window_start) DO UPDATE SET count = window_counts.count + 1;
END;
