import PeachText

/// A file's size as people read it in a listing: decimal units, as GNOME's
/// file manager shows them (`812 kB`, `12.4 MB`), with the language's separator.
enum FileSize {
    static func text(_ bytes: Int64) -> String {
        let units = ["B", "kB", "MB", "GB", "TB"]
        var value = Double(bytes), unit = 0
        while value >= 999.95 && unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return (unit == 0 || value >= 100 ? value.decimals(0) : value.decimals(1)) + " " + units[unit]
    }
}
