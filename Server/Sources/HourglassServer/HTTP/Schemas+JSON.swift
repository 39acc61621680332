import NIOCore

extension Components.Schemas.Problem {
    /// The problem as compact JSON, its keys sorted: the bytes `JSONEncoder` with `.sortedKeys`
    /// writes, which `DirectRoutesTests` holds for every field and every ASCII character. A
    /// wrong check answers one of these.
    var json: ByteBuffer {
        var json = JSONWriter(capacity: 192 + (detail?.utf8.count ?? 0))
        json.openObject()
        if let attemptsLeft {
            json.key("attemptsLeft")
            json.integer(attemptsLeft)
        }
        if let detail {
            json.key("detail")
            json.string(detail)
        }
        if let maximumLength {
            json.key("maximumLength")
            json.integer(maximumLength)
        }
        if let minimumLength {
            json.key("minimumLength")
            json.integer(minimumLength)
        }
        if let passwordProblems {
            json.key("passwordProblems")
            json.openArray()
            for problem in passwordProblems {
                json.element()
                json.string(problem.rawValue)
            }
            json.closeArray()
        }
        if let reason {
            json.key("reason")
            json.string(reason.rawValue)
        }
        if let retryAfter {
            json.key("retryAfter")
            json.integer(retryAfter)
        }
        json.key("status")
        json.integer(status)
        json.key("title")
        json.string(title)
        json.key("type")
        json.string(_type.rawValue)
        json.closeObject()
        return json.buffer
    }
}

extension Components.Schemas.CodeSent {
    /// The answer as compact JSON, its keys sorted, as `JSONEncoder` writes it
    /// (`DirectRoutesTests`).
    var json: ByteBuffer {
        var json = JSONWriter(capacity: 96)
        json.openObject()
        if let channel {
            json.key("channel")
            json.string(channel.rawValue)
        }
        json.key("codeLength")
        json.integer(codeLength)
        json.key("codeLifetime")
        json.integer(codeLifetime)
        json.key("resendAfter")
        json.integer(resendAfter)
        json.closeObject()
        return json.buffer
    }
}

extension Components.Schemas.CodeVerified {
    /// The answer as compact JSON, its keys sorted, as `JSONEncoder` writes it
    /// (`DirectRoutesTests`).
    var json: ByteBuffer {
        var json = JSONWriter(capacity: 96 + proof.utf8.count)
        json.openObject()
        json.key("proof")
        json.string(proof)
        json.key("proofLifetime")
        json.integer(proofLifetime)
        json.closeObject()
        return json.buffer
    }
}
