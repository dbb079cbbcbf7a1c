import ArgumentParser
import PeachDrone
import PeachMetronome
import PeachMusic
import PeachText

/// What may sound under the training screen's pairs: a drone and a metronome,
/// both off unless asked for.
struct BackdropOptions: ParsableArguments {
    @Option(help: ArgumentHelp(localized(.helpTrainDrone), valueName: localized(.valueNameNote)))
    var drone: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(localized(.helpTrainMetronome), valueName: "bpm"), transform: NumberArgument.tempo.transform)
    var metronome: Double?

    var isEmpty: Bool { drone == nil && metronome == nil }

    /// The drone's root, as written (`Bb2`: said as the player wrote it), and the metronome's tempo, each checked.
    func checkedBackdrop() throws -> (drone: String?, bpm: Double?) {
        if let metronome { try checked { try MetronomeSetup(bpm: metronome).check() } }
        if let drone { _ = try checked(option: "--drone", drone, DroneSetup.note(parsing:)) }
        return (drone, metronome)
    }
}
