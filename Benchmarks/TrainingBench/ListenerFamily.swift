import Glibc
import PeachTraining

/// The widened population (issue #22): for each drawn kind, a listener drawn
/// at random per seed from a family of curves and functions, so that no one
/// curve shape fits them all. Every listener has a level (a multiple of the
/// musician curve) and a smooth individual deviation of random size and
/// length; each kind adds what real musicians show:
///
/// - `steepEnds`: thresholds rising 3–5× beyond the usual curve towards one
///   or both ends of the keyboard, from a random point: a string player
///   below their instrument's range, a singer outside a narrow comfortable range;
/// - `patchy`: two to four narrow weak spots of different widths and depths,
///   beside one to three better-than-average patches;
/// - `sloppy`: a shallow psychometric slope (β 0.6–0.8), a response bias
///   towards one answer (|c| 0.2–0.5) and more lapses (5–10%);
/// - `keyLearner`: improves 3–6-fold, only 20–50% of it transferring to
///   every key: the keys they train improve faster.
struct ListenerFamily {
    /// ln θ above the musician curve, per key.
    var logOffsets: [Double]
    var lapse = 0.03, slope = 1.0, bias = 0.0
    var learning: SimulatedListener.Learning?

    static func draw(_ kind: SimulatedListener.Kind, keys: ClosedRange<Int>, generator g: inout SeededGenerator) -> ListenerFamily {
        func uniform(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &g) }
        let level = kind == .keyLearner ? log(uniform(1...2)) : log(uniform(2...6))
        let deviation = SimulatedListener.smoothDeviation(count: keys.count, sd: uniform(0.1...0.25), length: uniform(3...6), generator: &g)
        var family = ListenerFamily(logOffsets: deviation.map { $0 + level })
        let notes = keys.map(Double.init)
        switch kind {
        case .steepEnds:
            // Both ends (a singer), or the low or the high end alone (a string player).
            let ends = Int.random(in: 0..<10, using: &g)
            let low = ends < 7, high = ends < 4 || ends >= 7
            if low {
                let start = uniform(45...56), height = log(uniform(3...5)), power = uniform(1...2)
                for (index, x) in notes.enumerated() where x < start {
                    family.logOffsets[index] += height * pow((start - x) / (start - Double(keys.lowerBound)), power)
                }
            }
            if high {
                let start = uniform(78...88), height = log(uniform(3...5)), power = uniform(1...2)
                for (index, x) in notes.enumerated() where x > start {
                    family.logOffsets[index] += height * pow((x - start) / (Double(keys.upperBound) - start), power)
                }
            }
        case .patchy:
            var centres: [Double] = []
            func centre() -> Double {
                while true {
                    let candidate = Double(Int.random(in: keys, using: &g))
                    if centres.allSatisfy({ abs($0 - candidate) >= 5 }) { centres.append(candidate); return candidate }
                }
            }
            func add(centre: Double, width: Double, factor: Double) {
                for (index, x) in notes.enumerated() {
                    family.logOffsets[index] += log(factor) * exp(-(x - centre) * (x - centre) / (2 * width * width))
                }
            }
            for _ in 0..<Int.random(in: 2...4, using: &g) {
                add(centre: centre(), width: uniform(0.7...3), factor: exp(uniform(log(1.5)...log(3))))
            }
            for _ in 0..<Int.random(in: 1...3, using: &g) {
                add(centre: centre(), width: uniform(1.5...4), factor: uniform(0.5...0.75))
            }
        case .sloppy:
            family.slope = uniform(0.6...0.8)
            family.bias = (Bool.random(using: &g) ? 1 : -1) * uniform(0.2...0.5)
            family.lapse = uniform(0.05...0.1)
        case .keyLearner:
            // The offsets are the long-run thresholds; a learner starts `ratio` times above them.
            family.learning = .init(ratio: uniform(3...6), share: uniform(0.2...0.5), time: uniform(1500...3000), reach: uniform(1...3))
        default:
            break
        }
        return family
    }
}
