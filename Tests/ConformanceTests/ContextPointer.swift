#if canImport(CGLib)
/// A `GMainContext *` to hand to other threads.
struct ContextPointer: @unchecked Sendable {
    // @unchecked Sendable: GLib's main-context calls used on it are thread-safe, and the test
    // holds a reference until every thread using it has ended.
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) { self.pointer = pointer }
}
#endif
