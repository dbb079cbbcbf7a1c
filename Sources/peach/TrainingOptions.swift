import ArgumentParser
import PeachHost

/// How training chooses and plays pairs; shared by the training screen, the
/// start page and the headless mode.
struct TrainingOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Keys to train: LOW-HIGH such as C2-C7, or adaptive (starts around C4 and grows).", valueName: "range"))
    var range: String = "adaptive"

    @Option(help: ArgumentHelp("Natural (0: nearby, comfortable) to mechanical (1: drills weak spots).", valueName: "0...1"))
    var style: Double = TrainingStyle.standard.naturalToMechanical

    @Option(help: ArgumentHelp("Length of each note in seconds.", valueName: "seconds"))
    var duration: Double = 1

    @Option(help: ArgumentHelp("Repeat the same sequence of pairs for the same answers.", valueName: "n"))
    var seed: UInt64?

    func validate() throws {
        _ = try parsedRange()
        guard (0...1).contains(style) else { throw ValidationError("--style \(style.compact) is outside 0...1.") }
        guard (0.1...10).contains(duration) else { throw ValidationError("--duration \(duration.compact) is outside 0.1...10 seconds.") }
    }

    func parsedRange() throws -> TrainingRange {
        do { return try TrainingRange(parsing: range) } catch {
            throw ValidationError("--range \(range): \(error.description); write LOW-HIGH (C2-C7) or adaptive.")
        }
    }

    /// Opens the data folder for training: takes its lock and rebuilds the profile.
    func openTraining(dataDirectory: String, reference: Double) throws -> PersistentTraining {
        let parsed = try parsedRange()
        return try PersistentTraining(dataDirectory: dataDirectory, range: parsed.isAdaptive ? nil : parsed,
                                      style: TrainingStyle(style), generator: seed.map(SeededGenerator.init(seed:)) ?? SeededGenerator(),
                                      reference: reference)
    }
}

/// How the interactive screens look and behave.
struct ScreenOptions: ParsableArguments {
    @Flag(help: "Line-by-line text for screen readers: no redraws, no colour; says \"second note\" and the result in words.")
    var plain = false

    @Flag(name: .customLong("no-bell"), help: "No terminal bell on a wrong answer (b switches it while training).")
    var noBell = false
}
