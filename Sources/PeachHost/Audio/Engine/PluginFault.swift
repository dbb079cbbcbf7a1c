import Glibc

/// A plugin that crashed or hung inside one of its functions, which ends
/// Peach: which plugin, in which call, and what it did. Its `description` is
/// a plain technical line for an engine given no words; the edge words it in
/// the user's language.
public struct PluginFault: Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        case crashed(signal: Int32)
        case hung
    }

    /// The plugin function Peach was in, by its name in the C header: `process`
    /// on the render thread, the others on the main thread.
    public enum Call: String, CaseIterable, Sendable {
        case process, create, activate, deactivate, destroy
        case optionCount = "option_count", getOptionInfo = "get_option_info", getOptionChoice = "get_option_choice"
        case getOption = "get_option", setOption = "set_option", lastError = "last_error"
        case getExtension = "get_extension", getRange = "get_range", getWorstError = "get_worst_error"
    }

    public var sourceID: String
    public var libraryPath: String
    public var call: Call
    public var kind: Kind

    public init(sourceID: String, libraryPath: String, call: Call = .process, kind: Kind) {
        self.sourceID = sourceID
        self.libraryPath = libraryPath
        self.call = call
        self.kind = kind
    }

    public var description: String {
        switch kind {
        case .crashed(let signal): "\(sourceID) (\(libraryPath)) crashed in \(call.rawValue): signal \(signal)"
        case .hung: "\(sourceID) (\(libraryPath)) hung in \(call.rawValue)"
        }
    }
}

/// What Peach says when one plugin crashes or hangs, made ahead on the main
/// thread (text needs the edge's words and allocation), so that a signal
/// handler or the watchdog can write it with write(2) alone: for each
/// `PluginFault.Call`, one message per signal in `EmergencyStop.signals`,
/// then one for a hang.
final class PluginFaultMessages {
    private let table: UnsafeMutablePointer<UnsafeMutableBufferPointer<UInt8>>
    private static let kinds = EmergencyStop.signals.map(PluginFault.Kind.crashed) + [.hung]
    private static let count = PluginFault.Call.allCases.count * kinds.count

    init(sourceID: String, libraryPath: String, wording: (PluginFault) -> String) {
        table = .allocate(capacity: Self.count)
        var index = 0
        for call in PluginFault.Call.allCases {
            for kind in Self.kinds {
                let line = Array("peach: \(wording(PluginFault(sourceID: sourceID, libraryPath: libraryPath, call: call, kind: kind)))".utf8)
                let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: line.count)
                _ = buffer.initialize(from: line)
                (table + index).initialize(to: buffer)
                index += 1
            }
        }
    }

    deinit {
        for index in 0..<Self.count { table[index].deallocate() }
        table.deallocate()
    }

    /// The messages for a fault in `call`, as the blame table holds them:
    /// the address of that call's row (what `write` takes).
    func bits(for call: PluginFault.Call) -> UInt {
        UInt(bitPattern: table + PluginFault.Call.allCases.firstIndex(of: call)! * Self.kinds.count)
    }

    /// [async-signal-safe] Writes message `index` of the row at `bits` to standard error (no newline).
    static func write(_ bits: UInt, index: Int) {
        guard let row = UnsafePointer<UnsafeMutableBufferPointer<UInt8>>(bitPattern: bits) else { return }
        let message = row[index]
        EmergencyStop.writeAll(UnsafeRawBufferPointer(message))
    }
}
