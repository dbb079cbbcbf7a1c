import PeachHost

/// The training screen for screen readers (`--plain`): one line of words per
/// change, never a redraw, no colour, no symbols that read badly aloud.
final class PlainTrainingDisplay: TrainingDisplay {
    private let writer = PlainWriter()

    func show(_ state: TrainingScreenState, because change: TrainingChange) {
        switch change {
        case .opened:
            say("Training. After the second note, answer: up arrow, k or w for higher; down arrow, j or s for lower. T changes the sound, q stops.")
            say("Sound: \(state.timbre).")
        case .firstNote, .resized:
            break
        case .secondNote:
            say("Second note: higher or lower?")
        case .answered(let correct):
            say(correct ? "Right." : "Wrong.")
        case .timbre:
            say("Next pair: \(state.nextTimbre ?? state.timbre).")
        case .bell:
            say("Alert on wrong answers: \(state.bell ? "on" : "off").")
        case .message:
            if let message = state.message { say(message) }
        case .paused:
            if case .paused(let reason) = state.phase { say(reason) }
        }
    }

    func direction(atColumn column: Int, row: Int) -> PitchDirection? { nil }

    func alert() { writer.say("\u{07}", newline: false) }

    func resized() {}

    private func say(_ text: String) { writer.say(text) }
}
