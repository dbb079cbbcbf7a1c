import Glibc
import PeachHost

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
            print("\n\(kind.rawValue), slider \(slider), seed \(seed), after \(answers) answers: slope β = \(Report.fixed(profile.function.slope)), "
                  + "local prior SD = \(Report.fixed(profile.prior.localSD))")
            let estimates = method.estimates(keys)
            let rows = zip(keys, estimates).map { key, estimate -> [String] in
                let truth = log(listener.threshold(key))
                let inside = estimate.band80!.contains(truth) ? "" : "outside 80%"
                return [MIDINote(number: key)!.name, Report.fixed(exp(truth), 1), Report.fixed(exp(estimate.logThreshold), 1),
                        Report.fixed(exp(estimate.band80!.lowerBound), 1) + "–" + Report.fixed(exp(estimate.band80!.upperBound), 1),
                        Report.signed(estimate.logThreshold - truth), "\(counts[key])", inside]
            }
            Report.printTable(header: ["key", "true θ", "θ̂", "80% band", "ln error", "pairs", ""], rows: rows)
            let named = ProfileReport.weakestSpots(zip(keys, estimates).map { ($0, exp($1.logThreshold)) }).prefix(Protocol.flaggedCount)
            print("weakest spots named: " + named.map { MIDINote(number: $0)!.name }.joined(separator: ", "))
        }
    }
}
