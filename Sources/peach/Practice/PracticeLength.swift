import ArgumentParser
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

    /// Checks the length: one of `--bars` and `--seconds`, which needs a file (`wav`) or `--json`, and which `--json` needs.
    func check(wav: Bool) throws {
        if bars != nil && seconds != nil { throw ValidationError(localized(.practiceLengthBoth)) }
        if isOffline && !wav && !json { throw ValidationError(localized(.practiceLengthNeedsOutput, bars != nil ? "--bars" : "--seconds")) }
        if json && !isOffline { throw ValidationError(localized(.practiceLengthNeeded)) }
        if let bars, !Self.barsRange.contains(bars) {
            throw ValidationError(localized(.practiceBarsOutside, bars, Self.barsRange.lowerBound, Self.barsRange.upperBound))
        }
        if let seconds, !Self.secondsRange.contains(seconds) {
            throw ValidationError(localized(.practiceSecondsOutside, seconds.compact, Self.secondsRange.lowerBound.compact,
                                            Self.secondsRange.upperBound.compact))
        }
    }
}
