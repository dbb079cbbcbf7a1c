import Glibc

/// The C library's words for an errno value.
public enum ErrnoText {
    public static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
