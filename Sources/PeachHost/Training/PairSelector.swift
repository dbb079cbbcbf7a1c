import Glibc
import PeachMusic

/// Chooses the next pair from the profile, steering training towards weak spots.
///
/// After a correct answer it either moves to a nearby key a little harder, or
/// jumps to a weak spot; after a wrong answer it either moves nearby a little
/// easier, or jumps. The chances, how far "nearby" reaches, how strongly weak
/// keys are favoured, how hard pairs are aimed and how often an easy pair
/// comes (at any key in range) all follow `TrainingStyle`. Differences are
/// multiples of 0.1 cent between a practical floor of 1 cent and 300 cents;
/// the direction is random and balanced in blocks of four.
public struct PairSelector: Sendable {
    public var style: TrainingStyle
    private var generator: SeededGenerator
    /// The last pair answered that was not a deliberately easy one.
    private var anchor: (note: Int, delta: Double)?
    private var lastCorrect = true
    private var pendingDirections: [PitchDirection] = []

    public static let coldStartCents = 100.0
    public static let floorCents = 1.0
    public static let ceilingCents = 300.0
    /// An easy pair's difference, as a multiple of the key's threshold (about 98% correct).
    public static let easyFactor = 4.0

    public init(style: TrainingStyle = .standard, generator: SeededGenerator = SeededGenerator()) {
        self.style = style
        self.generator = generator
    }

    public mutating func next(profile: PerceptualProfile, range: TrainingRange) -> TrainingPair {
        profile.cover(range.keys)
        let direction = nextDirection()
        guard let anchor, profile.answerCount > 0 else {
            return TrainingPair(note: randomKey(in: range), cents: direction.sign * Self.coldStartCents, kind: .coldStart)
        }
        if Double.random(in: 0..<1, using: &generator) < style.easyShare {
            // Any key in range: an easy pair is also a check that no weak spot
            // hides where training seldom goes. Where a key's threshold is
            // underestimated threefold, an answer at four times the estimate
            // tells that three times as clearly as one aimed at 80%.
            let note = randomKey(in: range)
            return TrainingPair(note: note, cents: direction.sign * Self.quantize(Self.easyFactor * profile.threshold(at: note)), kind: .easy)
        }
        let jumpChance = lastCorrect ? style.jumpAfterCorrect : style.jumpAfterWrong
        let kind = Double.random(in: 0..<1, using: &generator) < jumpChance ? TrainingPair.Kind.weakSpot : .nearby
        let note = kind == .weakSpot ? weakSpot(profile: profile, range: range) : nearby(anchor.note, range: range)
        let hedge = style.aimHedge
        let threshold = profile.threshold(at: note) * (hedge > 0 ? exp(hedge * profile.conditionalSD(at: note)) : 1)
        let spread = style.aimSpread
        let aim = Double.random(in: (style.targetCorrect - spread.lower)...(style.targetCorrect + spread.upper), using: &generator)
        var delta = profile.function.delta(forProbability: aim, threshold: threshold)
        if kind == .nearby {
            // Harder after a correct answer, easier after a wrong one, by at most a factor of two.
            delta = lastCorrect ? min(max(delta, anchor.delta / 2), anchor.delta) : min(max(delta, anchor.delta), anchor.delta * 2)
        }
        return TrainingPair(note: note, cents: direction.sign * Self.quantize(delta), kind: kind)
    }

    /// `pair` to hear again: the same key and size, its direction drawn anew
    /// (from the same balanced blocks), so what was heard of the first gives
    /// nothing of the answer away and the new answer counts like any other.
    public mutating func anew(_ pair: TrainingPair) -> TrainingPair {
        TrainingPair(note: pair.note, cents: nextDirection().sign * abs(pair.cents), kind: pair.kind)
    }

    /// Tells the selector how the last pair went.
    public mutating func remember(_ pair: TrainingPair, correct: Bool) {
        lastCorrect = correct
        if pair.kind != .easy { anchor = (pair.note.number, abs(pair.cents)) }
    }

    /// Resumes after `pair` was the last one answered (from the history).
    public mutating func resume(after pair: TrainingPair, correct: Bool) {
        remember(TrainingPair(note: pair.note, cents: pair.cents, kind: .nearby), correct: correct)
    }

    /// A difference as pairs play it: a multiple of 0.1 cent between the floor
    /// and the ceiling. A profile that knows nothing sane (NaN) gets the ceiling.
    public static func quantize(_ delta: Double) -> Double {
        delta.isNaN ? ceilingCents : (min(max(delta, floorCents), ceilingCents) * 10).rounded() / 10
    }

    private mutating func nextDirection() -> PitchDirection {
        if pendingDirections.isEmpty { pendingDirections = [.higher, .higher, .lower, .lower].shuffled(using: &generator) }
        return pendingDirections.removeLast()
    }

    private mutating func randomKey(in range: TrainingRange) -> MIDINote {
        MIDINote(number: Int.random(in: range.keys, using: &generator))!
    }

    private mutating func nearby(_ note: Int, range: TrainingRange) -> MIDINote {
        let reach = style.nearbyReach
        var offset = Int.random(in: 1...reach, using: &generator)
        if Bool.random(using: &generator) { offset = -offset }
        var target = note + offset
        if !range.keys.contains(target) { target = note - offset }  // bounce off the edge
        return MIDINote(number: min(max(target, range.keys.lowerBound), range.keys.upperBound))!
    }

    /// How much more often keys the profile is unsure of come up: weight e^(4·(sd − median sd)).
    package static let uncertaintyWeight = 4.0

    /// How little is known of ln θ at a key: the posterior SD together with how
    /// little the answers around it say of an unexplained spot there.
    public static func uncertainty(sd: Double, unexplained spot: (height: Double, sd: Double)) -> Double {
        (sd * sd + spot.sd * spot.sd).squareRoot()
    }

    /// A key drawn with weight (θ̂/median θ̂)^γ · e^(4·(sd − median sd)): weak
    /// keys, and keys the profile is still unsure of, come up more often. At a
    /// cold start every key is equally weak.
    ///
    /// Three things keep a narrow weak spot from hiding. θ̂ is raised by what
    /// the answers around each key say beyond the smooth fit, and sd includes
    /// how little they say (`PerceptualProfile.unexplainedSpots`), so a
    /// suspected spot is visited until it is confirmed or ruled out. A share of
    /// jumps (`TrainingStyle.registerShare`) judges θ̂ register for register, so
    /// the bass, hard for every ear, does not take every jump. And towards the
    /// mechanical end a share (`TrainingStyle.exploreShare`) goes straight to
    /// the key known least, so a drill that has found one spot finds the next.
    private mutating func weakSpot(profile: PerceptualProfile, range: TrainingRange) -> MIDINote {
        let keys = (range.keys.lowerBound - profile.window.lowerBound)..<(range.keys.upperBound - profile.window.lowerBound + 1)
        let spots = profile.unexplainedSpots()[keys], sds = profile.standardDeviations(givenFunction: true)[keys]
        let uncertainties = zip(sds, spots).map(Self.uncertainty)
        if style.exploreShare > 0, Double.random(in: 0..<1, using: &generator) < style.exploreShare {
            let leastKnown = uncertainties.indices.max { uncertainties[$0] < uncertainties[$1] }!
            return MIDINote(number: range.keys.lowerBound + leastKnown)!
        }
        let byRegister = Double.random(in: 0..<1, using: &generator) < style.registerShare
        let logThresholds = zip(range.keys, zip(profile.logThresholds[keys], spots)).map { note, estimate in
            let raised = estimate.0 + max(0, estimate.1.height)
            return byRegister ? KeyboardPrior.registerLevel(logThreshold: raised, note: note) : raised
        }
        // Weighed in logs against the largest, so exp() stays within 0...1 for
        // any profile; a key whose weight is not a number is never drawn.
        let logWeights = zip(logThresholds, uncertainties).map { style.weaknessExponent * $0 + Self.uncertaintyWeight * $1 }
        let largest = logWeights.filter(\.isFinite).max() ?? 0
        let weights = logWeights.map { $0.isNaN ? 0 : exp(min($0 - largest, 0)) }
        let total = weights.reduce(0, +)
        guard total > 0, total.isFinite else { return randomKey(in: range) }
        var draw = Double.random(in: 0..<total, using: &generator)
        for (index, weight) in weights.enumerated() {
            draw -= weight
            if draw < 0 { return MIDINote(number: range.keys.lowerBound + index)! }
        }
        return MIDINote(number: range.keys.upperBound)!
    }
}
