-- pgbench: the statements of one wrong check, as PostgresStore runs them, in one transaction.
\set n random(3000000000, 3000001999)
\set a random(1, 2000000000)
BEGIN;
SELECT destination, code_hash, sent_at, expires_at, attempts_left, locked_until FROM codes WHERE limit_key = '+1' || :n FOR UPDATE;
SELECT pg_advisory_xact_lock(hashtext('a' || :a));
SELECT code_hash FROM superseded_codes WHERE limit_key = '+1' || :n AND until > 0;
SELECT COUNT(*)::BIGINT, MIN(at) FROM failures WHERE address = 'a' || :a AND at > 0;
INSERT INTO codes (limit_key, destination, code_hash, sent_at, expires_at, attempts_left, locked_until)
    VALUES ('+1' || :n, '+1' || :n, NULL, 1, 2, 50, 0)
    ON CONFLICT (limit_key) DO UPDATE SET destination = excluded.destination, code_hash = excluded.code_hash,
    sent_at = excluded.sent_at, expires_at = excluded.expires_at, attempts_left = excluded.attempts_left,
    locked_until = excluded.locked_until;
INSERT INTO failures (address, at) VALUES ('a' || :a, 1);
END;
