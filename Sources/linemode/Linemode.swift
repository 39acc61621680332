import LineMode

/// `linemode`: the sign-up screens in English and Simplified Chinese (see `LineModeTool`).
@main
enum Linemode {
    static func main() {
        LineModeTool().main()
    }
}
