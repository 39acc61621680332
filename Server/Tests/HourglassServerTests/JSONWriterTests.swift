import Foundation
import NIOCore
import Testing

@testable import HourglassServer

/// What `JSONWriter` writes by hand, for the pending delivery's record and the outbox's line,
/// reads as `JSONEncoder`'s output does: the record back to the same record, the line byte for
/// byte. (A problem's and an answer's JSON: `DirectRoutesTests`.)
@Suite("JSON written by hand reads as JSONEncoder's")
struct JSONWriterTests {
    /// Texts with every class of character a JSON string escapes, and none.
    static let texts = [
        "Your code is 123456.", "", "a \"quoted\" \\ back/slash\n\t\r\u{8}\u{c}\u{1}\u{1f}\u{7f}",
        "رمز التحقق: ١٢٣٤٥٦ — 验证码 👍🏽 é\u{301} \u{2028}", "\n\n@example.com #123456",
    ]

    static func record(text: String, segments: Int?, sentAt: Date) -> PendingDelivery.Record {
        PendingDelivery.Record(
            message: CodeMessage(
                destination: "+14155550100", channel: .sms, code: "123456", language: "ar", text: text,
                sentAt: sentAt, expiresAt: sentAt.addingTimeInterval(600), id: "id-\(text.utf8.count)",
                segments: segments),
            key: "+14155550100/\(text.prefix(3))", sentAt: Int64(sentAt.timeIntervalSince1970 * 1_000),
            counters: [
                WindowCounter("address-sends:203.0.113.9", at: 1_800_000_000_123, window: .seconds(3_600)),
                WindowCounter("budget:sms/\"x\"", at: 1_800_000_000_123, window: .seconds(86_400)),
            ])
    }

    static let dates = [
        Date(timeIntervalSince1970: 1_800_000_000.123_456), Date(timeIntervalSince1970: 0),
        Date(timeIntervalSince1970: 1_800_000_000.999_9), Date(timeIntervalSince1970: 253_402_300_799.5),
    ]

    @Test("a pending delivery's record decodes to what JSONEncoder's encoding of it decodes to")
    func record() throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        for text in Self.texts {
            for segments in [nil, 1, 3] {
                for date in Self.dates {
                    let record = Self.record(text: text, segments: segments, sentAt: date)
                    let written = try record.json
                    let read = try decoder.decode(PendingDelivery.Record.self, from: Data(written.readableBytesView))
                    let reference = try decoder.decode(PendingDelivery.Record.self, from: encoder.encode(record))
                    #expect(read == reference, "\(text.debugDescription) \(String(describing: segments)) \(date)")
                    #expect(read.message.text == text && read.counters == record.counters)
                }
            }
        }
        var endless = Self.record(text: "", segments: nil, sentAt: Self.dates[0])
        endless.message.expiresAt = Date(timeIntervalSince1970: .infinity)
        #expect(throws: JSONWriter.NonFinite.self) { _ = try endless.json }
    }

    @Test("an outbox line is JSONEncoder's, byte for byte, for any date")
    func outboxLine() throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let dates =
            Self.dates + [
                Date(timeIntervalSince1970: -0.5), Date(timeIntervalSince1970: 253_402_300_800),
                Date(timeIntervalSince1970: -62_135_596_801), Date(timeIntervalSince1970: 951_782_400.25),
            ]
        var handWritten = 0
        for text in Self.texts + [nil] {
            for date in dates {
                for (language, id, segments, channel) in [
                    (String?("ar"), String?("a/b"), Int?(2), String?("sms")), (nil, nil, nil, nil),
                ] {
                    let message = Outbox.Message(
                        destination: "user/\(text?.prefix(2) ?? "")@example.com", code: "12/34\"", sentAt: date,
                        language: language, text: text, id: id, segments: segments, channel: channel)
                    let line = try Outbox.line(message)
                    #expect(
                        line == (try encoder.encode(message)) + [0x0A], "\(date) \(text?.debugDescription ?? "nil")")
                    if (0..<253_402_300_800).contains(date.timeIntervalSince1970) { handWritten += 1 }
                }
            }
        }
        #expect(handWritten == 6 * 5 * 2)
        let line = try Outbox.line(
            .init(
                destination: "+14155550100", code: "123456", sentAt: Self.dates[0], language: "en", text: "a/b",
                id: "i", segments: 1, channel: "sms"))
        #expect(
            String(decoding: line, as: UTF8.self)
                == #"{"channel":"sms","code":"123456","destination":"+14155550100","id":"i","language":"en","segments":1,"sentAt":"2027-01-15T08:00:00Z","text":"a\/b"}"#
                .replacingOccurrences(of: #"\/"#, with: "/") + "\n")
    }
}
