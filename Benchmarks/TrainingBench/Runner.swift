import Dispatch
import Glibc
import PeachAudio
import PeachHost
import Synchronization

/// Runs simulated listeners against each method, one independent run per
/// (listener, method, seed), spread over all cores.
enum Runner {
    struct Job: Sendable {
        var listener: ListenerSpec
        var method: MethodSpec
        var seed: UInt64
        /// Fewer than `Protocol.answers` for the extra weak-spot runs.
        var answers = Protocol.answers
        /// Peach is told the listener's true β, λ and c (`PerceptualProfile.heldFunction`).
        var toldFunction = false
    }

    /// One run of `job.answers` answers.
    static func run(_ job: Job) -> RunResult {
        let keys = Protocol.keys
        var listener = SimulatedListener(job.listener, keys: keys, seed: job.seed)
        var method = job.method.make(keys: keys, seed: job.seed)
        var recorder = RunRecorder()
        if job.toldFunction, let peach = method as? PeachMethod { peach.session.profile.heldFunction = listener.function }
        var weakest = listener.weakestKeys(Protocol.weakestCount)
        func truths() -> [Double] { keys.map { log(listener.threshold($0)) } }
        var spotAnswers: [SpotOracle.Answer] = []  // the weak-spot listener's, up to the check
        var information = AnswerInformation(keys: keys.count, learns: !listener.isStationary)
        for answers in 1...job.answers {
            let pair = method.nextPair()
            recorder.pair(pair.cents, key: pair.note.number, theta: listener.threshold(pair.note.number), weakest: weakest)
            listener.inform(&information, of: pair)
            let correct = method.answer(pair, heard: listener.answer(pair))
            recorder.answered(correct: correct)
            if job.listener.kind == .weakSpot && answers <= Protocol.flagCheckpoint {
                spotAnswers.append(.init(note: pair.note.number, cents: abs(pair.cents), correct: correct))
            }
            let isCheckpoint = Protocol.checkpoints.contains(answers)
            guard isCheckpoint || answers % Protocol.convergenceInterval == 0 else { continue }
            let estimates = method.estimates(keys), truth = truths()
            recorder.checkConvergence(after: answers, estimates: estimates, truths: truth)
            if isCheckpoint {
                listener.markNow(&information)
                recorder.checkpoint(estimates: estimates, truths: truth, information: information)
            }
            if answers == Protocol.flagCheckpoint && job.listener.kind == .weakSpot {
                let oracle = SpotOracle(job.listener, keys: keys, seed: job.seed)
                recorder.checkWeakSpots(estimates: estimates, truths: truth, namedFromAnswers: oracle.namedSpots(spotAnswers))
            }
            if !listener.isStationary { weakest = listener.weakestKeys(Protocol.weakestCount) }
        }
        return recorder.result
    }

    /// Runs every job (the costly ones first, so the cores finish together);
    /// results come back in the order of `jobs`. Progress goes to stderr.
    static func runAll(_ jobs: [Job]) -> [RunResult] {
        let order = jobs.indices.sorted { cost(jobs[$0]) > cost(jobs[$1]) }
        let results = Mutex([RunResult?](repeating: nil, count: jobs.count))
        let next = Atomic(0), done = Atomic(0)
        let clock = ContinuousClock(), start = clock.now
        let group = DispatchGroup()
        for _ in 0..<max(sysconf(Int32(_SC_NPROCESSORS_ONLN)), 1) {
            DispatchQueue.global().async(group: group) {
                while true {
                    let position = next.add(1, ordering: .relaxed).oldValue
                    guard position < jobs.count else { return }
                    let index = order[position]
                    let result = run(jobs[index])
                    results.withLock { $0[index] = result }
                    let finished = done.add(1, ordering: .relaxed).newValue
                    if finished % max(jobs.count / 20, 1) == 0 || finished == jobs.count {
                        progress("  \(finished)/\(jobs.count) runs, \(Int((clock.now - start).seconds)) s\n")
                    }
                }
            }
        }
        group.wait()
        return results.withLock { $0.map { $0! } }
    }

    /// Roughly proportional to the time a job takes: Peach's fit costs far more per answer than a per-key grid.
    private static func cost(_ job: Job) -> Int {
        if case .peach = job.method { return 10 * job.answers }
        return job.answers
    }
}

/// A line of progress on stderr, apart from the report on stdout.
func progress(_ line: String) {
    let bytes = Array(line.utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }
}
