/// What the first use of a preset measures, kept per font in memory and on
/// disk: each key's tuning and how exactly its pairs keep their interval.
struct PresetCalibration: Equatable {
    /// Cents above equal temperament of keys 0...127; NaN for a key with no pitch.
    var keyOffsets: [Double]
    var pairs: PairCheck
}
