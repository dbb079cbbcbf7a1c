import ArgumentParser
import PeachHost
import PeachJournal
import PeachText

/// The moment a journal command runs, read once: what `today`, `yesterday`
/// and a missing date or time mean.
struct JournalClock {
    let now: Double

    init(now: Double = PersistentTraining.currentTime()) {
        self.now = now
    }

    var today: JournalDate { JournalDate.local(at: now) }
    var minute: Int { JournalEntry.minute(at: now) }

    /// The day `text` names (today if nil).
    func date(_ text: String?) throws(JournalError) -> JournalDate {
        guard let text else { return today }
        return try JournalDate.parse(text, today: today)
    }

    /// The days from `from` to `to`, either open; nil if both are.
    func range(from: String?, to: String?) throws -> ClosedRange<JournalDate>? {
        guard from != nil || to != nil else { return nil }
        let first = try from.map { text throws(JournalError) in try date(text) } ?? JournalDate(days: .min / 2)
        let last = try to.map { text throws(JournalError) in try date(text) } ?? JournalDate(days: .max / 2)
        guard first <= last else { throw ValidationError(localized(.journalFromAfterTo, from ?? "", to ?? "")) }
        return first...last
    }
}

/// `--from` and `--to`, shared by the commands that read a stretch of days.
struct JournalRangeOptions: ParsableArguments {
    @Option(help: ArgumentHelp(localized(.helpJournalFrom), valueName: localized(.valueNameDate)))
    var from: String?

    @Option(help: ArgumentHelp(localized(.helpJournalTo), valueName: localized(.valueNameDate)))
    var to: String?

    func validate() throws {
        _ = try checked { try JournalClock().range(from: from, to: to) }
    }

    func range(_ clock: JournalClock) throws -> ClosedRange<JournalDate>? {
        try clock.range(from: from, to: to)
    }
}
