import Glibc
import PeachSupport

/// One request or reply on a bridge's control socket: an operation and its
/// fields, each a length-prefixed run of bytes. Main-thread calls of the C
/// ABI (activate, options, last_error …) travel this way, one message each;
/// `process` goes through shared memory instead (`SharedBlock`).
///
/// Both ends are the same `peach` binary, so a struct from the C header
/// travels as its raw bytes.
struct BridgeMessage: Equatable {
    enum Operation: UInt32 {
        case activate = 1, deactivate, destroy, optionCount, optionInfo, optionChoice, getOption, setOption, lastError
        /// The plugin's `peach.note-range/1`: a status, then the lowest and highest frequency.
        case noteRange
        /// The plugin's `peach.pair-interval/1`: a status, then the worst error, the first note's frequency and the asked interval.
        case pairInterval
        /// Child → host, once, after `create`: the instance exists (or why not).
        case ready
        case reply
    }

    var operation: Operation
    var fields: [[UInt8]]

    init(_ operation: Operation, _ fields: [[UInt8]] = []) {
        self.operation = operation
        self.fields = fields
    }

    /// The largest message either side sends: an option's info with room to spare.
    static let capacity = 16384

    var bytes: [UInt8] {
        var out = Self.encode(operation.rawValue)
        for field in fields { out += Self.encode(UInt32(field.count)) + field }
        return out
    }

    init?(bytes: ArraySlice<UInt8>) {
        guard bytes.count >= 4, let operation = Operation(rawValue: Self.decode(bytes.prefix(4))) else { return nil }
        self.operation = operation
        fields = []
        var rest = bytes.dropFirst(4)
        while !rest.isEmpty {
            guard rest.count >= 4 else { return nil }
            let length = Int(Self.decode(rest.prefix(4)))
            rest = rest.dropFirst(4)
            guard rest.count >= length else { return nil }
            fields.append(Array(rest.prefix(length)))
            rest = rest.dropFirst(length)
        }
    }

    static func encode<T: FixedWidthInteger>(_ value: T) -> [UInt8] { withUnsafeBytes(of: value.littleEndian, Array.init) }
    static func encode(_ value: Double) -> [UInt8] { encode(value.bitPattern) }
    static func encode(_ text: String) -> [UInt8] { Array(text.utf8) }
    static func encode<T>(raw value: T) -> [UInt8] { withUnsafeBytes(of: value, Array.init) }

    static func decode<T: FixedWidthInteger>(_ bytes: some Collection<UInt8>, as: T.Type = UInt32.self) -> T {
        var value = T.zero
        withUnsafeMutableBytes(of: &value) { target in
            for (index, byte) in bytes.prefix(MemoryLayout<T>.size).enumerated() { target[index] = byte }
        }
        return T(littleEndian: value)
    }

    /// Field `index` as an integer, a Double, text or a C struct; nil if missing or the wrong size.
    func integer<T: FixedWidthInteger>(_ index: Int, as type: T.Type) -> T? {
        guard fields.indices.contains(index), fields[index].count == MemoryLayout<T>.size else { return nil }
        return Self.decode(fields[index], as: type)
    }

    func double(_ index: Int) -> Double? { integer(index, as: UInt64.self).map(Double.init(bitPattern:)) }

    func text(_ index: Int) -> String? {
        fields.indices.contains(index) ? String(validating: fields[index], as: UTF8.self) : nil
    }

    func raw<T>(_ index: Int, as type: T.Type) -> T? {
        guard fields.indices.contains(index), fields[index].count == MemoryLayout<T>.size else { return nil }
        return fields[index].withUnsafeBytes { $0.loadUnaligned(as: T.self) }
    }
}

/// A SOCK_SEQPACKET socket: each send is one message, kept whole.
struct BridgeSocket {
    let descriptor: Int32

    /// Sends `message`; false if the other side is gone.
    func send(_ message: BridgeMessage) -> Bool {
        let bytes = message.bytes
        while true {
            let sent = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent < 0 && errno == EINTR { continue }
            return sent == bytes.count
        }
    }

    /// The next message, waiting at most until `deadline` (CLOCK_MONOTONIC ns; nil: forever).
    /// Nil if the other side closed, the message was malformed, or time ran out.
    func receive(deadline: UInt64? = nil) -> BridgeMessage? {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let timeout = deadline.map { Int32(clamping: max(0, (Int64($0) - Int64(Monotonic.nanoseconds())) / 1_000_000 + 1)) } ?? -1
            let ready = poll(&poller, 1, timeout)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return nil }
            var buffer = [UInt8](repeating: 0, count: BridgeMessage.capacity)
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            return BridgeMessage(bytes: buffer[..<count])
        }
    }
}
