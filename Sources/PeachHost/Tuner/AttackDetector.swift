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
    /// The last 400 ms of block energies, the newest last, for `soundStart`.
    private var history: [Double] = []
    static let historyBlocks = 80
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
            history.append(partial / Double(blockFrames))
            if history.count > Self.historyBlocks { history.removeFirst() }
            if energies.count > Self.recentBlocks + Self.earlierBlocks { energies.removeFirst() }
            (partial, partialFrames) = (0, 0)
            blocksSeen += 1
            if let block = attackBlock() { attacks.append(block * blockFrames) }
        }
        return attacks
    }

    /// Where the sound heard up to stream frame `end` rose out of a quieter
    /// stretch (a block under a tenth of the last 20 ms's energy), as the
    /// start of the first block after it; nil if no such stretch lies in the
    /// history (the sound goes on from further back).
    func soundStart(before end: Int) -> Int? {
        let newest = blocksSeen - 1  // block index of history.last
        let last = min(newest, end / blockFrames - 1)
        let first = newest - history.count + 1
        guard last - 3 >= first else { return nil }
        let recent = (0..<4).map { history[last - $0 - first] }.reduce(0, +) / 4
        var block = last
        while block >= first, history[block - first] >= 0.1 * recent { block -= 1 }
        return block >= first ? (block + 1) * blockFrames : nil
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
