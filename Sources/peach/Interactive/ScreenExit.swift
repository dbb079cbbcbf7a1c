import Glibc

/// How a screen was left: back to the start page, or out of the program.
enum ScreenExit: Equatable {
    /// q, Escape, Ctrl-C, or any key on a page of text.
    case back
    /// SIGTERM, SIGHUP, or the input closing (signal nil): Peach ends.
    case ended(signal: Int32?)

    /// The signals that end Peach rather than go back.
    static func ending(_ number: Int32) -> Bool { number == SIGTERM || number == SIGHUP }
}
