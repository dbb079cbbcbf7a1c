/// Copying text into buffers the host owns, always NUL-terminated.
enum CString {
    /// Copies as much of `text` as fits; returns whether all of it did.
    @discardableResult
    static func copy(_ text: String, into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Bool {
        guard capacity > 0 else { return false }
        let bytes = Array(text.utf8)
        let count = min(bytes.count, capacity - 1)
        bytes.withUnsafeBufferPointer { source in
            UnsafeMutableRawPointer(buffer).copyMemory(from: source.baseAddress!, byteCount: count)
        }
        buffer[count] = 0
        return count == bytes.count
    }

    /// The same, into a fixed-size char array inside a C struct.
    @discardableResult
    static func copy<Tuple>(_ text: String, into tuple: inout Tuple) -> Bool {
        withUnsafeMutableBytes(of: &tuple) { bytes in
            copy(text, into: bytes.baseAddress!.assumingMemoryBound(to: CChar.self), capacity: bytes.count)
        }
    }
}
