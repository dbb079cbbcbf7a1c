import Glibc
import PeachMusic

/// The listener's perceptual profile: for every key, the smallest difference
/// in cents they hear (the threshold), with its uncertainty.
///
/// ln θ across the keyboard has a Gaussian-process prior (`KeyboardPrior`);
/// each answer adds a psychometric likelihood (`PsychometricFunction`) at its
/// key. The posterior is found by Fisher scoring and approximated by a
/// Gaussian (Laplace), which gives the bands. The slope β, lapse rate λ and
/// response bias c of the listener's psychometric function, and how far
/// single keys may stray from their neighbours, are chosen from the data by
/// comparing the model evidence on a grid. Answers fade with a time constant of
/// `memory` later answers, so the profile follows a listener who improves
/// instead of being frozen by old answers. The memory is chosen from the data
/// too: a shorter one only when it predicts the newest answers clearly better
/// (a listener who is changing), since for a steady listener it costs
/// precision. Judged the same way, a steady drift of the level (a learner
/// still improving, `Drift`) is read, in proportion to how probable it is,
/// so older answers are read against the level they were given at, and the
/// bands hold what is unknown of it.
/// Everything here can be rebuilt from the history alone by recording the
/// answers again in order.
public final class PerceptualProfile {
    public private(set) var prior: KeyboardPrior
    public private(set) var function: PsychometricFunction
    /// Answers fade as exp(−later answers / memory): the candidate in use.
    public var memory: Double { Self.memoryGrid[memoryIndex] }
    /// How fast ln θ has been falling, per thousand answers (a learner
    /// improving): the estimate times how probable the answers make a drift
    /// at all (`chooseModel`), so near 0 for a steady listener.
    public private(set) var driftPerThousand = 0.0
    /// Answers recorded so far.
    public private(set) var answerCount = 0
    /// The keys the fit covers; widened on demand, never narrowed.
    public private(set) var window: ClosedRange<Int>

    /// Every answer, per candidate memory.
    private var evidence = memoryGrid.map(FadingEvidence.init)
    /// The same without the held-out newest answers, to judge the memories by.
    private var evidenceBeforeHeldOut = memoryGrid.map(FadingEvidence.init)
    /// The newest answers (a ring, oldest at `heldOutStart`).
    private var heldOut: [FadingEvidence.Answer] = []
    private var heldOutStart = 0
    private var memoryIndex = 0
    /// How probable the held-out answers make a drift (`chooseModel`): the
    /// rate read is the estimate times this. 0 before the first test and
    /// under the short memory.
    package private(set) var driftWeight = 0.0
    private var readsDrift: Bool { driftWeight > 0 }
    /// For the training benchmark: a listener's true β, λ and c, held instead
    /// of estimated, to measure what estimating them costs. Nil in use.
    package var heldFunction: PsychometricFunction?
    /// Each key's own prior variance beyond the smooth curve (see `KeyboardPrior`).
    private var spotVariance: [Double]
    /// Stored weight of answer i is exp((i − fadeOrigin) / memory) (`FadingEvidence`).
    private var fadeOrigin = 0
    private var kernel: [Double] = []
    private var kernelFactor: Cholesky!
    private var priorMean: [Double] = []
    /// Posterior mode of ln θ over the window.
    private var logThreshold: [Double] = []
    private var cachedSD: [Double]?
    private var cachedConditionalSD: [Double]?
    /// √W at the fit and B = I + S·K·S's factor (nil where B is not positive definite).
    private typealias PosteriorFactor = (root: [Double], factor: Cholesky?)
    private var posteriorFactor: PosteriorFactor?
    private var cachedDeviations: [Double]?

    package static let slopeGrid: [Double] = (0..<13).map { exp(log(0.5) + Double($0) * (log(2.0) - log(0.5)) / 12) }
    package static let slopePriorSD = 0.5  // of ln β around 0
    /// Candidate lapse rates: lapses run from 0 to about 6% in the literature,
    /// higher for listeners whose attention wanders; a wrong one biases θ
    /// (too few assumed lapses make every lapse at an easy pair look like a
    /// higher threshold).
    package static let lapseGrid: [Double] = [0.01, 0.02, 0.03, 0.045, 0.065, 0.09, 0.12]
    package static let lapsePriorMedian = 0.03, lapsePriorSD = 0.7  // of ln λ
    /// Candidate response biases c: a leaning towards one answer raises the
    /// threshold a model without it finds, by c/β in z (about +0.09 in ln θ at
    /// c = 0.35, β = 0.7). The answers tell it apart by direction.
    package static let biasGrid: [Double] = (-6...6).map { Double($0) * 0.1 }
    package static let biasPriorSD = 0.4
    /// The drift's prior SD (ln θ per thousand answers, centred on 0) and the
    /// span it is held in. A learner improving five-fold with a time constant
    /// of 2000 answers falls by about 0.3 per thousand between 1000 and 3000
    /// answers.
    package static let driftPriorSD = 0.2
    package static let driftSpan = -0.3...1.0
    /// Candidate sizes of the narrow (per-key) part of the prior.
    package static let localSDGrid: [Double] = [0.08, 0.15, 0.3, 0.5, 0.8]
    package static let hyperparameterRefitInterval = 50
    /// Candidate memories in answers, the default first: long enough to make
    /// a steady listener's bands as narrow as the answers allow; short enough
    /// to follow the learner listener of the training benchmark.
    public static let memoryGrid: [Double] = [20000, 1500]
    /// How many newest answers judge the memories and the drift, and from how many answers on.
    package static let heldOutCount = 500
    package static let memoryTestMinimum = 1000
    /// How much better (log-likelihood of the held-out answers, nats) a shorter
    /// memory must predict than the long memory alone; and the prior odds
    /// against a drift, one to e^margin.
    package static let modelSwitchMargin = 1.0
    /// A key's own deviation counts once its square exceeds this many squared standard errors.
    /// Four (two standard errors): lower lets noise make smooth profiles bumpy (measured).
    package static let spotThreshold = 4.0

    public init(prior: KeyboardPrior = KeyboardPrior(), lapse: Double = 0.03, window: ClosedRange<Int> = 54...66) {
        self.prior = prior
        self.function = PsychometricFunction(lapse: lapse, slope: 1)
        self.window = window
        spotVariance = Array(repeating: prior.spotVarianceMode, count: 128)
        rebuildKernel(keeping: [:])
    }

    // MARK: Recording

    /// Adds one answer: `delta` is the size of the difference in cents, `direction` where the second note went.
    public func record(note: MIDINote, delta: Double, direction: PitchDirection, correct: Bool) {
        if !window.contains(note.number) { cover(min(window.lowerBound, note.number)...max(window.upperBound, note.number)) }
        addEvidence(note: note, delta: delta, direction: direction, correct: correct)
        if answerCount % Self.hyperparameterRefitInterval == 0 {
            estimateHyperparameters()
        } else {
            fit(iterations: 3)
        }
    }

    /// Records many answers at once (rebuilding from the history): one fit at the end.
    public func record<S: Sequence>(all answers: S) where S.Element == (note: MIDINote, delta: Double, direction: PitchDirection, correct: Bool) {
        var lowest = window.lowerBound, highest = window.upperBound
        for answer in answers {
            lowest = min(lowest, answer.note.number)
            highest = max(highest, answer.note.number)
            addEvidence(note: answer.note, delta: answer.delta, direction: answer.direction, correct: answer.correct)
        }
        cover(lowest...highest)
        // A drift and the slope trade off (a learner's older answers sit at
        // larger differences), so while a drift is read each is chosen given
        // the other until neither moves, as the refits every 50 answers do in
        // a live profile.
        for _ in 0..<Self.rebuildRounds {
            let before = (driftPerThousand, function)
            estimateHyperparameters()
            if !readsDrift || (abs(driftPerThousand - before.0) < 0.005 && function == before.1) { break }
        }
    }

    /// At most how many times a rebuild chooses the hyperparameters.
    package static let rebuildRounds = 12

    /// The span of differences the evidence holds, in cents (`KeyEvidence`'s bins).
    package static let smallestDelta = 0.05, largestDelta = 400.0

    /// Stores an answer with a weight that grows with its position, which is
    /// the same as fading all older answers; renormalised before it overflows.
    /// It is held out from judging the memories and the drift until `heldOutCount` newer ones came.
    private func addEvidence(note: MIDINote, delta: Double, direction: PitchDirection, correct: Bool) {
        if Double(answerCount - fadeOrigin) / Self.memoryGrid.min()! > 200 {
            for index in evidence.indices {
                evidence[index].rebase(by: answerCount - fadeOrigin)
                evidenceBeforeHeldOut[index].rebase(by: answerCount - fadeOrigin)
            }
            fadeOrigin = answerCount
        }
        // Within the bins' span, whatever the caller passes: 1e308 or NaN must not reach the fit as such.
        let sane = delta.isNaN ? Self.largestDelta : min(max(delta, Self.smallestDelta), Self.largestDelta)
        let answer = FadingEvidence.Answer(note: note.number, logDelta: log(sane), direction: direction, correct: correct, index: answerCount)
        for index in evidence.indices { evidence[index].add(answer, origin: fadeOrigin) }
        if heldOut.count < Self.heldOutCount {
            heldOut.append(answer)
        } else {
            let leaving = heldOut[heldOutStart]
            heldOut[heldOutStart] = answer
            heldOutStart = (heldOutStart + 1) % heldOut.count
            for index in evidenceBeforeHeldOut.indices { evidenceBeforeHeldOut[index].add(leaving, origin: fadeOrigin) }
        }
        answerCount += 1
    }

    /// Makes sure the fit covers `keys` (e.g. when the training range grows).
    public func cover(_ keys: ClosedRange<Int>) {
        let wanted = min(window.lowerBound, keys.lowerBound)...max(window.upperBound, keys.upperBound)
        guard wanted != window else { return }
        let previous = Dictionary(uniqueKeysWithValues: zip(window, logThreshold))
        window = wanted
        rebuildKernel(keeping: previous)
        fit(iterations: 10)
    }

    // MARK: Reading

    /// θ at a key with its bands; `givenFunction` as `standardDeviations(givenFunction:)`.
    public func estimate(_ note: MIDINote, givenFunction: Bool = false) -> ThresholdEstimate {
        let index = windowIndex(note)
        let sd = standardDeviations(givenFunction: givenFunction)[index]
        let mean = logThreshold[index]
        func band(_ z: Double) -> ClosedRange<Double> { exp(mean - z * sd)...exp(mean + z * sd) }
        return ThresholdEstimate(note: note, threshold: exp(mean), band80: band(1.281_551_565_5), band95: band(1.959_963_985),
                                 answers: answers(at: note), logSD: sd)
    }

    /// The posterior SD of ln θ at a key given the function (as
    /// `standardDeviations(givenFunction: true)`), without computing every key's.
    public func conditionalSD(at note: MIDINote) -> Double {
        let index = windowIndex(note)
        return cachedConditionalSD?[index] ?? conditionalSD(column: index)
    }

    /// The threshold at a key (posterior median), without computing the bands.
    public func threshold(at note: MIDINote) -> Double {
        let index = windowIndex(note)
        return exp(logThreshold[index])
    }

    /// θ at a key as a multiple of the listener's own smooth curve there
    /// (`localDeviations`): above 1 where the key is weaker than its neighbours.
    public func aboveCurve(at note: MIDINote) -> Double {
        let index = windowIndex(note)
        return exp(localDeviations()[index])
    }

    /// Where a key sits in the window's arrays, widening the window to it first
    /// if needed. Take the index before reading an array: widening rebuilds them.
    private func windowIndex(_ note: MIDINote) -> Int {
        if !window.contains(note.number) { cover(note.number...note.number) }
        return note.number - window.lowerBound
    }

    /// Posterior median of ln θ at each key of the window, in order.
    public var logThresholds: [Double] { logThreshold }

    /// Posterior SD of ln θ at each key of the window, in order, with what the
    /// answers leave unknown of β, λ, c and the drift: the bands.
    /// `givenFunction` leaves that out, which is what the answers at and around
    /// each key leave unknown; the selector weighs that, since visiting a key
    /// hardly tells the function or the drift better.
    public func standardDeviations(givenFunction: Bool = false) -> [Double] {
        if let cached = givenFunction ? cachedConditionalSD : cachedSD { return cached }
        let conditional = cachedConditionalSD ?? computeStandardDeviations()
        cachedConditionalSD = conditional
        guard !givenFunction else { return conditional }
        let sd = zip(conditional, sharedVariances()).map { ($0 * $0 + $1).squareRoot() }
        cachedSD = sd
        return sd
    }

    /// How far ln θ at each key of the window stands above the listener's own
    /// smooth curve (the overall level and the broad part of the fit): the
    /// mean of the narrow prior part and the key's own spot part given the
    /// fit, K_local·K⁻¹(f̂ − μ). This, not θ̂, places a weak spot: the broad
    /// part takes up some of a narrow spot and spreads it over a fifth either
    /// side, which flattens θ̂'s peak, while the narrow part keeps it where the
    /// answers put it. At the exact mode K⁻¹(f̂ − μ) is the log-likelihood's
    /// gradient; taken from f̂ it stays as bounded as f̂ where a fit stopped
    /// short of the mode (answers at chance, whose gradient there once made
    /// the deviation infinite and the profile unwritable).
    public func localDeviations() -> [Double] {
        if let cachedDeviations { return cachedDeviations }
        let weights = kernelFactor.solve(centredLogThreshold)
        let keys = Array(window)
        let deviations = keys.indices.map { i in
            keys.indices.reduce(spotVariance[keys[i]] * weights[i]) { sum, j in
                sum + prior.localCovariance(keys[i], keys[j]) * weights[j]
            }
        }
        cachedDeviations = deviations
        return deviations
    }

    /// What the answers under a bump centred on each key of the window (SD one
    /// semitone, `spotShape`) say beyond the fitted curve: the height they would
    /// lift it by, under a N(0, `spotSD`²) prior for a spot, and its SD, after one
    /// Newton step from the fit. The smooth prior can hold a weak spot down for a
    /// while; this is where the selector looks to confirm or rule one out.
    public func unexplainedSpots(spotSD: Double = 0.5) -> [(height: Double, sd: Double)] {
        let (gradient, information) = likelihoodTerms(logThreshold)
        let n = window.count, reach = Self.spotReach
        return (0..<n).map { centre in
            var slope = 0.0, precision = 1 / (spotSD * spotSD)
            for index in max(0, centre - reach)...min(n - 1, centre + reach) {
                let shape = Self.spotShape[abs(index - centre)]
                slope += gradient[index] * shape
                precision += information[index] * shape * shape
            }
            return (slope / precision, 1 / precision.squareRoot())
        }
    }

    /// The shape of a spot, by distance in keys from its centre (SD one semitone), and how far it reaches.
    package static let spotShape: [Double] = (0...2).map { exp(-Double($0 * $0) / 2) }
    package static var spotReach: Int { spotShape.count - 1 }

    /// Answers recorded at a key.
    public func answers(at note: MIDINote) -> Int { evidence[0].keys[note.number].answerCount }

    // MARK: Fitting

    private func invalidateCaches() {
        cachedSD = nil
        cachedConditionalSD = nil
        posteriorFactor = nil
        cachedDeviations = nil
    }

    /// The answers a fit reads: one memory's evidence, as of some answer.
    private struct EvidenceView {
        var keys: [KeyEvidence]
        var unit: Double
        var drift: Drift
    }

    /// All answers, in the memory in use.
    private var current: EvidenceView {
        view(evidence[memoryIndex].keys, unit: evidence[memoryIndex].unit(answers: answerCount, origin: fadeOrigin), now: answerCount)
    }

    /// `keys` as a fit reads them as of answer `now`, at the drift now read.
    private func view(_ keys: [KeyEvidence], unit: Double, now: Int) -> EvidenceView {
        EvidenceView(keys: keys, unit: unit, drift: Drift(perThousand: driftPerThousand, now: Double(now)))
    }

    private func rebuildKernel(keeping previous: [Int: Double]) {
        (kernel, kernelFactor) = priorKernel()
        let keys = Array(window)
        priorMean = keys.map(prior.meanLogThreshold)
        logThreshold = keys.enumerated().map { previous[$1] ?? priorMean[$0] }
        invalidateCaches()
    }

    /// The prior covariance K over the window, each key's spot variance on
    /// its diagonal, and its factor.
    private func priorKernel() -> (kernel: [Double], factor: Cholesky) {
        let keys = Array(window), n = keys.count
        var kernel = [Double](repeating: 0, count: n * n)
        for i in 0..<n { for j in 0..<n { kernel[i * n + j] = prior.covariance(keys[i], keys[j]) } }
        for i in 0..<n { kernel[i * n + i] += spotVariance[keys[i]] }
        return (kernel, Cholesky(kernel, size: n)!)
    }

    /// Per-key gradient and Fisher information of the log-likelihood at `f`.
    private func likelihoodTerms(_ f: [Double], _ view: EvidenceView? = nil) -> (gradient: [Double], information: [Double]) {
        let view = view ?? current
        var gradient = [Double](repeating: 0, count: f.count), information = gradient
        for (index, note) in window.enumerated() where !view.keys[note].occupied.isEmpty {
            (gradient[index], information[index]) = view.keys[note].likelihoodTerms(logThreshold: f[index], function: function, unit: view.unit, drift: view.drift)
        }
        return (gradient, information)
    }

    /// Fisher-scoring steps towards the posterior mode (Rasmussen & Williams,
    /// algorithm 3.1, with a prior mean). It stops where no key would move by
    /// 1e-3 or more, without taking that last step, so B's factor for the
    /// posterior at the mode it stops at is already made: a fit of all
    /// answers keeps it for the SDs (`conditionalSD(column:)`).
    ///
    /// A wrong answer far above a key's estimate sits where the likelihood is
    /// the lapse floor, flat, so the steps never leave a mode far below it
    /// (a cold start's miss at 100 cents left the prior's 10). Until the
    /// first choice of the function (50 answers), when nothing else places
    /// the level, the steps then also start once from a profile raised there,
    /// along the prior's correlation with that key, and the fit keeps
    /// whichever mode has the higher posterior. Later, a miss that far above
    /// the estimate is more often a lapse than a key read far too low
    /// (measured: raising then took the untrained listener at slider 1 from
    /// 0.281 to 0.304 after 300 answers).
    private func fit(iterations: Int, on view: EvidenceView? = nil) {
        let reading = view ?? current
        var converged = scoringSteps(iterations, reading)
        if answerCount < Self.hyperparameterRefitInterval, let start = raisedStart(reading) {
            let first = (logThreshold, converged, logPosterior(reading))
            logThreshold = start
            let second = scoringSteps(max(iterations, 12), reading)
            if logPosterior(reading) > first.2 {
                converged = second
            } else {
                (logThreshold, converged) = (first.0, first.1)
            }
        }
        invalidateCaches()
        if view == nil { posteriorFactor = converged }
    }

    /// A miss where z₇₅·(Δ/θ̂)^β exceeds this (Δ over 4.4 θ̂ at β = 1) lies
    /// where P(correct) is flat at the lapse floor.
    private static let flatZ = 3.0

    /// The profile raised along the prior's correlation with the key whose
    /// miss lies deepest in the flat region, to where that miss is 1.5 times
    /// its threshold; nil if no key's does.
    private func raisedStart(_ reading: EvidenceView) -> [Double]? {
        let flatGap = log(Self.flatZ / PsychometricFunction.z75) / function.slope
        var deepest: (index: Int, gap: Double)?
        for (index, note) in window.enumerated() where !reading.keys[note].occupied.isEmpty {
            guard let missed = reading.keys[note].largestSurprisingMiss(logThreshold: logThreshold[index], function: function, unit: reading.unit,
                                                                         drift: reading.drift) else { continue }
            let gap = missed - logThreshold[index]
            if gap > flatGap && gap > (deepest?.gap ?? 0) { deepest = (index, gap) }
        }
        guard let deepest else { return nil }
        let n = window.count, k = deepest.index, shift = deepest.gap - log(1.5)
        return (0..<n).map { logThreshold[$0] + shift * kernel[$0 * n + k] / kernel[k * n + k] }
    }

    /// log p(answers | f) + log p(f), up to a constant: which of two modes the fit keeps.
    private func logPosterior(_ reading: EvidenceView) -> Double {
        var sum = 0.0
        for (index, note) in window.enumerated() where !reading.keys[note].occupied.isEmpty {
            sum += reading.keys[note].logLikelihood(logThreshold: logThreshold[index], function: function, unit: reading.unit, drift: reading.drift)
        }
        let whitened = kernelFactor.solveLower(centredLogThreshold)
        return sum - 0.5 * whitened.reduce(0) { $0 + $1 * $1 }
    }

    /// The scoring steps themselves; B's factor at the mode they stop at, if they converged.
    private func scoringSteps(_ iterations: Int, _ reading: EvidenceView) -> PosteriorFactor? {
        let n = window.count
        var converged: PosteriorFactor?
        for _ in 0..<iterations {
            let (gradient, information) = likelihoodTerms(logThreshold, reading)
            let root = information.map { $0.squareRoot() }
            var b = [Double](repeating: 0, count: n)
            for i in 0..<n { b[i] = information[i] * (logThreshold[i] - priorMean[i]) + gradient[i] }
            guard let factor = Cholesky(scaledKernelPlusIdentity(root), size: n) else { break }
            let kb = multiplyKernel(b)
            let d = factor.solve((0..<n).map { root[$0] * kb[$0] })
            var a = b
            for i in 0..<n { a[i] -= root[i] * d[i] }
            let ka = multiplyKernel(a)
            let steps = (0..<n).map { min(max(ka[$0] + priorMean[$0] - logThreshold[$0], -1.5), 1.5) }
            if steps.allSatisfy({ abs($0) < 1e-3 }) {
                converged = (root, factor)
                break
            }
            for i in 0..<n { logThreshold[i] += steps[i] }
        }
        return converged
    }

    /// f̂ − μ: the fit's distance from the prior mean at each key of the window.
    private var centredLogThreshold: [Double] { zip(logThreshold, priorMean).map { $0 - $1 } }

    /// B = I + S·K·S with S = diag(√W).
    private func scaledKernelPlusIdentity(_ root: [Double]) -> [Double] {
        let n = root.count
        var matrix = kernel
        for i in 0..<n {
            for j in 0..<n { matrix[i * n + j] *= root[i] * root[j] }
            matrix[i * n + i] += 1
        }
        return matrix
    }

    private func multiplyKernel(_ vector: [Double]) -> [Double] {
        let n = vector.count
        var result = [Double](repeating: 0, count: n)
        kernel.withUnsafeBufferPointer { k in
            for i in 0..<n {
                var sum = 0.0
                for j in 0..<n { sum += k[i * n + j] * vector[j] }
                result[i] = sum
            }
        }
        return result
    }

    /// Diagonal of (K⁻¹ + W)⁻¹ = K − K·S·B⁻¹·S·K.
    private func computeStandardDeviations() -> [Double] {
        (0..<window.count).map(conditionalSD)
    }

    /// The posterior SD of ln θ given the function at the key at window index
    /// `column`: one triangular solve with B's factor, which is made once per
    /// fit, so a pair that needs one key's SD costs a fraction of the bands.
    private func conditionalSD(column: Int) -> Double {
        let n = window.count
        if posteriorFactor == nil {
            let root = likelihoodTerms(logThreshold).information.map { $0.squareRoot() }
            posteriorFactor = (root, Cholesky(scaledKernelPlusIdentity(root), size: n))
        }
        guard let (root, factor) = posteriorFactor, let factor else { return kernel[column * n + column].squareRoot() }
        let v = factor.solveLower((0..<n).map { root[$0] * kernel[$0 * n + column] })
        return max(kernel[column * n + column] - v.reduce(0) { $0 + $1 * $1 }, 1e-12).squareRoot()
    }

    /// What estimating the shared parameters, β, λ, c and the drift, adds to
    /// each key's posterior variance of ln θ (the Laplace approximation taken
    /// over them too, at the fit). With C the information the keys share with
    /// them, F the information among them and P their prior precision, the
    /// precision of ln θ loses C·(P + F)⁻¹·Cᵀ = V·Vᵀ, so its covariance Σ
    /// gains Σ·V·(I − Vᵀ·Σ·V)⁻¹·Vᵀ·Σ (Woodbury). A parameter held (the
    /// function told, the drift before its first test or under the short
    /// memory) adds nothing; the drift adds its share times `driftWeight`,
    /// as it is read. Without this the bands hold too few keys wherever the
    /// function is uncertain: pairs aimed above 75% read θ through the slope;
    /// and a drift moves every key at once.
    private func sharedVariances() -> [Double] {
        let n = window.count, view = current, none = [Double](repeating: 0, count: n)
        let known: Double = heldFunction == nil ? 1 : 0
        guard known == 1 || readsDrift else { return none }
        // What the keys share with the four parameters, and Σ·C, once: holding
        // a parameter only masks them, and Σ·V = Σ·C·L⁻ᵀ is linear in C.
        var cross = [SIMD4<Double>](repeating: SIMD4(), count: n)
        var information = [SIMD4<Double>](repeating: SIMD4(), count: 4)
        for (index, note) in window.enumerated() where !view.keys[note].occupied.isEmpty {
            let terms = view.keys[note].sharedInformation(logThreshold: logThreshold[index], function: function, unit: view.unit, drift: view.drift)
            cross[index] = terms.cross
            for row in 0..<4 { information[row] += terms.shared[row] }
        }
        guard let sigmaC = covarianceTimes((0..<4).map { column in cross.map { $0[column] } }) else { return none }
        let priorSDs = Self.functionPriorSDs + [Self.driftPriorSD]
        let priorPrecision = (0..<4).map { row in SIMD4<Double>((0..<4).map { $0 == row ? 1 / (priorSDs[row] * priorSDs[row]) : 0 }) }

        /// The variance added with the parameters `estimated` (1) or held (0).
        func added(_ estimated: SIMD4<Double>) -> [Double] {
            let shared = (0..<4).map { row -> SIMD4<Double> in priorPrecision[row] + information[row] * estimated * estimated[row] }
            guard let sharedFactor = Cholesky(shared.flatMap { [$0.x, $0.y, $0.z, $0.w] }, size: 4) else { return none }
            func solve(_ x: SIMD4<Double>) -> [Double] { sharedFactor.solveLower([x.x, x.y, x.z, x.w]) }
            // Row i of V and of Σ·V.
            let v = cross.map { solve($0 * estimated) }
            let sigmaV = (0..<n).map { i in solve(SIMD4((0..<4).map { sigmaC[$0][i] }) * estimated) }
            // G = I − Vᵀ·Σ·V.
            let g = (0..<16).map { entry -> Double in
                let (row, column) = (entry / 4, entry % 4)
                var sum = row == column ? 1.0 : 0.0
                for i in 0..<n { sum -= v[i][row] * sigmaV[i][column] }
                return sum
            }
            guard let gFactor = Cholesky(g, size: 4) else { return none }
            return sigmaV.map { gFactor.solveLower($0).reduce(0) { $0 + $1 * $1 } }
        }
        let withoutDrift = added(SIMD4(known, known, known, 0))
        guard readsDrift else { return withoutDrift }
        return zip(withoutDrift, added(SIMD4(known, known, known, 1))).map { $0 + driftWeight * ($1 - $0) }
    }

    /// Σ·x for each column x, with Σ = (K⁻¹ + W)⁻¹ the posterior covariance of
    /// ln θ over the window given the shared parameters: K·x − K·S·B⁻¹·S·K·x.
    private func covarianceTimes(_ columns: [[Double]], _ view: EvidenceView? = nil) -> [[Double]]? {
        let root = likelihoodTerms(logThreshold, view).information.map { $0.squareRoot() }
        guard let factor = Cholesky(scaledKernelPlusIdentity(root), size: window.count) else { return nil }
        return columns.map { x in
            let kx = multiplyKernel(x)
            let u = factor.solve(zip(root, kx).map(*))
            let ku = multiplyKernel(zip(root, u).map(*))
            return zip(kx, ku).map(-)
        }
    }

    /// The drift's most probable value given the answers in `keys` (stored
    /// weights times `unit` are effective answers), as of answer `now`.
    /// Newton steps on log p(answers, f̂(rate), rate), with ln θ at its mode f̂
    /// for each rate: its gradient is the score's drift part (f̂ is a mode)
    /// less the prior's; its curvature the drift's information less what ln θ
    /// shares with it, Cᵀ·Σ·C (Schur complement). A continuous rate, not a
    /// grid: a learner's rate is read as it is, and a step costs a fit.
    private func estimateDrift(_ keys: [KeyEvidence], unit: Double, now: Int) {
        let variance = Self.driftPriorSD * Self.driftPriorSD
        for _ in 0..<6 {
            let atDrift = view(keys, unit: unit, now: now)
            var score = -driftPerThousand / variance, information = 1 / variance
            var cross = [Double](repeating: 0, count: window.count)
            for (index, note) in window.enumerated() where !keys[note].occupied.isEmpty {
                let terms = keys[note].sharedInformation(logThreshold: logThreshold[index], function: function, unit: unit, drift: atDrift.drift)
                score += terms.score.w
                information += terms.shared[3].w
                cross[index] = terms.cross.w
            }
            guard let sigmaC = covarianceTimes([cross], atDrift)?[0] else { return }
            let curvature = information - zip(cross, sigmaC).reduce(0) { $0 + $1.0 * $1.1 }
            guard curvature > 0 else { return }
            let step = min(max(score / curvature, -0.2), 0.2)
            driftPerThousand = min(max(driftPerThousand + step, Self.driftSpan.lowerBound), Self.driftSpan.upperBound)
            fit(iterations: 12, on: view(keys, unit: unit, now: now))
            if abs(step) < 0.002 { return }
        }
    }

    /// The prior SDs of ln β, ln λ and c, in that order.
    package static var functionPriorSDs: [Double] { [slopePriorSD, lapsePriorSD, biasPriorSD] }

    /// Picks the slope β, the lapse rate λ, the response bias c and the size of
    /// the narrow prior part with the highest Laplace evidence (times priors on
    /// ln β, ln λ and c),
    /// by climbing the grid from the current choice, then estimates the drift
    /// and reads it times its weight (`chooseModel`, `estimateDrift`),
    /// re-estimates the spot variances and refits.
    private func estimateHyperparameters() {
        chooseModel()
        // Every estimate starts from the prior, so it depends on the answers alone.
        for index in spotVariance.indices { spotVariance[index] = prior.spotVarianceMode }
        let start = logThreshold
        let sizes = [Self.localSDGrid.count, Self.slopeGrid.count, Self.lapseGrid.count, Self.biasGrid.count]
        var scores: [[Int]: (score: Double, fit: [Double])] = [:]
        // The kernel depends only on the narrow part's size here (the spot variances are reset): one per size.
        var kernels: [Int: (kernel: [Double], factor: Cholesky)] = [:]
        func apply(_ point: [Int]) {
            prior.localSD = Self.localSDGrid[point[0]]
            let built = kernels[point[0]] ?? priorKernel()
            kernels[point[0]] = built
            (kernel, kernelFactor) = built
            invalidateCaches()
            function.slope = heldFunction?.slope ?? Self.slopeGrid[point[1]]
            function.lapse = heldFunction?.lapse ?? Self.lapseGrid[point[2]]
            function.bias = heldFunction?.bias ?? Self.biasGrid[point[3]]
        }
        func evaluate(_ point: [Int]) -> Double {
            if let known = scores[point] { return known.score }
            apply(point)
            logThreshold = start
            fit(iterations: 12)
            let score = logEvidence() - 0.5 * pow(log(function.slope) / Self.slopePriorSD, 2)
                - 0.5 * pow(log(function.lapse / Self.lapsePriorMedian) / Self.lapsePriorSD, 2)
                - 0.5 * pow(function.bias / Self.biasPriorSD, 2)
            scores[point] = (score, logThreshold)
            return score
        }
        let nearestBias = Self.biasGrid.indices.min { abs(Self.biasGrid[$0] - function.bias) < abs(Self.biasGrid[$1] - function.bias) }!
        var best = [Self.nearestIndex(Self.localSDGrid, prior.localSD), Self.nearestIndex(Self.slopeGrid, function.slope),
                    Self.nearestIndex(Self.lapseGrid, function.lapse), nearestBias]
        var bestScore = evaluate(best)
        while true {
            let neighbours = sizes.indices.flatMap { axis in [-1, 1].map { step in
                var point = best
                point[axis] += step
                return point
            } }.filter { point in point.indices.allSatisfy { (0..<sizes[$0]).contains(point[$0]) } }
            guard let step = neighbours.map({ (candidate: $0, score: evaluate($0)) }).max(by: { $0.score < $1.score }),
                  step.score > bestScore else { break }
            (best, bestScore) = (step.candidate, step.score)
        }
        apply(best)
        logThreshold = scores[best]!.fit
        invalidateCaches()
        if readsDrift {
            let all = current
            estimateDrift(all.keys, unit: all.unit, now: answerCount)
            driftPerThousand *= driftWeight
            fit(iterations: 12)
        }
        updateSpotVariances()
    }

    /// Fits the answers from before the held-out ones under each model, the
    /// long memory, the short one and the long one reading a drift, and judges
    /// each by how well it predicts the held-out answers: the short memory
    /// replaces the long one only when better by a clear margin; the drift is
    /// weighed by how probable that makes it (`driftWeight`). Judged on
    /// answers no fit has seen, so a short memory's noisier fit, or a steady
    /// listener's chance drift, does not win by fitting noise; and the drift
    /// is read from the long view whatever memory the last test chose.
    private func chooseModel() {
        guard answerCount >= Self.memoryTestMinimum, heldOut.count == Self.heldOutCount else { return }
        let start = logThreshold, previousDrift = driftPerThousand, before = answerCount - heldOut.count
        let candidates = [(memory: 0, drift: false), (memory: 1, drift: false), (memory: 0, drift: true)]
        let scores = candidates.map { candidate -> Double in
            let set = evidenceBeforeHeldOut[candidate.memory], unit = set.unit(answers: before, origin: fadeOrigin)
            logThreshold = start
            driftPerThousand = candidate.drift ? previousDrift : 0
            if candidate.drift { estimateDrift(set.keys, unit: unit, now: before) }
            let read = view(set.keys, unit: unit, now: before)
            fit(iterations: 12, on: read)
            return heldOut.reduce(0.0) { sum, answer in
                // The level goes on drifting over the held-out answers.
                let level = logThreshold[answer.note - window.lowerBound] + read.drift.offset(at: Double(answer.index))
                let p = function.probabilityAndSlope(logDelta: answer.logDelta, logThreshold: level, direction: answer.direction).p
                return sum + log(answer.correct ? p : 1 - p)
            }
        }
        // The short memory by a margin, as a model; the drift by how probable
        // the held-out answers make it against none, at prior odds of one to
        // e^margin, so a steady listener's chance drift is read shrunk
        // towards 0 and a clear learner's nearly as estimated.
        let short = scores[1] - Self.modelSwitchMargin > max(scores[0], scores[2] - Self.modelSwitchMargin)
        memoryIndex = short ? 1 : 0
        driftWeight = short ? 0 : 1 / (1 + exp(Self.modelSwitchMargin - (scores[2] - scores[0])))
        driftPerThousand = readsDrift ? previousDrift : 0
        logThreshold = start
        invalidateCaches()
    }

    private static func nearestIndex(_ grid: [Double], _ value: Double) -> Int {
        grid.indices.min { abs(log(grid[$0] / value)) < abs(log(grid[$1] / value)) }!
    }

    /// Type-II maximum likelihood for each key's spot variance v. The key's
    /// own answers alone put its ln θ at f* (a one-dimensional fit, within ±3
    /// of the profile), d = f* − (f̂ − E[s]) away from what the smooth curve
    /// predicts there (E[s] = v·g at the mode), measured with precision w, the
    /// information at f*. The variance that makes d most likely is d² − 1/w;
    /// only a deviation beyond two standard errors counts (d² − 4/w), so noise
    /// does not make smooth listeners bumpy.
    private func updateSpotVariances(steps: Int = 4) {
        let view = current
        for _ in 0..<steps {
            let gradient = likelihoodTerms(logThreshold).gradient
            for (index, note) in window.enumerated() {
                let fitted = logThreshold[index]
                var own = fitted
                var information = 0.0
                for _ in 0..<12 {
                    let terms = view.keys[note].likelihoodTerms(logThreshold: own, function: function, unit: view.unit, drift: view.drift)
                    information = terms.information
                    guard information > 1e-9 else { break }
                    own = min(max(own + min(max(terms.gradient / terms.information, -1), 1), fitted - 3), fitted + 3)
                }
                guard information > 1 else { spotVariance[note] = prior.spotVarianceMode; continue }
                let deviation = own - (fitted - spotVariance[note] * gradient[index])
                spotVariance[note] = max(prior.spotVarianceMode, deviation * deviation - Self.spotThreshold / information)
            }
            rebuildKernel(keeping: Dictionary(uniqueKeysWithValues: zip(window, logThreshold)))
            fit(iterations: 12)
        }
    }

    /// Laplace approximation of log p(answers | β).
    private func logEvidence() -> Double {
        let information = likelihoodTerms(logThreshold).information
        let logDeterminant = Cholesky(scaledKernelPlusIdentity(information.map { $0.squareRoot() }), size: window.count)?.logDeterminant ?? 0
        return logPosterior(current) - 0.5 * logDeterminant
    }
}
