/// White noise from a fixed seed (xorshift32): the same seed gives the same
/// noise on every machine and every run, so a tick renders bit for bit alike.
struct NoiseGenerator {
    private var state: UInt32

    /// A seed of 0 would stay 0 for ever; it is replaced.
    init(seed: UInt32) { state = seed == 0 ? 0x9E37_79B9 : seed }

    /// The next value, evenly spread over -1...1.
    mutating func next() -> Double {
        state ^= state << 13
        state ^= state >> 17
        state ^= state << 5
        return Double(state) / Double(UInt32.max) * 2 - 1
    }
}
