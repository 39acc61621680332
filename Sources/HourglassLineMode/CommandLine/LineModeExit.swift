/// linemode's exit codes, as its help lists them.
public enum LineModeExit: Sendable {
    /// The script ran.
    public static let success: Int32 = 0
    /// The script has errors, or cannot be read.
    public static let scriptFailed: Int32 = 1
    /// The command line is wrong.
    public static let usage: Int32 = 2
    /// Standard output or standard error could not be written (closed, full, a broken pipe).
    public static let outputFailed: Int32 = 3
    /// The cooldown could not be saved in, or read from, the state directory.
    public static let stateFailed: Int32 = 4
    /// A real clock fell behind the script (``ClockStalled``): the script ran, but its
    /// transcript may differ from the virtual clock's.
    public static let clockStalled: Int32 = 5
}
