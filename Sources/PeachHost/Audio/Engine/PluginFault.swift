import Glibc

/// A plugin that crashed or hung inside `process`, which ends Peach: which
/// plugin, and what it did. Its `description` is a plain technical line for
/// an engine given no words; the edge words it in the user's language.
public struct PluginFault: Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        case crashed(signal: Int32)
        case hung
    }

    public var sourceID: String
    public var libraryPath: String
    public var kind: Kind

    public var description: String {
        switch kind {
        case .crashed(let signal): "\(sourceID) (\(libraryPath)) crashed: signal \(signal)"
        case .hung: "\(sourceID) (\(libraryPath)) hung"
        }
    }
}

/// What Peach says when one plugin crashes or hangs in `process`, made ahead
/// on the main thread (text needs the edge's words and allocation), so that a
/// signal handler or the watchdog can write it with write(2) alone: one
/// message per signal in `EmergencyStop.signals`, then one for a hang.
final class PluginFaultMessages {
    /// The table's address, as the render thread publishes it.
    let bits: UInt
    private let table: UnsafeMutablePointer<UnsafeMutableBufferPointer<UInt8>>
    private let count: Int

    init(sourceID: String, libraryPath: String, wording: (PluginFault) -> String) {
        let kinds = EmergencyStop.signals.map(PluginFault.Kind.crashed) + [.hung]
        count = kinds.count
        table = .allocate(capacity: count)
        for (index, kind) in kinds.enumerated() {
            let line = Array("peach: \(wording(PluginFault(sourceID: sourceID, libraryPath: libraryPath, kind: kind)))\n".utf8)
            let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: line.count)
            _ = buffer.initialize(from: line)
            (table + index).initialize(to: buffer)
        }
        bits = UInt(bitPattern: table)
    }

    deinit {
        for index in 0..<count { table[index].deallocate() }
        table.deallocate()
    }

    /// [async-signal-safe] Writes message `index` of the table at `bits` to standard error.
    static func write(_ bits: UInt, index: Int) {
        guard let table = UnsafePointer<UnsafeMutableBufferPointer<UInt8>>(bitPattern: bits) else { return }
        let message = table[index]
        var written = 0
        while written < message.count {
            let count = Glibc.write(2, message.baseAddress! + written, message.count - written)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            written += count
        }
    }
}
