import Glibc
import PeachAudio
import PeachHost
import PeachReports
import PeachTraining

/// What the answers themselves allow in the weak-spot check: a detector that
/// is told the listener's true curve without its spots, the spots' shape and
/// the psychometric function, and has only to find where spots are and how
/// high. For each key it finds the spot centred there that best explains the
/// answers, and names keys by how much that spot raises their likelihood, one
/// per place as Peach names them (`ProfileReport.spotCentres`).
///
/// Where it misses too, the answers a method collected did not hold the spot,
/// however they were read; where only the method misses, its reading did.
struct SpotOracle {
    /// One answer: the key, |Δ| in cents, and whether it was right.
    struct Answer { var note: Int, cents: Double, correct: Bool }

    /// The listener as it would be without its spots, and how it answers.
    let background: SimulatedListener
    let function: PsychometricFunction

    /// Spot heights tried, in ln θ (up to a factor of 5).
    static let heights = (1...40).map { Double($0) * 0.04 }
    /// Keys this far from a centre are outside its spot (the shape there is below 10⁻³).
    static let reach = 6

    init(_ spec: ListenerSpec, keys: ClosedRange<Int>, seed: UInt64) {
        var smooth = spec
        smooth.kind = .untrained
        background = SimulatedListener(smooth, keys: keys, seed: seed)
        function = PsychometricFunction(lapse: spec.lapse, slope: spec.slope)
    }

    /// The spots the oracle names from `answers` at the listener's keys, most evident first.
    func namedSpots(_ answers: [Answer]) -> [Int] {
        // Each answer's threshold and chance of being right without a spot, worked out once for every centre and height.
        let withoutSpot = answers.map { answer in
            let theta = background.threshold(answer.note)
            return (answer: answer, theta: theta, p: function.probabilityCorrect(delta: answer.cents, threshold: theta))
        }
        let evidence = background.keys.map { centre in
            let near = withoutSpot.filter { abs($0.answer.note - centre) <= Self.reach }
            let gains = Self.heights.map { height in
                near.reduce(0.0) { sum, item in
                    let raised = item.theta * exp(height * SimulatedListener.spotShape(item.answer.note - centre))
                    let after = function.probabilityCorrect(delta: item.answer.cents, threshold: raised)
                    return sum + (item.answer.correct ? log(after / item.p) : log((1 - after) / (1 - item.p)))
                }
            }
            // The log-likelihood ratio of the best spot here ranks the places.
            return (note: centre, level: max(0, gains.max()!))
        }
        return ProfileReport.spotCentres(evidence)
    }
}
