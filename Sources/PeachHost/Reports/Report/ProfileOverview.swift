import PeachHistory
import PeachMusic
import PeachTraining
/// Everything the profile view shows, read once from the data folder: the
/// profile now, each key's own facts, the answers, and, when trends are
/// wanted, the profile at the comparison moment (see `KeyTrend`). The
/// terminal chart, the SVG, `peach profile --note` and the interactive view
/// all draw from it.
public struct ProfileOverview: Sendable {
    public struct Comparison: Sendable {
        public var moment: Double
        /// The profile then; nil if there were no answers before it.
        public var report: ProfileReport?
    }

    public var report: ProfileReport
    /// By MIDI number (0...127).
    public var facts: [KeyFacts]
    /// Every answer in time order.
    public var evidence: [AnswerEvidence]
    public var comparison: Comparison?

    public init(report: ProfileReport, evidence: [AnswerEvidence], comparison: Comparison? = nil) {
        self.report = report
        self.evidence = evidence
        facts = KeyFacts.tally(evidence)
        self.comparison = comparison
    }

    /// Reads the data folder. The profile now comes from the snapshot when it
    /// is up to date (see `PersistentTraining.currentReport`); `trends` costs
    /// one more rebuild, from the answers before the comparison moment.
    public static func load(dataDirectory: String, trends: Bool) throws(TrainingDataError) -> (overview: ProfileOverview, warnings: [HistoryWarning]) {
        let store: HistoryStore
        let history: EvidenceRead
        do {
            store = try HistoryStore(directory: dataDirectory, creating: false)
            history = try store.readEvidence()
        } catch {
            throw .history(error)
        }
        let (report, warnings) = try PersistentTraining.currentReport(store: store, history: history)
        let comparison = trends ? Self.comparison(history.evidence, reference: report.reference) : nil
        return (ProfileOverview(report: report, evidence: history.evidence, comparison: comparison), warnings)
    }

    /// The profile at the moment trends compare with (see `KeyTrend`); nil
    /// without answers, or for a history of less than a day, whose halves are
    /// minutes apart: a first sitting compared with itself shows only noise
    /// ("7.8 ¢ → 49 ¢, 528% higher" after four answers).
    public static func comparison(_ evidence: [AnswerEvidence], reference: Double) -> Comparison? {
        guard let first = evidence.first, let latest = evidence.last, latest.time - first.time >= KeyTrend.shortestHistory else { return nil }
        let moment = KeyTrend.comparisonMoment(firstAnswer: first.time, latestAnswer: latest.time)
        return Comparison(moment: moment, report: ProfileTimeline.reports(evidence, before: [moment], reference: reference)[0])
    }

    public var weakKeys: Set<Int> { report.weakKeys }

    /// What the view shows for one key of the profile's range; nil outside it.
    public func detail(for note: MIDINote) -> KeyDetail? {
        guard let now = report.note(note.number) else { return nil }
        let trend = comparison.map { KeyTrend(since: $0.moment, then: $0.report?.note(note.number), now: now) }
        return KeyDetail(note: now, facts: facts[note.number], trend: trend, isWeak: weakKeys.contains(note.number))
    }
}
