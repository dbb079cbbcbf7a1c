import Foundation
import Glibc
import PeachAudio
import PeachHistory
import PeachHost
import PeachMusic
import PeachReports
import PeachSupport
import PeachTestSupport
import PeachTraining
import Testing

/// The terminal chart of the profile, checked at several widths by what a
/// reader relies on: nothing wider than the terminal, the keys named, and
/// the curve where the thresholds say.
@Suite struct KeyboardChartTests {
    /// A listener from C2 to C7 with thresholds falling towards the treble and one weak spot at A5.
    static let overview: ProfileOverview = {
        let threshold = { (note: Int) in (note == 81 ? 4 : 1) * 40 * pow(0.97, Double(note - 36)) }
        let evidence = simulatedHistory(count: 4000, keys: 36...96, threshold: threshold).map(AnswerEvidence.init)
        let profile = PersistentTraining.rebuild(evidence)
        let report = ProfileReport(profile: profile, range: .manual(MIDINote(number: 36)!, MIDINote(number: 96)!), reference: 440)
        return ProfileOverview(report: report, evidence: evidence)
    }()

    /// The text a terminal shows, without colour codes.
    static func visible(_ line: String) -> String {
        var result = "", escape = false
        for character in line {
            if character == "\u{1B}" { escape = true } else if escape { if character == "m" { escape = false } } else { result.append(character) }
        }
        return result
    }

    @Test(arguments: [40, 80, 120, 200])
    func fitsTheWidthNamesTheKeysAndDrawsTheCurveInThresholdOrder(width: Int) throws {
        let chart = KeyboardChart(overview: Self.overview)
        let lines = chart.lines(width: width, colour: false)
        for line in lines { #expect(line.unicodeScalars.count < width, "\(line.unicodeScalars.count) columns: \(line)") }

        // The keyboard row is white and black keys in the piano's pattern; the row under it names every C.
        let keyboardIndex = try #require(lines.firstIndex { $0.contains("█") && $0.contains("▁") })
        let names = lines[keyboardIndex + 1]
        for octave in 2...7 { #expect(names.contains("C\(octave)"), "C\(octave) missing at width \(width): \(names)") }

        // Each key's threshold mark sits in a row no lower than that of every key with a smaller threshold.
        let grid = Array(lines[..<(keyboardIndex - 1)])
        let margin = try #require(grid[0].firstIndex(where: { $0 == "┤" || $0 == "│" })).utf16Offset(in: grid[0]) + 1
        var marks: [(column: Int, row: Int)] = []
        for (row, line) in grid.enumerated() {
            for (column, scalar) in Array(line.unicodeScalars).enumerated() where column >= margin && (scalar == "●" || scalar == "▲") {
                marks.append((column - margin, row))
            }
        }
        let columns = chart.layout(available: width - margin - 1)
        #expect(marks.count == Set(marks.map(\.column)).count, "one mark per column")
        #expect(marks.count == columns.filter { $0.marksThreshold }.count)
        let thresholds = marks.map { columns[$0.column].threshold }
        for a in marks.indices {
            for b in marks.indices where thresholds[a] > thresholds[b] * 1.5 {
                #expect(marks[a].row < marks[b].row, "a threshold of \(thresholds[a]) ¢ is drawn above one of \(thresholds[b]) ¢")
            }
        }
        // The weak spot stands out with its own glyph, whatever the width.
        #expect(Self.overview.weakKeys.contains(81))
        #expect(lines.joined().contains("▲"))
    }

    @Test func narrowTerminalsShareColumnsButKeepTheWeakestKey() {
        let chart = KeyboardChart(overview: Self.overview)
        let columns = chart.layout(available: 30)
        #expect(columns.count == 30)
        #expect(columns.flatMap(\.keys).map(\.note) == Array(36...96), "every key in exactly one column, in order")
        let shared = columns.first { $0.keys.contains { $0.note == 81 } }!
        #expect(shared.weak && shared.threshold == Self.overview.report.note(81)!.threshold)
    }

    @Test func colourIsOnlyASecondSignal() {
        let chart = KeyboardChart(overview: Self.overview, highlighted: MIDINote(number: 69))
        let plain = chart.lines(width: 80, colour: false), coloured = chart.lines(width: 80, colour: true)
        #expect(!plain.joined().contains("\u{1B}"))
        #expect(coloured.joined().contains("\u{1B}[1;31m▲"), "weak spots in bold red")
        #expect(coloured.map(Self.visible) == plain, "the same glyphs with and without colour")
        // The highlighted key is marked in plain text too: ▼ above its column, its name below.
        #expect(plain[0].trimmingWhitespace() == "▼")
        let column = plain[0].unicodeScalars.count - 1
        let names = plain[plain.firstIndex { $0.contains("█") }! + 1]
        #expect(Array(names.unicodeScalars)[column...].starts(with: "A4".unicodeScalars), "\(names)")
    }

    @Test func aBassThatIsHardForEveryoneIsNoWeakSpotButAKeyHardForYouIs() throws {
        // Five times the usual thresholds everywhere (so the bass is far above the median key in cents), G4 three times that,
        // and C5 without answers; every band a factor of 1.4 either way.
        let typical = KeyboardPrior()
        let notes = (36...72).map { note in
            let threshold = (note == 67 ? 3 : 1) * 5 * exp(typical.meanLogThreshold(note))
            return #"{"note":\#(note),"name":"\#(MIDINote(number: note)!.name)","threshold":\#(threshold),"#
                + #""band80":[\#(threshold / 1.2),\#(threshold * 1.2)],"band95":[\#(threshold / 1.4),\#(threshold * 1.4)],"answers":\#(note == 72 ? 0 : 50)}"#
        }
        let json = #"{"schema":1,"reference":440,"answers":1800,"slope":1,"lapse":0.03,"range":{"low":"C2","high":"C5","adaptive":false},"#
            + #""notes":[\#(notes.joined(separator: ","))]}"#
        let report = try JSONDecoder().decode(ProfileReport.self, from: Data(json.utf8))
        let median = try #require(report.medianThreshold)
        #expect(report.notes.filter { $0.note <= 41 }.allSatisfy { $0.band95[0] > median }, "C2 to F2 lie wholly above the median key in cents")
        #expect(report.weakKeys == [67])
    }

    @Test func keysWithoutAnswersLookDifferent() {
        // Only C4 to E4 trained; the rest of C3-C5 is the model's guess.
        let evidence = simulatedHistory(count: 300, keys: 60...64) { _ in 20 }.map(AnswerEvidence.init)
        let profile = PersistentTraining.rebuild(evidence)
        let report = ProfileReport(profile: profile, range: .manual(MIDINote(number: 48)!, MIDINote(number: 72)!), reference: 440)
        let text = KeyboardChart(overview: ProfileOverview(report: report, evidence: evidence)).lines(width: 80, colour: false).joined(separator: "\n")
        #expect(text.contains("○") && text.contains("·") && text.contains("●") && text.contains("░"))
    }
}
