import Glibc
import MusicalTime
import PeachPluginAPI
import PeachSupport

/// Plays scheduled notes through sound sources to an output, on its own
/// render thread (or, offline, block by block on the calling thread).
/// [main-thread] for everything here.
///
/// Time is counted in frames of the output's sample rate from the moment the
/// engine starts. The engine mixes tracks (`TrackID`), each with its own
/// source, queue, gain and mute; the main track is made with the engine, and
/// the single-source calls address it. The main thread schedules events at
/// absolute frames, in non-decreasing order per track; the render thread
/// delivers each at its exact frame.
public final class AudioEngine {
    public let format: AudioFormat
    private let output: AudioOutput
    private let loop: RenderLoop
    private let watchdog: RenderWatchdog
    /// The source of each track in use, by slot index.
    private var sources: [Int: SourceInstance] = [:]
    /// Instances the render thread may still be using, by pointer bits.
    private var inUse: [UInt: SourceInstance] = [:]
    /// What to say if an instance crashes or hangs; kept while the engine lives.
    private var faultMessages: [PluginFaultMessages] = []
    private var lastScheduledFrame: [Int: Int64] = [:]
    private let pluginLog: PluginLog?
    /// Words a plugin fault in the user's language, for the messages made ahead.
    private let faultWording: (PluginFault) -> String
    /// Ends the engine's waits early when raised (Ctrl-C, for a command that installs `StopRequest`).
    private let interrupt: Interrupt?
    private var thread: pthread_t?
    /// Set while `renderBlocks` renders on the calling thread instead.
    private var offlineBlame = -1
    private var nextNoteID: Int32 = 1
    private var finished = false

    /// Activates `source` for the output's format, on the main track. The
    /// engine owns both from here. `pluginLog` is printed as the engine is
    /// polled (what plugins logged on the render thread); `interrupt` ends its waits;
    /// `faultWording` says what a plugin that crashes or hangs did (the edge words it).
    public init(output: AudioOutput, source: SourceInstance, pluginLog: PluginLog? = nil, interrupt: Interrupt? = nil,
                faultWording: @escaping (PluginFault) -> String = \.description) throws(SourceError) {
        format = output.format
        let messages = Self.faultMessages(for: source, wording: faultWording)
        try source.activate(sampleRate: format.sampleRate, maxFrames: format.blockFrames, channels: format.channels)
        self.output = output
        self.pluginLog = pluginLog
        self.faultWording = faultWording
        self.interrupt = interrupt
        RealTimeThread.prepare()
        loop = RenderLoop(output: output)
        watchdog = RenderWatchdog(loop: loop)
        let blame = remember(source, messages)
        loop.slots[0].startPlaying(source.raw, rendersAudio: source.descriptor.kind == .audio, messages: blame)
        sources[0] = source
    }

    deinit {
        if !finished { try? stop() }
    }

    /// The messages for a crash or hang of `source`: those it was made with,
    /// else new ones in `wording`, which it keeps from here on, so that its
    /// calls on the main thread (activate, options, deactivate, destroy) are
    /// named too. A source in a bridge process cannot crash Peach: it keeps none.
    private static func faultMessages(for source: SourceInstance, wording: (PluginFault) -> String) -> PluginFaultMessages {
        if let messages = source.faultMessages { return messages }
        let messages = PluginFaultMessages(sourceID: source.descriptor.id, libraryPath: source.libraryPath, wording: wording)
        if !source.runsInBridge { source.faultMessages = messages }
        return messages
    }

    /// Keeps `source` and its fault messages while the render thread may use it; returns the blame bits for its `process`.
    private func remember(_ source: SourceInstance, _ messages: PluginFaultMessages) -> UInt {
        faultMessages.append(messages)
        inUse[UInt(bitPattern: source.raw)] = source
        return Self.blame(source, messages)
    }

    /// Whom a crash or hang in `process` is put down to: nobody for a source in a
    /// bridge process, which cannot crash Peach and has a deadline of its own.
    private static func blame(_ source: SourceInstance, _ messages: PluginFaultMessages) -> UInt {
        source.runsInBridge ? 0 : messages.bits(for: .process)
    }

    /// The render thread's name, as `top -H` and debuggers show it.
    private static let renderThreadName = "peach-render"

    /// Starts the render thread, and the watchdog that notices a plugin's
    /// `process` not returning. From here a crash in a plugin's `process` is
    /// reported by name (`EmergencyStop`).
    public func start() {
        precondition(thread == nil, "engine started twice")
        precondition(offlineBlame < 0, "an engine rendering offline cannot start a render thread")
        EmergencyStop.install()
        let context = Unmanaged.passRetained(loop).toOpaque()
        var handle = pthread_t()
        let status = pthread_create(&handle, nil, { context in
            let loop = Unmanaged<RenderLoop>.fromOpaque(context!).takeRetainedValue()
            ThreadName.setCurrent(AudioEngine.renderThreadName)
            RealTimeThread.markCurrent()
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

    /// The first frame an event scheduled now is sure to sound on: the block
    /// after `renderedFrames` may be rendering already (an event there would
    /// sound late, at the block's start); the one after it has not begun.
    public var earliestOnTimeFrame: Int64 { renderedFrames + Int64(format.blockFrames) }

    /// Frames the master limiter turned down so far: where the tracks together would have passed full scale.
    public var limitedFrames: Int64 { loop.limitedFrames.load(ordering: .relaxed) }

    /// Whether the last rendered block was silent with no note still sounding on any track.
    public var isSilent: Bool { loop.isSilent.load(ordering: .acquiring) }

    /// A note id never used before on this engine.
    public func makeNoteID() -> Int32 {
        defer { nextNoteID += 1 }
        return nextNoteID
    }

    // MARK: Input

    /// Reads `input` on the render thread, one block before each output
    /// block, so both run on one frame clock: captured frame n is read in the
    /// block that writes output frame n. Up to `bufferSeconds` of what it
    /// captures wait for `takeCaptured`. Only before the engine starts.
    public func attach(input: AudioInput, bufferSeconds: Double = 10) throws(EngineError) {
        guard thread == nil, offlineBlame < 0, loop.input == nil else { throw .inputLate }
        guard input.format.sampleRate == format.sampleRate else {
            throw .inputRate(input: Int(input.format.sampleRate), output: Int(format.sampleRate))
        }
        loop.attach(input, ringFrames: max(format.blockFrames, Int(bufferSeconds * format.sampleRate)))
    }

    /// The input's audio captured since the last call, interleaved in its
    /// channels: for a tuner to measure, a recorder to write.
    public func takeCaptured() -> [Float] { loop.captured?.takeAll() ?? [] }

    /// Captured samples dropped because `takeCaptured` was not called often enough.
    public var droppedCapturedSamples: Int { loop.captured?.dropped.load(ordering: .relaxed) ?? 0 }

    /// How loud the input is heard in the output (0: not at all, the default; 1: as captured).
    public func setMonitorGain(_ gain: Float) {
        loop.monitorGainBits.store(gain.bitPattern, ordering: .relaxed)
    }

    /// Frames from a sound reaching the input to its being heard from the
    /// output, when it is monitored: the input's latency and the output's. 0
    /// for files, whose frame n is read and written as frame n.
    public var roundTripLatencyFrames: Int { (loop.input?.latencyFrames ?? 0) + output.latencyFrames }

    // MARK: Tracks

    /// The source playing on `track`.
    public func source(of track: TrackID = .main) -> SourceInstance {
        guard let source = sources[track.index] else { preconditionFailure("\(track) is not in use") }
        return source
    }

    /// The main track's source.
    public var source: SourceInstance { source(of: .main) }

    /// The tracks in use, the main track first.
    public var tracks: [TrackID] { sources.keys.sorted().map { TrackID(index: $0) } }

    /// A new track playing `source` (activated here) at `gain`, from the next
    /// block on. The render thread takes it without waiting or allocating.
    public func addTrack(source: SourceInstance, gain: Float = 1) throws(EngineError) -> TrackID {
        collectRetired()
        guard let slot = loop.slots.first(where: { $0.currentState == .free && sources[Int($0.index)] == nil }) else {
            throw .noFreeTrack(limit: RenderLoop.maxTracks)
        }
        let fault = Self.faultMessages(for: source, wording: faultWording)
        do {
            try source.activate(sampleRate: format.sampleRate, maxFrames: format.blockFrames, channels: format.channels)
        } catch {
            throw .sourceFailed(error)
        }
        let track = TrackID(index: Int(slot.index))
        sources[track.index] = source
        lastScheduledFrame[track.index] = 0
        slot.gainBits.store(gain.bitPattern, ordering: .relaxed)
        slot.muted.store(false, ordering: .relaxed)
        let messages = remember(source, fault)
        if thread == nil && offlineBlame < 0 {
            slot.startPlaying(source.raw, rendersAudio: source.descriptor.kind == .audio, messages: messages)
        } else {
            slot.pendingRendersAudio.store(source.descriptor.kind == .audio, ordering: .releasing)
            slot.pendingMessages.store(messages, ordering: .releasing)
            slot.pendingInstance.store(UInt(bitPattern: source.raw), ordering: .releasing)
            slot.state.store(TrackSlot.State.playing.rawValue, ordering: .releasing)
        }
        return track
    }

    /// Ends `track`: its notes fade out with the source's own release, then
    /// the source is deactivated and the track's slot is free again. The main
    /// track cannot be removed (swap its source instead).
    public func removeTrack(_ track: TrackID) {
        precondition(track != .main, "the main track stays for the engine's life")
        guard sources.removeValue(forKey: track.index) != nil else { return }
        lastScheduledFrame[track.index] = nil
        loop.slots[track.index].state.store(TrackSlot.State.removing.rawValue, ordering: .releasing)
        if thread == nil && offlineBlame < 0 { collectRetired() }
    }

    /// The level `track` is mixed at (1: as the source renders it); reached by a ramp over one block.
    public func setGain(_ gain: Float, of track: TrackID) {
        loop.slots[track.index].gainBits.store(gain.bitPattern, ordering: .relaxed)
    }

    /// Silences `track` (ramped, no click) while it goes on playing its events.
    public func setMuted(_ muted: Bool, of track: TrackID) {
        loop.slots[track.index].muted.store(muted, ordering: .relaxed)
    }

    // MARK: Events

    /// Musical time for scheduling at beat positions; nil until set. Its
    /// map's sample rate must be the output's.
    public private(set) var transport: Transport?

    /// Lays `map` on the clock with beat 0 at `originFrame`.
    public func setTransport(_ map: TempoMap, originFrame: Int64) throws(EngineError) {
        guard map.sampleRate == Int(format.sampleRate) else { throw .transportRate(map: map.sampleRate, output: Int(format.sampleRate)) }
        let transport = Transport(map: map, originFrame: originFrame)
        self.transport = transport
        // Sources read it in process (ABI 1.1) from the next block on.
        let box = TransportBox(transport)
        transportBoxes.append(box)
        loop.transportBox.store(UInt(bitPattern: Unmanaged.passUnretained(box).toOpaque()), ordering: .releasing)
    }

    /// Every transport published to the render thread, kept so it never frees one.
    private var transportBoxes: [TransportBox] = []

    /// What sources said of notes they refused while playing, by note id (ABI 1.1's NOTE_REFUSED).
    public private(set) var refusals: [Int32: String] = [:]

    /// Schedules one note from beat position `start` to `end` on the
    /// transport: on and off land on the frames the tempo map gives. Returns its id.
    @discardableResult
    public func playNote(frequency: Double, velocity: Double = 0.8, from start: BeatPosition, to end: BeatPosition,
                         on track: TrackID = .main) throws(EngineError) -> Int32 {
        guard let transport else { throw .noTransport }
        let on = transport.frame(at: start)
        return try playNote(frequency: frequency, velocity: velocity, at: on, durationFrames: transport.frame(at: end) - on, on: track)
    }

    /// Queues an event for the render thread. Events must come in frame order per track.
    public func schedule(_ event: ScheduledEvent, on track: TrackID = .main) throws(EngineError) {
        if event.kind == .noteOn { try checkPlayable(event.frequency, on: track) }
        let last = lastScheduledFrame[track.index] ?? 0
        guard event.frame >= last else { throw .outOfOrder(frame: event.frame, after: last) }
        guard loop.slots[track.index].events.push(event) else { throw .queueFull }
        lastScheduledFrame[track.index] = event.frame
    }

    /// Throws if `track`'s source declares a note range (ABI 1.1) that leaves
    /// `frequency` out: for callers that schedule several notes as one, such
    /// as a pair, to check them all before scheduling any.
    public func checkPlayable(_ frequency: Double, on track: TrackID = .main) throws(EngineError) {
        guard let source = sources[track.index], let range = source.noteRange(), !range.contains(frequency) else { return }
        throw .noteOutOfRange(frequency: frequency, lowest: range.lowerBound, highest: range.upperBound, source: source.descriptor.id)
    }

    /// Refuses training pairs on a source that says it cannot keep their
    /// interval within `PairInterval.limitCents` with its options now.
    public func checkPairInterval(on track: TrackID = .main) throws(EngineError) {
        try sources[track.index]?.checkPairInterval()
    }

    /// Schedules one note: on at `frame`, off `durationFrames` later. Returns its id.
    @discardableResult
    public func playNote(frequency: Double, velocity: Double = 0.8, at frame: Int64, durationFrames: Int64,
                         on track: TrackID = .main) throws(EngineError) -> Int32 {
        let id = makeNoteID()
        try schedule(.noteOn(id, frequency: frequency, velocity: velocity, at: frame), on: track)
        try schedule(.noteOff(id, at: frame + durationFrames), on: track)
        return id
    }

    /// Drops every event of `track` not yet played and releases its sounding
    /// notes at the next block, with the source's own release (a short fade,
    /// no click). Returns once the render thread has done it (within about one block).
    public func cancelScheduled(on track: TrackID = .main) {
        let slot = loop.slots[track.index]
        if thread != nil {
            slot.cancelRequested.store(true, ordering: .releasing)
            waitForRenderThread { !slot.cancelRequested.load(ordering: .acquiring) }
        } else {
            // Nothing renders meanwhile (offline, or not started): the queue is
            // emptied here, and the next block only releases what sounds, so
            // events scheduled from now on all play.
            while slot.events.pop() != nil {}
            slot.releaseRequested.store(true, ordering: .releasing)
        }
        lastScheduledFrame[track.index] = 0
    }

    /// Replaces the source of `track`. The new instance is activated here,
    /// then handed to the render thread, which switches at its next block
    /// without waiting; the old one fades its notes out and is deactivated
    /// once the render thread lets go of it.
    public func swapSource(to newSource: SourceInstance, on track: TrackID = .main) throws(SourceError) {
        let fault = Self.faultMessages(for: newSource, wording: faultWording)
        try newSource.activate(sampleRate: format.sampleRate, maxFrames: format.blockFrames, channels: format.channels)
        let slot = loop.slots[track.index]
        if thread != nil {
            waitForRenderThread { slot.pendingInstance.load(ordering: .acquiring) == 0 }
        } else if offlineBlame >= 0, slot.pendingInstance.load(ordering: .acquiring) != 0 {
            _ = renderBlocks(1)
        }
        let messages = remember(newSource, fault)
        sources[track.index] = newSource
        slot.pendingRendersAudio.store(newSource.descriptor.kind == .audio, ordering: .releasing)
        slot.pendingMessages.store(messages, ordering: .releasing)
        slot.pendingInstance.store(UInt(bitPattern: newSource.raw), ordering: .releasing)
        if thread == nil && offlineBlame < 0 {
            // Before anything renders there is nothing to fade: the old instance goes at once.
            slot.pendingInstance.store(0, ordering: .relaxed)
            if let old = slot.active, old != newSource.raw { inUse.removeValue(forKey: UInt(bitPattern: old))?.deactivate() }
            slot.startPlaying(newSource.raw, rendersAudio: newSource.descriptor.kind == .audio, messages: messages)
        }
    }

    // MARK: Notices and waiting

    /// What the render thread reported since the last call, for every track.
    /// Also deactivates sources the render thread has finished with, and
    /// prints what plugins logged on the render thread.
    public func pollTrackNotices() -> [TrackNotice] {
        collectRetired()
        pluginLog?.drain()
        var notices: [TrackNotice] = []
        while let notice = loop.notices.pop() { notices.append(notice) }
        while let event = loop.sourceEvents.pop() {
            var refusal = event.refusal
            refusals[refusal.note_id] = withUnsafeBytes(of: &refusal.text) { CText.string($0.baseAddress!.assumingMemoryBound(to: CChar.self)) } ?? ""
            notices.append(TrackNotice(track: TrackID(index: Int(event.track)),
                                       notice: .noteRefused(noteID: refusal.note_id, reason: refusal.reason, frequency: refusal.frequency_hz)))
        }
        return notices
    }

    /// The main track's notices and the engine's own, as `pollTrackNotices`;
    /// other tracks' notices are dropped (an engine with several tracks polls them all).
    public func pollNotices() -> [EngineNotice] {
        pollTrackNotices().compactMap { $0.track == nil || $0.track == .main ? $0.notice : nil }
    }

    /// Waits until `frame` has been rendered, rendering ended, or the
    /// engine's interrupt was raised. Returns the notices seen meanwhile.
    public func wait(untilRendered frame: Int64) -> [EngineNotice] {
        var notices: [EngineNotice] = []
        waitForRenderThread {
            notices += pollNotices()
            return renderedFrames >= frame || notices.contains(where: \.endsRendering)
        }
        return notices + pollNotices()
    }

    /// Sleeps on the render thread's progress signal until `done` holds, the
    /// loop has ended, or the interrupt is raised.
    private func waitForRenderThread(until done: () -> Bool) {
        loop.waiters.add(1, ordering: .releasing)
        defer { loop.waiters.subtract(1, ordering: .releasing) }
        while !done(), !loop.exited.load(ordering: .acquiring), interrupt?.isRaised != true {
            // The deadline only bounds a wait whose wake-up was lost; every block signals.
            loop.progress.wait(milliseconds: 100, orUntilReadable: interrupt?.descriptor ?? -1)
        }
    }

    /// Renders up to exactly `frame` and holds there: for outputs without a
    /// clock of their own, such as a WAV file, whose length must be exact.
    public func render(through frame: Int64) -> [EngineNotice] {
        if offlineBlame >= 0 {
            let blocks = max(0, Int((frame - renderedFrames + Int64(format.blockFrames) - 1) / Int64(format.blockFrames)))
            return renderBlocks(blocks).compactMap { $0.track == nil || $0.track == .main ? $0.notice : nil }
        }
        loop.endFrame.store(frame, ordering: .releasing)
        loop.resume.signal()
        if thread == nil { start() }
        return wait(untilRendered: frame)
    }

    /// Renders through `frame`, then on until every note has died away (at
    /// most `maxTailFrames` more), block by block so a file ends right after
    /// the last sound.
    public func render(through frame: Int64, thenUntilSilentWithin maxTailFrames: Int64) -> [EngineNotice] {
        var notices = render(through: frame)
        while !isSilent, renderedFrames < frame + maxTailFrames, !notices.contains(where: \.endsRendering), interrupt?.isRaised != true {
            let before = renderedFrames
            notices += render(through: renderedFrames + Int64(format.blockFrames))
            // Nothing more renders once the output is gone (a reader that closed its pipe), whose notice came earlier.
            guard renderedFrames > before else { break }
        }
        return notices
    }

    /// Renders `count` blocks on the calling thread, with no render thread:
    /// offline work and tests, where the result must not depend on timing.
    /// An engine that renders this way never starts a thread. Returns every
    /// track's notices from those blocks.
    public func renderBlocks(_ count: Int) -> [TrackNotice] {
        precondition(thread == nil, "the engine renders on its own thread")
        if offlineBlame < 0 {
            EmergencyStop.install()
            offlineBlame = EmergencyStop.claimBlameSlot()
            loop.blameSlot.store(offlineBlame, ordering: .releasing)
        }
        var notices: [TrackNotice] = []
        for _ in 0..<count {
            guard loop.renderBlock() else { break }
            notices += pollTrackNotices()
        }
        return notices + pollTrackNotices()
    }

    /// Stops the render thread, deactivates every source and closes the output.
    public func stop() throws(AudioOutputError) {
        guard !finished else { return }
        finished = true
        loop.stopRequested.store(true, ordering: .releasing)
        loop.stopping.store(true, ordering: .releasing)  // a render thread stuck in a plugin ends Peach soon
        loop.resume.signal()
        if let thread { pthread_join(thread, nil) }
        if offlineBlame >= 0 { EmergencyStop.releaseBlameSlot(offlineBlame) }
        watchdog.stop()
        for instance in inUse.values { instance.deactivate() }
        inUse.removeAll()
        loop.input?.finish()
        pluginLog?.drain()
        try output.finish()
    }

    /// Deactivates what the render thread handed back, and frees the slots of removed tracks that have faded out.
    private func collectRetired() {
        while let bits = loop.retiredInstances.pop() {
            inUse.removeValue(forKey: bits)?.deactivate()
        }
        for slot in loop.slots where slot.currentState == .drained {
            slot.state.store(TrackSlot.State.free.rawValue, ordering: .releasing)
        }
        if thread == nil && offlineBlame < 0 {
            // Before anything renders, a removed track has nothing to fade.
            for slot in loop.slots where slot.currentState == .removing {
                if let raw = slot.active { inUse.removeValue(forKey: UInt(bitPattern: raw))?.deactivate() }
                slot.reset()
            }
        }
    }

}

/// Why the engine refused a request, as data; `PeachMessages` words it.
public enum EngineError: Error, Equatable {
    case outOfOrder(frame: Int64, after: Int64)
    case queueFull
    /// Every track is in use.
    case noFreeTrack(limit: Int)
    /// The source of a new track could not be activated.
    case sourceFailed(SourceError)
    /// A beat position was given before a transport was set.
    case noTransport
    /// The tempo map counts frames at another rate than the output plays.
    case transportRate(map: Int, output: Int)
    /// The input captures at another rate than the output plays (no resampler sits between them).
    case inputRate(input: Int, output: Int)
    /// An input was attached after the engine started, or a second one.
    case inputLate
    /// The track's source does not play this frequency (its `peach.note-range/1`).
    case noteOutOfRange(frequency: Double, lowest: Double, highest: Double, source: String)
    /// The track's source does not keep a pair's interval within 0.1 cent (its `peach.pair-interval/1`).
    case pairInexact(PairInterval, source: String, timbre: String)
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
