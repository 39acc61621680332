import Foundation
import PostgresNIO

/// Where the state lives: a SQLite file, or a PostgreSQL server.
enum DatabaseLocation {
    case sqlite(path: String)
    case postgres(PostgresClient.Configuration)

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
        var configuration = PostgresClient.Configuration(
            host: host, port: url.port ?? 5432, username: user, password: url.password, database: database,
            tls: try tls(url, host: host))
        configuration.options.minimumConnections = 0
        return .postgres(configuration)
    }

    /// `sslmode` as libpq reads it: `disable`, `prefer` or `require` (`verify-full` is
    /// `require`, which verifies the certificate and the host name). Without it: `disable` on
    /// the loopback, `require` anywhere else.
    private static func tls(_ url: URLComponents, host: String) throws(ServerSetupError)
        -> PostgresClient.Configuration.TLS
    {
        let loopback = ["localhost", "127.0.0.1", "::1", "[::1]"].contains(host)
        let mode = url.queryItems?.first { $0.name == "sslmode" }?.value ?? (loopback ? "disable" : "require")
        switch mode {
        case "disable": return .disable
        case "allow", "prefer": return .prefer(.makeClientConfiguration())
        case "require", "verify-ca", "verify-full": return .require(.makeClientConfiguration())
        default: throw .database("sslmode must be disable, prefer or require, not '\(mode)'")
        }
    }

    /// `text` without its password, for messages and logs.
    static func redacted(_ text: String) -> String {
        guard var url = URLComponents(string: text), url.password != nil else { return text }
        url.password = "•••"
        return url.string ?? text
    }
}
