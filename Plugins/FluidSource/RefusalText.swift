/// The words for a note refused on the audio thread (an instrument's in
/// `last_error`, a drum kit's in its NOTE_REFUSED event): written into a
/// buffer without allocating (no String, no formatting).
struct RefusalText {
    private let buffer: UnsafeMutablePointer<CChar>
    private let capacity: Int
    private var length = 0

    /// "program 118 has no pitch Peach can measure and correct at MIDI key 60: not played"
    static func write(program: Int32, key: Int32, into buffer: UnsafeMutablePointer<CChar>, capacity: Int) {
        var text = RefusalText(buffer: buffer, capacity: capacity)
        text.append("program ")
        text.append(program)
        text.append(" has no pitch Peach can measure and correct at MIDI key ")
        text.append(key)
        text.append(": not played")
    }

    /// "MIDI key 50 has no sound in the drum kit Standard"
    static func write(key: Int32, kit: UnsafePointer<CChar>, into buffer: UnsafeMutablePointer<CChar>, capacity: Int) {
        var text = RefusalText(buffer: buffer, capacity: capacity)
        text.append("MIDI key ")
        text.append(key)
        text.append(" has no sound in the drum kit ")
        var byte = kit
        while byte.pointee != 0 {
            text.append(byte: UInt8(bitPattern: byte.pointee))
            byte += 1
        }
    }

    private init(buffer: UnsafeMutablePointer<CChar>, capacity: Int) {
        self.buffer = buffer
        self.capacity = capacity
        buffer[0] = 0
    }

    private mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes in
            for byte in bytes { append(byte: byte) }
        }
    }

    private mutating func append(_ number: Int32) {
        if number < 0 { append(byte: UInt8(ascii: "-")) }
        let magnitude = Int(number.magnitude)
        var divisor = 1
        while divisor * 10 <= magnitude { divisor *= 10 }
        while divisor > 0 {
            append(byte: UInt8(ascii: "0") + UInt8(magnitude / divisor % 10))
            divisor /= 10
        }
    }

    private mutating func append(byte: UInt8) {
        guard length + 1 < capacity else { return }
        buffer[length] = CChar(bitPattern: byte)
        length += 1
        buffer[length] = 0
    }
}
