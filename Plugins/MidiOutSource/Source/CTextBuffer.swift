/// Writes text into C buffers that the host owns: as much as fits, cut at a
/// character boundary (so it stays valid UTF-8), always NUL-terminated.
enum CTextBuffer {
    /// Returns whether all of `text` fitted.
    @discardableResult
    static func write(_ text: String, to buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Bool {
        guard capacity > 0 else { return false }
        let utf8 = Array(text.utf8)
        var count = min(utf8.count, capacity - 1)
        while count < utf8.count, count > 0, utf8[count] & 0xC0 == 0x80 { count -= 1 }
        UnsafeMutableRawPointer(buffer).copyMemory(from: utf8, byteCount: count)
        buffer[count] = 0
        return count == utf8.count
    }

    /// The same, into a fixed-size char array inside a C struct.
    @discardableResult
    static func write<Field>(_ text: String, to field: inout Field) -> Bool {
        withUnsafeMutableBytes(of: &field) { bytes in
            write(text, to: bytes.baseAddress!.assumingMemoryBound(to: CChar.self), capacity: bytes.count)
        }
    }
}
