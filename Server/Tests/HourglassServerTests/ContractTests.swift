import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import OpenAPIRuntime
import Testing

@testable import HourglassServer

/// Answers outside the happy path keep to the contract: every error is a problem.
@Suite("Malformed requests and unknown destinations get problems, never a bare 500")
struct ContractTests {
    @Test("a body of the wrong shape is a 400 problem; an invalid destination a 422")
    func malformed() async throws {
        let server = try ServerHarness(.sqlite)
        try await server.run { client in
            var headers = HTTPFields()
            headers[.contentType] = "application/json"
            for body in ["{", "{}", #"{"destination": 5}"#, "[]"] {
                let status = try await client.execute(
                    uri: "/v1/codes", method: .post, headers: headers, body: ByteBuffer(string: body)
                ) { response in
                    #expect(response.headers[.contentType] == "application/problem+json", "\(body)")
                    return response.status.code
                }
                #expect(status == 400, "\(body)")
            }
            // Outside the schema's length: malformed; within it but no destination: 422.
            for destination in ["", String(repeating: "1", count: 321)] {
                let answer = try await client.post("/v1/codes", ["destination": destination], from: server.address)
                #expect(answer.status == 400 && answer.type == "malformed-request")
            }
            for destination in ["12345", "not an address", "+999 123", "a@b"] {
                let answer = try await client.post("/v1/codes", ["destination": destination], from: server.address)
                #expect(answer.status == 422 && answer.type == "invalid-destination", "\(destination)")
            }
        }
    }

    @Test("answers are compact JSON, their keys sorted")
    func compactAnswers() async throws {
        let server = try ServerHarness(.sqlite)
        let phone = ServerHarness.newPhone()
        try await server.run { client in
            var headers = HTTPFields()
            headers[.contentType] = "application/json"
            headers[HTTPField.Name("X-Forwarded-For")!] = server.address
            let sent = try await client.execute(
                uri: "/v1/codes", method: .post, headers: headers,
                body: ByteBuffer(string: #"{"destination":"\#(phone)"}"#)
            ) { String(buffer: $0.body) }
            #expect(sent == #"{"channel":"sms","codeLength":6,"codeLifetime":600,"resendAfter":60}"#)
            let checked = try await client.execute(
                uri: "/v1/codes/check", method: .post, headers: headers,
                body: ByteBuffer(string: #"{"destination":"\#(phone)","code":"1"}"#)
            ) { String(buffer: $0.body) }
            #expect(
                checked
                    == #"{"attemptsLeft":4,"detail":"Wrong code; 4 attempts left.","status":422,"title":"Wrong code","type":"urn:hourglass:problem:wrong-code"}"#
            )
        }
    }

    @Test("a failure once the handler was called is a 500, never a 400 that says the request did nothing")
    func failureAfterTheHandler() async throws {
        let router = Router(context: ServerRequestContext.self)
        router.add(
            middleware: RequestMiddleware(
                metrics: ServerMetrics(), logger: Logger(label: "test"), bodyLimit: 1_024, trustForwardedFor: true))
        for (path, input) in [("/read", "input" as String?), ("/unread", nil)] {
            router.post(RouterPath(path)) { request, _ -> Response in
                throw ServerError(
                    operationID: "sendCode", request: request.head, requestBody: nil, requestMetadata: .init(),
                    operationInput: input, causeDescription: "test", underlyingError: CancellationError())
            }
        }
        try await Application(router: router).test(.router) { client in
            for (path, status, type) in [("/read", 500, "internal"), ("/unread", 400, "malformed-request")] {
                let answer = try await client.request(.post, path, body: "{}", from: "198.51.100.1")
                #expect(answer.status == status && answer.type == type, "\(path)")
                #expect(answer.headers[.contentType] == "application/problem+json")
            }
        }
    }

    @Test("the outbox is served only with --dev")
    func outboxOnlyInDev() async throws {
        let server = try ServerHarness(.sqlite)
        let phone = ServerHarness.newPhone()
        try await server.run { client in
            #expect(try await client.post("/v1/codes", ["destination": phone], from: server.address).status == 200)
            let listed = try await client.execute(
                uri: "/v1/outbox?destination=\(phone.replacingOccurrences(of: "+", with: "%2B"))", method: .get
            ) {
                String(buffer: $0.body)
            }
            #expect(listed.contains(#""destination":"\#(phone)""#))
        }
        let production = try ServerHarness(.sqlite, dev: false)
        try await production.run { client in
            let status = try await client.execute(uri: "/v1/outbox", method: .get) { $0.status.code }
            #expect(status == 404)
        }
    }
}
