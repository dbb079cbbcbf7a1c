import ArgumentParser
import Glibc
import PeachText

/// How long an offline render runs, and whether to print it as JSON: shared by the drone and the metronome.
struct PracticeLength: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp(localized(.helpPracticeBars), valueName: "n"))
    var bars: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp(localized(.helpPracticeSeconds), valueName: localized(.valueNameSeconds)), transform: NumberArgument.seconds.transform)
    var seconds: Double?

    @Flag(help: ArgumentHelp(localized(.helpPracticeJSON)))
    var json = false

    static let barsRange = 1...100_000
    /// Up to ten hours: a long practice rendered, not a runaway.
    static let secondsRange = 0.01...36_000.0

    /// A length renders offline; without one the tool plays live (into a paced file with `--wav`).
    var isOffline: Bool { bars != nil || seconds != nil }

    /// What else writes to standard output (for `SoundOptions.checkStandardOutput`):
    /// `--json`, or live the screen; an offline render to a file, nothing.
    var standardOutputUser: String? { json ? "--json" : isOffline ? nil : localized(.theScreen) }

    /// Checks the length: one of `--bars` and `--seconds` (`--seconds` alone
    /// where the tool has no `bars`), which needs a file (`wav`) or `--json`,
    /// and which `--json` needs. Each error names the lengths the tool takes.
    func check(wav: Bool, bars barsTaken: Bool = true) throws {
        if bars != nil && seconds != nil { throw ValidationError(localized(.practiceLengthBoth)) }
        if isOffline && !wav && !json { throw ValidationError(localized(.practiceLengthNeedsOutput, bars != nil ? "--bars" : "--seconds")) }
        if json && !isOffline { throw ValidationError(localized(.practiceLengthNeeded, Self.lengths(bars: barsTaken))) }
        if let bars, !Self.barsRange.contains(bars) {
            throw ValidationError(localized(.practiceBarsOutside, bars, Self.barsRange.lowerBound, Self.barsRange.upperBound))
        }
        if let seconds, !Self.secondsRange.contains(seconds) {
            throw ValidationError(localized(.practiceSecondsOutside, seconds.compact, Self.secondsRange.lowerBound.compact,
                                            Self.secondsRange.upperBound.compact))
        }
    }

    /// Without a length the tool plays live, which needs a terminal: checked
    /// once the setup is known to be good, before any sound or file is opened.
    /// Not a usage error: the same command is right in a terminal.
    func checkTerminal(wav: Bool, bars barsTaken: Bool = true) throws {
        guard !isOffline, isatty(STDIN_FILENO) != 1 else { return }
        throw Failure(localized(wav ? .practiceFileNeedsLength : .practiceNeedsTerminal, Self.lengths(bars: barsTaken)))
    }

    private static func lengths(bars: Bool) -> String { localized(bars ? .practiceBarsOrSeconds : .practiceSecondsOnly) }
}
