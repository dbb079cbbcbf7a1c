import Glibc
import PeachAudio
import PeachHost

// The training benchmark (`make bench-training`): simulated listeners against
// Peach's real selector and profile, side by side with per-key baselines,
// then speed and memory, then the acceptance targets. Exit status 1 if any
// target fails.
//
//   TrainingBench [--seeds N] [--family-seeds N] [--no-stress] [--no-speed] [--only KIND] [--slider S] [--told-function]
//   TrainingBench --profile KIND SLIDER SEED   (one run's per-key table, for diagnosis)
//   TrainingBench --spots SLIDER SEEDS         (weak-spot detection run by run, for diagnosis)
//   TrainingBench --random-keys ANSWERS [truth] (what the model alone does to a narrow spot)
//   TrainingBench --selection KIND SLIDER SEEDS (whether keys are visited by how far their estimate errs)
//   TrainingBench --aim-check KIND [told]      (whether the share correct pairs aim at biases the profile)
//   TrainingBench --drift-check SLIDER SEEDS   (the key-learner's drift as read against its true rate)

struct Options {
    /// Runs per listener that is not drawn from a family: #22 asks every figure over at least 40.
    var seeds = 40
    /// Seeds per drawn kind (the widened population).
    var familySeeds = Protocol.familySeeds
    var stress = true
    var speed = true
    /// Only this listener type (no stress variants): quicker when tuning for one listener.
    var only: SimulatedListener.Kind?
    /// Only Peach at this slider (no baselines, no stress variants): quicker when tuning for one setting.
    var slider: Double?
    /// Peach told each listener's true β, λ and c: what estimating them costs.
    var toldFunction = false

    init(_ arguments: [String]) {
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            switch argument {
            case "--seeds": seeds = rest.popFirst().flatMap { Int($0) }.map { max($0, 1) } ?? seeds
            case "--family-seeds": familySeeds = rest.popFirst().flatMap { Int($0) }.map { max($0, 1) } ?? familySeeds
            case "--no-stress": stress = false
            case "--told-function": toldFunction = true
            case "--no-speed": speed = false
            case "--only":
                guard let kind = rest.popFirst().flatMap(SimulatedListener.Kind.init(rawValue:)) else { usage() }
                only = kind
                stress = false
            case "--slider":
                guard let value = rest.popFirst().flatMap(Double.init) else { usage() }
                slider = value
                stress = false
            case "--profile":
                guard let kind = rest.popFirst().flatMap(SimulatedListener.Kind.init(rawValue:)),
                      let slider = rest.popFirst().flatMap(Double.init), let seed = rest.popFirst().flatMap(UInt64.init) else { usage() }
                Diagnostics.printProfile(kind: kind, slider: slider, seed: seed)
                exit(0)
            case "--selection":
                guard let kind = rest.popFirst().flatMap(SimulatedListener.Kind.init(rawValue:)), !kind.learns,
                      let slider = rest.popFirst().flatMap(Double.init), let count = rest.popFirst().flatMap(Int.init) else { usage() }
                Diagnostics.printSelection(kind: kind, slider: slider, seeds: count)
                exit(0)
            case "--random-keys":
                guard let answers = rest.popFirst().flatMap(Int.init), answers > 0 else { usage() }
                Diagnostics.printRandomKeys(answers: answers, aimFromTruth: rest.first == "truth")
                exit(0)
            case "--aim-check":
                guard let kind = rest.popFirst().flatMap(SimulatedListener.Kind.init(rawValue:)), !kind.learns else { usage() }
                Diagnostics.printAimCheck(kind: kind, told: rest.first == "told")
                exit(0)
            case "--drift-check":
                guard let slider = rest.popFirst().flatMap(Double.init), let count = rest.popFirst().flatMap(Int.init), count > 0 else { usage() }
                Diagnostics.printDriftCheck(slider: slider, seeds: count)
                exit(0)
            case "--spots":
                guard let slider = rest.popFirst().flatMap(Double.init), let count = rest.popFirst().flatMap(Int.init) else { usage() }
                Diagnostics.printSpots(slider: slider, seeds: count)
                exit(0)
            default: usage()
            }
        }
    }
}

func usage() -> Never {
    progress("usage: TrainingBench [--seeds N] [--family-seeds N] [--no-stress] [--no-speed] [--only KIND] [--slider S] [--told-function]\n       TrainingBench --profile "
             + SimulatedListener.Kind.allCases.map(\.rawValue).joined(separator: "|") + " SLIDER SEED\n"
             + "       TrainingBench --spots SLIDER SEEDS\n       TrainingBench --selection KIND SLIDER SEEDS\n       TrainingBench --random-keys ANSWERS [truth]\n"
             + "       TrainingBench --aim-check KIND [told]\n       TrainingBench --drift-check SLIDER SEEDS\n")
    exit(2)
}

let options = Options(CommandLine.arguments)
let clock = ContinuousClock()
let started = clock.now
print("Peach training benchmark: keys C2–C7 (MIDI \(Protocol.keys.lowerBound)–\(Protocol.keys.upperBound)), \(Protocol.answers) answers per run, \(options.seeds) seeds per listener and method,"
      + " \(options.familySeeds) per drawn kind (steep-ends, patchy, sloppy, key-learner: a listener drawn at random per seed)")
print("RMSE: median over seeds of the RMS of ln θ̂ − ln θ over the keys; bias: mean signed error; coverage: mean share of keys whose band holds θ.")
print("weak: share of pairs on the \(Protocol.weakestCount) keys with the largest true θ; near: share with 0.5 ≤ |Δ|/θ ≤ 2; correct: share answered")
print("correctly (each over the first 1000 / all 3000 answers). N25,90: answers until ≥ 90% of keys are within 25% of θ (checked every")
print("\(Protocol.convergenceInterval)), median over seeds and share of runs reaching it by \(Protocol.answers). Spots: both weak spots (E3, A5, ±1 key)")
print("among the 5 largest estimates, and among the first 5 spots Peach names (by how far a key stands above its own curve, one key per spot), after 1000")
print("answers (in brackets: the same test on the true θ; and \"from answers\": on what a detector told the listener's true curve without its spots")
print("names from the same answers, which shows what those answers hold), over \(Protocol.detectionSeeds) seeds: a yes/no per run needs more runs. z-RMS: median RMS of the error in units")
print("of the posterior SD implied by the 95% band (about 1 if calibrated). Baselines choose keys uniformly at random.")
print("RMSE and bias at 1000 and 3000: median over runs (10th…90th percentile); bias per register: median over runs of the mean signed error")
print("in the lowest octave (C2–B2), the middle (C3–B5) and the top octave (C6–C7).")
print("Targets show ± one standard error over seeds (a median's from its order statistics); FAIL (< 1 SE) marks one missed by less than that,")
print("and FAIL (ideal too) one that the ideal observer below, estimating β, λ and c from the same answers, misses as well.")
print("The weak-spot target holds for the median run, like the RMSE targets.")

if options.toldFunction { print("Peach is told each listener's true β, λ and c (--told-function): what estimating them costs.") }

// Speed first, while nothing else runs and before the simulations touch memory.
var answerTiming: Speed.AnswerTiming?
var rebuildTiming: Speed.RebuildTiming?
if options.speed {
    progress("timing the rebuild and one answer...\n")
    do {
        rebuildTiming = try Speed.rebuild()
    } catch {
        print("rebuild benchmark failed: \(error)")
    }
    answerTiming = Speed.oneAnswer()
}

let methods: [MethodSpec] = options.slider.map { [.peach(slider: $0)] } ?? Targets.sliders.map { .peach(slider: $0) } + [.staircase, .zest]
let nominal = SimulatedListener.Kind.allCases.filter { options.only == nil || $0 == options.only }.map { ListenerSpec(kind: $0) }
let stress: [ListenerSpec] = options.stress ? [
    ListenerSpec(kind: .untrained, lapse: 0), ListenerSpec(kind: .untrained, lapse: 0.06),
    ListenerSpec(kind: .untrained, slope: 0.7), ListenerSpec(kind: .untrained, slope: 1.4),
    ListenerSpec(kind: .untrained, bias: 0.3),
] : []
let stressMethods: [MethodSpec] = [.peach(slider: 0.5), .zest]

var jobs: [Runner.Job] = []
for listener in nominal {
    for method in methods {
        for seed in 0..<(listener.kind.isDrawn ? options.familySeeds : options.seeds) {
            jobs.append(.init(listener: listener, method: method, seed: UInt64(seed), toldFunction: options.toldFunction))
        }
    }
}
for listener in stress {
    for method in stressMethods {
        for seed in 0..<options.seeds { jobs.append(.init(listener: listener, method: method, seed: UInt64(seed), toldFunction: options.toldFunction)) }
    }
}
let mainJobCount = jobs.count
if nominal.contains(ListenerSpec(kind: .weakSpot)) {
    for method in methods {
        for seed in options.seeds..<max(options.seeds, Protocol.detectionSeeds) {
            jobs.append(.init(listener: ListenerSpec(kind: .weakSpot), method: method, seed: UInt64(seed), answers: Protocol.flagCheckpoint,
                              toldFunction: options.toldFunction))
        }
    }
}
progress("simulating \(jobs.count) runs...\n")
let results = Runner.runAll(jobs)

var summaries: [Summary] = []
for listener in nominal + stress {
    for method in listener.isNominal ? methods : stressMethods {
        func runs(_ part: Range<Int>) -> [RunResult] {
            zip(jobs[part], results[part]).filter { $0.0.listener == listener && $0.0.method == method }.map(\.1)
        }
        summaries.append(Summary(listener: listener, method: method, runs: runs(0..<mainJobCount),
                                 detectionOnlyRuns: runs(mainJobCount..<jobs.count)))
    }
}
// What any method could read, for the drawn kinds: under their tables and beside their targets.
let ideals = Dictionary(uniqueKeysWithValues: nominal.compactMap { listener in
    IdealObserver(listener.kind, seeds: 0..<options.familySeeds).map { (listener.kind, $0) }
})
for listener in nominal {
    Report.printListenerTable(summaries.filter { $0.listener == listener }, ideal: ideals[listener.kind])
}
if !stress.isEmpty { Report.printStressTable(summaries.filter { !$0.listener.isNominal }) }
if let answerTiming, let rebuildTiming { Report.printSpeed(answer: answerTiming, rebuild: rebuildTiming) }

let allPass = Report.printTargets(Targets.evaluate(summaries, ideals: ideals, answer: answerTiming, rebuild: rebuildTiming))
print("\nTotal time \(Int((clock.now - started).seconds)) s")
exit(allPass ? 0 : 1)
