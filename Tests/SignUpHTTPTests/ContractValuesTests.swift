import Foundation
import SignUp
import Testing

/// The numbers the contract states, held to the ones the server and the view-models read
/// (`VerificationDefaults`): written once in code, said again in `openapi/openapi.yaml`, and
/// this test fails the day the two part.
@Suite("The contract states the rules' defaults and ranges as VerificationDefaults holds them")
struct ContractValuesTests {
    static let document: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("openapi/openapi.yaml")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// The text with its line breaks and indentation as single spaces, for phrases the prose
    /// wraps.
    static let prose = document.split(whereSeparator: \.isWhitespace).joined(separator: " ")

    static func seconds(_ duration: Duration) -> Int { Int(duration.components.seconds) }

    @Test(
        "each default the prose states",
        arguments: [
            ("`codeLifetime` seconds (\(seconds(VerificationDefaults.codeLifetime)) by default)"),
            ("`attempts` checks with a wrong code (\(VerificationDefaults.attempts) by default)"),
            ("`lockDuration` seconds (\(seconds(VerificationDefaults.lockDuration)) by default)"),
            ("`resendAfter` seconds (\(seconds(VerificationDefaults.cooldown)) by default)"),
            ("`sendLimit` codes (\(VerificationDefaults.sendLimit) by default)"),
            ("`sendWindow` (\(seconds(VerificationDefaults.sendWindow)) seconds by default)"),
            ("at most \(VerificationDefaults.addressSendLimit) codes per send window"),
            ("(\(VerificationDefaults.addressFailureLimit) per send window by default"),
            ("`proofLifetime` seconds (\(seconds(VerificationDefaults.proofLifetime)) by default)"),
            ("(\(VerificationDefaults.sendLimit * VerificationDefaults.attempts) an hour by default)"),
        ])
    func defaults(phrase: String) {
        #expect(Self.prose.contains(phrase), "the contract does not say: \(phrase)")
    }

    @Test("the code length's range and the destination's length")
    func ranges() {
        let codes = VerificationDefaults.codeLengths
        #expect(
            Self.prose.contains(
                "codeLength: type: integer minimum: \(codes.lowerBound) maximum: \(codes.upperBound)"))
        let lengths = VerificationDefaults.destinationLengths
        #expect(
            Self.prose.contains(
                "Destination: type: string minLength: \(lengths.lowerBound) maxLength: \(lengths.upperBound)"))
    }
}
