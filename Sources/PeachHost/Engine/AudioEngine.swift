import Glibc
import PeachPluginAPI

/// Plays scheduled notes through a sound source to an output, on its own
/// render thread. [main-thread] for everything here.
///
/// Time is counted in frames of the output's sample rate from the moment the
/// engine starts. The main thread schedules events at absolute frames, in
/// non-decreasing order; the render thread delivers each at its exact frame.
public final class AudioEngine {
    public let format: AudioFormat
    public private(set) var source: SourceInstance
    private let output: AudioOutput
    private let loop: RenderLoop
    private let watchdog: RenderWatchdog
    /// Instances the render thread may still be using, by pointer bits.
    private var inUse: [UInt: SourceInstance] = [:]
    /// What to say if an instance crashes or hangs in `process`; kept while the engine lives.
    private var faultMessages: [PluginFaultMessages] = []
    private var thread: pthread_t?
    private var nextNoteID: Int32 = 1
    private var lastScheduledFrame: Int64 = 0
    private var finished = false

    /// Activates `source` for the output's format. The engine owns both from here.
    public init(output: AudioOutput, source: SourceInstance) throws(SourceError) {
        format = output.format
        try source.activate(sampleRate: format.sampleRate, maxFrames: format.blockFrames, channels: format.channels)
        self.output = output
        self.source = source
        let messages = PluginFaultMessages(sourceID: source.descriptor.id, libraryPath: source.libraryPath)
        faultMessages.append(messages)
        loop = RenderLoop(output: output, initial: source.raw, rendersAudio: source.descriptor.kind == .audio, messages: Self.blame(source, messages))
        watchdog = RenderWatchdog(loop: loop)
        inUse[UInt(bitPattern: source.raw)] = source
    }

    deinit {
        if !finished { try? stop() }
    }

    /// Whom a crash or hang in `process` is put down to: nobody for a source in a
    /// bridge process, which cannot crash Peach and has a deadline of its own.
    private static func blame(_ source: SourceInstance, _ messages: PluginFaultMessages) -> UInt {
        source.runsInBridge ? 0 : messages.bits
    }

    /// The render thread's name, as `top -H` and debuggers show it.
    private static let renderThreadName = "peach-render"

    /// Starts the render thread, and the watchdog that notices a plugin's
    /// `process` not returning. From here a crash in a plugin's `process` is
    /// reported by name (`EmergencyStop`).
    public func start() {
        precondition(thread == nil, "engine started twice")
        EmergencyStop.install()
        let context = Unmanaged.passRetained(loop).toOpaque()
        var handle = pthread_t()
        let status = pthread_create(&handle, nil, { context in
            let loop = Unmanaged<RenderLoop>.fromOpaque(context!).takeRetainedValue()
            ThreadName.setCurrent(AudioEngine.renderThreadName)
            if loop.wantsRealTime { RealTimePriority.request() }
            loop.run()
            return nil
        }, context)
        precondition(status == 0, "cannot start the render thread: \(ErrnoText.describe(status))")
        thread = handle
        watchdog.start()
    }

    /// The render thread, once started: for diagnostics and tests.
    public var renderThread: pthread_t? { thread }

    /// Frames the output has been given so far.
    public var renderedFrames: Int64 { loop.renderedFrames.load(ordering: .acquiring) }

    /// Whether the last rendered block was silent with no note still sounding.
    public var isSilent: Bool { loop.isSilent.load(ordering: .acquiring) }

    /// A note id never used before on this engine.
    public func makeNoteID() -> Int32 {
        defer { nextNoteID += 1 }
        return nextNoteID
    }

    /// Queues an event for the render thread. Events must come in frame order.
    public func schedule(_ event: ScheduledEvent) throws(EngineError) {
        guard event.frame >= lastScheduledFrame else { throw .outOfOrder(frame: event.frame, after: lastScheduledFrame) }
        guard loop.events.push(event) else { throw .queueFull }
        lastScheduledFrame = event.frame
    }

    /// Schedules one note: on at `frame`, off `durationFrames` later. Returns its id.
    @discardableResult
    public func playNote(frequency: Double, velocity: Double = 0.8, at frame: Int64, durationFrames: Int64) throws(EngineError) -> Int32 {
        let id = makeNoteID()
        try schedule(.noteOn(id, frequency: frequency, velocity: velocity, at: frame))
        try schedule(.noteOff(id, at: frame + durationFrames))
        return id
    }

    /// Drops every event not yet played and releases every sounding note at the
    /// next block, with the source's own release (a short fade, no click).
    /// Returns once the render thread has done it (within about one block).
    public func cancelScheduled() {
        guard thread != nil, !loop.exited.load(ordering: .acquiring) else { return }
        loop.cancelRequested.store(true, ordering: .releasing)
        loop.mainWaiting.store(true, ordering: .releasing)
        while loop.cancelRequested.load(ordering: .acquiring), !loop.exited.load(ordering: .acquiring) {
            usleep(200)
        }
        loop.mainWaiting.store(false, ordering: .releasing)
        lastScheduledFrame = 0
    }

    /// Replaces the source. The new instance is activated here, then handed to
    /// the render thread, which switches at its next block without waiting;
    /// the old one fades its notes out and is deactivated once the render
    /// thread lets go of it.
    public func swapSource(to newSource: SourceInstance) throws(SourceError) {
        try newSource.activate(sampleRate: format.sampleRate, maxFrames: format.blockFrames, channels: format.channels)
        let messages = PluginFaultMessages(sourceID: newSource.descriptor.id, libraryPath: newSource.libraryPath)
        loop.mainWaiting.store(true, ordering: .releasing)
        while loop.pendingInstance.load(ordering: .acquiring) != 0 {
            collectRetired()
            usleep(500)
        }
        loop.mainWaiting.store(false, ordering: .releasing)
        faultMessages.append(messages)
        inUse[UInt(bitPattern: newSource.raw)] = newSource
        source = newSource
        loop.pendingRendersAudio.store(newSource.descriptor.kind == .audio, ordering: .releasing)
        loop.pendingMessages.store(Self.blame(newSource, messages), ordering: .releasing)
        loop.pendingInstance.store(UInt(bitPattern: newSource.raw), ordering: .releasing)
        if thread == nil { _ = loopTakesSwapBeforeStart() }
    }

    /// What the render thread reported since the last call. Also deactivates
    /// sources the render thread has finished with, and prints plugin logs.
    public func pollNotices() -> [EngineNotice] {
        collectRetired()
        PluginLog.shared.drain()
        var notices: [EngineNotice] = []
        while let notice = loop.notices.pop() { notices.append(notice) }
        return notices
    }

    /// Waits until `frame` has been rendered, rendering ended, or a stop was
    /// requested (`StopRequest`). Returns the notices seen meanwhile.
    public func wait(untilRendered frame: Int64) -> [EngineNotice] {
        var notices: [EngineNotice] = []
        while renderedFrames < frame, !StopRequest.isRaised {
            notices += pollNotices()
            if notices.contains(where: \.endsRendering) { break }
            usleep(1000)
        }
        return notices + pollNotices()
    }

    /// Renders up to exactly `frame` and holds there: for outputs without a
    /// clock of their own, such as a WAV file, whose length must be exact.
    public func render(through frame: Int64) -> [EngineNotice] {
        loop.endFrame.store(frame, ordering: .releasing)
        if thread == nil { start() }
        return wait(untilRendered: frame)
    }

    /// Renders through `frame`, then on until every note has died away (at
    /// most `maxTailFrames` more), block by block so a file ends right after
    /// the last sound.
    public func render(through frame: Int64, thenUntilSilentWithin maxTailFrames: Int64) -> [EngineNotice] {
        var notices = render(through: frame)
        while !isSilent, renderedFrames < frame + maxTailFrames, !notices.contains(where: \.endsRendering), !StopRequest.isRaised {
            notices += render(through: renderedFrames + Int64(format.blockFrames))
        }
        return notices
    }

    /// Stops the render thread, deactivates every source and closes the output.
    public func stop() throws(AudioOutputError) {
        guard !finished else { return }
        finished = true
        loop.stopRequested.store(true, ordering: .releasing)
        loop.mainWaiting.store(true, ordering: .releasing)  // a render thread stuck in a plugin ends Peach soon
        if let thread { pthread_join(thread, nil) }
        watchdog.stop()
        for instance in inUse.values { instance.deactivate() }
        inUse.removeAll()
        PluginLog.shared.drain()
        try output.finish()
    }

    private func collectRetired() {
        while let bits = loop.retiredInstances.pop() {
            inUse.removeValue(forKey: bits)?.deactivate()
        }
    }

    /// Before the thread runs there is nothing to fade: drop the old instance at once.
    private func loopTakesSwapBeforeStart() -> Bool {
        let bits = loop.pendingInstance.load(ordering: .acquiring)
        for (key, instance) in inUse where key != bits {
            instance.deactivate()
            inUse.removeValue(forKey: key)
        }
        return true
    }
}

public enum EngineError: Error, Equatable, CustomStringConvertible {
    case outOfOrder(frame: Int64, after: Int64)
    case queueFull

    public var description: String {
        switch self {
        case .outOfOrder(let frame, let after): localized(.engineOutOfOrder, frame, after)
        case .queueFull: localized(.engineQueueFull)
        }
    }
}

/// Names the calling thread, through /proc because glibc's
/// pthread_setname_np is not visible to Swift without _GNU_SOURCE.
enum ThreadName {
    static func setCurrent(_ name: String) {
        let file = open("/proc/thread-self/comm", O_WRONLY)
        guard file >= 0 else { return }
        _ = name.withCString { write(file, $0, strlen($0)) }
        close(file)
    }
}

/// Asks for SCHED_FIFO on the render thread, which then blocks on a device;
/// without the privilege it stays normal.
enum RealTimePriority {
    static func request() {
        var parameters = sched_param(sched_priority: 50)
        _ = pthread_setschedparam(pthread_self(), Int32(SCHED_FIFO), &parameters)
    }
}
