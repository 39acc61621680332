import Foundation

/// Every option of `hourglass-server` may come from the environment, as a container or a unit
/// file sets it: `HOURGLASS_` and the option's name in capitals, `-` as `_`
/// (`HOURGLASS_DATABASE`, `HOURGLASS_WEBHOOK_SECRET_FILE`, `HOURGLASS_DEV=1`). The command line
/// wins over the environment. Secrets stay in files (`--key-file`, `--webhook-secret-file`), and
/// a database URL that holds a password may come from one too (`HOURGLASS_DATABASE_FILE`).
enum EnvironmentOptions {
    /// The options that take a value.
    static let valued = [
        "host", "port", "database", "outbox", "key-file", "webhook-url", "webhook-secret-file", "otp-origin",
        "android-app-hash", "message-templates", "cooldown",
        "code-lifetime", "code-length", "send-limit", "send-window", "address-send-limit", "address-failure-limit",
        "attempts", "lock-duration", "proof-lifetime", "database-timeout", "max-connections",
        "max-connections-per-address",
        "request-deadline", "write-deadline", "shutdown-grace",
        "metrics-port", "metrics-host", "database-connections", "allowed-regions", "denied-regions",
        "refused-number-types",
        "send-budget",
        "calling-code-budget", "voice-budget", "budget-window", "budget-share",
        "log-level", "log-format",
    ]
    /// The flags.
    static let flags = ["dev", "trust-forwarded-for"]

    /// The environment variable of option `name`.
    static func variable(_ name: String) -> String {
        "HOURGLASS_" + name.uppercased().replacingOccurrences(of: "-", with: "_")
    }

    /// `arguments` with each option the command line does not give taken from `environment`.
    static func arguments(_ arguments: [String], environment: [String: String]) throws(ServerSetupError) -> [String] {
        var result = arguments
        func given(_ name: String) -> Bool {
            arguments.contains { $0 == "--" + name || $0.hasPrefix("--\(name)=") }
        }
        for name in valued where !given(name) {
            if let value = environment[variable(name)] {
                result += ["--" + name, value]
            } else if name == "database", let file = environment[variable(name) + "_FILE"] {
                guard let url = try? String(contentsOfFile: file, encoding: .utf8) else {
                    throw .database("cannot read \(variable(name))_FILE \(file)")
                }
                result += ["--database", url.trimmingCharacters(in: .whitespacesAndNewlines)]
            }
        }
        for name in flags where !given(name) {
            if let value = environment[variable(name)], ["1", "true", "yes"].contains(value.lowercased()) {
                result.append("--" + name)
            }
        }
        return result
    }
}
