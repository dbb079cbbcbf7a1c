import Glibc
import PeachPluginAPI
import PeachSupport

/// The memory a bridged source renders into, shared by host and bridge
/// process: one block's request (frames, clock, events, and ABI 1.1's
/// transport and input audio) and its result (status, audio, refused notes). Only the thread holding the turn touches it: the host's
/// render thread until it writes to the request pipe, the bridge's process
/// thread until it writes to the done pipe.
final class SharedBlock: @unchecked Sendable {
    static let maxFrames = 8192
    static let maxChannels = 8
    static let maxEvents = 256
    static let maxRefusals = 16

    private static let headerBytes = 64
    private static let transportBytes = 64
    private static let eventBytes = MemoryLayout<peach_event_note>.stride
    private static let refusalBytes = MemoryLayout<peach_event_note_refused>.stride
    private static let channelBytes = maxFrames * MemoryLayout<Float>.size
    private static let eventsStart = headerBytes + transportBytes
    private static let refusalsStart = eventsStart + maxEvents * eventBytes
    private static let outputsStart = refusalsStart + maxRefusals * refusalBytes
    private static let inputsStart = outputsStart + maxChannels * channelBytes
    static let byteCount = inputsStart + maxChannels * channelBytes

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
    var inputChannelCount: UInt32 {
        get { base.load(fromByteOffset: 32, as: UInt32.self) }
        set { base.storeBytes(of: newValue, toByteOffset: 32, as: UInt32.self) }
    }
    /// Whether `transport` holds this block's transport (1) or the host keeps none (0).
    var hasTransport: UInt32 {
        get { base.load(fromByteOffset: 36, as: UInt32.self) }
        set { base.storeBytes(of: newValue, toByteOffset: 36, as: UInt32.self) }
    }
    /// Refused notes the source pushed during the block, in `refusal(_:)`.
    var refusalCount: UInt32 {
        get { base.load(fromByteOffset: 40, as: UInt32.self) }
        set { base.storeBytes(of: newValue, toByteOffset: 40, as: UInt32.self) }
    }

    var transport: UnsafeMutablePointer<peach_transport> {
        (base + Self.headerBytes).assumingMemoryBound(to: peach_transport.self)
    }

    /// Event `index`, as a note event (every event type the host sends fits one).
    func event(_ index: Int) -> UnsafeMutablePointer<peach_event_note> {
        (base + Self.eventsStart + index * Self.eventBytes).assumingMemoryBound(to: peach_event_note.self)
    }

    /// Refused note `index` (up to `maxRefusals` a block; more are not taken).
    func refusal(_ index: Int) -> UnsafeMutablePointer<peach_event_note_refused> {
        (base + Self.refusalsStart + index * Self.refusalBytes).assumingMemoryBound(to: peach_event_note_refused.self)
    }

    /// Output channel `index`'s samples: `maxFrames` floats.
    func channel(_ index: Int) -> UnsafeMutablePointer<Float> {
        (base + Self.outputsStart + index * Self.channelBytes).assumingMemoryBound(to: Float.self)
    }

    /// Input channel `index`'s samples: `maxFrames` floats.
    func inputChannel(_ index: Int) -> UnsafeMutablePointer<Float> {
        (base + Self.inputsStart + index * Self.channelBytes).assumingMemoryBound(to: Float.self)
    }
}
