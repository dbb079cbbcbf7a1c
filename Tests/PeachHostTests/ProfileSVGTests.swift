import Foundation
import FoundationXML
import Glibc
import PeachAudio
import PeachHistory
import PeachHost
import PeachMusic
import PeachReports
import PeachTestSupport
import PeachTraining
import Testing

/// `peach profile --svg`: well-formed XML that, drawn by a real SVG renderer
/// (rsvg-convert), shows the keyboard and the band where the profile puts them.
@Suite struct ProfileSVGTests {
    static let now = 1_790_000_000 + 40 * 86_400.0
    static let calendar = LocalCalendar.fixed(utcOffsetSeconds: 0)

    /// Three weeks of a listener from G3 to G5 (A4 a weak spot), 150 answers a day.
    static let picture: ProfileSVG = {
        let threshold = { (note: Int) in note == 69 ? 60 : 15 * pow(0.98, Double(note - 55)) }
        let days = (0..<21).flatMap { day in
            simulatedHistory(count: 150, keys: 55...79, start: 1_790_000_000 + Double(day) * 86_400, seed: UInt64(day), threshold: threshold)
        }
        let evidence = days.map(AnswerEvidence.init)
        let report = ProfileReport(profile: PersistentTraining.rebuild(evidence), range: .manual(MIDINote(number: 55)!, MIDINote(number: 79)!),
                                   reference: 440)
        let overview = ProfileOverview(report: report, evidence: evidence, comparison: ProfileOverview.comparison(evidence, reference: 440))
        return ProfileSVG(overview: overview, progress: ProgressSeries(evidence: evidence, current: report, now: now, calendar: calendar),
                          now: now, calendar: calendar)
    }()

    /// Collects what the checks need while parsing.
    final class Reader: NSObject, XMLParserDelegate {
        var elements: [String] = []
        var titles: [String] = []
        private var text: String?

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            elements.append(name)
            if name == "title" { text = "" }
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { text? += string }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "title", let text { titles.append(text) }
            text = nil
        }
    }

    @Test func isWellFormedWithKeysBandsCurvePointsAndAHoverTitlePerKey() throws {
        let document = Self.picture.document()
        let parser = XMLParser(data: Data(document.utf8))
        let reader = Reader()
        parser.delegate = reader
        #expect(parser.parse() && parser.parserError == nil, "\(String(describing: parser.parserError))")
        #expect(reader.elements.first == "svg")
        #expect(document.contains(#"id="band80""#) && document.contains(#"id="band95""#) && document.contains(#"id="threshold""#))
        #expect(reader.elements.filter { $0 == "rect" }.count >= 15 + 10, "15 white and 10 black keys, plus the background")
        #expect(reader.elements.filter { $0 == "circle" }.count > 2000, "the answers as points")
        for note in 55...79 {
            let name = MIDINote(number: note)!.name
            let titles = reader.titles.filter { $0.hasPrefix(name + "\n") || $0.hasPrefix(name + " ·") }
            #expect(titles.count >= 2, "\(name): a title on the key and on its threshold mark")
            #expect(titles.allSatisfy { $0.contains("80% band") && $0.contains("answers") && $0.contains("trend:") && $0.contains("last trained") })
        }
        #expect(reader.titles.contains { $0.hasPrefix("A4 · weak spot") })
        #expect(reader.titles.contains { $0.hasPrefix("day of ") }, "progress points have titles")
        // Text that needs escaping survives as text.
        let escaped = try #require(reader.titles.first { $0.hasPrefix("C4") })
        #expect(escaped.contains("¢"))
    }

    /// A picture decoded from rsvg-convert's PNG (through netpbm's pngtopnm).
    struct Pixels {
        let width: Int, height: Int, bytes: [UInt8]
        subscript(x: Int, y: Int) -> (r: Int, g: Int, b: Int) {
            let index = (y * width + x) * 3
            return (Int(bytes[index]), Int(bytes[index + 1]), Int(bytes[index + 2]))
        }

        init(png: String) throws {
            let ppm = png + ".ppm"
            let result = try Shell.run(["sh", "-c", "pngtopnm '\(png)' > '\(ppm)'"])
            try #require(result.status == 0, "pngtopnm: \(result.standardError)")
            let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: ppm)))
            // "P6 <width> <height> 255" and one white-space byte, then RGB triples.
            var fields: [String] = [], index = 0
            while fields.count < 4 {
                while data[index] == 0x20 || data[index] == 0x0A { index += 1 }
                let start = index
                while data[index] != 0x20 && data[index] != 0x0A { index += 1 }
                fields.append(String(decoding: data[start..<index], as: UTF8.self))
            }
            try #require(fields[0] == "P6" && fields[3] == "255", "\(fields)")
            width = Int(fields[1])!
            height = Int(fields[2])!
            bytes = Array(data[(index + 1)...])
            try #require(bytes.count == width * height * 3)
        }
    }

    @Test func renderedToPNGItShowsTheKeyboardAndTheBand() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        try Self.picture.document().write(toFile: folder.file("profile.svg"), atomically: true, encoding: .utf8)
        let render = try Shell.run(["rsvg-convert", "--width", "960", "--height", "680", folder.file("profile.svg"), "-o", folder.file("profile.png")])
        try #require(render.status == 0, "rsvg-convert: \(render.standardError)")
        let pixels = try Pixels(png: folder.file("profile.png"))
        #expect(pixels.width == 960 && pixels.height == 680)
        let layout = Self.picture.layout
        func dark(_ p: (r: Int, g: Int, b: Int)) -> Bool { p.r + p.g + p.b < 3 * 80 }
        func light(_ p: (r: Int, g: Int, b: Int)) -> Bool { p.r + p.g + p.b > 3 * 200 }

        // Across the black keys' height: dark runs where the black keys are, light between.
        let blackRow = Int((ProfileSVG.Layout.keyboardTop + ProfileSVG.Layout.blackKeyBottom) / 2)
        var runs: [Range<Int>] = [], start: Int?
        for x in Int(ProfileSVG.Layout.plotLeft) + 2..<Int(ProfileSVG.Layout.plotRight) - 2 {
            let isDark = dark(pixels[x, blackRow]) && dark(pixels[x + 1, blackRow])  // a 1-pixel key border is not a key
            if isDark, start == nil { start = x }
            if !isDark, let begun = start { runs.append(begun..<x); start = nil }
        }
        let blackKeys = layout.piano.keys.filter(\.isBlack)
        #expect(runs.count == blackKeys.count, "\(runs.count) dark runs for \(blackKeys.count) black keys")
        for (run, key) in zip(runs, blackKeys) { #expect(abs(Double(run.lowerBound + run.upperBound) / 2 - key.centre) < 3) }
        // Below the black keys, the white keys are white.
        let whiteRow = Int((ProfileSVG.Layout.blackKeyBottom + ProfileSVG.Layout.keyboardBottom) / 2)
        let whiteKeys = layout.piano.keys.filter { !$0.isBlack && !Self.picture.overview.weakKeys.contains($0.note) }
        #expect(whiteKeys.allSatisfy { light(pixels[Int($0.centre), whiteRow]) })

        // At each key, between the threshold and the top of the 80% band, the band's blue; well above the 95% band, white.
        var inBand = 0, aboveBand = 0
        let notes = Self.picture.overview.report.notes
        for note in notes {
            let x = Int(layout.piano.key(note.note)!.centre)
            let y = Int(layout.y((note.threshold * note.band80[1]).squareRoot()))
            let p = pixels[x, y]
            if abs(p.r - 0x9F) < 40 && abs(p.g - 0xC3) < 40 && abs(p.b - 0xE7) < 40 { inBand += 1 }
            let above = Int(layout.y(note.band95[1])) - 12
            if above > Int(ProfileSVG.Layout.plotTop), light(pixels[x, above]) { aboveBand += 1 }
        }
        #expect(inBand >= notes.count * 9 / 10, "\(inBand) of \(notes.count) keys show the band's colour inside the band")
        #expect(aboveBand >= notes.filter { layout.y($0.band95[1]) - 12 > ProfileSVG.Layout.plotTop }.count * 8 / 10)
    }
}
