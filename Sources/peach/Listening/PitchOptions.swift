import ArgumentParser
import PeachHost
import PeachText

/// How a listening tool names what it hears: the transposition its notes are
/// written in, and the notes it listens between. Each is nil when not given,
/// so a tool can take it from a preset instead.
struct PitchOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp(localized(.helpTunerTranspose), valueName: "Bb|Eb|F|A|n"))
    var transpose: String?

    @Option(help: ArgumentHelp(localized(.helpTunerLowest), valueName: localized(.valueNameNote)))
    var lowest: String?

    @Option(help: ArgumentHelp(localized(.helpTunerHighest), valueName: localized(.valueNameNote)))
    var highest: String?

    func validate() throws {
        _ = try transposition()
        _ = try PitchRange.frequencies(lowest: lowest, highest: highest, reference: Pitch.standardReference)
    }

    func transposition() throws -> Transposition? {
        try transpose.map { text in try checked { try Transposition(parsing: text) } }
    }
}
