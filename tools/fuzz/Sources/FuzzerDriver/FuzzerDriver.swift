/// The glue between a Swift executable and libFuzzer, shared by the fuzz targets.
///
/// Each target defines `LLVMFuzzerTestOneInput` (libFuzzer's entry point, one input) and its
/// executable's entry point, which calls ``FuzzerDriver/run(argc:argv:testOneInput:)``.
public enum FuzzerDriver {
    /// libFuzzer's callback: one input's bytes and their count; returns 0.
    public typealias TestOneInput = @convention(c) (UnsafePointer<UInt8>, Int) -> Int32

    /// Hands the process over to libFuzzer, which parses its flags and calls `testOneInput`
    /// for each input; returns libFuzzer's exit status.
    public static func run(
        argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, testOneInput: TestOneInput
    ) -> Int32 {
        var count = argc
        var arguments = argv
        return runFuzzerDriver(&count, &arguments, testOneInput)
    }
}

/// libFuzzer's driver, linked by -sanitize=fuzzer.
@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32
) -> Int32
