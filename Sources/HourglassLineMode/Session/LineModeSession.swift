import Foundation
import Hourglass
import HourglassTranscripts
import SignUp
import SignUpHTTP

/// One run of a script against one screen: performs commands on the view-model, and writes
/// the transcript with a `TranscriptRecorder` — after each change, the screen lines that
/// changed, stamped with the clock time they changed at; announcements as their own lines.
/// In live mode at a terminal it also shows every change, and each announcement, on a
/// ``PanelTerminal``. All on the clock's context.
final class LineModeSession: Sendable {
    let clock: any TimerClock
    let options: LineModeOptions
    /// The in-process server, unless the session talks to a real one.
    let scripted: ScriptedVerificationService?
    private let service: any VerificationService
    private let outbox: OutboxReader?
    let wall: ShiftedWallClock
    private let store: any CooldownStore
    /// Tells standard error of a saved cooldown the model refused (its values out of range).
    private let refusedSave: @Sendable (CooldownStoreError) -> Void
    private let recorder: TranscriptRecorder
    private let panel: PanelTerminal?
    /// Used only on the clock's serial context, where the runner's steps, timer ticks and service
    /// replies all run, one at a time.
    private let driver: ContextBound<(any ScreenDriver)?>

    /// What the runner must do after a command.
    enum Pause {
        case wait(Duration)
        case suspend(Duration)
    }

    /// A session on `clock`, showing the screen on `panel` too when given; `storeProblem` hears
    /// of each failure to load or save the cooldown in the state directory.
    init(
        clock: any TimerClock, options: LineModeOptions, write: @escaping @Sendable (String) -> Void,
        panel: PanelTerminal? = nil, storeProblem: @escaping @Sendable (CooldownStoreError) -> Void = { _ in }
    ) {
        self.clock = clock
        self.options = options
        self.panel = panel
        driver = ContextBound(nil, on: clock)
        recorder = TranscriptRecorder(clock: clock, write: write)
        if let url = options.service {
            (scripted, outbox) = (nil, OutboxReader(server: url))
            service = HTTPVerificationService(serverURL: url, language: options.language)
        } else {
            let scripted = ScriptedVerificationService(clock: clock)
            (self.scripted, outbox, service) = (scripted, nil, scripted)
        }
        wall = ShiftedWallClock(
            following: clock, from: options.stateDirectory == nil ? ShiftedWallClock.epoch : ShiftedWallClock.systemNow)
        store =
            options.stateDirectory.map {
                ReportingCooldownStore(store: FileCooldownStore(directory: $0), report: storeProblem)
            } ?? InMemoryCooldownStore()
        // The store reports its own errors; a saved cooldown the model refuses is reported here.
        let file = options.stateDirectory.map { FileCooldownStore(directory: $0).file.path } ?? "cooldown.json"
        refusedSave = { error in
            switch error {
            case .refused(.unsupportedVersion(let version)):
                storeProblem(.unsupportedVersion(path: file, version: version))
            case .refused(.invalid(let field)):
                storeProblem(.corrupt(path: file, reason: "its \(field) is out of range"))
            default: break
            }
        }
    }

    /// Shows the screen: the view-model is made (restoring a saved cooldown) and every line printed.
    func start() {
        driver.value = makeDriver()
        screenChanged()
    }

    /// Writes a script line as written, or with the secret it types masked.
    func echo(_ line: Script.Line) {
        recorder.append(Self.masked(line))
    }

    /// Writes a problem into the transcript (with `--keep-going`).
    func report(_ error: ScriptError) {
        recorder.append(error.transcriptLine)
    }

    func perform(_ command: ScriptCommand) -> Pause? {
        switch command {
        case .type(let field, let text):
            let typed = options.screen.isSignUp && field == .code && text == "sent" ? sentCode() : text
            driver.value?.type(field, typed)
        case .clear(let field):
            driver.value?.type(field, "")
        case .choose(let region):
            driver.value?.choose(region)
        case .tap(let button):
            driver.value?.tap(button)
        case .wait(let duration):
            return .wait(duration)
        case .suspend(let duration):
            return .suspend(duration)
        case .restart:
            driver.value = nil
            driver.value = makeDriver()
            screenChanged()
        case .show:
            recorder.show(driver.value?.lines ?? [])
        case .server(let setting):
            configure(setting)
        case .wall(let shift):
            wall.shift(by: shift)
        }
        return nil
    }

    private func sentCode() -> String {
        guard let destination = driver.value?.destination else { return "" }
        if let outbox {
            switch outbox.lastCode(sentTo: destination.normalized) {
            case .success(let code): return code
            case .failure(let problem):
                report(ScriptError(line: 0, "type code sent: \(problem.advised(by: driver.value?.codeStep))"))
                return ""
            }
        }
        return scripted?.lastCode(sentTo: destination)?.revealed ?? ""
    }

    private func configure(_ setting: ServerCommand) {
        guard let service = scripted else {
            // linemode refuses these lines before it runs a script; typed live, they say why.
            report(ScriptError(line: 0, Self.serverCommandWithService))
            return
        }
        switch setting {
        case .latency(let latency): service.update { $0.latency = latency }
        case .failRequest(let error): service.failNextRequest(with: error)
        case .failCheck(let error): service.failNextCheck(with: error)
        case .failRegistration(let error): service.failNextRegistration(with: error)
        case .resendAfter(let wait): service.update { $0.resendAfter = wait }
        case .code(let code): service.sendNextCode(code)
        case .account(let destination): service.addExistingAccount(destination)
        }
    }

    private func makeDriver() -> any ScreenDriver {
        let config = VerificationConfig(
            language: options.language, region: options.region, numberingSystem: options.numberingSystem)
        let announce: @Sendable (String) -> Void = { [weak self] text in self?.announce(text) }
        switch options.screen.maker {
        case .verification:
            return VerificationDriver(
                VerificationViewModel(
                    config: config, clock: clock, service: service, store: store, wallClock: wall,
                    onChange: { [weak self] state in
                        self?.screenChanged(to: VerificationDriver.lines(of: VerificationScreen(state)))
                    },
                    onAnnouncement: announce, onStoreProblem: refusedSave))
        case .registration:
            return RegistrationDriver(
                RegistrationViewModel(
                    config: config, clock: clock, service: service, store: store, wallClock: wall,
                    onChange: { [weak self] screen in self?.screenChanged(to: screen.lines) },
                    onAnnouncement: announce, onStoreProblem: refusedSave))
        case .custom(let make):
            let context = LineModeScreenContext(
                clock: clock, language: options.language,
                screenChanged: { [weak self] lines in self?.screenChanged(to: lines) },
                announce: announce)
            return CustomScreenDriver(make(context))
        }
    }

    /// Writes the lines of the screen as it is now that differ from those last written (see
    /// `TranscriptRecorder`), and shows them all on the panel.
    private func screenChanged() {
        guard let driver = driver.value else { return }
        screenChanged(to: driver.lines)
    }

    /// The screen a change notification delivered, as lines: to the transcript and the panel.
    private func screenChanged(to lines: [String]) {
        recorder.screenChanged(lines)
        panel?.show(lines)
    }

    private func announce(_ announced: String) {
        // As the recorder writes it, by the transcripts' one rule.
        let text = TranscriptText.escaped(announced)
        recorder.announce(text)
        panel?.add(message: TranscriptRecorder.stamp(clock.logicalNow) + text)
    }

    /// Why a `server` line cannot run with `--service`.
    static let serverCommandWithService =
        "'server …' scripts the in-process server; with --service the real server decides"

    /// The line with the secret it types masked; as written when it names its secret
    /// (`type password $common`, see ``ScriptSecrets``) or types the code just sent.
    static func masked(_ line: Script.Line) -> String {
        switch line.command {
        case .type(let field, let text)
        where field.isSecret && !(field == .code && text == "sent") && !namesItsSecret(line):
            return "type \(field.name) " + String(repeating: "•", count: text.count)
        case .server(.code(let code)) where !namesItsSecret(line):
            return "server code " + String(repeating: "•", count: code.count)
        case nil where line.text.drop(while: ScriptParser.isSeparator).first.map { $0 != "#" } ?? false:
            return "# (line \(line.number) not run: it has an error)"
        default:
            return line.text
        }
    }

    /// Whether what the line types (its text after `type FIELD` or `server code`) is a secret's
    /// `$name`, which the line types in its place.
    static func namesItsSecret(_ line: Script.Line) -> Bool {
        let content = ScriptParser.content(of: line.text, ascii: ScriptParser.isPlainASCII(line.text.utf8))
        return ScriptSecrets.reference(in: ScriptParser.rest(of: content, after: 2)) != nil
    }
}
