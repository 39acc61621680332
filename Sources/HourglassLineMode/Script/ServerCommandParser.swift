import PhoneNumbers
import SignUp

/// Parses the arguments of `server …` lines.
enum ServerCommandParser {
    static let subcommands = ["latency", "fail", "resend-after", "code", "account"]

    static func parse(
        _ arguments: [String], content: String, line: Int, secrets: ScriptSecrets = ScriptSecrets(),
        region: PhoneRegion? = nil
    ) throws(ScriptError) -> ServerCommand {
        func fail(_ message: String) -> ScriptError { ScriptError(line: line, message) }
        guard let name = arguments.first else {
            throw fail("'server' needs what to change: \(subcommands.joined(separator: ", "))")
        }
        let rest = Array(arguments.dropFirst())
        switch name {
        case "latency":
            guard rest.count == 1 else { throw fail("write: server latency DURATION") }
            return .latency(try ScriptParser.duration(rest[0], line: line))
        case "resend-after":
            guard rest.count == 1 else {
                throw fail("write: server resend-after DURATION, or server resend-after none")
            }
            return .resendAfter(rest[0] == "none" ? nil : try ScriptParser.duration(rest[0], line: line))
        case "code":
            guard rest.count == 1 else { throw fail("write: server code DIGITS, e.g. server code 123456") }
            let code = try secrets.resolve(rest[0], line: line)
            guard !code.isEmpty, code.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                if let name = ScriptSecrets.reference(in: rest[0]) {
                    throw fail("the secret '\(name)' is not a code of digits; 'server code' takes digits")
                }
                throw fail("write: server code DIGITS, e.g. server code 123456")
            }
            return .code(code)
        case "account":
            let text = ScriptParser.rest(of: content, after: 2)
            guard case .success(let destination) = Destination.parse(text, region: region) else {
                throw fail(
                    "\(ScriptParser.quoted(text)) is not a phone number or an e-mail address; write e.g. server account user@example.com"
                )
            }
            return .account(destination)
        case "fail":
            return try failure(rest, content: content, line: line)
        default:
            throw fail(ScriptParser.unknown("server setting", name, among: subcommands, screen: nil))
        }
    }

    private static func failure(_ arguments: [String], content: String, line: Int) throws(ScriptError) -> ServerCommand
    {
        func fail(_ message: String) -> ScriptError { ScriptError(line: line, message) }
        let usage = "write: server fail request|check|register ERROR"
        guard arguments.count >= 2 else { throw fail("'server fail' takes what fails and how; \(usage)") }
        let (what, error) = (arguments[0], arguments[1])
        let wait = { () throws(ScriptError) -> Duration in
            guard arguments.count == 3 else {
                throw fail("'\(error)' takes a duration; write e.g. server fail \(what) \(error) 30s")
            }
            return try ScriptParser.duration(arguments[2], line: line)
        }
        switch what {
        case "request":
            switch error {
            case "network": return .failRequest(.network)
            case "unavailable": return .failRequest(.serviceUnavailable)
            case "invalid": return .failRequest(.invalidDestination)
            case "no-call": return .failRequest(.channelRefused(.voice))
            case "rate-limited": return .failRequest(.rateLimited(retryAfter: try wait()))
            case "send-limit": return .failRequest(.sendLimitReached(retryAfter: try wait()))
            default:
                throw fail(
                    ScriptParser.unknown(
                        "request error", error,
                        among: ["network", "unavailable", "invalid", "no-call", "rate-limited", "send-limit"],
                        screen: nil
                    ))
            }
        case "check":
            switch error {
            case "network": return .failCheck(.network)
            case "unavailable": return .failCheck(.serviceUnavailable)
            case "expired": return .failCheck(.expired)
            case "locked": return .failCheck(.locked(retryAfter: try wait()))
            default:
                throw fail(
                    ScriptParser.unknown(
                        "check error", error, among: ["network", "unavailable", "expired", "locked"], screen: nil))
            }
        case "register":
            switch error {
            case "network": return .failRegistration(.network)
            case "unavailable": return .failRegistration(.serviceUnavailable)
            case "exists": return .failRegistration(.accountExists)
            case "weak": return .failRegistration(.weakPassword([.common]))
            case "proof": return .failRegistration(.proofRejected)
            default:
                throw fail(
                    ScriptParser.unknown(
                        "register error", error, among: ["network", "unavailable", "exists", "weak", "proof"],
                        screen: nil))
            }
        default:
            throw fail(ScriptParser.unknown("server call", what, among: ["request", "check", "register"], screen: nil))
        }
    }
}
