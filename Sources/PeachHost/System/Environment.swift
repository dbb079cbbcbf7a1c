import Glibc

/// The process environment as a dictionary.
public enum Environment {
    public static var current: [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let pair = String(cString: entry)
            if let equals = pair.firstIndex(of: "=") {
                result[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }

    /// Whether the switch `name` is on: set to anything but nothing, `0`,
    /// `false`, `no` or `off` (in any case). Unset is off.
    public static func isOn(_ name: String, in environment: [String: String] = current) -> Bool {
        guard let value = environment[name]?.lowercased().trimmingWhitespace() else { return false }
        // Any zero (`00`, ` 0`) is off too, as a shell's test of a number reads it.
        return !["", "false", "no", "off"].contains(value) && Int(value) != 0
    }
}
