public import ArgumentParser
import Foundation
import Hourglass
public import LineMode
public import SignUp

/// `linemode`: drives a sign-up screen from a script and prints its transcript.
@main
struct LineModeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "linemode",
        abstract: "Drives a sign-up screen from a script and prints what it shows, line by line.",
        discussion: """
            Reads the script from FILE, or from standard input. After each command it prints \
            the screen lines that changed, stamped with the clock time in seconds; `show` prints \
            the whole screen. When standard input is a terminal it runs live: a prompt per \
            command and, on a real clock, countdowns printed as they tick; when standard output \
            is a terminal too, the screen is a panel redrawn in place (controls, then the last \
            messages and problems) with the prompt below it.

            On a real clock the transcript is the virtual clock's as long as the machine keeps \
            up: a countdown's tick that comes later than the next one is due is skipped, as a \
            stalled app skips it, so a --time-scale small enough that one script second is \
            shorter than a stall of the machine gives fewer ticks.

            COMMANDS (one a line; # starts a comment)
            \(ScriptParser.reference)

            EXIT CODES
              0  the script ran
              1  the script has errors (each on standard error with its line number),
                 or cannot be read; or the clock cannot run (libevent or GCD cannot get
                 the file descriptors it needs)
              2  the command line is wrong
              3  standard output or standard error could not be written (closed, full,
                 a broken pipe); when it is standard output, linemode stops at once,
                 after saying why on standard error. This code wins over the others.
              4  the cooldown could not be saved in, or read from, --state-dir (the
                 screen and standard error say why; the panel's messages in live
                 mode); the script still ran

            A signal (Ctrl-C's SIGINT, SIGTERM) ends linemode at once, as the signal's default \
            does: the shell reports 128 plus its number (130, 143). A save of the cooldown is \
            never left torn by it.
            """,
        version: HourglassVersion.current)

    @Argument(help: "The script; standard input when omitted or '-'.")
    var file: String?

    @Option(help: "The clock: virtual (instant, deterministic), dispatch, libevent or glib (real, time-scaled).")
    var clock: ClockChoice = .virtual

    @Option(help: "Real seconds per script second on a real clock (0.01 runs a minute in 0.6 s).")
    var timeScale: Double = 1

    @Option(help: "The language: en or zh-Hans.")
    var locale: SignUpLanguage = .english

    @Option(
        help: """
            The region a phone number typed without + is read in: an ISO 3166-1 code such as US, GB, \
            FR or CN. None by default: a number then needs its + and country code.
            """)
    var region: String?

    @Option(help: "The screen: verification or registration.")
    var screen: ScriptScreen = .verification

    @Option(
        help: """
            A directory to keep the cooldown in across runs: it counts on in real time between runs, \
            and in script time (wait, suspend, --time-scale) within one.
            """)
    var stateDir: String?

    @Flag(help: "Run the valid lines even when some have errors (the exit code is still 1).")
    var keepGoing = false

    func validate() throws {
        if let region, PhoneRegion(region) == nil {
            throw ValidationError(
                "--region must be an ISO 3166-1 alpha-2 code with a calling code, such as US, GB, FR or CN; not '\(region)'"
            )
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
    }

    func run() throws {
        var options = LineModeOptions()
        (options.clock, options.timeScale, options.language, options.screen, options.keepGoing) =
            (clock, timeScale, locale, screen, keepGoing)
        options.stateDirectory = stateDir.map { URL(fileURLWithPath: $0, isDirectory: true) }
        options.region = region.flatMap(PhoneRegion.init)
        let code = try LineModeMain.run(file: file, options: options)
        if code != 0 { throw ExitCode(code) }
    }

    /// Usage errors exit with 2 (not ArgumentParser's 64), as the help says.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if let exit = error as? ExitCode { Foundation.exit(exit.rawValue) }
            let code = exitCode(for: error)
            let status = code == .validationFailure ? LineModeExit.usage : code.rawValue
            LineModeMain.exit(printing: fullMessage(for: error), code: status)
        }
    }
}

extension ClockChoice: ExpressibleByArgument {}
extension ScriptScreen: ExpressibleByArgument {
    /// A built-in screen, by name.
    public init?(argument: String) {
        guard let screen = ScriptScreen.named(argument) else { return nil }
        self = screen
    }

    /// The built-in screens' names.
    public static var allValueStrings: [String] { builtIn.map(\.name) }
}
extension SignUpLanguage: ExpressibleByArgument {}
