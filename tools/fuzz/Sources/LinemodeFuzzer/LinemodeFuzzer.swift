import Foundation
import FuzzerDriver
import HourglassLineMode

/// The most clock time a script's `wait` lines may let pass and still be run: each waited second
/// can tick the countdowns and redraw the screen, so scripts that wait longer are only read (the
/// reader has its own target, ScriptReaderFuzzer). `suspend` is not counted: it fires each due
/// timer once, however long, so a suspension still reaches an expired code or a finished lockout.
let longestWait = Duration.seconds(5)

/// libFuzzer's entry point: one input, run as a fixture would be. Its first line, when it is a
/// fixture's header (`# linemode --screen registration --locale zh-Hans`), chooses the screen
/// and the language; otherwise the verification screen in English. The script is read and,
/// when its waits let at most ``longestWait`` pass, run on the virtual clock with --keep-going,
/// the cooldown kept in memory.
@_cdecl("LLVMFuzzerTestOneInput")
public func runScript(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let input = UnsafeBufferPointer(start: data, count: size)
    var options = LineModeOptions()
    if let header = String(validating: input.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self),
        let fixture = try? Fixture(text: header)
    {
        options.screen = fixture.options.screen
        options.language = fixture.options.language
    }
    options.keepGoing = true
    let script = Script(data: Data(input), screen: options.screen)
    // The waits are part of all the clock time: when that is short enough, so are they.
    guard script.clockTime <= longestWait || waitedTime(of: script, screen: options.screen) <= longestWait else {
        return 0
    }
    _ = try? ScriptRunner.run(script, options: options) { _ in }
    return 0
}

/// The clock time `script`'s `wait` lines let pass: all of its clock time when it does not
/// suspend, otherwise its `wait` lines read again on their own.
func waitedTime(of script: Script, screen: ScriptScreen) -> Duration {
    func isSuspend(_ line: Script.Line) -> Bool { command(of: line) == "suspend" }
    guard script.lines.contains(where: isSuspend) else { return script.clockTime }
    let waits = script.lines.filter { command(of: $0) == "wait" }
    return waits.isEmpty ? .zero : Script(waits.map(\.text).joined(separator: "\n"), screen: screen).clockTime
}

/// A line's first word, as the reader splits it (a slice of the line: nothing is copied).
func command(of line: Script.Line) -> Substring? {
    let word = line.text.drop { $0 == " " || $0 == "\t" }.prefix { $0 != " " && $0 != "\t" }
    return word.isEmpty ? nil : word
}

/// SwiftPM links an executable's entry point under this name; it hands over to libFuzzer.
@_cdecl("LinemodeFuzzer_main")
public func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzerDriver.run(argc: argc, argv: argv) { data, size in runScript(data, size) }
}
