import PeachSupport

/// The acceptance targets of the training-profile issue, checked against the results.
enum Targets {
    static let sliders = [0.0, 0.5, 1.0]

    static func label(_ slider: Double) -> String { "slider " + (slider == 0.5 ? "0.5" : String(Int(slider))) }

    /// Accuracy and calibration targets are checked at every slider position,
    /// the training targets at slider 1, as the issue states them.
    static func evaluate(_ summaries: [Summary], ideals: [SimulatedListener.Kind: IdealObserver],
                         answer: Speed.AnswerTiming?, rebuild: Speed.RebuildTiming?) -> [Report.Target] {
        func find(_ kind: SimulatedListener.Kind, _ method: MethodSpec) -> Summary? {
            summaries.first { $0.listener == ListenerSpec(kind: kind) && $0.method == method }
        }
        let f = { (value: Double) in Report.fixed(value) }
        var targets: [Report.Target] = []
        let zest = find(.untrained, .zest)
        for slider in sliders {
            guard let peach = find(.untrained, .peach(slider: slider)) else { continue }
            let label = "untrained, " + Self.label(slider)
            for (index, (n, limit)) in [(300, 0.30), (1000, 0.22), (3000, 0.15)].enumerated() {
                let rms = peach.medianRMS(index)
                targets.append(.init(name: "RMSE ln θ after \(n), \(label)", target: "≤ \(f(limit))", measured: Report.fixed(rms, 3), passes: rms <= limit))
            }
            if let zest {
                let ratio = zest.medianRMS(1) / peach.medianRMS(1)
                targets.append(.init(name: "ZEST RMSE / Peach RMSE after 1000, \(label)", target: "≥ 1.50",
                                     measured: "\(f(zest.medianRMS(1))) / \(f(peach.medianRMS(1))) = \(f(ratio))", passes: ratio >= 1.5))
            }
        }
        for kind in [SimulatedListener.Kind.untrained, .weakSpot] {
            for slider in sliders {
                guard let peach = find(kind, .peach(slider: slider)) else { continue }
                for (index, n) in [(1, 1000), (2, 3000)] {
                    targets.append(coverage(peach, index, name: "band coverage 80%/95% after \(n), \(kind.rawValue), " + Self.label(slider)))
                }
            }
        }
        if let training = find(.untrained, .peach(slider: 1)) {
            let weak = training.weakShare(2), near = training.nearShare(2)
            targets.append(.init(name: "pairs on the weakest fifth of keys (all 3000 answers), untrained, slider 1", target: "≥ 0.35",
                                 measured: f(weak), passes: weak >= 0.35))
            targets.append(.init(name: "pairs within 0.5×–2× of θ (all 3000 answers), untrained, slider 1", target: "≥ 0.75",
                                 measured: f(near), passes: near >= 0.75))
        }
        // "The five weakest keys" read as Peach names weak spots (how far a key stands above its own curve, one name per spot);
        // the literal reading (the five largest θ̂) is shown beside it: even the true θ fails it in some runs.
        // Like the RMSE targets and every reference figure in the research the targets come from, this one
        // holds for the median run: a yes/no per run passes when most runs find both spots.
        for slider in sliders {
            guard let summary = find(.weakSpot, .peach(slider: slider)), let named = summary.weakSpotsNamed, let largest = summary.weakSpotsFlagged else { continue }
            let runs = Double(summary.detectionRuns.count)
            let measured = Report.percent(named) + " ±" + Report.percent((named * (1 - named) / runs).squareRoot())
                + " (true θ " + Report.percent(summary.weakSpotsNamedByTruth!) + ", from answers "
                + Report.percent(summary.weakSpotsNamedFromAnswers!) + "); 5 largest θ̂: "
                + Report.percent(largest) + " (true θ " + Report.percent(summary.weakSpotsFlaggedByTruth!) + ")"
            targets.append(.init(name: "both weak spots among the 5 weakest spots named after 1000, weak-spot, " + Self.label(slider),
                                 target: "median run (> 50% of \(Int(runs)))", measured: measured, passes: named > 0.5))
        }
        targets += widened(find, ideals: ideals)
        if let answer {
            targets.append(.init(name: "one answer (next pair + answer), median, \(answer.historyAnswers) answers in history", target: "≤ 1 ms",
                                 measured: Report.fixed(answer.median, 3) + " ms", passes: answer.median <= 1))
        }
        if let rebuild {
            targets.append(.init(name: "rebuild from a \(rebuild.answers)-answer history", target: "< 2 s",
                                 measured: Report.fixed(rebuild.totalSeconds, 2) + " s", passes: rebuild.totalSeconds < 2))
            targets.append(.init(name: "peak memory (RSS) after the rebuild", target: "< 100 MB",
                                 measured: Report.fixed(rebuild.peakMB, 0) + " MB", passes: rebuild.peakMB < 100))
        }
        return targets
    }

    /// Mean band coverage at a checkpoint against 0.75–0.88 (80% band) and
    /// 0.90–0.98 (95% band), each with its standard error over runs.
    static func coverage(_ peach: Summary, _ index: Int, name: String) -> Report.Target {
        let bands = [(peach.coverage80(index)!, 0.75...0.88, false), (peach.coverage95(index)!, 0.90...0.98, true)].map { value, range, band95 in
            (value: value, range: range, error: peach.coverageStandardError(index, band95: band95) ?? 0)
        }
        func outside(_ band: (value: Double, range: ClosedRange<Double>, error: Double)) -> Double {
            max(band.range.lowerBound - band.value, band.value - band.range.upperBound, 0)
        }
        return .init(name: name, target: "0.75–0.88 / 0.90–0.98",
                     measured: bands.map { Report.fixed($0.value, 3) + " ±" + Report.fixed($0.error, 3) }.joined(separator: " / "),
                     passes: bands.allSatisfy { $0.range.contains($0.value) },
                     missedWithinNoise: bands.allSatisfy { outside($0) < $0.error })
    }

    /// The targets of issue #22 on the widened population: each drawn kind at
    /// every slider position, medians over runs (coverage: the mean), with
    /// the learner listener's bands beside the drawn learners'. Beside each
    /// RMS, where the kind has one, the ideal observer's (estimating β, λ and
    /// c) reading the same answers and with the best ones: a target it misses
    /// too would need other answers, to within the observer's linearisation.
    static func widened(_ find: (SimulatedListener.Kind, MethodSpec) -> Summary?,
                        ideals: [SimulatedListener.Kind: IdealObserver]) -> [Report.Target] {
        let f = { (value: Double) in Report.fixed(value) }
        var targets: [Report.Target] = []
        for kind in SimulatedListener.Kind.allCases where kind.isDrawn || kind == .learner {
            for slider in sliders {
                guard let peach = find(kind, .peach(slider: slider)) else { continue }
                let label = kind.rawValue + ", " + Self.label(slider)
                if kind.isDrawn {
                    let rms = [peach.rmsSpread(1), peach.rmsSpread(2)], limits = [0.18, 0.12]
                    let ideal = ideals[kind].map { (given: $0.medianRMS(given: peach.runs, estimatingFunction: true), best: $0.bestEstimating.dropFirst()) }
                    let misses = zip(rms, limits).map { $0.median > $1 }
                    var measured = rms.map { Report.fixed($0.median, 3) + " ±" + Report.fixed($0.standardError, 3) }.joined(separator: " / ")
                    if let ideal {
                        measured += "; ideal: " + ideal.given.map { f($0) }.joined(separator: " / ") + " (these answers)"
                            + (ideal.best.isEmpty ? "" : ", " + ideal.best.map { f($0) }.joined(separator: " / ") + " (best)")
                    }
                    targets.append(.init(name: "RMSE ln θ after 1000 / 3000, \(label)", target: "≤ 0.18 / ≤ 0.12", measured: measured,
                                         passes: !misses.contains(true),
                                         missedWithinNoise: zip(rms, limits).allSatisfy { $0.median - $1 < $0.standardError },
                                         missedByIdeal: ideal.map { ideal in misses.indices.allSatisfy { !misses[$0] || ideal.given[$0] > limits[$0] } } ?? false))
                    if let zest = find(kind, .zest) {
                        let ratio = zest.rmsSpread(1).median / rms[0].median
                        let idealRatio = ideal.map { zest.rmsSpread(1).median / $0.given[0] }
                        targets.append(.init(name: "ZEST RMSE / Peach RMSE after 1000, \(label)", target: "≥ 2.00",
                                             measured: "\(f(zest.rmsSpread(1).median)) / \(f(rms[0].median)) = \(f(ratio))"
                                                + (idealRatio.map { "; ideal reading these answers: \(f($0))" } ?? ""),
                                             passes: ratio >= 2, missedByIdeal: idealRatio.map { $0 < 2 } ?? false))
                    }
                    for (index, n) in [(1, 1000), (2, 3000)] {
                        let spreads = [peach.biasSpread(index)] + Protocol.registers.indices.map { peach.registerBias(index, $0) }
                        let biases = spreads.map(\.median)
                        targets.append(.init(name: "bias all/low/mid/top after \(n), \(label)", target: "each within ±0.05",
                                             measured: biases.map(Report.signed).joined(separator: " / ") + " (SE ≤ " + Report.fixed(spreads.map(\.standardError).max()!) + ")",
                                             passes: biases.allSatisfy { abs($0) <= 0.05 },
                                             missedWithinNoise: spreads.allSatisfy { abs($0.median) - 0.05 < $0.standardError }))
                    }
                }
                for (index, n) in [(1, 1000), (2, 3000)] {
                    targets.append(coverage(peach, index, name: "band coverage 80%/95% after \(n), \(label)"))
                }
            }
        }
        return targets
    }
}
