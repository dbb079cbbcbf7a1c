import Glibc
import PeachAudio
import PeachHost
import PeachMusic
import PeachTraining

/// Baseline: an independent 2-down/1-up staircase at every key, keys chosen
/// uniformly at random. Starts at 100 cents; the step is a factor 2 until two
/// reversals, then √2. The estimate is the geometric mean of the reversals
/// after the first two, rescaled from the 70.7% point to θ₇₅ (θ₇₀.₇ ≈ 0.81·θ₇₅
/// for slope 1). No bands.
struct StaircaseBaseline: TrainingMethod {
    struct Track {
        var delta = 100.0
        var correctInARow = 0
        /// +1 after the last step up (easier), −1 after the last step down, 0 before any step.
        var lastStep = 0
        var reversals: [Double] = []

        mutating func step(_ direction: Int) {
            if lastStep != 0 && direction != lastStep { reversals.append(delta) }
            lastStep = direction
            let factor = reversals.count < 2 ? 2.0 : 2.0.squareRoot()
            delta = quantizedDelta(direction > 0 ? delta * factor : delta / factor)
        }

        var estimate: Double {
            let used = reversals.count > 2 ? Array(reversals.dropFirst(2)) : reversals
            let center = used.isEmpty ? delta : exp(used.reduce(0) { $0 + log($1) } / Double(used.count))
            return center / Self.ratio70To75
        }

        static let ratio70To75 = 0.81
    }

    private var tracks: [Int: Track]
    private let keys: ClosedRange<Int>
    private var generator: SeededGenerator

    init(keys: ClosedRange<Int>, seed: UInt64) {
        self.keys = keys
        tracks = Dictionary(uniqueKeysWithValues: keys.map { ($0, Track()) })
        generator = SeededGenerator(seed: seed &+ 0x57A1_4CA5E)
    }

    mutating func nextPair() -> TrainingPair {
        let key = Int.random(in: keys, using: &generator)
        let sign = Bool.random(using: &generator) ? 1.0 : -1.0
        return TrainingPair(note: MIDINote(number: key)!, cents: sign * tracks[key]!.delta, kind: .nearby)
    }

    mutating func answer(_ pair: TrainingPair, heard: PitchDirection) -> Bool {
        let correct = heard == pair.direction
        let key = pair.note.number
        if correct {
            tracks[key]!.correctInARow += 1
            if tracks[key]!.correctInARow == 2 {
                tracks[key]!.correctInARow = 0
                tracks[key]!.step(-1)
            }
        } else {
            tracks[key]!.correctInARow = 0
            tracks[key]!.step(+1)
        }
        return correct
    }

    func estimates(_ keys: ClosedRange<Int>) -> [KeyEstimate] {
        keys.map { KeyEstimate(logThreshold: log(tracks[$0]!.estimate)) }
    }
}
