import Foundation
import LineMode

/// libFuzzer's entry point: one input, read as a linemode script for each screen and, when it
/// reads at all, run on the virtual clock with --keep-going. Scripts that would let more than
/// two hours of clock time pass are only read, so each input stays quick.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Data(bytes: data, count: size)
    for screen in ScriptScreen.allCases {
        let script = Script(data: bytes, screen: screen)
        guard script.clockTime <= .seconds(7_200) else { continue }
        var options = LineModeOptions()
        options.screen = screen
        options.keepGoing = true
        _ = try? ScriptRunner.run(script, options: options) { _ in }
    }
    return 0
}

/// libFuzzer's driver, which parses its flags and calls `fuzz` for each input.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32
) -> Int32

/// SwiftPM links an executable's entry point under this name; it hands over to libFuzzer.
@_cdecl("LinemodeFuzzer_main")
public func fuzzerMain(
    _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments) { data, size in fuzz(data, size) }
}
