/// Builds SVG text: elements with attributes, escaped text, and numbers with
/// at most two decimals (a hundredth of a pixel is plenty, and keeps the file small).
package struct SVGWriter {
    private(set) var text = ""
    private var open: [String] = []

    /// `<name a="1">`, to be closed by `close()`.
    package mutating func begin(_ name: String, _ attributes: [(String, String)] = []) {
        text += "<\(name)\(Self.attributes(attributes))>"
        open.append(name)
    }

    package mutating func close() {
        text += "</\(open.removeLast())>\n"
    }

    /// `<name a="1"/>`, or `<name a="1">content</name>` with `content` escaped.
    package mutating func element(_ name: String, _ attributes: [(String, String)] = [], content: String? = nil) {
        if let content {
            text += "<\(name)\(Self.attributes(attributes))>\(Self.escaped(content))</\(name)>\n"
        } else {
            text += "<\(name)\(Self.attributes(attributes))/>\n"
        }
    }

    package mutating func raw(_ markup: String) { text += markup }

    package static func attributes(_ attributes: [(String, String)]) -> String {
        attributes.map { " \($0.0)=\"\(escaped($0.1))\"" }.joined()
    }

    /// Text safe inside elements and double-quoted attributes.
    package static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            // Control characters other than tab and newline are not allowed in XML 1.0 at all.
            case "\u{00}"..."\u{08}", "\u{0B}", "\u{0C}", "\u{0E}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `12.35`, `12.3`, `12`: two decimals at most, no exponent.
    package static func number(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let whole = abs(hundredths) / 100, fraction = abs(hundredths) % 100
        if fraction == 0 { return sign + String(whole) }
        let decimals = fraction % 10 == 0 ? String(fraction / 10) : (fraction < 10 ? "0" : "") + String(fraction)
        return sign + String(whole) + "." + decimals
    }

    /// `x1,y1 x2,y2 …` for polylines and polygons.
    package static func points(_ points: [(x: Double, y: Double)]) -> String {
        points.map { number($0.x) + "," + number($0.y) }.joined(separator: " ")
    }
}
