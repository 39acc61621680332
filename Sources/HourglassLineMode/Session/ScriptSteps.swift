import Hourglass

/// A script's cursor while its steps run on the clock's context.
final class ScriptSteps: Sendable {
    private struct State {
        var cursor: ScriptCursor
        var started = false
    }

    /// Taken by the steps, one at a time on the clock's context (each scheduled by the one
    /// before), and read by the stepper after the last step has signalled the end; never held
    /// while a line runs.
    private let state: Locked<State>

    init(_ cursor: ScriptCursor) {
        state = Locked(State(cursor: cursor))
    }

    /// The cursor as the steps left it.
    var cursor: ScriptCursor { state.withLock { $0.cursor } }

    /// The first step echoes the title and shows the screen; each runs lines until one makes
    /// time pass, and says where the script goes on; nil at its end.
    func step(at instant: TimerInstant, in session: LineModeSession, on clock: any SessionClock)
        -> ScriptContinuation?
    {
        let title = state.withLock { state -> ArraySlice<Script.Line>? in
            guard !state.started else { return nil }
            state.started = true
            return state.cursor.takeLeadingComments()
        }
        if let title {
            for line in title { session.echo(line) }
            session.start()
        }
        while let (line, error) = state.withLock({ $0.cursor.next() }) {
            let step = SessionStep(echo: line, error: error, command: line.command)
            switch SessionStepper.perform(step, in: session, on: clock) {
            case .wait(let duration): return .afterWait(instant + max(duration, .zero))
            case .suspend(let duration): return .afterSuspension(instant + max(duration, .zero))
            case nil: continue
            }
        }
        return nil
    }
}
