import PeachText
import PeachTraining
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
        var lines = [isWeak ? localized(.detailWeak, note.name) : note.name]
        lines.append(localized(.detailThreshold, CentsText.text(note.threshold), CentsText.band(note.band80), CentsText.band(note.band95)))
        if facts.answers == 0 {
            lines.append(localized(.detailNoAnswers))
        } else {
            let share = Int((facts.shareCorrect! * 100).rounded())
            let smallest = facts.smallestCorrect.map { localized(.detailSmallest, CentsText.text($0)) } ?? localized(.detailNoneCorrect)
            lines.append(localized(.detailAnswers, facts.answers, share, smallest))
            if let last = facts.lastTrained {
                lines.append(localized(.detailLastTrained, calendar.minuteText(last), Self.daysAgo(last, now: now, calendar: calendar)))
            }
        }
        if let trend { lines.append(Self.describe(trend, calendar: calendar)) }
        return lines.flatMap { TextWrap.lines($0, width: width) }
    }

    package static func describe(_ trend: KeyTrend, calendar: LocalCalendar) -> String {
        guard let then = trend.then, let change = trend.change, let relative = trend.relativeChange else {
            return localized(.trendNothingBefore, calendar.day(of: trend.since))
        }
        let percent = Int((abs(relative) * 100).rounded())
        let movement = percent == 0 ? localized(.trendSame) : localized(relative < 0 ? .trendLower : .trendHigher, percent)
        let verdict = switch change {
        case .lower: localized(.trendBetter)
        case .higher: localized(.trendWorse)
        case .unclear: localized(.trendUnclear)
        }
        return localized(.trend, CentsText.text(then.threshold), calendar.day(of: trend.since), CentsText.text(trend.now.threshold), movement, verdict)
    }

    package static func daysAgo(_ moment: Double, now: Double, calendar: LocalCalendar) -> String {
        let days = calendar.day(of: now).number - calendar.day(of: moment).number
        return switch days {
        case ..<1: localized(.detailToday)
        case 1: localized(.detailYesterday)
        default: localized(.detailDaysAgo, days)
        }
    }
}
