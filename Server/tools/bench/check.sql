-- pgbench: the statements of one wrong check, as PostgresStore runs them, in one transaction
-- (run with -M prepared, as the server prepares them).
\set n random(3000000000, 3000001999)
\set a random(1, 2000000000)
BEGIN;
SELECT destination, code_hash, sent_at, expires_at, attempts_left, locked_until FROM codes WHERE limit_key = '+1' || :n::text FOR UPDATE;
SELECT 1 FROM pg_advisory_xact_lock(hashtext('a' || :a::text));
SELECT code_hash FROM superseded_codes WHERE limit_key = '+1' || :n::text AND until > 0;
SELECT count FROM window_counts WHERE scope = 'address-failures:' || 'a' || :a::text AND window_start = 0;
WITH saved AS (
    INSERT INTO codes (limit_key, destination, code_hash, sent_at, expires_at, attempts_left, locked_until)
    VALUES ('+1' || :n::text, '+1' || :n::text, NULL, 1, 2, 50, 0)
    ON CONFLICT (limit_key) DO UPDATE SET destination = excluded.destination, code_hash = excluded.code_hash,
    sent_at = excluded.sent_at, expires_at = excluded.expires_at, attempts_left = excluded.attempts_left,
    locked_until = excluded.locked_until
)
INSERT INTO window_counts (scope, window_start, count) VALUES ('address-failures:' || 'a' || :a::text, 0, 1)
    ON CONFLICT (scope, window_start) DO UPDATE SET count = window_counts.count + 1;
END;
