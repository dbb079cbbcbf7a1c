import Glibc
import PeachPluginAPI
import PeachSupport
import Synchronization

/// The `peach_host` table handed to every instance: the host's name, version
/// and log. The table reaches its log through `host_data`, so each log has a
/// table of its own and no global stands between a plugin and the host.
enum PeachHostCallbacks {
    /// A table whose `host_data` is `log`, or nil: a plugin's messages then go nowhere.
    static func makeTable(log: UnsafeMutableRawPointer?) -> UnsafePointer<peach_host> {
        let table = UnsafeMutablePointer<peach_host>.allocate(capacity: 1)
        table.initialize(to: peach_host(
            struct_size: UInt32(MemoryLayout<peach_host>.size),
            abi_major: UInt16(PEACH_ABI_MAJOR), abi_minor: UInt16(PEACH_ABI_MINOR),
            name: strdup("Peach"), version: strdup(PeachVersion.current),
            host_data: log,
            log: { host, level, message in
                guard let data = host?.pointee.host_data else { return }
                Unmanaged<PluginLog>.fromOpaque(data).takeUnretainedValue().record(level: level, message: message)
            },
            get_extension: { _, _ in nil }))
        return UnsafePointer(table)
    }

    /// The table for instances made without a log. Never freed.
    nonisolated(unsafe) static let silent = makeTable(log: nil)
}

/// Messages plugins send through `host->log`. On a real-time thread a message is
/// copied into a preallocated ring (no allocation, no lock) and printed later
/// by `drain` (the command calls it while it waits for its engine); anywhere
/// else it is printed at once, in the words the edge gives it.
public final class PluginLog: @unchecked Sendable {
    private static let slotCount = 64
    private static let slotBytes = 256
    private let ring = UnsafeMutablePointer<CChar>.allocate(capacity: slotCount * slotBytes)
    private let levels = UnsafeMutablePointer<Int32>.allocate(capacity: slotCount)
    private let written = Atomic<Int>(0)
    private let read = Atomic<Int>(0)
    private let wording: @Sendable (String?) -> String
    /// The `peach_host` table whose `host_data` is this log.
    private(set) var table: UnsafePointer<peach_host>!

    /// `wording` makes the line printed for a plugin's message (nil: the message was not UTF-8).
    /// A log lives as long as the process: plugins may keep its table.
    public init(wording: @escaping @Sendable (String?) -> String) {
        self.wording = wording
        table = PeachHostCallbacks.makeTable(log: Unmanaged.passRetained(self).toOpaque())
    }

    /// From a thread the engine marked real-time (`RealTimeThread`), the lock-free path.
    func record(level: Int32, message: UnsafePointer<CChar>?) {
        guard let message else { return }
        if RealTimeThread.isCurrent {
            let head = written.load(ordering: .relaxed)
            guard head - read.load(ordering: .acquiring) < Self.slotCount else { return }  // full: drop
            let slot = ring + (head % Self.slotCount) * Self.slotBytes
            strncpy(slot, message, Self.slotBytes - 1)
            slot[Self.slotBytes - 1] = 0
            levels[head % Self.slotCount] = level
            written.store(head + 1, ordering: .releasing)
        } else {
            print(level: level, CText.string(message))
        }
    }

    /// Prints what the audio thread logged since the last call. [main-thread]
    public func drain() {
        var tail = read.load(ordering: .relaxed)
        while tail < written.load(ordering: .acquiring) {
            print(level: levels[tail % Self.slotCount], CText.string(ring + (tail % Self.slotCount) * Self.slotBytes) ?? "")
            tail += 1
            read.store(tail, ordering: .releasing)
        }
    }

    private func print(level: Int32, _ text: String?) {
        guard level >= PEACH_LOG_WARNING || Environment.isOn("PEACH_DEBUG") else { return }
        StandardError.write(wording(text) + "\n")
    }
}
