import NIOCore
import PostgresNIO

/// The statements of a send and a check, prepared once per connection (postgres-nio parses a
/// prepared statement on its first use on a connection and only binds it after): each saves a
/// Parse and a Describe per run, which were most of the server's CPU on PostgreSQL. Each is
/// named by a constant: postgres-nio's default name is the type's reflected name, made again on
/// every run.
enum PostgresStatements {
    /// A destination's row as the statements return it.
    typealias CodeColumns = (String, ByteBuffer?, Int64, Int64, Int32, Int64)

    /// The destination's row, made when missing and locked, in one statement: an upsert that
    /// changes nothing returns the row as it is, locked until the transaction ends.
    struct LockRowForSend: PostgresPreparedStatement {
        static let name = "hourglass.LockRowForSend"
        static let sql = """
            INSERT INTO codes (limit_key, destination, code_hash, sent_at, expires_at, attempts_left, locked_until)
            VALUES ($1, '', NULL, 0, 0, 0, 0) ON CONFLICT (limit_key) DO UPDATE SET limit_key = excluded.limit_key
            RETURNING destination, code_hash, sent_at, expires_at, attempts_left, locked_until
            """
        let key: String
        func makeBindings() -> PostgresBindings { PostgresStatements.bindings(key) }
        func decodeRow(_ row: PostgresRow) throws -> CodeColumns { try row.decode(CodeColumns.self) }
    }

    /// The destination's row, locked, for a check (which makes none).
    struct LockRowForCheck: PostgresPreparedStatement {
        static let name = "hourglass.LockRowForCheck"
        static let sql = """
            SELECT destination, code_hash, sent_at, expires_at, attempts_left, locked_until
            FROM codes WHERE limit_key = $1 FOR UPDATE
            """
        let key: String
        func makeBindings() -> PostgresBindings { PostgresStatements.bindings(key) }
        func decodeRow(_ row: PostgresRow) throws -> CodeColumns { try row.decode(CodeColumns.self) }
    }

    /// The client address's turn (a transaction's advisory lock).
    struct LockAddress: PostgresPreparedStatement {
        static let name = "hourglass.LockAddress"
        static let sql = "SELECT 1 FROM pg_advisory_xact_lock(hashtext($1))"
        let address: String
        func makeBindings() -> PostgresBindings { PostgresStatements.bindings(address) }
        func decodeRow(_ row: PostgresRow) throws -> Int32 { try row.decode(Int32.self) }
    }

    /// The destination's window (its sends, a few at most) and a counter, in one statement.
    ///
    /// Sends recorded after `latest` (the wall clock went back) are clamped to `now`, in the
    /// table too: they count as made now, so their window ends at most its length from now.
    /// The statement's own snapshot reads them as they were, hence `LEAST`.
    struct SendWindows: PostgresPreparedStatement {
        static let name = "hourglass.SendWindows"
        static let sql = """
            WITH clamped AS (UPDATE sends SET at = $6 WHERE limit_key = $1 AND at > $3 RETURNING 1)
            SELECT COUNT(*)::BIGINT, MIN(LEAST(at, $6)),
                COALESCE((SELECT SUM(count) FROM window_counts WHERE scope = $4 AND window_start >= $5), 0)::BIGINT,
                EXISTS (SELECT 1 FROM window_counts WHERE scope = $4 AND window_start > $5)
            FROM sends WHERE limit_key = $1 AND at > $2
            """
        static let bindingDataTypes: [PostgresDataType] = [.text, .int8, .int8, .text, .int8, .int8]
        let key: String, since: Int64, now: Int64, latest: Int64, counter: WindowCounter
        func makeBindings() -> PostgresBindings {
            var bindings = PostgresStatements.bindings(key)
            bindings.append(since)
            bindings.append(latest)
            bindings.append(counter.scope)
            bindings.append(counter.start)
            bindings.append(now)
            return bindings
        }
        func decodeRow(_ row: PostgresRow) throws -> (Int64, Int64?, Int64, Bool) {
            try row.decode((Int64, Int64?, Int64, Bool).self)
        }
    }

    /// A counter's count in its window, the counts of its scope's windows "after now" (the
    /// wall clock went back), which ``MoveLaterWindows`` moves into it, and the count of the
    /// window that began at `previousStart` (a budget's window before: `BudgetWindow`; the
    /// counter's own start for none), in one read.
    struct CounterCount: PostgresPreparedStatement {
        static let name = "hourglass.CounterCount"
        static let sql = """
            SELECT COALESCE(SUM(count) FILTER (WHERE window_start = $2), 0)::BIGINT,
                COALESCE(SUM(count) FILTER (WHERE window_start > $2), 0)::BIGINT,
                COALESCE(SUM(count) FILTER (WHERE window_start = $3 AND $3 < $2), 0)::BIGINT
            FROM window_counts WHERE scope = $1 AND window_start >= $3
            """
        static let bindingDataTypes: [PostgresDataType] = [.text, .int8, .int8]
        let counter: WindowCounter
        var previousStart: Int64?
        func makeBindings() -> PostgresBindings {
            var bindings = PostgresStatements.bindings(counter.scope)
            bindings.append(counter.start)
            bindings.append(previousStart ?? counter.start)
            return bindings
        }
        func decodeRow(_ row: PostgresRow) throws -> (Int64, Int64, Int64) {
            try row.decode((Int64, Int64, Int64).self)
        }
    }

    /// Moves the counts of a scope's windows "after now" into the counter's window, in one
    /// statement: trusted for their rule, they hold at most a window from now.
    struct MoveLaterWindows: PostgresPreparedStatement {
        static let name = "hourglass.MoveLaterWindows"
        static let sql = """
            WITH moved AS (DELETE FROM window_counts WHERE scope = $1 AND window_start > $2 RETURNING count)
            INSERT INTO window_counts (scope, window_start, count)
            SELECT $1, $2, SUM(count) FROM moved HAVING COUNT(*) > 0
            ON CONFLICT (scope, window_start) DO UPDATE SET count = window_counts.count + excluded.count
            """
        static let bindingDataTypes: [PostgresDataType] = [.text, .int8]
        let counter: WindowCounter
        func makeBindings() -> PostgresBindings {
            var bindings = PostgresStatements.bindings(counter.scope)
            bindings.append(counter.start)
            return bindings
        }
        func decodeRow(_ row: PostgresRow) throws {}
    }

    /// Adds a delta to a counter (made at 0 when missing); never below 0.
    struct BumpCounter: PostgresPreparedStatement {
        static let name = "hourglass.BumpCounter"
        static let sql = """
            INSERT INTO window_counts (scope, window_start, count) VALUES ($1, $2, GREATEST($3, 0))
            ON CONFLICT (scope, window_start) DO UPDATE SET count = GREATEST(window_counts.count + $3, 0)
            """
        static let bindingDataTypes: [PostgresDataType] = [.text, .int8, .int8]
        let counter: WindowCounter, delta: Int64
        func makeBindings() -> PostgresBindings {
            var bindings = PostgresStatements.bindings(counter.scope)
            bindings.append(counter.start)
            bindings.append(delta)
            return bindings
        }
        func decodeRow(_ row: PostgresRow) throws {}
    }

    /// Takes one from a budget while it holds any: the new count, or no row when the budget was
    /// spent (by another instance's send since this one read it).
    struct TakeFromBudget: PostgresPreparedStatement {
        static let name = "hourglass.TakeFromBudget"
        static let sql = """
            INSERT INTO window_counts (scope, window_start, count) VALUES ($1, $2, 1)
            ON CONFLICT (scope, window_start) DO UPDATE SET count = window_counts.count + 1
            WHERE window_counts.count < $3 RETURNING count
            """
        static let bindingDataTypes: [PostgresDataType] = [.text, .int8, .int8]
        let counter: WindowCounter, limit: Int
        func makeBindings() -> PostgresBindings {
            var bindings = PostgresStatements.bindings(counter.scope)
            bindings.append(counter.start)
            bindings.append(Int64(limit))
            return bindings
        }
        func decodeRow(_ row: PostgresRow) throws -> Int64 { try row.decode(Int64.self) }
    }

    /// A destination's row written whole: `$1` to `$7` are ``SaveRow``'s bindings.
    static let upsertRow = """
        INSERT INTO codes (limit_key, destination, code_hash, sent_at, expires_at, attempts_left, locked_until)
        VALUES ($1, $2, $3, $4, $5, $6, $7)
        ON CONFLICT (limit_key) DO UPDATE SET destination = excluded.destination, code_hash = excluded.code_hash,
            sent_at = excluded.sent_at, expires_at = excluded.expires_at, attempts_left = excluded.attempts_left,
            locked_until = excluded.locked_until
        """
    /// The types of `upsertRow`'s bindings.
    static let rowTypes: [PostgresDataType] = [.text, .text, .bytea, .int8, .int8, .int4, .int8]

    /// Writes a destination's row.
    struct SaveRow: PostgresPreparedStatement {
        static let name = "hourglass.SaveRow"
        static let sql = upsertRow
        static let bindingDataTypes = rowTypes
        let row: CodeRow
        func makeBindings() -> PostgresBindings {
            var bindings = PostgresStatements.bindings(row.key)
            bindings.append(row.destination)
            bindings.append(row.codeHash.map { ByteBuffer(bytes: $0) })
            bindings.append(row.sentAt)
            bindings.append(row.expiresAt)
            bindings.append(Int32(row.attemptsLeft))
            bindings.append(row.lockedUntil)
            return bindings
        }
        func decodeRow(_ row: PostgresRow) throws {}
    }

    /// A send's writes in one statement: the destination's row, the send's log, its pending
    /// delivery and the client address's counter (one round trip where four were).
    struct SaveSend: PostgresPreparedStatement {
        static let name = "hourglass.SaveSend"
        static let sql = """
            WITH saved AS (\(upsertRow)), logged AS (INSERT INTO sends (limit_key, address, at) VALUES ($1, $8, $4)),
            pending AS (INSERT INTO deliveries (id, expires_at, lease_until, sealed) VALUES ($11, $12, $13, $14))
            INSERT INTO window_counts (scope, window_start, count) VALUES ($9, $10, 1)
            ON CONFLICT (scope, window_start) DO UPDATE SET count = window_counts.count + 1
            """
        static let bindingDataTypes = rowTypes + [.text, .text, .int8, .text, .int8, .int8, .bytea]
        let row: CodeRow, address: String, counter: WindowCounter, delivery: PendingDelivery
        func makeBindings() -> PostgresBindings {
            var bindings = SaveRow(row: row).makeBindings()
            bindings.append(address)
            bindings.append(counter.scope)
            bindings.append(counter.start)
            bindings.append(delivery.id)
            bindings.append(delivery.expiresAt)
            bindings.append(delivery.leaseUntil)
            bindings.append(ByteBuffer(bytes: delivery.sealed))
            return bindings
        }
        func decodeRow(_ row: PostgresRow) throws {}
    }

    /// A failed check's writes in one statement: the destination's row and the client address's
    /// failures.
    struct SaveFailure: PostgresPreparedStatement {
        static let name = "hourglass.SaveFailure"
        static let sql = """
            WITH saved AS (\(upsertRow))
            INSERT INTO window_counts (scope, window_start, count) VALUES ($8, $9, 1)
            ON CONFLICT (scope, window_start) DO UPDATE SET count = window_counts.count + 1
            """
        static let bindingDataTypes = rowTypes + [.text, .int8]
        let row: CodeRow, counter: WindowCounter
        func makeBindings() -> PostgresBindings {
            var bindings = SaveRow(row: row).makeBindings()
            bindings.append(counter.scope)
            bindings.append(counter.start)
            return bindings
        }
        func decodeRow(_ row: PostgresRow) throws {}
    }

    /// The hashes of a destination's superseded codes still alive.
    struct SupersededHashes: PostgresPreparedStatement {
        static let name = "hourglass.SupersededHashes"
        static let sql = "SELECT code_hash FROM superseded_codes WHERE limit_key = $1 AND until > $2"
        let key: String, now: Int64
        func makeBindings() -> PostgresBindings {
            var bindings = PostgresStatements.bindings(key)
            bindings.append(now)
            return bindings
        }
        func decodeRow(_ row: PostgresRow) throws -> ByteBuffer { try row.decode(ByteBuffer.self) }
    }

    /// Bindings that start with `text`.
    static func bindings(_ text: String) -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 7)
        bindings.append(text)
        return bindings
    }
}
