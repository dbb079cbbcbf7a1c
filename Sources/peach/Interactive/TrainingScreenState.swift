import PeachAudio
import PeachHost
import PeachTraining

/// What the training screen shows, whoever draws it.
struct TrainingScreenState {
    enum Phase: Equatable {
        /// Between pairs, or before the first.
        case waiting
        /// The first note sounds; the answer targets are disabled.
        case firstNote
        /// The second note has started; the targets take an answer.
        case secondNote
        /// No pair can play (the audio output is gone); the text says why.
        case paused(String)
    }

    var phase = Phase.waiting
    /// Whether the last answer was right; nil before the first.
    var lastAnswerCorrect: Bool?
    var timbre: String
    /// The timbre chosen for the next pair, while the current one finishes.
    var nextTimbre: String?
    var bell: Bool
    /// A passing remark, such as why a timbre could not be used.
    var message: String?

    var answerable: Bool { phase == .secondNote }
}

/// Why the screen is being drawn again, for displays that announce changes
/// rather than repaint (the plain mode).
enum TrainingChange: Equatable {
    case opened, firstNote, secondNote, answered(correct: Bool), timbre, bell, message, paused, resized
}

/// Draws the training screen. [main-thread]
protocol TrainingDisplay: AnyObject {
    func show(_ state: TrainingScreenState, because change: TrainingChange)
    /// The answer target at a clicked cell, if any.
    func direction(atColumn column: Int, row: Int) -> PitchDirection?
    /// The wrong-answer alert.
    func alert()
    /// The window size changed: forget what is shown.
    func resized()
    /// Whether answers are targets on the screen, which a new window size moves (a pair in progress is then dropped).
    var drawsTargets: Bool { get }
}
