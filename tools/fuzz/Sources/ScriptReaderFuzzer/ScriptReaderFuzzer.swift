import Foundation
import FuzzerDriver
import HourglassLineMode

/// libFuzzer's entry point: one input, read as a linemode script, on the screen its first line
/// names when that line is a fixture's header (`# linemode --screen registration …`), else on
/// the verification screen — one reading an input, the fuzzer reaching both screens. No clock
/// and no session: the reader alone, so that each input takes microseconds. What every reading
/// must hold is checked; a failure is a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func readScript(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let header = UnsafeBufferPointer(start: data, count: size).prefix { $0 != UInt8(ascii: "\n") }
    let fixture = String(validating: header, as: UTF8.self).flatMap { try? Fixture(text: $0) }
    let screen = fixture?.options.screen ?? .verification
    checkInvariants(of: Script(data: Data(bytes: data, count: size), screen: screen), inputSize: size)
    return 0
}

/// What a script read from `inputSize` bytes holds, whatever the bytes: its lines in order and
/// no longer than allowed, each problem on a line that was kept, and no negative clock time.
private func checkInvariants(of script: Script, inputSize: Int) {
    var previous = 0
    for line in script.lines {
        precondition(line.number > previous, "line numbers go up")
        precondition(line.number <= inputSize, "a line is at least its newline")
        // Characters are counted only when the bytes could be too many: counting is slow.
        precondition(
            line.text.utf8.count <= Script.longestLine || line.text.count <= Script.longestLine,
            "a kept line is at most the longest allowed")
        previous = line.number
    }
    // Both lists are in line order: one walk finds each problem's line.
    var kept = script.lines.makeIterator()
    var previousError = 0
    for error in script.errors {
        precondition(error.line >= previousError, "problems come in line order")
        var line = kept.next()
        while let candidate = line, candidate.number < error.line { line = kept.next() }
        precondition(line?.number == error.line, "each problem is on a line the script keeps")
        precondition(!error.message.isEmpty, "each problem says what is wrong")
        previousError = error.line
    }
    precondition(script.clockTime >= .zero, "clock time does not run backwards")
}

/// SwiftPM links an executable's entry point under this name; it hands over to libFuzzer.
@_cdecl("ScriptReaderFuzzer_main")
public func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzerDriver.run(argc: argc, argv: argv) { data, size in readScript(data, size) }
}
