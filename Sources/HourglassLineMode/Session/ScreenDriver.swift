import Hourglass
import PhoneNumbers
import SignUp

/// What a session needs from a screen's view-model.
protocol ScreenDriver: AnyObject, Sendable {
    /// The whole screen, one line a control.
    var lines: [String] { get }
    /// Where the code step is, for `type code sent`: the destination a code went to (or a
    /// 429 said may have gone to), else the one the field holds.
    var destination: Destination? { get }
    /// The verification state of the screen's code step, if it has one: what `type code sent`
    /// words its advice from when no code was sent.
    var codeStep: VerificationState? { get }
    func type(_ field: ScriptField, _ text: String)
    func tap(_ button: ScriptButton)
    /// Picks `region` in the screen's region picker (the verification screen's alone).
    func choose(_ region: PhoneRegion)
}

extension ScreenDriver {
    func choose(_ region: PhoneRegion) {}
}

/// Drives a ``VerificationViewModel``.
final class VerificationDriver: ScreenDriver {
    let model: VerificationViewModel

    init(_ model: VerificationViewModel) {
        self.model = model
    }

    var lines: [String] { Self.lines(of: model.screen) }

    /// The screen's lines, the region picker's after the destination field.
    static func lines(of screen: VerificationScreen) -> [String] {
        var lines = screen.lines
        lines.insert(contentsOf: screen.regionLines, at: 1)
        return lines
    }

    var destination: Destination? {
        let state = model.state
        if let sentTo = state.sentTo { return sentTo }
        if case .success(let destination) = state.destination { return destination }
        return nil
    }

    var codeStep: VerificationState? { model.state }

    func type(_ field: ScriptField, _ text: String) {
        switch field {
        case .destination: model.setDestination(text)
        case .region: model.setRegionSearch(text)
        case .code: model.setCode(text)
        default: break
        }
    }

    func choose(_ region: PhoneRegion) { model.chooseRegion(region) }

    func tap(_ button: ScriptButton) {
        switch button {
        case .send: model.tapSend()
        case .call: model.tapCall()
        case .verify: model.tapVerify()
        default: break
        }
    }
}

/// Drives a ``RegistrationViewModel``.
final class RegistrationDriver: ScreenDriver {
    let model: RegistrationViewModel
    private let account: VerificationDriver

    init(_ model: RegistrationViewModel) {
        self.model = model
        account = VerificationDriver(model.verification)
    }

    var lines: [String] { model.screen.lines }
    var destination: Destination? { account.destination }
    var codeStep: VerificationState? { account.codeStep }

    func type(_ field: ScriptField, _ text: String) {
        switch field {
        case .password: model.setPassword(text)
        case .confirm: model.setConfirmation(text)
        default: account.type(field, text)
        }
    }

    func tap(_ button: ScriptButton) {
        switch button {
        case .submit: model.tapSubmit()
        case .terms: model.toggleTerms()
        default: account.tap(button)
        }
    }
}

/// Drives a screen of the app's own.
final class CustomScreenDriver: ScreenDriver {
    let screen: any LineModeScreen

    init(_ screen: any LineModeScreen) {
        self.screen = screen
    }

    var lines: [String] { screen.lines }
    var destination: Destination? { nil }
    var codeStep: VerificationState? { nil }
    func type(_ field: ScriptField, _ text: String) { screen.type(text, into: field.name) }
    func tap(_ button: ScriptButton) { screen.tap(button.name) }
}
