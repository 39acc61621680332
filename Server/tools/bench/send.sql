-- pgbench: the statements of one send, as PostgresStore runs them, in one transaction.
\set n random(2000000000, 2999999999)
\set a random(1, 2000000000)
BEGIN;
DELETE FROM sends WHERE limit_key = '+1' || :n AND at <= 0;
DELETE FROM sends WHERE address = 'a' || :a AND at <= 0;
DELETE FROM superseded_codes WHERE limit_key = '+1' || :n AND until <= 0;
INSERT INTO codes (limit_key, destination, code_hash, sent_at, expires_at, attempts_left, locked_until)
    VALUES ('+1' || :n, '', NULL, 0, 0, 0, 0) ON CONFLICT (limit_key) DO NOTHING;
SELECT destination, code_hash, sent_at, expires_at, attempts_left, locked_until FROM codes WHERE limit_key = '+1' || :n FOR UPDATE;
SELECT COUNT(*)::BIGINT, MIN(at) FROM sends WHERE limit_key = '+1' || :n;
SELECT COUNT(*)::BIGINT, MIN(at) FROM sends WHERE address = 'a' || :a;
UPDATE codes SET destination = '+1' || :n, code_hash = '\x000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f'::bytea,
    sent_at = 1, expires_at = 2, attempts_left = 5, locked_until = 0 WHERE limit_key = '+1' || :n;
INSERT INTO sends (limit_key, address, at) VALUES ('+1' || :n, 'a' || :a, 1);
END;
