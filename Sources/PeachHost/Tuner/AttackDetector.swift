/// Where a new note's attack begins: the energy of a short block jumping well
/// above the blocks before it. The tracker starts its window there, so that
/// a note is never read through a window that still holds the previous one.
struct AttackDetector {
    /// Frames per block: 5 ms.
    let blockFrames: Int
    /// The jump that makes an attack: 10 ms four times (6 dB) as loud as the 40 ms before.
    static let jump = 4.0
    /// Quieter than this (mean square, −60 dBFS) is no attack, however it jumps.
    static let floor = 1e-6
    static let recentBlocks = 2, earlierBlocks = 8
    /// Blocks after an attack in which no other is found (the attack's own rise).
    static let refractoryBlocks = 12

    private var energies: [Double] = []
    private var partial = 0.0, partialFrames = 0
    private var blocksSeen = 0, lastAttack = Int.min / 2

    init(sampleRate: Double) {
        blockFrames = max(1, Int((sampleRate * 0.005).rounded()))
    }

    /// Feeds samples in stream order; returns the stream frames (block starts) where attacks began.
    mutating func feed(_ samples: UnsafeBufferPointer<Float>) -> [Int] {
        var attacks: [Int] = []
        for sample in samples {
            partial += Double(sample) * Double(sample)
            partialFrames += 1
            guard partialFrames == blockFrames else { continue }
            energies.append(partial / Double(blockFrames))
            if energies.count > Self.recentBlocks + Self.earlierBlocks { energies.removeFirst() }
            (partial, partialFrames) = (0, 0)
            blocksSeen += 1
            if let block = attackBlock() { attacks.append(block * blockFrames) }
        }
        return attacks
    }

    /// The block where an attack began, if the newest blocks make one.
    private mutating func attackBlock() -> Int? {
        guard energies.count == Self.recentBlocks + Self.earlierBlocks, blocksSeen - lastAttack > Self.refractoryBlocks else { return nil }
        let earlier = energies[0..<Self.earlierBlocks].reduce(0, +) / Double(Self.earlierBlocks)
        let recent = energies[Self.earlierBlocks...].reduce(0, +) / Double(Self.recentBlocks)
        guard recent > Self.floor, recent > Self.jump * earlier else { return nil }
        lastAttack = blocksSeen
        // The first recent block that rose already counts as the start.
        let firstRecent = blocksSeen - Self.recentBlocks
        return energies[Self.earlierBlocks] > 2 * earlier ? firstRecent : firstRecent + 1
    }
}
