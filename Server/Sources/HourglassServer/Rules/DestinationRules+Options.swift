import Foundation
import PhoneNumbers

extension DestinationRules {
    /// The rules the command line names: comma-separated region codes (`MX,US`; none for every
    /// region) and type names (`premium-rate,shared-cost`; `none` for no type).
    /// - Throws: ``ServerSetupError/invalidOption(_:)`` naming an unknown region or type, or an
    ///   empty list.
    static func parse(allowed: String?, denied: String?, refusedTypes: String) throws(ServerSetupError) -> Self {
        var rules = DestinationRules()
        if let allowed { rules.allowedRegions = try regions(allowed, option: "--allowed-regions") }
        if let denied { rules.deniedRegions = try regions(denied, option: "--denied-regions") }
        let names = Dictionary(uniqueKeysWithValues: PhoneNumberType.allCases.map { (name(of: $0), $0) })
        // An empty value (HOURGLASS_REFUSED_NUMBER_TYPES= in a unit file) would lift every
        // refusal without saying so: none must be said.
        guard !list(refusedTypes).isEmpty else {
            throw .invalidOption("--refused-number-types is empty: name types, or none")
        }
        rules.refusedTypes = []
        for name in list(refusedTypes) where name != "none" {
            guard let type = names[name] else {
                throw .invalidOption(
                    "--refused-number-types: no type \(name) (\(names.keys.sorted().joined(separator: ", ")), or none)")
            }
            rules.refusedTypes.insert(type)
        }
        return rules
    }

    /// The command line's default for `--refused-number-types`.
    static var defaultRefusedTypeNames: String {
        defaultRefusedTypes.map(name(of:)).sorted().joined(separator: ",")
    }

    private static func regions(_ text: String, option: String) throws(ServerSetupError) -> Set<String> {
        // Empty, --allowed-regions would refuse every number: more likely a variable left blank.
        guard !list(text).isEmpty else { throw .invalidOption("\(option) is empty: name regions, or leave it out") }
        var regions: Set<String> = []
        for code in list(text) {
            guard code == "001" || PhoneRegion(code) != nil else {
                throw .invalidOption("\(option): no region \(code) (ISO 3166 codes such as MX, or 001)")
            }
            regions.insert(code.uppercased())
        }
        return regions
    }

    private static func list(_ text: String) -> [String] {
        text.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
