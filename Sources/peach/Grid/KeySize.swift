import ArgumentParser
import PeachText

/// How large the grid's squares are drawn, in terminal cells. A cell is
/// about twice as tall as it is wide, so a key twice as wide as it is tall
/// looks square.
enum KeySize: String, CaseIterable, Codable {
    case small, medium, large

    /// Columns and rows of one key, its border included.
    var cells: (width: Int, height: Int) {
        switch self {
        case .small: (6, 3)
        case .medium: (8, 4)
        case .large: (12, 6)
        }
    }

    var label: String { localized(self == .small ? .gridSizeSmall : self == .medium ? .gridSizeMedium : .gridSizeLarge) }

    static func parse(_ text: String) throws -> KeySize {
        guard let size = KeySize(rawValue: text.lowercased()) else { throw ValidationError(localized(.gridUnknownKeySize, text)) }
        return size
    }
}
