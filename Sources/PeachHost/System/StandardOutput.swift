import Glibc

/// Unbuffered writes to standard output: large outputs (an export), and the
/// terminal screens, whose escape sequences must not wait in a buffer.
public enum StandardOutput {
    /// Writes all of `bytes`; false if standard output is closed or fails (a pipe's reader went away, say).
    @discardableResult
    public static func write(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let count = Glibc.write(1, buffer.baseAddress! + written, buffer.count - written)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                written += count
            }
            return true
        }
    }

    @discardableResult
    public static func write(_ text: String) -> Bool { write(Array(text.utf8)) }
}
