import SignUp

/// The reasons of a `weak-password` problem, as the models' `PasswordProblem`s: the codes
/// the contract names, with the lengths the problem gives. A length reason without its length
/// is left out (the screen then words the refusal without it).
enum PasswordReasons {
    static func problems(of problem: Components.Schemas.Problem) -> [PasswordProblem] {
        (problem.passwordProblems ?? []).compactMap { reason in
            switch reason {
            case .tooShort: problem.minimumLength.map { .tooShort(minimum: $0) }
            case .tooLong: problem.maximumLength.map { .tooLong(maximum: $0) }
            case .common: .common
            case .predictable: .predictable
            case .containsAccount: .containsAccount
            }
        }
    }
}
