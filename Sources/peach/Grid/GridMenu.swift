import PeachText

/// The grid's menu (Tab): one row per choice, ↑↓ to pick a row, ←→ to
/// change its value, Enter for the rows that open something (the scale
/// editor, the list of instruments) or flip a switch.
struct GridMenu {
    enum Item: CaseIterable {
        case root, scale, editor, instrument, sustain, names, keySize, random, metronome, tempo

        var label: String {
            let key: TextKey = switch self {
            case .root: .gridMenuRoot
            case .scale: .gridMenuScale
            case .editor: .gridMenuEditor
            case .instrument: .gridMenuInstrument
            case .sustain: .gridMenuSustain
            case .names: .gridMenuNames
            case .keySize: .gridMenuKeySize
            case .random: .gridMenuRandom
            case .metronome: .gridMenuMetronome
            case .tempo: .gridMenuTempo
            }
            return localized(key)
        }
    }

    var selected = Item.root

    mutating func move(by step: Int) {
        let all = Item.allCases
        let index = all.firstIndex(of: selected)! + step
        selected = all[min(max(0, index), all.count - 1)]
    }

    /// The menu's lines: each row's label and value, the chosen row marked by shape as well as colour.
    func lines(value: (Item) -> String, style: TerminalStyle) -> [String] {
        let width = Item.allCases.map(\.label.count).max() ?? 0
        var lines = [style.strong(localized(.gridMenuTitle)), ""]
        for item in Item.allCases {
            let chosen = item == selected
            let row = (chosen ? (style.unicode ? "▸ " : "> ") : "  ") + item.label.padding(width, left: false) + "  "
                + (chosen ? (style.unicode ? "◀ " : "< ") + value(item) + (style.unicode ? " ▶" : " >") : "  " + value(item))
            lines.append(chosen ? style.inverse(row) : row)
        }
        lines += ["", style.dim(localized(.gridMenuKeys))]
        return lines
    }
}
