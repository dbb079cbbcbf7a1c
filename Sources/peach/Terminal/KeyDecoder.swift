/// Turns the bytes a terminal sends into keys: plain characters (UTF-8),
/// control keys, CSI and SS3 escape sequences (arrows, paging, SGR mouse
/// reports). A lone Escape is told from the start of a sequence by the pause
/// after it, so the caller reports that pause with `flushEscape`.
struct KeyDecoder {
    private var pending: [UInt8] = []

    /// Whether a lone Escape is waiting to be confirmed by a pause.
    var hasPendingEscape: Bool { pending == [0x1B] }

    mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        while let (key, used) = Self.parse(pending[...]) {
            keys.append(key)
            pending.removeFirst(used)
        }
        return keys
    }

    /// After a pause: a waiting Escape was the Escape key itself.
    mutating func flushEscape() -> [Key] {
        guard !pending.isEmpty else { return [] }
        let wasEscape = pending.first == 0x1B
        pending.removeAll()
        return wasEscape ? [.escape] : []
    }

    /// The first key in `bytes` and how many bytes it used; nil if more bytes are needed.
    private static func parse(_ bytes: ArraySlice<UInt8>) -> (Key, Int)? {
        guard let first = bytes.first else { return nil }
        switch first {
        case 0x1B: return parseEscape(bytes)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x20: return (.space, 1)
        case 0x09: return (.tab, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x03: return (.interrupt, 1)
        case 0x1A: return (.suspend, 1)
        case ..<0x20: return (.unknown, 1)
        case ..<0x80: return (.character(Character(Unicode.Scalar(first))), 1)
        default: return parseUTF8(bytes)
        }
    }

    private static func parseUTF8(_ bytes: ArraySlice<UInt8>) -> (Key, Int)? {
        let first = bytes.first!
        let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
        guard bytes.count >= length else { return nil }
        let text = String(decoding: bytes.prefix(length), as: UTF8.self)
        return (text.first.map(Key.character) ?? .unknown, length)
    }

    private static func parseEscape(_ bytes: ArraySlice<UInt8>) -> (Key, Int)? {
        guard bytes.count >= 2 else { return nil }
        let second = bytes[bytes.startIndex + 1]
        switch second {
        case UInt8(ascii: "["): return parseCSI(bytes)
        case UInt8(ascii: "O"):
            guard bytes.count >= 3 else { return nil }
            return (ss3Key(bytes[bytes.startIndex + 2]), 3)
        case 0x1B: return (.escape, 1)  // Escape pressed twice: the first stands alone
        // Alt+key (a terminal sends Escape, then the key): no key of Peach's; read as Escape it quit the screen.
        case 0x20..<0x7F: return (.unknown, 2)
        default: return (.escape, 1)
        }
    }

    /// ESC [ parameters final: arrows, Home/End, paging, SGR mouse.
    private static func parseCSI(_ bytes: ArraySlice<UInt8>) -> (Key, Int)? {
        var index = bytes.startIndex + 2
        while index < bytes.endIndex, (0x20...0x3F).contains(bytes[index]) { index += 1 }
        guard index < bytes.endIndex else { return bytes.count > 32 ? (.unknown, bytes.count) : nil }
        let parameters = String(decoding: bytes[(bytes.startIndex + 2)..<index], as: UTF8.self)
        let final = bytes[index]
        let used = index - bytes.startIndex + 1
        switch final {
        case UInt8(ascii: "A"): return (.up, used)
        case UInt8(ascii: "B"): return (.down, used)
        case UInt8(ascii: "C"): return (.right, used)
        case UInt8(ascii: "D"): return (.left, used)
        case UInt8(ascii: "H"): return (.home, used)
        case UInt8(ascii: "F"): return (.end, used)
        case UInt8(ascii: "~"):
            switch parameters {
            case "1", "7": return (.home, used)
            case "4", "8": return (.end, used)
            case "5": return (.pageUp, used)
            case "6": return (.pageDown, used)
            default: return (.unknown, used)
            }
        case UInt8(ascii: "M"), UInt8(ascii: "m"):
            return (mouse(parameters, pressed: final == UInt8(ascii: "M")), used)
        default: return (.unknown, used)
        }
    }

    /// SGR mouse report `<button;column;row`, M for a press or a move, m for a
    /// release. Only the left button counts: 0 pressed or let go, 32 moved while held.
    private static func mouse(_ parameters: String, pressed: Bool) -> Key {
        guard parameters.hasPrefix("<") else { return .unknown }
        let fields = parameters.dropFirst().split(separator: ";").compactMap { Int($0) }
        guard fields.count == 3 else { return .unknown }
        switch (fields[0], pressed) {
        case (0, true): return .click(column: fields[1], row: fields[2])
        case (32, true): return .drag(column: fields[1], row: fields[2])
        case (0, false): return .release(column: fields[1], row: fields[2])
        default: return .unknown
        }
    }

    private static func ss3Key(_ byte: UInt8) -> Key {
        switch byte {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "M"): .enter
        default: .unknown
        }
    }
}
