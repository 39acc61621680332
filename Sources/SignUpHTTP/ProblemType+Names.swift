extension Components.Schemas.ProblemType {
    /// The type's last part: `wrong-code` of `urn:hourglass:problem:wrong-code`.
    var name: Substring { rawValue.split(separator: ":").last ?? "" }
}
