extension Components.Schemas.ProblemType {
    // The generated cases the client tells apart, by their last part: `.wrongCode` is
    // `urn:hourglass:problem:wrong-code`. Compared as the generated enum, never as strings.
    static let wrongCode = Self.urn_colon_hourglass_colon_problem_colon_wrongCode
    static let superseded = Self.urn_colon_hourglass_colon_problem_colon_superseded
    static let weakPassword = Self.urn_colon_hourglass_colon_problem_colon_weakPassword
}
