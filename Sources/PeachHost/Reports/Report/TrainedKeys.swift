import Glibc
import PeachSupport
import PeachTraining

/// What a profile says about the keys that have answers, as opposed to keys
/// whose values the model only infers from their neighbours.
extension ProfileReport {
    public var trainedNotes: [Note] { notes.filter { $0.answers > 0 } }

    /// The median threshold of the trained keys; nil before the first answer.
    public var medianThreshold: Double? { trainedNotes.map(\.threshold).median }

    /// Trained keys weaker than the listener's own level for their register.
    /// Thresholds rise into the bass for everyone, so each key is measured
    /// against the typical curve across the keyboard (the shape of published
    /// thresholds, `KeyboardPrior`'s mean): a key is weak when its whole 95%
    /// band, so measured, lies above the median trained key (the profile is
    /// then at least 97.5% sure of it, so among dozens of keys chance rarely
    /// makes one). A bass key that is as good as your other keys, register
    /// for register, is not a weak spot.
    public var weakKeys: Set<Int> {
        guard let median = trainedNotes.map({ Self.registerLevel($0.threshold, note: $0.note) }).median else { return [] }
        return Set(trainedNotes.filter { Self.registerLevel($0.band95[0], note: $0.note) > median }.map(\.note))
    }

    /// How hard `cents` at `note` is, register for register: ln of it against the usual threshold there.
    public static func registerLevel(_ cents: Double, note: Int) -> Double {
        KeyboardPrior.registerLevel(logThreshold: log(cents), note: note)
    }

    public func note(_ number: Int) -> Note? { notes.first { $0.note == number } }
}
