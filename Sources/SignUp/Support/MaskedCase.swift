/// An enum case as logs and `dump` show it, with whatever secret it carries already masked:
/// what ``VerificationEvent`` and ``RegistrationEvent`` print, since a code or a password
/// arrives in them as typed.
struct MaskedCase {
    let name: String
    /// The case's value, a typed secret wrapped in `Secret`; nil for a case without one.
    let value: Any?

    /// `name(value)` (the value as `debugPrint` shows it), or `name`.
    var description: String { value.map { "\(name)(\(String(reflecting: $0)))" } ?? name }

    /// A mirror of `subject` with one child, the case's masked value, named after the case.
    func mirror(of subject: Any) -> Mirror {
        Mirror(subject, children: value.map { [(label: name as String?, value: $0)] } ?? [], displayStyle: .enum)
    }
}

extension VerificationEvent: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The case and its value, a typed code masked: `codeChanged(Secret(••••••))`.
    public var description: String { masked.description }
    /// As ``description``, after the type's name.
    public var debugDescription: String { "VerificationEvent." + masked.description }
    /// The case and its value, a typed code masked, so that `dump` reveals nothing.
    public var customMirror: Mirror { masked.mirror(of: self) }

    private var masked: MaskedCase {
        switch self {
        case .destinationChanged(let text): MaskedCase(name: "destinationChanged", value: text)
        case .sendTapped: MaskedCase(name: "sendTapped", value: nil)
        case .callTapped: MaskedCase(name: "callTapped", value: nil)
        case .codeRequestFinished(let result): MaskedCase(name: "codeRequestFinished", value: result)
        case .codeChanged(let text): MaskedCase(name: "codeChanged", value: Secret(text))
        case .verifyTapped: MaskedCase(name: "verifyTapped", value: nil)
        case .codeCheckFinished(let result): MaskedCase(name: "codeCheckFinished", value: result)
        case .tick(let countdown): MaskedCase(name: "tick", value: countdown)
        case .restored(let snapshot): MaskedCase(name: "restored", value: snapshot)
        case .storeFailed(let problem): MaskedCase(name: "storeFailed", value: problem)
        case .proofRejected: MaskedCase(name: "proofRejected", value: nil)
        case .regionSearchChanged(let text): MaskedCase(name: "regionSearchChanged", value: text)
        case .regionChosen(let region): MaskedCase(name: "regionChosen", value: region)
        }
    }
}

extension RegistrationEvent: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The case and its value, a typed password masked: `passwordChanged(Secret(••••••••))`.
    public var description: String { masked.description }
    /// As ``description``, after the type's name.
    public var debugDescription: String { "RegistrationEvent." + masked.description }
    /// The case and its value, a typed password masked, so that `dump` reveals nothing.
    public var customMirror: Mirror { masked.mirror(of: self) }

    private var masked: MaskedCase {
        switch self {
        case .passwordChanged(let text): MaskedCase(name: "passwordChanged", value: Secret(text))
        case .confirmationChanged(let text): MaskedCase(name: "confirmationChanged", value: Secret(text))
        case .termsToggled: MaskedCase(name: "termsToggled", value: nil)
        case .submitTapped: MaskedCase(name: "submitTapped", value: nil)
        case .registrationSucceeded: MaskedCase(name: "registrationSucceeded", value: nil)
        case .registrationFailed(let error): MaskedCase(name: "registrationFailed", value: error)
        }
    }
}
