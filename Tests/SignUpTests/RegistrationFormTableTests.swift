import Hourglass
import PhoneNumbers
import TestSupport
import Testing

@testable import SignUp

/// One row of the registration form's table: form, event and the account's verification
/// state → the exact form and registration request that follow.
struct RegistrationRow: Sendable, CustomTestStringConvertible {
    let name: String
    let given: RegistrationForm
    let event: RegistrationEvent
    let verification: VerificationState
    let expected: RegistrationForm
    let request: RegistrationRequest?

    var testDescription: String { name }
}

extension RegistrationForm {
    /// A copy with `change` made.
    func with(_ change: (inout RegistrationForm) -> Void) -> RegistrationForm {
        var copy = self
        change(&copy)
        return copy
    }
}

enum RegistrationTable {
    static let proof = VerificationProof(token: Secret("proof-1"))
    static let verified = VerificationTable.sent.with { $0.check = .verified(proof) }
    static let empty = RegistrationForm()
    static let ready = empty.with {
        $0.password = Secret("correct horse battery")
        $0.passwordEdited = true
        $0.confirmation = Secret("correct horse battery")
        $0.confirmationEdited = true
        $0.termsAccepted = true
    }
    static let submitting = ready.with { $0.submission = .submitting }

    static let rows: [RegistrationRow] = [
        RegistrationRow(
            name: "typing a password marks it edited", given: empty, event: .passwordChanged("abc"),
            verification: VerificationTable.typed,
            expected: empty.with {
                $0.password = Secret("abc")
                $0.passwordEdited = true
            }, request: nil),
        RegistrationRow(
            name: "the terms box toggles", given: ready, event: .termsToggled, verification: verified,
            expected: ready.with { $0.termsAccepted = false }, request: nil),
        RegistrationRow(
            name: "submit before verification does nothing", given: ready, event: .submitTapped,
            verification: VerificationTable.sent, expected: ready, request: nil),
        RegistrationRow(
            name: "submit with everything valid sends the request for the verified account",
            given: ready, event: .submitTapped, verification: verified, expected: submitting,
            request: RegistrationRequest(
                account: VerificationTable.phone,
                password: Secret("correct horse battery"), proof: proof)),
        RegistrationRow(
            name: "nothing changes while submitting", given: submitting, event: .passwordChanged("x"),
            verification: verified, expected: submitting, request: nil),
        RegistrationRow(
            name: "a second submit while submitting sends nothing", given: submitting, event: .submitTapped,
            verification: verified, expected: submitting, request: nil),
        RegistrationRow(
            name: "a failure allows another try", given: submitting, event: .registrationFailed(.network),
            verification: verified, expected: ready.with { $0.submission = .failed(.network) },
            request: nil),
        RegistrationRow(
            name: "success is final", given: submitting, event: .registrationSucceeded,
            verification: verified, expected: ready.with { $0.submission = .succeeded }, request: nil),
        RegistrationRow(
            name: "a reply when nothing was submitted is ignored", given: ready,
            event: .registrationSucceeded,
            verification: verified, expected: ready, request: nil),
    ]
}

@Suite("RegistrationForm: form + event + verification → form + request")
struct RegistrationFormTableTests {
    @Test("each row", arguments: RegistrationTable.rows)
    func row(_ row: RegistrationRow) {
        var form = row.given
        let request = form.apply(row.event, verification: row.verification)
        #expect(form == row.expected)
        #expect(request == row.request)
    }
}
