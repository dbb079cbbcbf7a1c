import FoundationEssentials
import Glibc
import PeachFiles
import PeachMusic
import PeachTraining

/// A training session bound to a data folder. Opening it takes the folder's
/// training lock and rebuilds the profile from every machine's history, so
/// training resumes where it left off; every answer is appended to this
/// machine's history the moment it is given; closing writes the profile
/// snapshot atomically.
public final class PersistentTraining {
    public let store: HistoryStore
    public let session: TrainingSession
    /// Things worth telling the user that did not stop training (a torn last line, say).
    public let warnings: [HistoryWarning]

    /// - Parameters:
    ///   - range: a fixed range, or nil for the adaptive one.
    public init(dataDirectory: String, range: TrainingRange? = nil, style: TrainingStyle = .standard,
                generator: SeededGenerator = SeededGenerator(), reference: Double = Pitch.standardReference) throws(TrainingDataError) {
        store = try history { () throws(HistoryError) in try HistoryStore(directory: dataDirectory) }
        let store = store
        try history { () throws(HistoryError) in try store.lockForTraining() }
        let snapshot = try Self.readSnapshot(store)  // a newer snapshot stops us before anything is written; a damaged one is moved aside
        let history = try history { () throws(HistoryError) in try store.readEvidence() }
        warnings = history.warnings + (snapshot.warning.map { [$0] } ?? [])
        session = TrainingSession(profile: Self.rebuild(history.evidence), range: range ?? .adaptive,
                                  selector: PairSelector(style: style, generator: generator), reference: reference)
        if let last = history.latest { session.resume(after: last) }
    }

    /// Scores the answer, updates the profile and appends it to the history (flushed).
    @discardableResult
    public func record(_ pair: TrainingPair, heard: PitchDirection, responseSeconds: Double, sourceID: String, timbre: [String: String] = [:],
                       noteSeconds: Double, now: Double = PersistentTraining.currentTime()) throws(TrainingDataError) -> TrainingAnswer {
        let (first, second) = pair.frequencies(reference: session.reference)
        let correct = session.answer(pair, heard: heard)
        let answer = TrainingAnswer(time: now, note: pair.note, firstHz: first, secondHz: second, cents: pair.cents, answer: heard,
                                    correct: correct, responseSeconds: responseSeconds, sourceID: sourceID,
                                    reference: session.reference, noteSeconds: noteSeconds, timbre: timbre)
        try history { () throws(HistoryError) in try store.append(answer) }
        return answer
    }

    /// Fails when the next answer could not be saved (see `HistoryStore.checkRoom`): ask before playing a pair.
    public func checkRoom() throws(TrainingDataError) {
        try history { () throws(HistoryError) in try store.checkRoom() }
    }

    public var report: ProfileReport {
        ProfileReport(profile: session.profile, range: session.range, reference: session.reference)
    }

    /// Writes the profile snapshot (temporary file, fsync, rename).
    public func close() throws(TrainingDataError) {
        let text: String
        do { text = try report.json(pretty: true) } catch { throw .unwritableProfile(error) }
        try history { () throws(HistoryError) in try store.writeSnapshot(Array(text.utf8)) }
    }

    /// The profile of the data folder, for display: from the snapshot when it is
    /// up to date with every history file, else rebuilt from the history. Needs no lock.
    public static func currentReport(dataDirectory: String, range: TrainingRange? = nil,
                                     reference: Double = Pitch.standardReference) throws(TrainingDataError) -> (report: ProfileReport, warnings: [HistoryWarning]) {
        let store = try history { () throws(HistoryError) in try HistoryStore(directory: dataDirectory, creating: false) }
        let history = try history { () throws(HistoryError) in try store.readEvidence() }
        return try currentReport(store: store, history: history, range: range, reference: reference)
    }

    /// `currentReport` for a history already read from `store`, for callers
    /// that need the answers too; the warnings are the history's and the snapshot's.
    public static func currentReport(store: HistoryStore, history: EvidenceRead, range: TrainingRange? = nil,
                                     reference: Double = Pitch.standardReference) throws(TrainingDataError) -> (report: ProfileReport, warnings: [HistoryWarning]) {
        let snapshot = try readSnapshot(store)
        let warnings = history.warnings + (snapshot.warning.map { [$0] } ?? [])
        if let report = snapshot.report, range == nil, report.answers == history.evidence.count, report.reference == reference {
            return (report, warnings)
        }
        let profile = rebuild(history.evidence)
        let shown = (range ?? .adaptive).resumed(from: profile.window)
        profile.cover(shown.keys)
        return (ProfileReport(profile: profile, range: shown, reference: reference), warnings)
    }

    public static func currentTime() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// The profile the history implies, answer by answer in time order.
    public static func rebuild(_ evidence: [AnswerEvidence]) -> PerceptualProfile {
        let profile = PerceptualProfile(window: TrainingRange.adaptiveStart)
        profile.record(all: evidence.lazy.map { (note: $0.note, delta: $0.delta, direction: $0.direction, correct: $0.correct) })
        return profile
    }

    /// The snapshot, if there is one, or an error if a newer Peach wrote it.
    /// A damaged one is only a cache gone bad: the profile is rebuilt from the
    /// history, and a store that holds the training lock moves the file aside
    /// (no other writer can be replacing it then); either way with a warning.
    private static func readSnapshot(_ store: HistoryStore) throws(TrainingDataError) -> (report: ProfileReport?, warning: HistoryWarning?) {
        guard let bytes = try history({ () throws(HistoryError) in try store.readSnapshot() }) else { return (nil, nil) }
        struct Version: Decodable { var schema: Int }
        if let version = try? JSONDecoder().decode(Version.self, from: Data(bytes)) {
            guard version.schema <= ProfileReport.currentSchema else {
                throw .newerSnapshot(path: store.snapshotPath, schema: version.schema)
            }
            if let report = try? JSONDecoder().decode(ProfileReport.self, from: Data(bytes)),
               report.notes.allSatisfy({ $0.threshold.isFinite && $0.threshold > 0 }) {
                return (report, nil)
            }
        }
        guard store.holdsTrainingLock else { return (nil, .snapshotDamaged(path: store.snapshotPath)) }
        do {
            return (nil, .snapshotMovedAside(path: store.snapshotPath, to: try store.setSnapshotAside()))
        } catch {
            return (nil, .snapshotNotMovedAside(path: store.snapshotPath, error))
        }
    }
}

/// Runs a store operation, reporting its failure as a `TrainingDataError`.
private func history<T>(_ body: () throws(HistoryError) -> T) throws(TrainingDataError) -> T {
    do { return try body() } catch { throw .history(error) }
}

/// Why the training data could not be used, as data; `PeachMessages` words it.
public enum TrainingDataError: Error, Equatable {
    case history(HistoryError)
    case newerSnapshot(path: String, schema: Int)
    /// The profile cannot be written as JSON; the snapshot on disk is left as it was.
    case unwritableProfile(ProfileReport.NotFinite)
}
