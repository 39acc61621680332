import Foundation
import Testing

@testable import HourglassServer

@Suite("The code and proof HMACs")
struct CodeHasherTests {
    let hasher = CodeHasher(key: Array(0..<32))

    /// HMAC-SHA256 with the key 0x00…0x1f, as Python's `hmac` computes it: a stored hash made
    /// by an earlier release must keep matching.
    @Test("a code's and a proof's HMAC are HMAC-SHA256 of their labelled text, as every release has stored them")
    func knownValues() {
        #expect(
            hex(hasher.hash(code: "123456", for: "+14155550123"))
                == "efeb8b59121d933ca4e55a50e4feee3dbce1029479f70d336f088360c7dec349")
        #expect(hex(hasher.hash(proof: "pé")) == "a7087cd839bb382892765c09f75f39a7284190996b639b7b44d1c2c0ff62f7da")
    }

    @Test("hashes made at once from many tasks are each the one value")
    func concurrent() async {
        let hasher = hasher
        let hashes = await withTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<200 { group.addTask { hasher.hash(code: "123456", for: "+14155550123") } }
            return await group.reduce(into: Set<[UInt8]>()) { $0.insert($1) }
        }
        #expect(hashes.map(hex) == ["efeb8b59121d933ca4e55a50e4feee3dbce1029479f70d336f088360c7dec349"])
    }

    @Test("a new code is its length of ASCII digits", arguments: [4, 6, 10])
    func newCode(length: Int) {
        let code = hasher.newCode(length: length)
        #expect(code.utf8.count == length && code.utf8.allSatisfy { (0x30...0x39).contains($0) })
    }

    private func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }
}
