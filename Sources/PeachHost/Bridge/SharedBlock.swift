import Glibc
import PeachPluginAPI

/// The memory a bridged source renders into, shared by host and bridge
/// process: one block's request (frames, clock, events) and its result
/// (status, audio). Only the thread holding the turn touches it: the host's
/// render thread until it writes to the request pipe, the bridge's process
/// thread until it writes to the done pipe.
final class SharedBlock: @unchecked Sendable {
    static let maxFrames = 8192
    static let maxChannels = 8
    static let maxEvents = 256

    private static let headerBytes = 64
    private static let eventBytes = MemoryLayout<peach_event_note>.stride
    static let byteCount = headerBytes + maxEvents * eventBytes + maxChannels * maxFrames * MemoryLayout<Float>.size

    let descriptor: Int32
    private let base: UnsafeMutableRawPointer

    /// A new region, in /dev/shm when there is one: a file unlinked at once, so
    /// nothing is left behind whatever happens to either process.
    static func create() -> SharedBlock? {
        for folder in ["/dev/shm", Environment.current["TMPDIR"] ?? "/tmp"] {
            var template = Array("\(folder)/peach-bridge-XXXXXX".utf8CString)
            let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard descriptor >= 0 else { continue }
            template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
            guard ftruncate(descriptor, off_t(byteCount)) == 0, let block = SharedBlock(mapping: descriptor) else {
                close(descriptor)
                continue
            }
            return block
        }
        return nil
    }

    /// Maps a region made by `create` (in the bridge process: the descriptor it inherited).
    init?(mapping descriptor: Int32) {
        guard let base = mmap(nil, Self.byteCount, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0), base != MAP_FAILED else { return nil }
        self.descriptor = descriptor
        self.base = base
    }

    deinit { munmap(base, Self.byteCount) }

    var frameCount: UInt32 {
        get { base.load(fromByteOffset: 0, as: UInt32.self) }
        set { base.storeBytes(of: newValue, toByteOffset: 0, as: UInt32.self) }
    }
    var channelCount: UInt32 {
        get { base.load(fromByteOffset: 4, as: UInt32.self) }
        set { base.storeBytes(of: newValue, toByteOffset: 4, as: UInt32.self) }
    }
    var eventCount: UInt32 {
        get { base.load(fromByteOffset: 8, as: UInt32.self) }
        set { base.storeBytes(of: newValue, toByteOffset: 8, as: UInt32.self) }
    }
    var status: Int32 {
        get { base.load(fromByteOffset: 12, as: Int32.self) }
        set { base.storeBytes(of: newValue, toByteOffset: 12, as: Int32.self) }
    }
    var steadyTime: Int64 {
        get { base.load(fromByteOffset: 16, as: Int64.self) }
        set { base.storeBytes(of: newValue, toByteOffset: 16, as: Int64.self) }
    }
    var presentationTime: Int64 {
        get { base.load(fromByteOffset: 24, as: Int64.self) }
        set { base.storeBytes(of: newValue, toByteOffset: 24, as: Int64.self) }
    }

    /// Event `index`, as a note event (every event type of ABI 1.0 fits one).
    func event(_ index: Int) -> UnsafeMutablePointer<peach_event_note> {
        (base + Self.headerBytes + index * Self.eventBytes).assumingMemoryBound(to: peach_event_note.self)
    }

    /// Channel `index`'s samples: `maxFrames` floats.
    func channel(_ index: Int) -> UnsafeMutablePointer<Float> {
        (base + Self.headerBytes + Self.maxEvents * Self.eventBytes).assumingMemoryBound(to: Float.self) + index * Self.maxFrames
    }
}
