extension Components.Schemas.ProblemType {
    // The generated cases, by their last part: `.wrongCode` is `urn:hourglass:problem:wrong-code`.
    static let malformedRequest = Self.urn_colon_hourglass_colon_problem_colon_malformedRequest
    static let invalidDestination = Self.urn_colon_hourglass_colon_problem_colon_invalidDestination
    static let destinationRefused = Self.urn_colon_hourglass_colon_problem_colon_destinationRefused
    static let tooManyRequests = Self.urn_colon_hourglass_colon_problem_colon_tooManyRequests
    static let wrongCode = Self.urn_colon_hourglass_colon_problem_colon_wrongCode
    static let expired = Self.urn_colon_hourglass_colon_problem_colon_expired
    static let superseded = Self.urn_colon_hourglass_colon_problem_colon_superseded
    static let invalidProof = Self.urn_colon_hourglass_colon_problem_colon_invalidProof
    static let accountExists = Self.urn_colon_hourglass_colon_problem_colon_accountExists
    static let weakPassword = Self.urn_colon_hourglass_colon_problem_colon_weakPassword
    static let notFound = Self.urn_colon_hourglass_colon_problem_colon_notFound
    static let `internal` = Self.urn_colon_hourglass_colon_problem_colon_internal
    static let busy = Self.urn_colon_hourglass_colon_problem_colon_busy

    /// The title every problem of this type answers with: a switch over the generated cases, so
    /// a type added to the contract does not build until it has one.
    var title: String {
        switch self {
        case .urn_colon_hourglass_colon_problem_colon_malformedRequest: "Malformed request"
        case .urn_colon_hourglass_colon_problem_colon_invalidDestination: "Invalid destination"
        case .urn_colon_hourglass_colon_problem_colon_destinationRefused: "Destination refused"
        case .urn_colon_hourglass_colon_problem_colon_tooManyRequests: "Too many requests"
        case .urn_colon_hourglass_colon_problem_colon_wrongCode: "Wrong code"
        case .urn_colon_hourglass_colon_problem_colon_expired: "Code expired"
        case .urn_colon_hourglass_colon_problem_colon_superseded: "Code superseded"
        case .urn_colon_hourglass_colon_problem_colon_invalidProof: "Invalid proof"
        case .urn_colon_hourglass_colon_problem_colon_accountExists: "Account exists"
        case .urn_colon_hourglass_colon_problem_colon_weakPassword: "Password refused"
        case .urn_colon_hourglass_colon_problem_colon_notFound: "Not found"
        case .urn_colon_hourglass_colon_problem_colon_internal: "Internal error"
        case .urn_colon_hourglass_colon_problem_colon_busy: "Busy"
        }
    }
}
