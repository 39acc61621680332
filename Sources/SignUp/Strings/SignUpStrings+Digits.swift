extension SignUpStrings {
    /// This table with the counts it writes — countdowns, waits, attempts left, lengths, minima
    /// — in `system`'s digits; itself for `latn`. Only the texts made from numbers are
    /// rewritten: the ones that hold a destination (``codeSent``, ``codeSentElsewhere`` …) keep
    /// its ASCII digits, and so does a calling code (`+20`) in a destination's problem.
    func writingCounts(in system: NumberingSystem) -> SignUpStrings {
        guard system != .latn else { return self }
        var table = self
        let (resendIn, retryIn, seconds, secondsLeft) = (self.resendIn, self.retryIn, self.seconds, self.secondsLeft)
        let (minutes, waitClock, codePlaceholder) = (self.minutes, self.waitClock, self.codePlaceholder)
        let (passwordPlaceholder, destinationProblem) = (self.passwordPlaceholder, self.destinationProblem)
        let (requestError, sendLimit, checkError) = (self.requestError, self.sendLimit, self.checkError)
        let (passwordProblem, registrationError) = (self.passwordProblem, self.registrationError)
        table.resendIn = { system.digits(resendIn($0)) }
        table.retryIn = { system.digits(retryIn($0)) }
        table.seconds = { system.digits(seconds($0)) }
        table.secondsLeft = { system.digits(secondsLeft($0)) }
        table.minutes = { system.digits(minutes($0)) }
        table.waitClock = { system.digits(waitClock($0)) }
        table.codePlaceholder = { system.digits(codePlaceholder($0)) }
        table.passwordPlaceholder = { system.digits(passwordPlaceholder($0)) }
        table.destinationProblem = { system.digitsKeepingNumbers(destinationProblem($0)) }
        // These hold waits (already written in `system`) and counts, never a destination.
        table.requestError = { system.digits(requestError($0, $1)) }
        table.sendLimit = { system.digits(sendLimit($0)) }
        table.checkError = { system.digits(checkError($0, $1)) }
        table.passwordProblem = { system.digits(passwordProblem($0)) }
        table.registrationError = { system.digits(registrationError($0)) }
        return table
    }
}
