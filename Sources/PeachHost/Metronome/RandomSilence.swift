/// Which beats fall silent at random, for inner-time practice: a pure
/// function of the seed and the beat's number (SplitMix64), so a tempo change
/// that plans the beats again, or a second render, silences the same ones.
enum RandomSilence {
    static func silences(beat: Int64, seed: UInt64, chance: Double) -> Bool {
        guard chance > 0 else { return false }
        var z = seed &+ UInt64(bitPattern: beat) &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / Double(1 << 53) < chance
    }
}
