import ArgumentParser
import PeachHost

/// How training chooses and plays pairs; shared by the training screen, the
/// start page and the headless mode.
struct TrainingOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Keys to train: LOW-HIGH such as C2-C7, or adaptive (starts around C4 and grows).", valueName: "range"))
    var range: String?

    @Option(help: ArgumentHelp("Natural (0: nearby, comfortable) to mechanical (1: drills weak spots).", valueName: "0...1"))
    var style: Double?

    @Option(help: ArgumentHelp("Length of each note in seconds.", valueName: "seconds"))
    var duration: Double?

    @Option(help: ArgumentHelp("Silence between the two notes of a pair, in seconds (default none).", valueName: "seconds"))
    var pause: Double?

    @Option(help: ArgumentHelp("Repeat the same sequence of pairs for the same answers.", valueName: "n"))
    var seed: UInt64?

    func validate() throws {
        if let range { _ = try Self.parse(range) }
        for (flag, value, setting) in [("style", style, Setting.style), ("duration", duration, .noteDuration), ("pause", pause, .pause)] {
            if let value, let problem = setting.check(.number(value)) { throw ValidationError("--\(flag): \(problem).") }
        }
    }

    // Each value: the flag, else the saved setting (when `settings` are used), else the default.

    func rangeText(_ settings: SettingsStore?) -> String { range ?? settings?.text(.range) ?? "adaptive" }
    func styleValue(_ settings: SettingsStore?) -> Double { style ?? settings?.number(.style) ?? TrainingStyle.standard.naturalToMechanical }
    func noteSeconds(_ settings: SettingsStore?) -> Double { duration ?? settings?.number(.noteDuration) ?? 1 }
    func pauseSeconds(_ settings: SettingsStore?) -> Double { pause ?? settings?.number(.pause) ?? 0 }

    private static func parse(_ text: String) throws -> TrainingRange {
        do { return try TrainingRange(parsing: text) } catch {
            throw ValidationError("--range \(text): \(error.description); write LOW-HIGH (C2-C7) or adaptive.")
        }
    }

    /// Opens the data folder for training: takes its lock and rebuilds the profile.
    func openTraining(dataDirectory: String, reference: Double, settings: SettingsStore?) throws -> PersistentTraining {
        let parsed = try Self.parse(rangeText(settings))
        return try PersistentTraining(dataDirectory: dataDirectory, range: parsed.isAdaptive ? nil : parsed,
                                      style: TrainingStyle(styleValue(settings)), generator: seed.map(SeededGenerator.init(seed:)) ?? SeededGenerator(),
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
