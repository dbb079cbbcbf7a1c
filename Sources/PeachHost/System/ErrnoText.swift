import Glibc

/// The C library's words for an errno value.
enum ErrnoText {
    static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
