import Glibc
import PeachPluginAPI

/// Reading text that crosses the plugin boundary. Plugins are untrusted: every
/// string is checked for a terminating NUL within its buffer and for UTF-8.
enum CText {
    /// A plugin-owned C string, or nil if the pointer is NULL or the bytes are not UTF-8.
    static func string(_ pointer: UnsafePointer<CChar>?) -> String? {
        guard let pointer else { return nil }
        let length = strlen(pointer)
        return pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(validating: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }

    /// A fixed-size char array inside a struct (imported as a tuple), or nil if
    /// it has no NUL or is not UTF-8.
    static func string<Tuple>(fixed tuple: Tuple) -> String? {
        withUnsafeBytes(of: tuple) { bytes in
            guard let end = bytes.firstIndex(of: 0) else { return nil }
            return String(validating: bytes[..<end], as: UTF8.self)
        }
    }

    /// Calls `body` with a zeroed buffer of `capacity` chars and reads it back as text.
    static func read(capacity: Int = 4096, _ body: (UnsafeMutablePointer<CChar>, UInt32) -> Void) -> String? {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer in
            buffer.initialize(repeating: 0)
            body(buffer.baseAddress!, UInt32(capacity))
            buffer[capacity - 1] = 0
            return string(buffer.baseAddress!)
        }
    }
}
