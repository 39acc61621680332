import Foundation
import PostgresNIO

/// Where the state lives: a SQLite file, or a PostgreSQL server.
enum DatabaseLocation {
    case sqlite(path: String)
    /// The pool's configuration, and a single connection's to probe the server before start
    /// (without TLS only: a TLS probe would set TLS up twice).
    case postgres(PostgresClient.Configuration, probe: PostgresConnection.Configuration?)

    /// Reads `--database`: `postgres://` or `postgresql://` URLs name a server; `sqlite:PATH`
    /// or a plain path a SQLite file; any other scheme is refused.
    static func parse(_ text: String) throws(ServerSetupError) -> DatabaseLocation {
        guard text.contains("://") else {
            let path = text.hasPrefix("sqlite:") ? String(text.dropFirst("sqlite:".count)) : text
            guard !path.isEmpty else { throw .database("the SQLite path is empty") }
            return .sqlite(path: path)
        }
        guard let url = URLComponents(string: text), ["postgres", "postgresql"].contains(url.scheme ?? ""),
            let host = url.host, !host.isEmpty
        else {
            throw .database(
                "\(Self.redacted(text)) is no postgres:// URL (postgres://user:password@host:5432/database) nor a SQLite path"
            )
        }
        let database = url.path.hasPrefix("/") ? String(url.path.dropFirst()) : url.path
        guard let user = url.user, !user.isEmpty, !database.isEmpty else {
            throw .database("\(Self.redacted(text)) names no user or no database")
        }
        let mode = try sslMode(url, host: host)
        var configuration = PostgresClient.Configuration(
            host: host, port: url.port ?? 5432, username: user, password: url.password, database: database,
            tls: tls(mode))
        configuration.options.minimumConnections = 0
        let probe =
            mode == "disable"
            ? PostgresConnection.Configuration(
                host: host, port: url.port ?? 5432, username: user, password: url.password, database: database,
                tls: .disable) : nil
        return .postgres(configuration, probe: probe)
    }

    /// `sslmode` as libpq reads it: `disable`, `prefer` or `require` (`verify-full` is
    /// `require`, which verifies the certificate and the host name). Without it: `disable` on
    /// the loopback, `require` anywhere else.
    private static func sslMode(_ url: URLComponents, host: String) throws(ServerSetupError) -> String {
        let loopback = ["localhost", "127.0.0.1", "::1", "[::1]"].contains(host)
        let mode = url.queryItems?.first { $0.name == "sslmode" }?.value ?? (loopback ? "disable" : "require")
        switch mode {
        case "disable": return "disable"
        case "allow", "prefer": return "prefer"
        case "require", "verify-ca", "verify-full": return "require"
        default: throw .database("sslmode must be disable, prefer or require, not '\(mode)'")
        }
    }

    private static func tls(_ mode: String) -> PostgresClient.Configuration.TLS {
        switch mode {
        case "disable": .disable
        case "prefer": .prefer(.makeClientConfiguration())
        default: .require(.makeClientConfiguration())
        }
    }

    /// `text` without its password, for messages and logs: whatever stands between `user:` and
    /// the last `@` of the authority, whether the URL parses or not.
    static func redacted(_ text: String) -> String {
        guard let scheme = text.range(of: "://") else { return text }
        let rest = text[scheme.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") else {
            return text
        }
        return String(text[..<text.index(after: colon)]) + "***" + String(text[at...])
    }
}
