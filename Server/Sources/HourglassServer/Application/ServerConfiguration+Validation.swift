extension ServerConfiguration {
    /// This configuration, checked as the command line checks its options, so that
    /// ``VerificationServer/run(_:logger:)`` takes nothing `hourglass-server` would refuse:
    /// the ports, the connection bounds, the deadlines, and the rules
    /// (``VerificationRules/validated()``).
    /// - Throws: ``ServerSetupError/invalidOption(_:)`` naming the value and its option.
    public func validated() throws(ServerSetupError) -> Self {
        var checked = self
        checked.rules = try rules.validated()
        checked.autofill = try autofill.validated()
        if let messageTemplates { checked.texts = try MessageTexts.builtIn.loading(messageTemplates) }
        try checked.checkOneSegment()
        var counts: [(String, Int, ClosedRange<Int>)] = [
            ("port (--port)", port, 0...65_535), ("connection cap (--max-connections)", maxConnections, 1...1_000_000),
            ("connections per address (--max-connections-per-address)", maxConnectionsPerAddress, 1...1_000_000),
            ("database connections (--database-connections)", databaseConnections, 1...1_000),
        ]
        if let metricsPort { counts.append(("metrics port (--metrics-port)", metricsPort, 0...65_535)) }
        for (name, value, range) in counts where !range.contains(value) {
            throw .invalidOption("the \(name) must be in \(range.lowerBound)...\(range.upperBound), not \(value)")
        }
        if let metricsPort, metricsPort == port, port != 0 {
            throw .invalidOption("the metrics port (--metrics-port) must not be the API's, \(port)")
        }
        // Any positive length in code (tests run on fractions of a second); the command line
        // gives whole seconds.
        let times: [(String, Duration, Duration)] = [
            ("database timeout (--database-timeout)", databaseTimeout, .seconds(300)),
            ("request deadline (--request-deadline)", requestDeadline, .seconds(300)),
            ("write deadline (--write-deadline)", writeDeadline, .seconds(300)),
            ("shutdown grace (--shutdown-grace)", shutdownGrace, .seconds(3_600)),
        ]
        for (name, value, longest) in times where value <= .zero || value > longest {
            throw .invalidOption("the \(name) must be more than 0 and at most \(longest), not \(value)")
        }
        return checked
    }

    /// Throws unless every language's SMS, for the longest code these rules make and with the
    /// autofill lines, fits in one segment (a provider bills every segment).
    private func checkOneSegment() throws(ServerSetupError) {
        let code = String(repeating: "0", count: rules.codeLength)
        let minutes = (rules.codeLifetime.wholeSeconds + 59) / 60
        for language in MessageTemplates.languages {
            var length = SMSLength(texts.message(code: code, minutes: minutes, language: language, autofill: autofill))
            if texts.files[language] != nil, length.segments == 1 {
                // An operator's full text must fit on its own too, or it would never be sent.
                length = SMSLength(texts.text(code: code, minutes: minutes, language: language))
            }
            guard length.segments > 1 else { continue }
            let units =
                "\(length.units) of the \(length.capacity) \(length.encoding == .gsm7 ? "GSM 7-bit septets" : "UCS-2 units")"
            if let file = texts.files[language] {
                throw .messageTemplates(
                    "\(file): with a \(rules.codeLength)-digit code living \(minutes) minutes\(autofill == CodeAutofill() ? "" : " and the autofill lines"), the SMS takes \(units) of one segment: shorten its text (or its short: text)"
                )
            }
            throw .invalidOption(
                "with the origin (--otp-origin) \(autofill.origin ?? "") and a \(rules.codeLength)-digit code, the \(language) text takes \(length.units) of the \(length.capacity) \(length.encoding == .gsm7 ? "GSM 7-bit septets" : "UCS-2 units") of one SMS segment: choose a shorter domain"
            )
        }
    }
}
