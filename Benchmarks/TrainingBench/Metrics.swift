import Glibc
import PeachAudio
import PeachHost
import PeachReports
import PeachSupport
import PeachTraining

/// The benchmark's protocol constants (research notes, section 6).
enum Protocol {
    static let keys = 36...96  // C2...C7
    static let checkpoints = [300, 1000, 3000]
    static var answers: Int { checkpoints.last! }
    /// The 25% criterion is checked this often.
    static let convergenceInterval = 20
    static let tolerance25 = log(1.25)
    /// The weakest fifth of the keys.
    static var weakestCount: Int { Int((Double(keys.count) / 5).rounded()) }
    /// The weak-spot listener's weak spots count as found if a key this close is flagged.
    static let weakSpotReach = 1
    static let flaggedCount = 5
    static let flagCheckpoint = 1000
    /// Found or not is one yes/no per run, so it takes more runs than the
    /// other figures to be precise (±4 points at 100); the extra runs stop at
    /// `flagCheckpoint`.
    static let detectionSeeds = 100
    /// Runs per drawn kind (the widened population): each is a different
    /// listener, so figures need their spread, and a register's median bias
    /// over 40 runs is known only to ±0.02–0.06, too little to judge ±0.05.
    static let familySeeds = 120
    /// Where the bias is reported apart: the lowest octave, the middle, the top octave.
    static let registers: [(name: String, keys: ClosedRange<Int>)] = [("low", 36...47), ("mid", 48...83), ("top", 84...96)]

    /// The spots named from these estimates at `keys`, as `ProfileReport.weakestSpots` names them:
    /// by how far each key stands above the method's own curve where it fits one (Peach),
    /// register for register otherwise (the baselines, the truth).
    static func namedSpots(_ estimates: [KeyEstimate]) -> [Int] {
        ProfileReport.weakestSpots(zip(keys, estimates).map { ($0, exp($1.logThreshold), $1.logAboveCurve.map(exp)) })
    }

    /// Whether both of the weak-spot listener's spots have a key within reach among the first `flaggedCount` of `flagged`.
    static func bothSpotsFound(_ flagged: [Int]) -> Bool {
        SimulatedListener.weakSpots.allSatisfy { spot in flagged.prefix(flaggedCount).contains { abs($0 - spot.note) <= weakSpotReach } }
    }
}

/// What one run (one listener, one method, one seed) measured.
struct RunResult: Sendable {
    /// At each checkpoint: RMS of (ln θ̂ − ln θ) over the keys, the mean signed error,
    /// and the share of keys whose 80% and 95% bands hold the truth (nil without bands).
    var rms: [Double] = []
    var bias: [Double] = []
    /// The mean signed error in each of `Protocol.registers`, per checkpoint.
    var registerBias: [[Double]] = []
    var coverage80: [Double?] = []
    var coverage95: [Double?] = []
    /// RMS over the keys of the error in units of the posterior SD implied by the 95% band
    /// (width / 3.92): about 1 when the bands are calibrated, above 1 when they are too narrow.
    var standardizedRMS: [Double?] = []
    /// At each checkpoint: what the answers so far tell at the listener's true
    /// function (`IdealObserver`).
    var information: [AnswerInformation] = []
    /// Shares over the answers up to each checkpoint.
    var weakShare: [Double] = []
    var nearShare: [Double] = []
    var correctShare: [Double] = []
    /// First answer count (checked every 20) at which ≥ 90% of keys are within 25% of the truth.
    var answersTo25: Int?
    /// Weak-spot listener only: both weak spots (±1 key) among the five largest estimates after 1000 answers.
    var weakSpotsFlagged: Bool?
    /// The same test applied to the true thresholds: whether the criterion can be met at all.
    var weakSpotsFlaggedByTruth: Bool?
    /// The same with the five weakest spots as Peach names them (`ProfileReport.weakestSpots`):
    /// by how far a key stands above the listener's own curve (register for register
    /// for the baselines and the truth), the keys around a weaker key counted as its spot.
    var weakSpotsNamed: Bool?
    var weakSpotsNamedByTruth: Bool?
    /// The same with the spots a detector told the true curve names from this run's answers (`SpotOracle`).
    var weakSpotsNamedFromAnswers: Bool?
    /// ln θ̂ − ln θ at the centre of each weak spot after 1000 answers.
    var weakSpotErrors: [Double]?
}

/// Accumulates the measurements of one run as the answers come in.
struct RunRecorder {
    private(set) var result = RunResult()
    private var pairs = 0.0, weak = 0.0, near = 0.0, correct = 0.0

    /// One pair, before it is answered: `theta` is the listener's threshold at its key now.
    mutating func pair(_ cents: Double, key: Int, theta: Double, weakest: Set<Int>) {
        pairs += 1
        if weakest.contains(key) { weak += 1 }
        let ratio = abs(cents) / theta
        if ratio >= 0.5 && ratio <= 2 { near += 1 }
    }

    mutating func answered(correct isCorrect: Bool) {
        if isCorrect { correct += 1 }
    }

    /// Checks the 25% criterion; `estimates` and `truths` are over the keys, in ln cents.
    mutating func checkConvergence(after answers: Int, estimates: [KeyEstimate], truths: [Double]) {
        guard result.answersTo25 == nil else { return }
        let within = zip(estimates, truths).filter { abs($0.logThreshold - $1) <= Protocol.tolerance25 }.count
        if Double(within) >= 0.9 * Double(truths.count) { result.answersTo25 = answers }
    }

    mutating func checkpoint(estimates: [KeyEstimate], truths: [Double], information: AnswerInformation) {
        result.information.append(information)
        let errors = zip(estimates, truths).map { $0.logThreshold - $1 }
        result.rms.append((errors.reduce(0) { $0 + $1 * $1 } / Double(errors.count)).squareRoot())
        result.bias.append(errors.reduce(0, +) / Double(errors.count))
        result.registerBias.append(Protocol.registers.map { register in
            Stats.mean(register.keys.map { errors[$0 - Protocol.keys.lowerBound] })
        })
        func coverage(_ band: (KeyEstimate) -> ClosedRange<Double>?) -> Double? {
            guard band(estimates[0]) != nil else { return nil }
            return Double(zip(estimates, truths).filter { band($0)!.contains($1) }.count) / Double(truths.count)
        }
        result.coverage80.append(coverage(\.band80))
        result.coverage95.append(coverage(\.band95))
        if estimates[0].band95 != nil {
            let z = zip(errors, estimates).map { $0 / (($1.band95!.upperBound - $1.band95!.lowerBound) / 3.92) }
            result.standardizedRMS.append((z.reduce(0) { $0 + $1 * $1 } / Double(z.count)).squareRoot())
        } else {
            result.standardizedRMS.append(nil)
        }
        result.weakShare.append(weak / pairs)
        result.nearShare.append(near / pairs)
        result.correctShare.append(correct / pairs)
    }

    /// Whether each weak spot has a key within reach among the `Protocol.flaggedCount` largest estimates,
    /// and among the first `Protocol.flaggedCount` spots Peach names (and `SpotOracle` names from the answers);
    /// and how far off the estimate is at each.
    mutating func checkWeakSpots(estimates: [KeyEstimate], truths: [Double], namedFromAnswers: [Int]) {
        func largest(_ values: [Double]) -> [Int] { zip(Protocol.keys, values).sorted { $0.1 > $1.1 }.map(\.0) }
        let logEstimates = estimates.map(\.logThreshold)
        result.weakSpotsFlagged = Protocol.bothSpotsFound(largest(logEstimates))
        result.weakSpotsFlaggedByTruth = Protocol.bothSpotsFound(largest(truths))
        result.weakSpotsNamed = Protocol.bothSpotsFound(Protocol.namedSpots(estimates))
        result.weakSpotsNamedByTruth = Protocol.bothSpotsFound(Protocol.namedSpots(truths.map { KeyEstimate(logThreshold: $0) }))
        result.weakSpotsNamedFromAnswers = Protocol.bothSpotsFound(namedFromAnswers)
        result.weakSpotErrors = SimulatedListener.weakSpots.map { spot in
            let index = spot.note - Protocol.keys.lowerBound
            return logEstimates[index] - truths[index]
        }
    }
}

/// One listener and one method over all seeds.
struct Summary {
    var listener: ListenerSpec
    var method: MethodSpec
    var runs: [RunResult]
    /// Runs to 1000 answers only, beyond `runs`, for the weak-spot figures (`Protocol.detectionSeeds`).
    var detectionOnlyRuns: [RunResult] = []

    /// Every run that reached the weak-spot check.
    var detectionRuns: [RunResult] { runs + detectionOnlyRuns }

    func medianRMS(_ checkpoint: Int) -> Double { Stats.median(runs.map { $0.rms[checkpoint] }) }
    /// Median over runs, and the 10th and 90th percentiles: every run is another listener for the drawn kinds.
    func rmsSpread(_ checkpoint: Int) -> Spread { Spread(runs.map { $0.rms[checkpoint] }) }
    func biasSpread(_ checkpoint: Int) -> Spread { Spread(runs.map { $0.bias[checkpoint] }) }
    /// Median over runs of each run's mean signed error in `Protocol.registers[register]`.
    func registerBias(_ checkpoint: Int, _ register: Int) -> Spread { Spread(runs.map { $0.registerBias[checkpoint][register] }) }
    func coverage80(_ checkpoint: Int) -> Double? { runs[0].coverage80[checkpoint] == nil ? nil : Stats.mean(runs.map { $0.coverage80[checkpoint]! }) }
    func coverage95(_ checkpoint: Int) -> Double? { runs[0].coverage95[checkpoint] == nil ? nil : Stats.mean(runs.map { $0.coverage95[checkpoint]! }) }
    /// Standard error of the mean coverage over seeds (runs are independent; keys within a run are not).
    func coverageStandardError(_ checkpoint: Int, band95: Bool) -> Double? {
        let values = runs.compactMap { band95 ? $0.coverage95[checkpoint] : $0.coverage80[checkpoint] }
        guard values.count > 1 else { return nil }
        return (Stats.sampleVariance(values) / Double(values.count)).squareRoot()
    }
    func standardizedRMS(_ checkpoint: Int) -> Double? {
        runs[0].standardizedRMS[checkpoint] == nil ? nil : Stats.median(runs.map { $0.standardizedRMS[checkpoint]! })
    }
    func weakShare(_ checkpoint: Int) -> Double { Stats.mean(runs.map { $0.weakShare[checkpoint] }) }
    func nearShare(_ checkpoint: Int) -> Double { Stats.mean(runs.map { $0.nearShare[checkpoint] }) }
    func correctShare(_ checkpoint: Int) -> Double { Stats.mean(runs.map { $0.correctShare[checkpoint] }) }

    /// Median answers to the 25% criterion (nil: the median run did not reach it), and the share of runs that did.
    var answersTo25: (median: Int?, reached: Double) {
        let sorted = runs.map { $0.answersTo25 ?? Int.max }.sorted()
        let median = sorted[(sorted.count - 1) / 2]
        return (median == Int.max ? nil : median, Double(sorted.filter { $0 != Int.max }.count) / Double(sorted.count))
    }

    var weakSpotsFlagged: Double? { share(\.weakSpotsFlagged) }
    var weakSpotsFlaggedByTruth: Double? { share(\.weakSpotsFlaggedByTruth) }
    var weakSpotsNamed: Double? { share(\.weakSpotsNamed) }
    var weakSpotsNamedByTruth: Double? { share(\.weakSpotsNamedByTruth) }
    var weakSpotsNamedFromAnswers: Double? { share(\.weakSpotsNamedFromAnswers) }
    /// Mean ln θ̂ − ln θ at each weak spot's centre.
    var weakSpotErrors: [Double]? {
        let errors = detectionRuns.compactMap(\.weakSpotErrors)
        return errors.first.map { first in first.indices.map { index in Stats.mean(errors.map { $0[index] }) } }
    }

    private func share(_ flag: KeyPath<RunResult, Bool?>) -> Double? {
        let runs = detectionRuns
        return runs[0][keyPath: flag] == nil ? nil : Double(runs.filter { $0[keyPath: flag]! }.count) / Double(runs.count)
    }
}

/// A figure over runs: its median, the 10th and 90th percentiles, and the
/// median's standard error.
struct Spread {
    var median, low, high: Double
    /// Half the span between the order statistics at ranks n/2 ∓ √n/2, which
    /// hold the median's ±1 SE interval for any distribution (the median's
    /// rank is binomial). Over 120 runs about ±0.01–0.03 for a bias: a cell
    /// that misses its limit by less can pass on another set of runs.
    var standardError: Double

    init(_ values: [Double]) {
        (median, low, high) = (Stats.median(values), Stats.quantile(values, 0.1), Stats.quantile(values, 0.9))
        // The k-th smallest and the k-th largest, k = ⌈n/2 − √n/2⌉ (at least 1).
        let sorted = values.sorted(), n = Double(values.count)
        let k = max(Int((n / 2 - n.squareRoot() / 2).rounded(.up)), 1)
        standardError = (sorted[values.count - k] - sorted[k - 1]) / 2
    }
}

enum Stats {
    static func median(_ values: [Double]) -> Double { values.median! }

    static func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(values.count) }

    /// The unbiased sample variance (n − 1 in the denominator); needs two values or more.
    static func sampleVariance(_ values: [Double]) -> Double {
        let average = mean(values)
        return values.reduce(0) { $0 + ($1 - average) * ($1 - average) } / Double(values.count - 1)
    }

    /// The value below which `share` of `values` lies (nearest rank).
    static func quantile(_ values: [Double], _ share: Double) -> Double {
        let sorted = values.sorted()
        return sorted[min(Int((share * Double(sorted.count)).rounded(.up)) - 1, sorted.count - 1)]
    }
}
