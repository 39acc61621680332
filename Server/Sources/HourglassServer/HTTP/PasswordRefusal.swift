import SignUpDomain

/// A refused password as the contract's `weak-password` problem: the reason as a code a client
/// words in its own language, the length limit it names, and an English `detail` for people.
enum PasswordRefusal {
    static func problem(for reason: PasswordProblem) -> Components.Schemas.Problem {
        var problem = Problems.problem(.weakPassword, status: 422, detail: detail(reason))
        switch reason {
        case .tooShort(let minimum): (problem.passwordProblems, problem.minimumLength) = ([.tooShort], minimum)
        case .tooLong(let maximum): (problem.passwordProblems, problem.maximumLength) = ([.tooLong], maximum)
        case .common: problem.passwordProblems = [.common]
        case .predictable: problem.passwordProblems = [.predictable]
        case .containsAccount: problem.passwordProblems = [.containsAccount]
        // A reason of a later SignUpDomain, which the contract has no code for yet (the
        // compiler warns on this switch until it has one): the detail alone.
        @unknown default: break
        }
        return problem
    }

    /// The `detail`: English, the server's own words (the client's screen words the code).
    private static func detail(_ reason: PasswordProblem) -> String {
        switch reason {
        case .tooShort(let minimum): "The password has fewer than \(minimum) characters."
        case .tooLong(let maximum): "The password has more than \(maximum) characters."
        case .common: "The password is on the list of common passwords."
        case .predictable: "The password repeats one character or is a sequence."
        case .containsAccount: "The password contains the account's name."
        @unknown default: "The password is refused."
        }
    }
}
