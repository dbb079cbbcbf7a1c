import PeachAudio
import PeachHost
import PeachText
import PeachTraining

/// The training screen for screen readers (`--plain`): one line of words per
/// change, never a redraw, no colour, no symbols that read badly aloud.
final class PlainTrainingDisplay: TrainingDisplay {
    private let writer = PlainWriter()

    func show(_ state: TrainingScreenState, because change: TrainingChange) {
        switch change {
        case .opened:
            say(localized(.plainIntro))
            say(localized(.plainSound, state.timbre))
            // What the screen shows from the start (a drone under the pairs, a sound standing in) is said too.
            if let message = state.message { say(message) }
        case .firstNote, .resized:
            break
        case .secondNote:
            say(localized(.plainSecondNote))
        case .answered(let correct):
            say(localized(correct ? .plainRight : .plainWrong))
        case .timbre:
            say(localized(.plainNextSound, state.nextTimbre ?? state.timbre))
        case .bell:
            say(localized(.plainBell, localized(state.bell ? .trainingBellOn : .trainingBellOff)))
        case .message:
            if let message = state.message { say(message) }
        case .paused:
            if case .paused(let reason) = state.phase { say(reason) }
        }
    }

    func direction(atColumn column: Int, row: Int) -> PitchDirection? { nil }

    func alert() { writer.say("\u{07}", newline: false) }

    func resized() {}

    /// Lines only: a new window size (a larger font) changes nothing the listener answers with.
    var drawsTargets: Bool { false }

    private func say(_ text: String) { writer.say(text) }
}
