import PeachAudio
import PeachHost
import PeachText
import PeachTraining

/// One of the two big answer targets, drawn as a box of text lines.
struct AnswerTarget {
    var direction: PitchDirection
    var enabled: Bool
    var width: Int
    var height: Int

    func lines(style: TerminalStyle) -> [String] {
        let glyphs = enabled ? BoxGlyphs.solid(unicode: style.unicode) : BoxGlyphs.dotted(unicode: style.unicode)
        let inner = width - 2
        let higher = direction == .higher
        let arrow = style.unicode ? (higher ? "▲" : "▼") : (higher ? "^" : "v")
        let word = localized(higher ? .trainingHigher : .trainingLower)
        let label = enabled ? "\(arrow) \(word)" : word
        let hint = enabled ? AnswerKeys.hint(for: direction, unicode: style.unicode) : localized(.trainingWait)
        var content = [label]
        if height >= 5 { content.append(hint) }
        let paint = { (text: String) -> String in enabled ? style.strong(text) : style.dim(text) }
        let blankRows = height - 2 - content.count
        let above = blankRows / 2
        var rows = [paint(glyphs.topLeft + String(repeating: glyphs.horizontal, count: inner) + glyphs.topRight)]
        for row in 0..<(height - 2) {
            let index = row - above
            let text = index >= 0 && index < content.count ? content[index] : ""
            let padded = text.centred(in: inner)
            let filled = padded + String(repeating: " ", count: max(0, inner - padded.cellWidth))
            let body = index == 0 && enabled ? style.strong(filled) : (enabled ? filled : style.dim(filled))
            rows.append(paint(glyphs.vertical) + body + paint(glyphs.vertical))
        }
        rows.append(paint(glyphs.bottomLeft + String(repeating: glyphs.horizontal, count: inner) + glyphs.bottomRight))
        return rows
    }
}

/// Border characters: solid for a target that takes answers, dotted for one
/// that does not (so the state shows without colour).
struct BoxGlyphs {
    var topLeft, topRight, bottomLeft, bottomRight, horizontal, vertical: String

    static func solid(unicode: Bool) -> BoxGlyphs {
        unicode ? BoxGlyphs(topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯", horizontal: "─", vertical: "│")
                : BoxGlyphs(topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+", horizontal: "-", vertical: "|")
    }

    static func dotted(unicode: Bool) -> BoxGlyphs {
        unicode ? BoxGlyphs(topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘", horizontal: "┄", vertical: "┆")
                : BoxGlyphs(topLeft: ".", topRight: ".", bottomLeft: ".", bottomRight: ".", horizontal: ".", vertical: ":")
    }
}
