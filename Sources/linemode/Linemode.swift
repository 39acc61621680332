import HourglassLineMode

/// `linemode`: the sign-up screens in the built-in languages (see `LineModeTool`).
@main
enum Linemode {
    static func main() {
        LineModeTool().main()
    }
}
