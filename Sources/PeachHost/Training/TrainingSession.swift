import PeachMusic
/// The training loop without any I/O: the next pair, and what an answer does.
/// The headless mode, the terminal front end and the simulated-listener
/// benchmark all drive this same object.
public final class TrainingSession {
    public let profile: PerceptualProfile
    public private(set) var range: TrainingRange
    public private(set) var selector: PairSelector
    /// A4 in Hz; a change applies from the next pair.
    public var reference: Double

    public init(profile: PerceptualProfile = PerceptualProfile(), range: TrainingRange = .adaptive,
                selector: PairSelector = PairSelector(), reference: Double = Pitch.standardReference) {
        self.profile = profile
        self.range = range
        self.selector = selector
        self.reference = reference
        profile.cover(range.keys)
    }

    public func nextPair() -> TrainingPair {
        selector.next(profile: profile, range: range)
    }

    /// Records the listener's answer to `pair`; returns whether it was correct.
    @discardableResult
    public func answer(_ pair: TrainingPair, heard: PitchDirection) -> Bool {
        let correct = heard == pair.direction
        profile.record(note: pair.note, delta: abs(pair.cents), direction: pair.direction, correct: correct)
        selector.remember(pair, correct: correct)
        if range.grow(using: profile) { profile.cover(range.keys) }
        return correct
    }

    /// Changes how pairs are chosen, from the next pair on.
    public func change(style: TrainingStyle) {
        selector.style = style
    }

    /// Trains other keys from the next pair on; an adaptive range starts from what the profile already covers.
    public func change(range newRange: TrainingRange) {
        range = newRange.isAdaptive ? newRange.resumed(from: profile.window) : newRange
        profile.cover(range.keys)
    }

    /// Continues after a rebuilt profile: the selector picks up where the last answer left it.
    public func resume(after last: TrainingAnswer) {
        selector.resume(after: TrainingPair(note: last.note, cents: last.cents, kind: .nearby), correct: last.correct)
        range = range.resumed(from: profile.window)
    }
}
