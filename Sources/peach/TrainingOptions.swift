import ArgumentParser
import PeachAudio
import PeachHistory
import PeachHost
import PeachText
import PeachTraining

/// How training chooses and plays pairs; shared by the training screen, the
/// start page and the headless mode.
struct TrainingOptions: ParsableArguments {
    @Option(help: ArgumentHelp(localized(.helpRange), valueName: localized(.valueNameRange)))
    var range: String?

    // Numbers take the next word as their value even when it starts with a dash, so `--pause -1`
    // is refused as out of range rather than as a missing value.
    @Option(parsing: .unconditional, help: ArgumentHelp(localized(.helpStyle), valueName: "0-1"), transform: NumberArgument.plain.transform)
    var style: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp(localized(.helpDuration), valueName: localized(.valueNameSeconds)), transform: NumberArgument.seconds.transform)
    var duration: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp(localized(.helpPause), valueName: localized(.valueNameSeconds)), transform: NumberArgument.seconds.transform)
    var pause: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp(localized(.helpSeed), valueName: "n"))
    var seed: UInt64?

    func validate() throws {
        if let range { _ = try Self.parse(range) }
        for (flag, value, setting) in [("style", style, Setting.style), ("duration", duration, .noteDuration), ("pause", pause, .pause)] {
            if let value, let problem = setting.check(.number(value)) { throw ValidationError("--\(flag): \(said(problem))") }
        }
    }

    // Each value: the flag, else the saved setting (when `settings` are used), else the default.

    func rangeText(_ settings: SettingsStore?) -> String { range ?? settings?.text(.range) ?? "adaptive" }
    func styleValue(_ settings: SettingsStore?) -> Double { style ?? settings?.number(.style) ?? TrainingStyle.standard.naturalToMechanical }
    func noteSeconds(_ settings: SettingsStore?) -> Double { duration ?? settings?.number(.noteDuration) ?? 1 }
    func pauseSeconds(_ settings: SettingsStore?) -> Double { pause ?? settings?.number(.pause) ?? 0 }

    private static func parse(_ text: String) throws -> TrainingRange {
        do { return try TrainingRange(parsing: text) } catch {
            throw ValidationError(localized(.trainRangeInvalid, said(error)))
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
    @Flag(help: ArgumentHelp(localized(.helpPlain)))
    var plain = false

    @Flag(name: .customLong("no-bell"), help: ArgumentHelp(localized(.helpNoBell)))
    var noBell = false
}
