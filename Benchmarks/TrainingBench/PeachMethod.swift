import Glibc
import PeachAudio
import PeachHost
import PeachMusic
import PeachTraining

/// Peach itself: the real `TrainingSession`, `PairSelector` and `PerceptualProfile`.
struct PeachMethod: TrainingMethod {
    let session: TrainingSession

    init(keys: ClosedRange<Int>, slider: Double, seed: UInt64) {
        session = TrainingSession(range: .manual(MIDINote(number: keys.lowerBound)!, MIDINote(number: keys.upperBound)!),
                                  selector: PairSelector(style: TrainingStyle(slider), generator: SeededGenerator(seed: seed)))
    }

    func nextPair() -> TrainingPair { session.nextPair() }

    func answer(_ pair: TrainingPair, heard: PitchDirection) -> Bool { session.answer(pair, heard: heard) }

    func estimates(_ keys: ClosedRange<Int>) -> [KeyEstimate] {
        keys.map { key in
            let estimate = session.profile.estimate(MIDINote(number: key)!)
            return KeyEstimate(logThreshold: log(estimate.threshold),
                               band80: log(estimate.band80.lowerBound)...log(estimate.band80.upperBound),
                               band95: log(estimate.band95.lowerBound)...log(estimate.band95.upperBound),
                               logAboveCurve: log(session.profile.aboveCurve(at: estimate.note)))
        }
    }
}
