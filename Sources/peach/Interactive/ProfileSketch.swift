import Glibc
import PeachAudio
import PeachHost
import PeachText
import PeachTraining

/// The profile in one line for the start page: a bar per key, taller where
/// the threshold is higher, so weak keys stand out at a glance; and the
/// weak spots by name, so it does not rest on the picture alone.
struct ProfileSketch {
    let report: ProfileReport

    private static let levels = Array("▁▂▃▄▅▆▇█")
    private static let asciiLevels = Array("_.-=+*#@")
    /// Bars span at least this ratio of thresholds, so a flat profile looks flat.
    private static let minimumSpread = 4.0

    /// `low bars high`, at most `width` cells.
    func line(width: Int, unicode: Bool) -> String {
        guard let first = report.notes.first, let last = report.notes.last else { return "" }
        let available = max(4, width - first.name.count - last.name.count - 2)
        let groups = Self.grouped(report.notes.map(\.threshold), into: available)
        let lowest = groups.min() ?? 1
        let highest = max(groups.max() ?? 1, lowest * Self.minimumSpread)
        let glyphs = unicode ? Self.levels : Self.asciiLevels
        let bars = groups.map { threshold -> Character in
            let position = (threshold / lowest).logarithm / (highest / lowest).logarithm
            return glyphs[min(glyphs.count - 1, max(0, Int((position * Double(glyphs.count - 1)).rounded())))]
        }
        return "\(first.name) \(String(bars)) \(last.name)"
    }

    /// The weak spots by name (`ProfileReport.weakSpotsSentence`, as `peach
    /// profile` says them), or a word for a profile with no answers yet.
    func weakSpotsText(listing limit: Int = 3) -> String {
        report.answers > 0 ? report.weakSpotsSentence(listing: limit) : localized(.startNoAnswers)
    }

    /// Neighbouring keys share a bar when there are more keys than cells; a bar shows its weakest key.
    private static func grouped(_ thresholds: [Double], into cells: Int) -> [Double] {
        guard thresholds.count > cells else { return thresholds }
        return (0..<cells).map { cell in
            let start = cell * thresholds.count / cells, end = (cell + 1) * thresholds.count / cells
            return thresholds[start..<max(end, start + 1)].max()!
        }
    }
}

private extension Double {
    var logarithm: Double { Glibc.log(self) }
}
