import Glibc
import PeachAudio
import PeachHost
import PeachMusic
import PeachTraining

/// `--profile KIND SLIDER SEED`: one Peach run, printing the true and estimated
/// threshold of every key (with the 80% band and answers there) and the weakest
/// spots Peach names at each checkpoint.
enum Diagnostics {
    static func printProfile(kind: SimulatedListener.Kind, slider: Double, seed: UInt64) {
        let keys = Protocol.keys
        var listener = SimulatedListener(ListenerSpec(kind: kind), keys: keys, seed: seed)
        let method = PeachMethod(keys: keys, slider: slider, seed: seed)
        var counts = [Int](repeating: 0, count: 128)
        for answers in 1...Protocol.answers {
            let pair = method.nextPair()
            counts[pair.note.number] += 1
            _ = method.answer(pair, heard: listener.answer(pair))
            guard Protocol.checkpoints.contains(answers) else { continue }
            let profile = method.session.profile
            print("\n\(kind.rawValue), slider \(slider), seed \(seed), after \(answers) answers: slope β = \(Report.fixed(profile.function.slope)) (true "
                  + "\(Report.fixed(listener.slope))), lapse λ = \(Report.fixed(profile.function.lapse, 3)) (true \(Report.fixed(listener.lapse, 3))), bias c = "
                  + "\(Report.signed(profile.function.bias)) (true \(Report.signed(listener.bias))), memory \(Int(profile.memory)), local prior SD = \(Report.fixed(profile.prior.localSD))")
            let estimates = method.estimates(keys)
            let windowStart = keys.lowerBound - profile.window.lowerBound
            let spots = profile.unexplainedSpots()
            let rows = zip(keys, estimates).map { key, estimate -> [String] in
                let spot = spots[windowStart + key - keys.lowerBound]
                let truth = log(listener.threshold(key))
                let inside = estimate.band80!.contains(truth) ? "" : "outside 80%"
                return [MIDINote(number: key)!.name, Report.fixed(exp(truth), 1), Report.fixed(exp(estimate.logThreshold), 1),
                        Report.fixed(exp(estimate.band80!.lowerBound), 1) + "–" + Report.fixed(exp(estimate.band80!.upperBound), 1),
                        Report.signed(estimate.logThreshold - truth), "\(counts[key])",
                        Report.fixed(exp(estimate.logAboveCurve!), 2), Report.signed(spot.height) + " ± " + Report.fixed(spot.sd, 2), inside]
            }
            Report.printTable(header: ["key", "true θ", "θ̂", "80% band", "ln error", "pairs", "above curve", "unexplained", ""], rows: rows)
            let named = Protocol.namedSpots(estimates).prefix(Protocol.flaggedCount)
            print("weakest spots named: " + named.map { MIDINote(number: $0)!.name }.joined(separator: ", "))
        }
    }

    /// `--spots SLIDER SEEDS`: the weak-spot listener for 1000 answers per
    /// seed, printing the spots Peach names, whether both true spots are among
    /// the first five, the pairs played within ±2 keys of each spot, the
    /// error of θ̂ at its centre, and the spots `SpotOracle` names from the
    /// same answers.
    static func printSpots(slider: Double, seeds: Int) {
        let keys = Protocol.keys
        let lines = Array(0..<seeds).concurrentMap { seed -> (found: Bool, oracleFound: Bool, line: String) in
            let spec = ListenerSpec(kind: .weakSpot)
            var listener = SimulatedListener(spec, keys: keys, seed: UInt64(seed))
            let method = PeachMethod(keys: keys, slider: slider, seed: UInt64(seed))
            var counts = [Int](repeating: 0, count: 128)
            var answers: [SpotOracle.Answer] = []
            for _ in 0..<Protocol.flagCheckpoint {
                let pair = method.nextPair()
                counts[pair.note.number] += 1
                let correct = method.answer(pair, heard: listener.answer(pair))
                answers.append(.init(note: pair.note.number, cents: abs(pair.cents), correct: correct))
            }
            let oracleNamed = Array(SpotOracle(spec, keys: keys, seed: UInt64(seed)).namedSpots(answers).prefix(Protocol.flaggedCount))
            let estimates = method.estimates(keys)
            let named = Array(Protocol.namedSpots(estimates).prefix(Protocol.flaggedCount))
            let spots = SimulatedListener.weakSpots.map(\.note)
            let found = Protocol.bothSpotsFound(named)
            let near = spots.map { spot in (spot - 2...spot + 2).reduce(0) { $0 + counts[$1] } }
            let errors = spots.map { spot in
                Report.signed(estimates[spot - keys.lowerBound].logThreshold - log(listener.threshold(spot)))
            }
            func names(_ notes: [Int]) -> String { notes.map { MIDINote(number: $0)!.name }.joined(separator: ", ") }
            let oracleFound = Protocol.bothSpotsFound(oracleNamed)
            return (found, oracleFound, "seed \(seed): \(found ? "found " : "MISSED") named \(names(named)); pairs near E3/A5 \(near[0])/\(near[1]); "
                    + "ln error at E3/A5 \(errors[0])/\(errors[1]); from the answers \(oracleFound ? "found" : "MISSED") \(names(oracleNamed))")
        }
        lines.forEach { print($0.line) }
        print("found in \(lines.filter(\.found).count) of \(seeds) runs; from the answers (SpotOracle) in \(lines.filter(\.oracleFound).count)")
    }

    /// `--random-keys ANSWERS [truth]`: the weak-spot listener answering pairs
    /// on keys drawn at random, each aimed at 70–95% correct from Peach's
    /// estimate (or, with `truth`, from the true θ), for 30 seeds; prints the
    /// mean ln θ̂ − ln θ at each spot's centre and over all keys. It separates
    /// what the model does to a narrow spot from what the selector does.
    static func printRandomKeys(answers: Int, aimFromTruth: Bool) {
        let keys = Protocol.keys, seeds = 30
        let rows = Array(0..<seeds).concurrentMap { seed in
            var listener = SimulatedListener(ListenerSpec(kind: .weakSpot), keys: keys, seed: UInt64(seed))
            let profile = PerceptualProfile(window: keys)
            var generator = SeededGenerator(seed: UInt64(seed))
            for _ in 0..<answers {
                let note = MIDINote(number: Int.random(in: keys, using: &generator))!
                let theta = aimFromTruth ? listener.threshold(note.number) : profile.threshold(at: note)
                let aim = Double.random(in: 0.7...0.95, using: &generator)
                let delta = PairSelector.quantize(profile.function.delta(forProbability: aim, threshold: theta))
                let correct = listener.answer(TrainingPair(note: note, cents: delta, kind: .nearby)) == .higher
                profile.record(note: note, delta: delta, direction: .higher, correct: correct)
            }
            return keys.map { log(profile.threshold(at: MIDINote(number: $0)!)) - log(listener.threshold($0)) }
        }
        let mean = (0..<keys.count).map { index in Stats.mean(rows.map { $0[index] }) }
        let spots = SimulatedListener.weakSpots.map { MIDINote(number: $0.note)!.name + " " + Report.signed(mean[$0.note - keys.lowerBound]) }
        print("\(answers) answers on random keys, aimed from \(aimFromTruth ? "the true θ" : "Peach's estimate"), mean ln θ̂ − ln θ over \(seeds) seeds: "
              + spots.joined(separator: ", ") + ", all keys " + Report.signed(Stats.mean(mean)))
    }
}
