import Glibc

/// The C library's words for an errno value.
public enum ErrnoText {
    public static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// A C library's message (libsndfile's `sf_strerror`) as a clause within
    /// a sentence of ours: without a leading "Error : " or "System error : ", and the full stop.
    public static func clause(_ message: String) -> String {
        var words = Substring(message)
        // libsndfile's own failures begin "Error : ", the system's "System error : ".
        for prefix in ["Error : ", "System error : "] where words.hasPrefix(prefix) { words = words.dropFirst(prefix.count) }
        if words.hasSuffix(".") { words = words.dropLast() }
        return String(words)
    }
}
