import PeachSupport

/// One line of the results table.
struct Row {
    enum Verdict: String {
        case pass = "PASS", fail = "FAIL", info = "info"
    }

    var figure: String
    var target: String
    var measured: String
    var baseline: String
    var verdict: Verdict

    /// A row checked against a target: passes when `passes` holds.
    static func checked(_ figure: String, target: String, measured: String, baseline: String = "", passes: Bool) -> Row {
        Row(figure: figure, target: target, measured: measured, baseline: baseline, verdict: passes ? .pass : .fail)
    }

    /// A speed in multiples of real time, against a target and a baseline's speed, both measured.
    static func realTime(_ figure: String, _ factor: Double, target: Double, baseline name: String, _ baseline: Double?) -> Row {
        let compared = baseline.map { "\(name) \(format($0, decimals: 0))x; Peach/\(name) \(format(factor / $0, decimals: 2))" } ?? "\(name) not installed"
        return checked(figure, target: ">= \(format(target, decimals: 0))x real time", measured: "\(format(factor, decimals: 0))x",
                       baseline: compared, passes: factor >= target)
    }

    /// A row with no target of its own, shown for context.
    static func info(_ figure: String, measured: String, baseline: String = "") -> Row {
        Row(figure: figure, target: "", measured: measured, baseline: baseline, verdict: .info)
    }
}

/// Prints rows as an aligned plain-text table.
enum Table {
    static func print(_ rows: [Row]) {
        let header = ["Figure", "Target", "Measured", "Baseline (same run)", "Result"]
        let cells = rows.map { [$0.figure, $0.target, $0.measured, $0.baseline, $0.verdict.rawValue] }
        let widths = header.indices.map { column in ([header] + cells).map { $0[column].count }.max()! }
        func line(_ values: [String]) -> String {
            zip(values, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }.joined(separator: " | ")
        }
        StandardOutput.write(line(header) + "\n")
        StandardOutput.write(widths.map { String(repeating: "-", count: $0) }.joined(separator: "-+-") + "\n")
        for row in cells { StandardOutput.write(line(row) + "\n") }
    }
}
