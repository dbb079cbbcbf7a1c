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
                  + "\(Report.signed(profile.function.bias)) (true \(Report.signed(listener.bias))), memory \(Int(profile.memory)), drift \(Report.signed(profile.driftPerThousand)) per 1000, local prior SD = \(Report.fixed(profile.prior.localSD))")
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

    /// `--selection KIND SLIDER SEEDS`: whether the selector visits keys by
    /// how far their estimate errs. Every 100 answers from 200 to 900, each
    /// key's ln θ̂ − ln θ is taken and the pairs it gets in the next 100
    /// answers counted, with how its error changes meanwhile; keys are grouped
    /// by that error. Then the error after 1000 answers by the pairs a key got
    /// in the last 300, the median bias per register and RMS, the share of
    /// pairs on the truly weakest fifth of keys, and the slope and lapses the
    /// profile chose (to tell a selection effect from a misjudged function).
    static func printSelection(kind: SimulatedListener.Kind, slider: Double, seeds: Int) {
        let keys = Protocol.keys, step = 100, answers = Protocol.flagCheckpoint
        let edges = [-0.15, -0.05, 0.05, 0.15]
        func group(_ error: Double) -> Int { edges.firstIndex { error < $0 } ?? edges.count }
        struct Visit { var error: Double, pairs: Int, change: Double }
        struct Final { var error: Double, latePairs: Int }
        struct Run { var visits: [Visit] = [], final: [Final] = [], registers: [Double] = [], weakShare = 0.0, slope = 0.0, lapse = 0.0 }
        let runs = Array(0..<seeds).concurrentMap { seed -> Run in
            var listener = SimulatedListener(ListenerSpec(kind: kind), keys: keys, seed: UInt64(seed))
            let method = PeachMethod(keys: keys, slider: slider, seed: UInt64(seed))
            var counts = [Int](repeating: 0, count: 128), late = [Int](repeating: 0, count: 128)
            var run = Run(), before: [Double] = []
            let weakest = listener.weakestKeys(Protocol.weakestCount)
            func errors() -> [Double] { zip(keys, method.estimates(keys)).map { $1.logThreshold - log(listener.threshold($0)) } }
            for answer in 1...answers {
                let pair = method.nextPair()
                counts[pair.note.number] += 1
                if weakest.contains(pair.note.number) { run.weakShare += 1 / Double(answers) }
                if answer > answers - 300 { late[pair.note.number] += 1 }
                _ = method.answer(pair, heard: listener.answer(pair))
                guard answer % step == 0, answer >= 200 else { continue }
                let now = errors()
                if !before.isEmpty {
                    for index in before.indices {
                        run.visits.append(Visit(error: before[index], pairs: counts[keys.lowerBound + index], change: now[index] - before[index]))
                    }
                }
                before = answer < answers ? now : []
                counts = [Int](repeating: 0, count: 128)
                if answer == answers {
                    (run.slope, run.lapse) = (method.session.profile.function.slope, method.session.profile.function.lapse)
                    run.final = now.indices.map { Final(error: now[$0], latePairs: late[keys.lowerBound + $0]) }
                    run.registers = Protocol.registers.map { register in Stats.mean(register.keys.map { key in now[key - keys.lowerBound] }) }
                }
            }
            return run
        }
        print("\(kind.rawValue), slider \(slider), \(seeds) runs: keys grouped by ln θ̂ − ln θ, 200–900 answers, with the pairs each got in the next \(step)")
        let visits = runs.flatMap(\.visits)
        let labels = ["below −0.15", "−0.15…−0.05", "−0.05…+0.05", "+0.05…+0.15", "above +0.15"]
        let rows = labels.indices.map { index -> [String] in
            let members = visits.filter { group($0.error) == index }
            return [labels[index], Report.fixed(Double(members.count) / Double(visits.count)),
                    Report.fixed(Stats.mean(members.map { Double($0.pairs) })), Report.signed(Stats.mean(members.map(\.change)))]
        }
        Report.printTable(header: ["error", "share of keys", "pairs per key", "error's change"], rows: rows)
        let finals = runs.flatMap(\.final)
        let byPairs = [0...1, 2...4, 5...9, 10...Int.max].map { span -> [String] in
            let members = finals.filter { span.contains($0.latePairs) }
            return ["\(span.lowerBound)" + (span.upperBound == Int.max ? "+" : "–\(span.upperBound)"), Report.fixed(Double(members.count) / Double(finals.count)),
                    members.isEmpty ? "" : Report.signed(Stats.mean(members.map(\.error)))]
        }
        print("after \(answers) answers, keys by the pairs they got in the last 300:")
        Report.printTable(header: ["pairs", "share of keys", "mean ln error"], rows: byPairs)
        let bias = Protocol.registers.indices.map { index in Report.signed(Stats.median(runs.map { $0.registers[index] })) }
        print("median bias after \(answers) (low / mid / top): " + bias.joined(separator: " / ")
              + ", overall " + Report.signed(Stats.median(runs.map { Stats.mean($0.final.map(\.error)) }))
              + "; RMS " + Report.fixed(Stats.median(runs.map { Stats.mean($0.final.map { $0.error * $0.error }).squareRoot() }))
              + "; pairs on the weakest fifth " + Report.fixed(Stats.median(runs.map(\.weakShare)))
              + "; β̂ " + Report.fixed(Stats.median(runs.map(\.slope))) + ", λ̂ " + Report.fixed(Stats.median(runs.map(\.lapse)), 3))
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
            answerOnRandomKeys(answers, listener: &listener, profile: profile, generator: &generator, aimFromTruth: aimFromTruth) { _, g in
                (Double.random(in: 0.7...0.95, using: &g), .higher)
            }
            return keys.map { log(profile.threshold(at: MIDINote(number: $0)!)) - log(listener.threshold($0)) }
        }
        let mean = (0..<keys.count).map { index in Stats.mean(rows.map { $0[index] }) }
        let spots = SimulatedListener.weakSpots.map { MIDINote(number: $0.note)!.name + " " + Report.signed(mean[$0.note - keys.lowerBound]) }
        print("\(answers) answers on random keys, aimed from \(aimFromTruth ? "the true θ" : "Peach's estimate"), mean ln θ̂ − ln θ over \(seeds) seeds: "
              + spots.joined(separator: ", ") + ", all keys " + Report.signed(Stats.mean(mean)))
    }

    /// `--drift-check SLIDER SEEDS`: the key-learner's drift as Peach reads it
    /// against the rate the listener is improving at, after 1000 and 3000
    /// answers. The true rate is the mean over keys of how far ln θ fell over
    /// the last 200 answers, per thousand; the read one is the estimate times
    /// its weight (`driftWeight`). A rate read too low reads the listener too
    /// poor today by about the error times the answers' mean age, so a run's
    /// mean error over the keys follows the drift's error.
    static func printDriftCheck(slider: Double, seeds: Int) {
        let keys = Protocol.keys, checkpoints = [1000, 3000], span = 200
        let runs = Array(0..<seeds).concurrentMap { seed -> [(trueRate: Double, read: Double, weight: Double, bias: Double)] in
            var listener = SimulatedListener(ListenerSpec(kind: .keyLearner), keys: keys, seed: UInt64(seed))
            let method = PeachMethod(keys: keys, slider: slider, seed: UInt64(seed))
            func logThresholds() -> [Double] { keys.map { log(listener.threshold($0)) } }
            var earlier: [Double] = []
            var rows: [(trueRate: Double, read: Double, weight: Double, bias: Double)] = []
            for answers in 1...checkpoints.last! {
                let pair = method.nextPair()
                _ = method.answer(pair, heard: listener.answer(pair))
                if checkpoints.contains(answers + span) { earlier = logThresholds() }
                guard checkpoints.contains(answers) else { continue }
                let now = logThresholds(), profile = method.session.profile
                let bias = Stats.mean(zip(method.estimates(keys), now).map { $0.logThreshold - $1 })
                rows.append((Stats.mean(zip(earlier, now).map(-)) * 1000 / Double(span), profile.driftPerThousand, profile.driftWeight, bias))
            }
            return rows
        }
        print("key-learner, slider \(slider), \(seeds) seeds: the drift read against the true rate (ln θ per thousand answers)")
        for (index, answers) in checkpoints.enumerated() {
            let rows = runs.map { $0[index] }, errors = rows.map { $0.read - $0.trueRate }
            func rms(_ values: [Double]) -> String { Report.fixed(Stats.mean(values.map { $0 * $0 }).squareRoot(), 3) }
            // Least squares of the run's mean error on the drift's error: how much of the one the other explains.
            let biases = rows.map(\.bias), meanError = Stats.mean(errors), meanBias = Stats.mean(biases)
            let covariance = Stats.mean(zip(errors, biases).map { ($0 - meanError) * ($1 - meanBias) })
            let errorVariance = Stats.mean(errors.map { ($0 - meanError) * ($0 - meanError) })
            let biasVariance = Stats.mean(biases.map { ($0 - meanBias) * ($0 - meanBias) })
            print("  after \(answers): true rate \(Report.fixed(Stats.median(rows.map(\.trueRate)), 3)), read \(Report.fixed(Stats.median(rows.map(\.read)), 3)) "
                  + "(weight \(Report.fixed(Stats.median(rows.map(\.weight)))), error mean \(Report.signed(Stats.mean(errors))) RMS \(rms(errors))); "
                  + "run's mean ln error: mean \(Report.signed(meanBias)) RMS \(rms(biases)), \(Report.signed(covariance / errorVariance)) per unit of "
                  + "the drift's error, which explains \(Int((100 * covariance * covariance / (errorVariance * biasVariance)).rounded()))% of its variance")
        }
    }

    /// `--aim-check KIND [told]`: whether the share correct pairs are aimed
    /// at biases the profile, apart from how keys are chosen. Keys drawn at
    /// random, each pair aimed from Peach's estimate at a target spread as the
    /// selector spreads it, directions alternating; 120 seeds, 1000 answers;
    /// with `told`, Peach is told the listener's β, λ and c. Prints per target
    /// the median over runs of the mean ln θ̂ − ln θ, of the RMS, and of ln β̂.
    static func printAimCheck(kind: SimulatedListener.Kind, told: Bool) {
        let keys = Protocol.keys, seeds = Protocol.familySeeds, answers = Protocol.flagCheckpoint
        let spread = TrainingStyle(0).aimSpread
        print("\(kind.rawValue), \(answers) answers on random keys aimed from Peach's estimate\(told ? ", told β, λ and c" : ""), \(seeds) seeds:")
        for target in [0.72, 0.80, 0.88, 0.92] {
            let runs = Array(0..<seeds).concurrentMap { seed -> (bias: Double, rms: Double, logSlope: Double) in
                var listener = SimulatedListener(ListenerSpec(kind: kind), keys: keys, seed: UInt64(seed))
                let profile = PerceptualProfile(window: keys)
                if told { profile.heldFunction = listener.function }
                var generator = SeededGenerator(seed: UInt64(seed))
                answerOnRandomKeys(answers, listener: &listener, profile: profile, generator: &generator, aimFromTruth: false) { index, g in
                    (Double.random(in: (target - spread.lower)...(target + spread.upper), using: &g), index % 2 == 0 ? .higher : .lower)
                }
                let errors = keys.map { log(profile.threshold(at: MIDINote(number: $0)!)) - log(listener.threshold($0)) }
                return (Stats.mean(errors), Stats.mean(errors.map { $0 * $0 }).squareRoot(), log(profile.function.slope))
            }
            print("  aimed at \(Int((target * 100).rounded()))%: bias \(Report.signed(Stats.median(runs.map(\.bias)))), RMS "
                  + Report.fixed(Stats.median(runs.map(\.rms))) + ", ln β̂ " + Report.signed(Stats.median(runs.map(\.logSlope))))
        }
    }

    /// `count` answers on keys drawn at random, each at the difference where
    /// the profile's function expects the share correct `pair` draws, from
    /// Peach's estimate of θ there or the true θ, recorded in `profile`.
    private static func answerOnRandomKeys(_ count: Int, listener: inout SimulatedListener, profile: PerceptualProfile, generator: inout SeededGenerator,
                                           aimFromTruth: Bool, pair: (Int, inout SeededGenerator) -> (aim: Double, direction: PitchDirection)) {
        for index in 0..<count {
            let note = MIDINote(number: Int.random(in: Protocol.keys, using: &generator))!
            let theta = aimFromTruth ? listener.threshold(note.number) : profile.threshold(at: note)
            let (aim, direction) = pair(index, &generator)
            let delta = PairSelector.quantize(profile.function.delta(forProbability: aim, threshold: theta))
            let heard = listener.answer(TrainingPair(note: note, cents: direction.sign * delta, kind: .nearby))
            profile.record(note: note, delta: delta, direction: direction, correct: heard == direction)
        }
    }
}

