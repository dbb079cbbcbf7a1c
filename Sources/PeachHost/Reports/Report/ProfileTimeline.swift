import PeachHistory
import PeachTraining
/// The profile as it stood at earlier moments, each rebuilt from the answers
/// given before that moment: in one pass over the history, recording the
/// answers between one moment and the next, so asking for many moments costs
/// one rebuild plus one hyperparameter fit per moment.
public enum ProfileTimeline {
    /// For each of `moments` (in any order), the profile made of the answers
    /// given before it, or nil if there were none. `evidence` is in time order.
    public static func reports(_ evidence: [AnswerEvidence], before moments: [Double], reference: Double) -> [ProfileReport?] {
        // Built exactly as `PersistentTraining.rebuild` builds the profile of the whole history.
        let profile = PerceptualProfile(window: TrainingRange.adaptiveStart)
        var recorded = 0
        var latest: ProfileReport?
        var reports = [ProfileReport?](repeating: nil, count: moments.count)
        for index in moments.indices.sorted(by: { moments[$0] < moments[$1] }) {
            let end = evidence[recorded...].firstIndex { $0.time >= moments[index] } ?? evidence.endIndex
            if end > recorded {
                profile.record(all: evidence[recorded..<end].lazy.map { (note: $0.note, delta: $0.delta, direction: $0.direction, correct: $0.correct) })
                recorded = end
                latest = ProfileReport(profile: profile, range: TrainingRange.adaptive.resumed(from: profile.window), reference: reference)
            }
            reports[index] = latest
        }
        return reports
    }
}
