/// Everything Peach knows about one key, as the profile view shows it when
/// the key is chosen (`peach profile --note C4`, the interactive view, the
/// SVG's hover titles).
public struct KeyDetail: Equatable, Sendable {
    public var note: ProfileReport.Note
    public var facts: KeyFacts
    public var trend: KeyTrend?
    public var isWeak: Bool

    public init(note: ProfileReport.Note, facts: KeyFacts, trend: KeyTrend?, isWeak: Bool) {
        self.note = note
        self.facts = facts
        self.trend = trend
        self.isWeak = isWeak
    }

    /// The detail as lines of plain text, each at most `width` characters.
    public func lines(now: Double, calendar: LocalCalendar = .system, width: Int = .max) -> [String] {
        var lines = [note.name + (isWeak ? " · weak spot: harder for you than your other keys, register for register" : "")]
        lines.append("threshold \(CentsText.text(note.threshold)) · 80% band \(CentsText.band(note.band80)) · 95% band \(CentsText.band(note.band95))")
        if facts.answers == 0 {
            lines.append("no answers yet: the threshold is inferred from the neighbouring keys")
        } else {
            let share = Int((facts.shareCorrect! * 100).rounded())
            let smallest = facts.smallestCorrect.map { "smallest difference answered correctly \(CentsText.text($0))" }
                ?? "none answered correctly yet"
            lines.append("\(facts.answers) \(facts.answers == 1 ? "answer" : "answers") · \(share)% correct · \(smallest)")
            if let last = facts.lastTrained {
                lines.append("last trained \(calendar.minuteText(last)) (\(Self.daysAgo(last, now: now, calendar: calendar)))")
            }
        }
        if let trend { lines.append(Self.describe(trend, calendar: calendar)) }
        return lines.flatMap { TextWrap.lines($0, width: width) }
    }

    static func describe(_ trend: KeyTrend, calendar: LocalCalendar) -> String {
        guard let then = trend.then, let change = trend.change, let relative = trend.relativeChange else {
            return "trend: no answers at this key before \(calendar.day(of: trend.since)) to compare with"
        }
        let percent = Int((abs(relative) * 100).rounded())
        let movement = percent == 0 ? "the same" : "\(percent)% \(relative < 0 ? "lower" : "higher")"
        let verdict = switch change {
        case .lower: "better: the 80% bands then and now do not overlap"
        case .higher: "worse: the 80% bands then and now do not overlap"
        case .unclear: "no clear change: the 80% bands then and now overlap"
        }
        return "trend: \(CentsText.text(then.threshold)) on \(calendar.day(of: trend.since)) → \(CentsText.text(trend.now.threshold)) now, \(movement); \(verdict)"
    }

    static func daysAgo(_ moment: Double, now: Double, calendar: LocalCalendar) -> String {
        let days = calendar.day(of: now).number - calendar.day(of: moment).number
        return switch days {
        case ..<1: "today"
        case 1: "yesterday"
        default: "\(days) days ago"
        }
    }
}
