import ArgumentParser
import PeachHost
import PeachText

/// How a listening tool names what it hears: the transposition its notes are
/// written in, the temperament its keys are tuned in, and the notes it
/// listens between. Each is nil when not given, so a tool can take it from a
/// preset instead.
struct PitchOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp(localized(.helpTunerTranspose), valueName: "C|Bb|Eb|F|A|n"))
    var transpose: String?

    @Option(help: ArgumentHelp(localized(.helpTunerLowest), valueName: localized(.valueNameNote)))
    var lowest: String?

    @Option(help: ArgumentHelp(localized(.helpTunerHighest), valueName: localized(.valueNameNote)))
    var highest: String?

    @Option(help: ArgumentHelp(localized(.helpTemperament), valueName: localized(.valueNameTemperament)),
            completion: .list(NamedTemperament.allCases.map(\.rawValue)))
    var temperament: String?

    @Option(help: ArgumentHelp(localized(.helpTemperamentRoot), valueName: localized(.valueNameNote)))
    var root: String?

    func validate() throws {
        _ = try transposition()
        _ = try temperamentChoice()
        _ = try PitchRange.frequencies(lowest: lowest, highest: highest, reference: Pitch.standardReference)
    }

    /// The temperament asked for, its file read and checked; nil when none is given.
    func temperamentChoice() throws -> TemperamentChoice? {
        guard let temperament else {
            if root != nil { throw ValidationError(localized(.temperamentRootNeedsTemperament)) }
            return nil
        }
        return try TemperamentChoice.resolve(temperament, root: root)
    }

    func transposition() throws -> Transposition? {
        try transpose.map { text in try checked { try Transposition(parsing: text) } }
    }
}
