import PeachAudio
import PeachHost
import PeachSupport
import PeachText

/// Finds one entry of a list by the name a person types, case-insensitive:
/// an exact name first, then a unique beginning of a short name (an
/// instrument's "Flute"), then of a long one ("FluidSynth: Flute"), so "flu"
/// means the flute and not all 128 FluidSynth instruments. Ambiguous or
/// unknown names are errors that list what was meant or comes close.
enum NameLookup {
    typealias Entry = (shown: String, short: [String], long: [String])

    /// At most this many matches are named in an error; the rest are counted.
    static let listed = 8

    static func find(_ text: String, what: String, among entries: [Entry]) throws(NameLookupError) -> Int {
        let typed = text.lowercased().trimmingWhitespace()
        // Nothing typed begins every name: it names none, even where there is only one.
        guard !typed.isEmpty else { throw .unknown(text: text, what: what, close: []) }
        let exact = entries.indices.filter { (entries[$0].short + entries[$0].long).contains { $0.lowercased() == typed } }
        if exact.count == 1 { return exact[0] }
        // `Stereo` and `stereo` both there: the one written as typed is meant.
        let verbatim = exact.filter { (entries[$0].short + entries[$0].long).contains(text.trimmingWhitespace()) }
        if verbatim.count == 1 { return verbatim[0] }
        if exact.count > 1 { throw .ambiguous(text: text, what: what, matches: exact.map { entries[$0].shown }) }
        for names in [\Entry.short, \Entry.long] {
            let starting = entries.indices.filter { entries[$0][keyPath: names].contains { $0.lowercased().hasPrefix(typed) } }
            if starting.count == 1 { return starting[0] }
            if starting.count > 1 { throw .ambiguous(text: text, what: what, matches: starting.map { entries[$0].shown }) }
        }
        // Close: the typed text inside a name, or a short name (or a word of one) a couple of typing slips away.
        let slips = max(2, typed.count / 3)
        let close = entries.indices.filter { index in
            entries[index].long.contains { $0.lowercased().contains(typed) }
                || entries[index].short.contains { name in
                    ([name] + name.split(separator: " ").map(String.init)).contains { editDistance($0.lowercased(), typed) <= slips }
                }
        }
        throw .unknown(text: text, what: what, close: close.map { entries[$0].shown })
    }

    /// How many characters to insert, delete, change or swap with the next
    /// (optimal string alignment): `lsit` is one slip from `list`, as typed.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var before = [Int](), previous = Array(0...b.count)
        for i in a.indices {
            var row = [i + 1]
            for j in b.indices {
                var best = Swift.min(previous[j + 1] + 1, row[j] + 1, previous[j] + (a[i] == b[j] ? 0 : 1))
                if i > 0, j > 0, a[i] == b[j - 1], a[i - 1] == b[j] { best = Swift.min(best, before[j - 1] + 1) }
                row.append(best)
            }
            (before, previous) = (previous, row)
        }
        return previous[b.count]
    }
}

/// A name that fits more than one entry, or none.
enum NameLookupError: Error, Equatable, CustomStringConvertible {
    case ambiguous(text: String, what: String, matches: [String])
    case unknown(text: String, what: String, close: [String])

    var description: String {
        switch self {
        case .ambiguous(let text, let what, let matches):
            localized(.nameAmbiguous, text, what, Self.list(matches))
        case .unknown(let text, let what, let close):
            close.isEmpty ? localized(.nameUnknownNone, text, what) : localized(.nameUnknown, text, what, Self.list(close))
        }
    }

    private static func list(_ names: [String]) -> String {
        let shown = names.prefix(NameLookup.listed).joined(separator: ", ")
        return names.count > NameLookup.listed ? localized(.nameListMore, shown, names.count - NameLookup.listed) : shown
    }
}
