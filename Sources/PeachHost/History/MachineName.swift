import Glibc
import PeachFiles
import PeachSupport

/// This machine's name in the data folder: each machine appends only to
/// `history/<name>.jsonl`, so a folder synchronised between machines never
/// has two writers on one file.
public enum MachineName {
    /// `PEACH_MACHINE` if set, else the host name plus the first 8 hex digits
    /// of `/etc/machine-id` (when present), always sanitised.
    public static var current: String { resolve() }

    public static func resolve(environment: [String: String] = Environment.current) -> String {
        if let chosen = environment["PEACH_MACHINE"], !chosen.isEmpty { return sanitised(chosen) }
        var name = hostname()
        if let id = machineIDPrefix() { name += "-" + id }
        return sanitised(name)
    }

    /// Keeps `[A-Za-z0-9._-]` and turns anything else into `-`, so the name is
    /// safe as a file name; a name that would be hidden or empty gets a prefix.
    public static func sanitised(_ name: String) -> String {
        var result = String(String.UnicodeScalarView(name.unicodeScalars.map { scalar in
            switch scalar {
            case "A"..."Z", "a"..."z", "0"..."9", ".", "_", "-": scalar
            default: "-"
            }
        }))
        if result.isEmpty || result.hasPrefix(".") { result = "machine" + result }
        return result
    }

    private static func hostname() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "" }
        return String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The first 8 hex digits of the systemd machine id, which tells apart
    /// machines that share a host name (every new laptop is "localhost").
    private static func machineIDPrefix() -> String? {
        guard let bytes = try? PosixFile.contents(of: "/etc/machine-id") else { return nil }
        let hex = bytes.prefix(8).filter { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
        return hex.count == 8 ? String(decoding: hex, as: UTF8.self) : nil
    }
}
