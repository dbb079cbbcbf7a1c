import Glibc

/// How a screen was left: back to the start page, or out of the program.
enum ScreenExit: Equatable {
    /// q, Escape, Ctrl-C, or any key on a page of text.
    case back
    /// SIGTERM, SIGHUP, SIGQUIT, or the input closing (signal nil): Peach ends.
    case ended(signal: Int32?)

    /// The signals that end Peach rather than go back. SIGQUIT (Ctrl-\\ in a
    /// shell, or `kill -QUIT`) would otherwise dump core with the terminal raw.
    static func ending(_ number: Int32) -> Bool { number == SIGTERM || number == SIGHUP || number == SIGQUIT }

    /// What every page does with an event that is not a key: the input
    /// closing or an ending signal leave Peach (returned); a resize repaints
    /// `screen`. Nil when the page goes on.
    static func leaving(on event: TerminalEvent, screen: Screen?) -> ScreenExit? {
        switch event {
        case .inputClosed: return .ended(signal: nil)
        case .signal(let number) where ending(number): return .ended(signal: number)
        case .signal(SIGWINCH): screen?.refreshSize()
        default: break
        }
        return nil
    }
}
