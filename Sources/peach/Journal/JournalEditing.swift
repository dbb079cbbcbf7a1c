import Glibc
import PeachHost
import PeachJournal
import PeachText

/// Writing in the user's editor, for `add` without words, `edit`, and the
/// calendar's `a` and `e`: each returns the line to tell the user. The
/// temporary file is removed once its text is in the journal, and kept
/// (and named) when it cannot be, so nothing written is lost.
struct JournalEditing {
    let store: JournalStore

    /// Opens an empty file, adds what was written as an entry of `date` at `minute`.
    func add(on date: JournalDate, minute: Int, take: String?) throws -> String {
        if let take { try JournalEntry.checkTake(take) }
        let (path, written) = try Editor.edit("\(date)", holding: [])
        let text = String(decoding: written, as: UTF8.self).trimmingWhitespace()
        guard !text.isEmpty else {
            unlink(path)
            return localized(.journalNothingAdded)
        }
        do { try store.add(JournalEntry(minute: minute, text: text, take: take), on: date) } catch { throw error.keeping(path) }
        unlink(path)
        return localized(.journalAdded, date, JournalEntry.time(of: minute))
    }

    /// Opens a copy of the day's file (a title and a heading for now if there is none) and writes back what was saved, as saved.
    /// A day emptied of its notes goes to the trash, as `delete` puts it there, so they can come back.
    func edit(_ date: JournalDate, minute: Int, now: Double) throws -> String {
        let page = try store.read(date)
        let original = page.bytes ?? Array((JournalDay(date: date).markdown + "\n## \(JournalEntry.time(of: minute))\n").utf8)
        let (path, edited) = try Editor.edit("\(date)", holding: original)
        guard edited != original else {
            unlink(path)
            return localized(.journalUnchanged, date)
        }
        // Read as the journal will read it: a line that would not read back is named in the copy, and the day is untouched.
        let day = try JournalDay.parse(edited, date: date, path: path)
        guard page.bytes != nil || !day.entries.isEmpty else {
            unlink(path)
            return localized(.journalNothingAdded)
        }
        if day.entries.isEmpty {
            do { try store.trash(page, now: now) } catch { throw error.keeping(path) }
            unlink(path)
            return localized(.journalDeletedDay, date)
        }
        do { try store.replace(page, with: edited) } catch { throw error.keeping(path) }
        unlink(path)
        return localized(.journalSaved, page.path)
    }
}

private extension JournalError {
    /// The error, naming the editor's file that keeps the user's words: a
    /// change made meanwhile, a full disk, a day that no longer reads.
    func keeping(_ path: String) -> JournalError {
        guard case .changedMeanwhile(let day, _) = self else { return .notSaved(self, kept: path) }
        return .changedMeanwhile(path: day, kept: path)
    }
}
