import Glibc

/// Text handed to the host goes into buffers the host owns: cut to fit, always NUL-terminated.
enum HostText {
    /// Returns whether all of `text` fitted.
    @discardableResult
    static func copy(_ text: String, to buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Bool {
        guard capacity > 0 else { return false }
        return text.withCString { source in
            strncpy(buffer, source, capacity - 1)
            buffer[capacity - 1] = 0
            return strlen(source) < capacity
        }
    }

    /// Into a fixed-size char array of a C struct, which Swift sees as a tuple.
    static func copy<Field>(_ text: String, to field: inout Field) {
        withUnsafeMutableBytes(of: &field) { bytes in
            _ = copy(text, to: bytes.baseAddress!.assumingMemoryBound(to: CChar.self), capacity: bytes.count)
        }
    }
}
