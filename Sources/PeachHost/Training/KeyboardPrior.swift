import Glibc

/// What Peach believes about a new listener before any answer: a threshold
/// curve across the keyboard, and how thresholds at different keys go together.
///
/// ln θ is a Gaussian process over keys. Its mean follows the shape of
/// published pitch-discrimination thresholds (highest in the bass, lowest
/// around C5–C6), pitched between a trained musician and an untrained
/// listener. Its covariance has three parts: an overall level shared by every
/// key (listeners differ mostly by one factor: an untrained ear is about five
/// times a trained one), a broad shape (8 semitones), so every answer informs
/// its neighbours, and a narrow one (1.5 semitones), so a weak spot a few keys
/// wide is not smoothed away. How large the narrow part is the profile learns
/// from the answers (`PerceptualProfile.localSDGrid`). On top, every key may
/// stray on its own: each key has a "spot" variance, small unless its own
/// answers insist (learned per key by type-II maximum likelihood), so even a
/// one-key weak spot shows.
public struct KeyboardPrior: Equatable, Sendable {
    public var levelSD = 1.0
    public var broadSD = 0.5
    public var broadLength = 8.0
    public var localSD = 0.3
    public var localLength = 1.5

    /// The spot variance a key has unless its answers say otherwise (an SD of 0.05 in ln θ).
    public var spotVarianceMode = 0.0025

    public init() {}

    /// Anchors of the trained-musician curve (cents at MIDI notes), from the
    /// psychophysics research notes; interpolated linearly in ln θ.
    package static let musicianAnchors: [(note: Double, cents: Double)] = [(36, 7), (48, 4), (60, 2.8), (72, 2.4), (84, 2.5), (96, 3.5)]
    /// The prior sits this many times above the musician curve: untrained listeners are ~5× above it.
    package static let priorFactor = 3.0

    /// The curve keys are compared against "register for register": a fresh prior's mean.
    public static let typical = KeyboardPrior()

    /// How far ln θ at a key lies above the usual curve there. Thresholds rise
    /// into the bass for every ear, so this, not θ alone, says where a listener
    /// is weak for themselves.
    public static func registerLevel(logThreshold: Double, note: Int) -> Double {
        logThreshold - typical.meanLogThreshold(note)
    }

    /// Prior mean of ln θ at a key.
    public func meanLogThreshold(_ note: Int) -> Double {
        let anchors = Self.musicianAnchors
        let x = Double(note)
        var cents: Double
        if x <= anchors[0].note {
            // Below C2 the curve keeps rising at the C2–C3 rate.
            let rate = log(anchors[0].cents / anchors[1].cents) / (anchors[1].note - anchors[0].note)
            cents = anchors[0].cents * exp(rate * (anchors[0].note - x))
        } else if x >= anchors[anchors.count - 1].note {
            let last = anchors.count - 1
            let rate = log(anchors[last].cents / anchors[last - 1].cents) / (anchors[last].note - anchors[last - 1].note)
            cents = anchors[last].cents * exp(rate * (x - anchors[last].note))
        } else {
            let upper = anchors.firstIndex { $0.note >= x }!
            let (a, b) = (anchors[max(upper - 1, 0)], anchors[upper])
            let t = b.note == a.note ? 0 : (x - a.note) / (b.note - a.note)
            cents = exp(log(a.cents) + t * (log(b.cents) - log(a.cents)))
        }
        return log(cents * Self.priorFactor)
    }

    /// Prior covariance of ln θ between two keys.
    public func covariance(_ a: Int, _ b: Int) -> Double {
        let d = Double(a - b)
        return levelSD * levelSD + broadSD * broadSD * Self.endWidening(a) * Self.endWidening(b) * exp(-d * d / (2 * broadLength * broadLength))
            + localCovariance(a, b) + (a == b ? 1e-6 : 0)
    }

    /// How much more the broad part may vary at a key than in the middle:
    /// its SD half as much again per octave below C3 or above C6. Listeners
    /// differ most at the ends (a string player below their instrument, a
    /// singer outside their range is three to five times worse there than the
    /// usual curve), and a broad part as narrow there as in the middle held
    /// such ends down. Twice the SD at C2 and C7 loosened the ends of a
    /// listener with few answers there too much (untrained, slider 1: RMS after
    /// 300 answers 0.31 against 0.26 without widening, measured).
    package static func endWidening(_ note: Int) -> Double {
        1 + Double(max(0, 48 - note) + max(0, note - 84)) / 24
    }

    /// The narrow part of the covariance alone: what lets a weak spot stand out from its neighbours.
    public func localCovariance(_ a: Int, _ b: Int) -> Double {
        let d = Double(a - b)
        return localSD * localSD * exp(-d * d / (2 * localLength * localLength))
    }
}
