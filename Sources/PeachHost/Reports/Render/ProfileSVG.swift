import PeachMusic
import PeachText
import PeachTraining
/// The profile as an SVG picture for a browser: the threshold curve and its
/// 80% and 95% bands over a drawn piano keyboard, on a logarithmic cents
/// axis; the latest answers as faint points (filled: correct; hollow red:
/// wrong); weak spots as red triangles over tinted keys; every key with a
/// hover title giving its detail; and progress over time as a sparkline.
public struct ProfileSVG: Sendable {
    /// Where things are, in SVG pixels (also what tests probe in the rendered picture).
    public struct Layout: Sendable {
        public static let width = 960.0
        public static let height = 680.0
        public static let plotLeft = 72.0
        public static let plotRight = 936.0
        public static let plotTop = 84.0
        public static let plotBottom = 384.0
        public static let keyboardTop = 396.0
        public static let blackKeyBottom = 446.0
        public static let keyboardBottom = 476.0
        public static let sparklineTop = 560.0
        public static let sparklineBottom = 620.0

        public let piano: PianoLayout
        public let scale: CentsScale

        /// The vertical position of `cents` in the plot.
        public func y(_ cents: Double) -> Double {
            Self.plotTop + scale.position(cents) * (Self.plotBottom - Self.plotTop)
        }
    }

    /// The most recent answers drawn as points; older ones would only blur the picture (and bloat the file).
    public static let maximumPoints = 3000

    public let overview: ProfileOverview
    public let progress: ProgressSeries
    public let layout: Layout
    private let now: Double
    private let calendar: LocalCalendar

    public init(overview: ProfileOverview, progress: ProgressSeries, now: Double, calendar: LocalCalendar = .system) {
        self.overview = overview
        self.progress = progress
        self.now = now
        self.calendar = calendar
        let notes = overview.report.notes
        let range = (notes.first?.note ?? 60)...(notes.last?.note ?? 60)
        // The axis holds the bands and most answers; the few answers beyond it are left out rather than piled on its edge.
        let deltas = overview.evidence.suffix(Self.maximumPoints).map(\.delta).sorted()
        let usual = deltas.isEmpty ? [] : [deltas[deltas.count / 10], deltas[deltas.count * 9 / 10]]
        layout = Layout(piano: PianoLayout(range: range, left: Layout.plotLeft, width: Layout.plotRight - Layout.plotLeft),
                        scale: CentsScale(covering: notes.flatMap { $0.band95 } + usual))
    }

    public func document() -> String {
        var svg = SVGWriter()
        svg.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        svg.begin("svg", [("xmlns", "http://www.w3.org/2000/svg"), ("viewBox", "0 0 \(SVGWriter.number(Layout.width)) \(SVGWriter.number(Layout.height))"),
                          ("width", SVGWriter.number(Layout.width)), ("height", SVGWriter.number(Layout.height)),
                          ("font-family", "sans-serif"), ("role", "img"), ("aria-labelledby", "title")])
        svg.raw("\n")
        svg.element("title", [("id", "title")], content: localized(.svgTitle))
        svg.element("desc", content: localized(.svgDescription, summary))
        svg.element("rect", [("width", "100%"), ("height", "100%"), ("fill", "#ffffff")])
        header(&svg)
        axis(&svg)
        bands(&svg)
        points(&svg)
        curve(&svg)
        keyboard(&svg)
        sparkline(&svg)
        legend(&svg)
        svg.close()
        return svg.text
    }

    private var summary: String {
        let report = overview.report
        return localized(.svgSummary, report.answers, report.range.low, report.range.high, report.reference.compact)
    }

    private var trained: [ProfileReport.Note] { overview.report.notes }

    private func x(_ note: Int) -> Double { layout.piano.key(note)!.centre }

    private func header(_ svg: inout SVGWriter) {
        svg.element("text", [("x", "24"), ("y", "32"), ("font-size", "20"), ("font-weight", "bold"), ("fill", "#222")],
                    content: localized(.svgHeading))
        svg.element("text", [("x", "24"), ("y", "54"), ("font-size", "13"), ("fill", "#555")],
                    content: localized(.svgSubheading, summary))
    }

    private func axis(_ svg: inout SVGWriter) {
        svg.begin("g", [("font-size", "11"), ("fill", "#555")])
        for tick in layout.scale.ticks {
            let y = SVGWriter.number(layout.y(tick))
            svg.element("line", [("x1", SVGWriter.number(Layout.plotLeft)), ("x2", SVGWriter.number(Layout.plotRight)), ("y1", y), ("y2", y),
                                 ("stroke", "#e4e4e4"), ("stroke-width", "1")])
            svg.element("text", [("x", SVGWriter.number(Layout.plotLeft - 8)), ("y", SVGWriter.number(layout.y(tick) + 4)), ("text-anchor", "end")],
                        content: CentsText.text(tick))
        }
        let middle = SVGWriter.number((Layout.plotTop + Layout.plotBottom) / 2)
        svg.element("text", [("x", "18"), ("y", middle), ("text-anchor", "middle"), ("transform", "rotate(-90 18 \(middle))")],
                    content: localized(.svgAxis))
        svg.close()
    }

    /// The 95% band, then the 80% band over it, as filled areas through the key centres.
    private func bands(_ svg: inout SVGWriter) {
        for (band, fill, name) in [(\ProfileReport.Note.band95, "#dbe8f5", "band95"), (\ProfileReport.Note.band80, "#9fc3e7", "band80")] {
            let upper = trained.map { (x: x($0.note), y: layout.y($0[keyPath: band][1])) }
            let lower = trained.reversed().map { (x: x($0.note), y: layout.y($0[keyPath: band][0])) }
            svg.element("polygon", [("id", name), ("points", SVGWriter.points(upper + lower)), ("fill", fill)])
        }
    }

    private func points(_ svg: inout SVGWriter) {
        let shown = overview.evidence.suffix(Self.maximumPoints)
        guard !shown.isEmpty else { return }
        svg.begin("g", [("id", "answers")])
        for (index, answer) in shown.enumerated() {
            guard let key = layout.piano.key(answer.note.number), (layout.scale.bottom...layout.scale.top).contains(answer.delta) else { continue }
            // Spread the points of a key across it, the same way every time (golden-ratio steps).
            let spread = (Double(index) * 0.618_034).truncatingRemainder(dividingBy: 1) - 0.5
            let cx = SVGWriter.number(key.centre + spread * key.width * 0.7), cy = SVGWriter.number(layout.y(answer.delta))
            if answer.correct {
                svg.element("circle", [("cx", cx), ("cy", cy), ("r", "1.8"), ("fill", "#333333"), ("fill-opacity", "0.16")])
            } else {
                svg.element("circle", [("cx", cx), ("cy", cy), ("r", "1.8"), ("fill", "none"), ("stroke", "#c0392b"), ("stroke-opacity", "0.35")])
            }
        }
        svg.close()
    }

    private func curve(_ svg: inout SVGWriter) {
        let line = trained.map { (x: x($0.note), y: layout.y($0.threshold)) }
        svg.element("polyline", [("id", "threshold"), ("points", SVGWriter.points(line)), ("fill", "none"), ("stroke", "#1d4f91"), ("stroke-width", "2")])
        let weak = overview.weakKeys
        svg.begin("g", [("id", "thresholds")])
        for note in trained {
            let cx = x(note.note), cy = layout.y(note.threshold)
            svg.begin("g")
            svg.element("title", content: detail(note.note))
            if weak.contains(note.note) {
                let path = "M\(SVGWriter.number(cx)),\(SVGWriter.number(cy - 6)) L\(SVGWriter.number(cx + 5.5)),\(SVGWriter.number(cy + 4)) "
                    + "L\(SVGWriter.number(cx - 5.5)),\(SVGWriter.number(cy + 4)) Z"
                svg.element("path", [("d", path), ("fill", "#c0392b")])
            } else {
                svg.element("circle", [("cx", SVGWriter.number(cx)), ("cy", SVGWriter.number(cy)), ("r", "3.5"),
                                       ("fill", note.answers > 0 ? "#1d4f91" : "#ffffff"), ("stroke", "#1d4f91"), ("stroke-width", "1.5")])
            }
            svg.close()
        }
        svg.close()
    }

    private func keyboard(_ svg: inout SVGWriter) {
        let weak = overview.weakKeys
        let height = Layout.keyboardBottom - Layout.keyboardTop, blackHeight = Layout.blackKeyBottom - Layout.keyboardTop
        svg.begin("g", [("id", "keyboard")])
        // White keys first: the black ones lie on top of them.
        for key in layout.piano.keys.filter({ !$0.isBlack }) + layout.piano.keys.filter(\.isBlack) {
            let fill = key.isBlack ? (weak.contains(key.note) ? "#8e2a1f" : "#222222") : (weak.contains(key.note) ? "#f5c6c0" : "#ffffff")
            svg.begin("g", [("class", key.isBlack ? "black-key" : "white-key")])
            svg.element("title", content: overview.report.note(key.note) == nil ? localized(.svgOutsideRange, MIDINote(number: key.note)!.name)
                        : detail(key.note))
            svg.element("rect", [("x", SVGWriter.number(key.x)), ("y", SVGWriter.number(Layout.keyboardTop)), ("width", SVGWriter.number(key.width)),
                                 ("height", SVGWriter.number(key.isBlack ? blackHeight : height)), ("fill", fill), ("stroke", "#444444"),
                                 ("stroke-width", "1")])
            svg.close()
        }
        svg.close()
        svg.begin("g", [("font-size", "11"), ("fill", "#333"), ("text-anchor", "middle")])
        for key in layout.piano.keys where key.note % 12 == 0 || key.note == trained.first?.note || key.note == trained.last?.note {
            svg.element("text", [("x", SVGWriter.number(key.centre)), ("y", SVGWriter.number(Layout.keyboardBottom + 16))],
                        content: MIDINote(number: key.note)!.name)
        }
        svg.close()
    }

    private func detail(_ note: Int) -> String {
        overview.detail(for: MIDINote(number: note)!)?.lines(now: now, calendar: calendar).joined(separator: "\n") ?? ""
    }

    private func sparkline(_ svg: inout SVGWriter) {
        let left = Layout.plotLeft, right = Layout.plotRight, top = Layout.sparklineTop, bottom = Layout.sparklineBottom
        svg.element("text", [("x", SVGWriter.number(left)), ("y", SVGWriter.number(top - 14)), ("font-size", "13"), ("fill", "#222")],
                    content: progress.period.text(day: .svgProgressDays, week: .svgProgressWeeks, month: .svgProgressMonths))
        let values = progress.points.enumerated().compactMap { index, point in point.medianThreshold.map { (index, $0) } }
        guard let low = values.map(\.1).min(), let high = values.map(\.1).max(), values.count >= 2 else {
            svg.element("text", [("x", SVGWriter.number(left)), ("y", SVGWriter.number(top + 20)), ("font-size", "12"), ("fill", "#777")],
                        content: progress.period.progressShowsLater)
            return
        }
        let step = (right - left - 120) / Double(max(progress.points.count - 1, 1))
        func position(_ index: Int, _ value: Double) -> (x: Double, y: Double) {
            (left + Double(index) * step, bottom - Sparkline.fraction(value, low: low, high: high) * (bottom - top))
        }
        svg.begin("g", [("id", "progress")])
        svg.element("line", [("x1", SVGWriter.number(left)), ("x2", SVGWriter.number(right - 120)), ("y1", SVGWriter.number(bottom)),
                             ("y2", SVGWriter.number(bottom)), ("stroke", "#e4e4e4")])
        svg.element("polyline", [("points", SVGWriter.points(values.map { position($0.0, $0.1) })), ("fill", "none"), ("stroke", "#1d4f91"),
                                 ("stroke-width", "1.5")])
        for (index, value) in values {
            let point = position(index, value)
            svg.begin("circle", [("cx", SVGWriter.number(point.x)), ("cy", SVGWriter.number(point.y)), ("r", "2.5"), ("fill", "#1d4f91")])
            svg.element("title", content: progress.period.text(day: .svgPointDay, week: .svgPointWeek, month: .svgPointMonth,
                                                               progress.points[index].start, CentsText.text(value), progress.points[index].answers))
            svg.close()
        }
        let first = values.first!, last = values.last!
        svg.element("text", [("x", SVGWriter.number(right - 110)), ("y", SVGWriter.number(position(last.0, last.1).y + 4)), ("font-size", "12"),
                             ("fill", "#222")], content: "\(CentsText.text(first.1)) → \(CentsText.text(last.1))")
        svg.element("text", [("x", SVGWriter.number(left)), ("y", SVGWriter.number(bottom + 16)), ("font-size", "11"), ("fill", "#555")],
                    content: progress.points[first.0].start)
        svg.element("text", [("x", SVGWriter.number(position(last.0, last.1).x)), ("y", SVGWriter.number(bottom + 16)), ("font-size", "11"),
                             ("fill", "#555"), ("text-anchor", "end")], content: progress.points[last.0].start)
        svg.close()
    }

    /// A sample of a mark and what it means. The labels' lengths differ by
    /// language, so the items flow left to right, onto a second line if need be.
    private struct LegendItem {
        let swatchWidth: Double
        let label: String
        /// Draws the sample with its left edge at x, on the text's baseline y.
        let swatch: (inout SVGWriter, Double, Double) -> Void
    }

    private func legend(_ svg: inout SVGWriter) {
        func n(_ value: Double) -> String { SVGWriter.number(value) }
        let items = [
            LegendItem(swatchWidth: 18, label: localized(.band80)) { svg, x, y in
                svg.element("rect", [("x", n(x)), ("y", n(y - 10)), ("width", "18"), ("height", "10"), ("fill", "#9fc3e7")])
            },
            LegendItem(swatchWidth: 18, label: localized(.band95)) { svg, x, y in
                svg.element("rect", [("x", n(x)), ("y", n(y - 10)), ("width", "18"), ("height", "10"), ("fill", "#dbe8f5")])
            },
            LegendItem(swatchWidth: 7, label: localized(.svgThreshold)) { svg, x, y in
                svg.element("circle", [("cx", n(x + 3.5)), ("cy", n(y - 4)), ("r", "3.5"), ("fill", "#1d4f91")])
            },
            LegendItem(swatchWidth: 11, label: localized(.weakSpot)) { svg, x, y in
                svg.element("path", [("d", "M\(n(x + 5.5)),\(n(y - 10)) L\(n(x + 11)),\(n(y)) L\(n(x)),\(n(y)) Z"), ("fill", "#c0392b")])
            },
            LegendItem(swatchWidth: 12, label: localized(.svgAnswers, Self.maximumPoints)) { svg, x, y in
                svg.element("circle", [("cx", n(x + 2)), ("cy", n(y - 4)), ("r", "2"), ("fill", "#333333"), ("fill-opacity", "0.4")])
                svg.element("circle", [("cx", n(x + 10)), ("cy", n(y - 4)), ("r", "2"), ("fill", "none"), ("stroke", "#c0392b")])
            },
        ]
        var lines: [[(x: Double, item: LegendItem)]] = [[]]
        var x = Layout.plotLeft
        for item in items {
            let width = item.swatchWidth + 6 + Self.estimatedWidth(item.label, fontSize: 12)
            if x + width > Layout.plotRight, !lines[lines.count - 1].isEmpty {
                lines.append([])
                x = Layout.plotLeft
            }
            lines[lines.count - 1].append((x, item))
            x += width + 24
        }
        svg.begin("g", [("font-size", "12"), ("fill", "#333")])
        for (row, line) in lines.enumerated() {
            // One line sits 20 px above the bottom; two share the space below the sparkline's dates.
            let y = Layout.height - 20 + (lines.count > 1 ? Double(row) * 18 - 6 : 0)
            for (x, item) in line {
                item.swatch(&svg, x, y)
                svg.element("text", [("x", n(x + item.swatchWidth + 6)), ("y", n(y))], content: item.label)
            }
        }
        svg.close()
    }

    /// About how wide `text` is in a sans-serif font: a generous average glyph width.
    private static func estimatedWidth(_ text: String, fontSize: Double) -> Double {
        Double(text.count) * fontSize * 0.55
    }
}
