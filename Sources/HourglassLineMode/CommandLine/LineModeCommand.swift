import ArgumentParser
import Foundation
import Hourglass
import PhoneNumbers
import SignUp

/// linemode's command line, for the ``LineModeTool`` running it (``tool``): its name, its
/// screens and its languages fill in the help and what `--screen` and `--locale` take.
struct LineModeCommand: ParsableCommand {
    /// The runner whose command line this is, set by ``LineModeTool/main(arguments:)`` while it
    /// parses and runs.
    @TaskLocal static var tool = LineModeTool()

    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: tool.name,
            abstract: "Drives a screen from a script and prints what it shows, line by line.",
            discussion: """
                Reads the script from FILE, or from standard input. After each command it prints \
                the screen lines that changed, stamped with the clock time in seconds; `show` prints \
                the whole screen. When standard input is a terminal it runs live: a prompt per \
                command and, on a real clock, countdowns printed as they tick; when standard output \
                is a terminal too, the screen is a panel redrawn in place (controls, then the last \
                messages and problems) with the prompt below it.

                A script whose first line is a fixture's (`# linemode --screen registration \
                --locale en …`) runs with the options that line names, unless the command line \
                gives them: run on the virtual clock, a fixture prints itself, byte for byte.

                On a real clock the transcript is the virtual clock's as long as the machine keeps \
                up: a countdown's tick that comes later than the next one is due is skipped, as a \
                stalled app skips it, so a --time-scale small enough that one script second is \
                shorter than a stall of the machine gives fewer ticks.

                COMMANDS (one a line; # starts a comment)
                \(ScriptParser.reference)

                EXIT CODES
                  0  the script ran
                  1  the script has errors (each on standard error with its line number),
                     or it or its secrets file cannot be read; or the clock cannot run
                     (libevent, GLib or GCD cannot get the file descriptors it needs)
                  2  the command line is wrong
                  3  standard output or standard error could not be written (closed, full,
                     a broken pipe); when it is standard output, it stops at once, after
                     saying why on standard error. This code wins over the others.
                  4  the cooldown could not be saved in, or read from, --state-dir (the
                     screen and standard error say why; the panel's messages in live
                     mode); the script still ran
                  5  a real clock fell behind the script: a timer or a script step
                     started a whole tick (1 s of script time) or more late, measured
                     as each one starts, so the transcript may differ
                     from the virtual clock's (standard error says how late); run it
                     again with a larger --time-scale

                A signal (Ctrl-C's SIGINT, SIGTERM) ends \(tool.name) at once, as the signal's default \
                does: the shell reports 128 plus its number (130, 143). A save of the cooldown is \
                never left torn by it, and a fixture's temporary state directory is removed.
                """,
            version: tool.version ?? HourglassVersion.current)
    }

    @Argument(help: "The script; standard input when omitted or '-'.")
    var file: String?

    @Option(
        help: ArgumentHelp(
            "The clock: virtual (instant, deterministic; the default), dispatch, libevent or glib (real, time-scaled; dispatch with --service).",
            valueName: "clock"
        ))
    var clock: String?

    @Option(
        help: """
            A server of the verification API to talk to (hourglass-server --dev: `type code sent` \
            reads its outbox), on a real clock at --time-scale 1; by default the scripted \
            in-process server.
            """)
    var service: String?

    /// The clock asked for, or the default: dispatch with a real server, else virtual.
    private var clockName: String {
        clock ?? (service == nil ? ClockChoice.virtual.rawValue : ClockChoice.dispatch.rawValue)
    }

    @Option(help: "Real seconds per script second on a real clock (0.01 runs a minute in 0.6 s).")
    var timeScale: Double = 1

    @Option(
        help: ArgumentHelp(
            """
            The language, a BCP 47 tag matched to one of \(FixtureHeader.list(tool.languages.map(\.identifier))): \
            exactly, else with subtags dropped (en-GB finds en, zh-CN finds zh-Hans), else the same \
            language in another region. Without it, live mode and --service read the system's \
            (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), and a script runs in the first, on every machine alike.
            """, valueName: "tag"))
    var locale: String?

    @Option(
        help: """
            The region a phone number typed without + is read in: an ISO 3166-1 code such as US, GB, \
            FR or CN. Without it, live mode and --service read the system's (LC_ALL, LC_TELEPHONE, \
            LANG); a script reads none, so a number then needs its + and country code.
            """)
    var region: String?

    @Option(
        help: ArgumentHelp(
            """
            The digits counts are written in, by CLDR's name: latn (0-9), arab (٠-٩), arabext … \
            Without it, the language's in the region (Arabic in Egypt writes ٤٢, in the Emirates 42).
            """, valueName: "system"))
    var digits: String?

    @Option(help: ArgumentHelp("The screen: \(FixtureHeader.list(tool.screens.map(\.name))).", valueName: "name"))
    var screen: String?

    @Option(
        help: """
            A directory to keep the cooldown in across runs: it counts on in real time between runs, \
            and in script time (wait, suspend, --time-scale) within one.
            """)
    var stateDir: String?

    @Option(help: "A file of NAME = VALUE lines: the secrets the script types by name ($NAME).")
    var secrets: String?

    @Flag(help: "Run the valid lines even when some have errors (the exit code is still 1).")
    var keepGoing = false

    func validate() throws {
        guard ClockChoice(rawValue: clockName) != nil else {
            throw ValidationError(
                "--clock must be \(FixtureHeader.list(ClockChoice.allCases.map(\.rawValue))), not '\(clockName)'")
        }
        if let service {
            guard let url = URL(string: service), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                throw ValidationError("--service must be an http:// or https:// URL, not '\(service)'")
            }
            guard clockName != ClockChoice.virtual.rawValue else {
                throw ValidationError(
                    "--service needs a real clock (dispatch, libevent or glib): the server answers in real time")
            }
            guard timeScale == 1 else {
                throw ValidationError("--service needs --time-scale 1: the server's waits are real seconds")
            }
        }
        if let screen, ScriptScreen.named(screen, among: Self.tool.screens) == nil {
            throw ValidationError(
                "--screen must be \(FixtureHeader.list(Self.tool.screens.map(\.name))), not '\(screen)'")
        }
        if let locale, SignUpLanguage.match(locale, among: Self.tool.languages) == nil {
            throw ValidationError(
                "--locale '\(locale)' matches no language here (\(Self.tool.languages.map(\.identifier).joined(separator: ", "))): "
                    + "a tag matches exactly, with subtags dropped, or the same language in another region")
        }
        if let region, PhoneRegion(region) == nil {
            throw ValidationError(
                "--region must be an ISO 3166-1 alpha-2 code with a calling code, such as US, GB, FR or CN; not '\(region)'"
            )
        }
        if let digits, NumberingSystem(digits) == nil {
            throw ValidationError("--digits: unknown numbering system '\(digits)'; \(FixtureHeader.digitsAdvice)")
        }
        guard timeScale.isFinite, timeScale >= 0.000_1, timeScale <= 10_000 else {
            throw ValidationError("--time-scale must be a number from 0.0001 to 10000, not \(timeScale)")
        }
        if let stateDir {
            guard !stateDir.isEmpty else { throw ValidationError("--state-dir must name a directory, not be empty") }
            guard !stateDir.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw ValidationError("--state-dir must not contain a control character (a newline, an escape)")
            }
            if let other = RegularFile.nonDirectory(atPath: stateDir) {
                throw ValidationError("--state-dir must name a directory; \(stateDir) is \(other)")
            }
        }
        if let secrets, secrets.isEmpty { throw ValidationError("--secrets must name a file, not be empty") }
    }

    func run() throws {
        var options = LineModeOptions()
        (options.timeScale, options.keepGoing) = (timeScale, keepGoing)
        options.clock = ClockChoice(rawValue: clockName) ?? .virtual
        options.service = service.flatMap(URL.init(string:))
        options.screen = screen.flatMap { ScriptScreen.named($0, among: Self.tool.screens) } ?? Self.tool.screens[0]
        options.language =
            locale.flatMap { SignUpLanguage.match($0, among: Self.tool.languages) } ?? Self.tool.languages[0]
        options.stateDirectory = stateDir.map { URL(fileURLWithPath: $0, isDirectory: true) }
        options.region = region.flatMap(PhoneRegion.init)
        options.numberingSystem = digits.flatMap(NumberingSystem.init)
        let given = ScriptSource.Given(
            screen: screen != nil, language: locale != nil, region: region != nil, digits: digits != nil,
            stateDirectory: stateDir != nil, secretsFile: secrets)
        let code = try LineModeMain.run(file: file, options: options, given: given, tool: Self.tool)
        if code != 0 { throw ExitCode(code) }
    }

    /// Parses `arguments`, runs, and exits: usage errors with 2 (not ArgumentParser's 64), as
    /// the help says.
    static func main(_ arguments: [String]) -> Never {
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            Foundation.exit(LineModeExit.success)
        } catch {
            if let exit = error as? ExitCode { Foundation.exit(exit.rawValue) }
            let code = exitCode(for: error)
            let status = code == .validationFailure ? LineModeExit.usage : code.rawValue
            LineModeMain.exit(printing: fullMessage(for: error), code: status)
        }
    }
}
