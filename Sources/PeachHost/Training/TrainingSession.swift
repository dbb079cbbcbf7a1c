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
    /// What the sound source plays, in Hz (`fit`); nil: anything.
    public private(set) var playable: ClosedRange<Double>?

    public init(profile: PerceptualProfile = PerceptualProfile(), range: TrainingRange = .adaptive,
                selector: PairSelector = PairSelector(), reference: Double = Pitch.standardReference) {
        self.profile = profile
        self.range = range
        self.selector = selector
        self.reference = reference
        profile.cover(range.keys)
    }

    /// The next pair: of the range's keys, those the source plays, and both
    /// its notes inside what it plays.
    public func nextPair() -> TrainingPair {
        guard let pitches = playablePitches, let keys = pitches.keys else { return selector.next(profile: profile, range: range) }
        let trained = range.limited(to: keys)
        return pitches.place(selector.next(profile: profile, range: trained), among: trained.keys)
    }

    /// A pair to play in place of `pair`, which the listener asked to hear
    /// again and did not answer (nothing of it is recorded): the same key and
    /// size, its direction drawn anew (`PairSelector.anew`).
    public func again(_ pair: TrainingPair) -> TrainingPair {
        selector.anew(pair)
    }

    /// Trains only what the sound source plays: `frequencies` as `source`
    /// declares them now (nil: it does not say). Call it again when the
    /// source, its options or A4 change. A fixed range must lie wholly
    /// inside: the listener chose those keys, and none is dropped unsaid. An
    /// adaptive range trains its keys inside and grows no further than they
    /// go; one with no key inside reaches the nearest octave that is.
    public func fit(to frequencies: ClosedRange<Double>?, of source: String) throws(UnplayableRange) {
        guard let frequencies else {
            playable = nil
            return
        }
        let pitches = PlayablePitches(frequencies: frequencies, reference: reference)
        guard let keys = pitches.keys, range.isAdaptive || keys.lowerBound <= range.keys.lowerBound && range.keys.upperBound <= keys.upperBound else {
            throw UnplayableRange(keys: range.keys, source: source, playable: pitches)
        }
        let reaching = range.reaching(into: keys)
        if reaching != range {
            range = reaching
            profile.cover(range.keys)
        }
        playable = frequencies
    }

    private var playablePitches: PlayablePitches? {
        playable.map { PlayablePitches(frequencies: $0, reference: reference) }
    }

    /// Records the listener's answer to `pair`; returns whether it was correct.
    @discardableResult
    public func answer(_ pair: TrainingPair, heard: PitchDirection) -> Bool {
        let correct = heard == pair.direction
        profile.record(note: pair.note, delta: abs(pair.cents), direction: pair.direction, correct: correct)
        selector.remember(pair, correct: correct)
        if range.grow(using: profile, within: playablePitches.flatMap(\.keys) ?? MIDINote.pianoRange) { profile.cover(range.keys) }
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
