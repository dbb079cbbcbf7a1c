import Glibc
import PeachPluginAPI
import Synchronization

/// The audio thread's side of the engine: each turn it takes the events due in
/// the next block, lets the active source render them at their exact frames,
/// checks the result and writes it to the output. Everything it touches is
/// allocated before it starts; it never allocates, locks or waits except in
/// the output's own write.
///
/// Around each plugin call it says which plugin it is in (`EmergencyStop`'s
/// blame, for a crash; `processCalls`, for the watchdog), and afterwards
/// checks the guard values around the buffers, that the samples are finite,
/// and that a note it started is heard.
final class RenderLoop: @unchecked Sendable {
    let format: AudioFormat
    let events = SPSCRing<ScheduledEvent>(capacity: 4096)
    let notices = SPSCRing<EngineNotice>(capacity: 256)
    /// Main → audio: the instance to switch to (pointer bits), 0 if none.
    let pendingInstance = Atomic<UInt>(0)
    /// Whether the pending instance renders audio; written before `pendingInstance`.
    let pendingRendersAudio = Atomic<Bool>(true)
    /// The pending instance's `PluginFaultMessages` (bits); written before `pendingInstance`.
    let pendingMessages = Atomic<UInt>(0)
    /// Audio → main: instances (pointer bits) the audio thread has finished with.
    let retiredInstances = SPSCRing<UInt>(capacity: 16)
    /// The loop ends when the clock reaches this frame, or when asked to stop.
    let endFrame = Atomic<Int64>(.max)
    let stopRequested = Atomic<Bool>(false)
    /// Main → audio: drop every queued event and release every note at the next block.
    let cancelRequested = Atomic<Bool>(false)
    /// Audio → main: the loop has returned (stopped, or the output failed).
    let exited = Atomic<Bool>(false)
    /// Frames handed to the output so far: the engine's clock, as the main thread sees it.
    let renderedFrames = Atomic<Int64>(0)
    /// Whether the last block was silence with nothing left to sound.
    let isSilent = Atomic<Bool>(true)
    /// Plugin `process` calls begun plus calls returned: odd while the render
    /// thread is inside one. The watchdog reads it.
    let processCalls = Atomic<UInt64>(0)
    /// Main → watchdog: the main thread is waiting for the render thread (to
    /// stop, to cancel), so a call that does not return should end Peach sooner.
    let mainWaiting = Atomic<Bool>(false)
    /// The render thread's slot in `EmergencyStop`'s blame table, -1 until it runs.
    let blameSlot = Atomic<Int>(-1)

    private let output: AudioOutput
    /// Whether the render thread may ask for real-time priority (`AudioOutput.blocksOnDevice`).
    let wantsRealTime: Bool
    private static let maxEventsPerBlock = 128
    /// How long a replaced source may sound on while its notes fade out.
    private let maxFadeFrames: Int

    // Audio-thread state.
    private var active: UnsafeMutablePointer<peach_source_instance>?
    private var activeRendersAudio = true
    private var activeMessages: UInt
    private var activeFailed = false
    private var fading: UnsafeMutablePointer<peach_source_instance>?
    private var fadingRendersAudio = true
    private var fadingMessages: UInt = 0
    private var fadingFrames = 0
    private var clock: Int64 = 0
    /// The first note-on the active source has not yet made audible: its frame (-1: none) and frequency.
    private var unheardNoteFrame: Int64 = -1
    private var unheardFrequency: Double = 0
    /// How long a note may stay exact silence before the source counts as broken.
    private static let silenceLimitMilliseconds: Int32 = 100
    private let silenceLimitFrames: Int64
    /// The stack a fatal-signal handler runs on, so a plugin that overflows
    /// the render thread's stack is still named.
    private let signalStack: UnsafeMutableRawPointer
    private static let signalStackBytes = 64 * 1024

    // Preallocated buffers.
    private let planar: PlanarBuffer
    private let fadePlanar: PlanarBuffer
    private let interleaved: UnsafeMutablePointer<Float>
    private let eventStorage: UnsafeMutablePointer<peach_event_note>
    private let eventPointers: UnsafeMutablePointer<UnsafePointer<peach_event_header>?>
    /// ALL_NOTES_OFF at offset 0, for a source being faded out after a swap.
    private let allNotesOff: UnsafeMutablePointer<peach_event_note>
    private let allNotesOffList: UnsafeMutablePointer<UnsafePointer<peach_event_header>?>

    /// `messages`: the initial instance's `PluginFaultMessages` (bits).
    init(output: AudioOutput, initial: UnsafeMutablePointer<peach_source_instance>?, rendersAudio: Bool, messages: UInt) {
        self.output = output
        wantsRealTime = output.blocksOnDevice
        format = output.format
        active = initial
        activeRendersAudio = rendersAudio
        activeMessages = messages
        maxFadeFrames = Int(format.sampleRate / 2)
        silenceLimitFrames = Int64(format.sampleRate) * Int64(Self.silenceLimitMilliseconds) / 1000
        signalStack = .allocate(byteCount: Self.signalStackBytes, alignment: 16)
        planar = PlanarBuffer(channels: format.channels, frames: format.blockFrames)
        fadePlanar = PlanarBuffer(channels: format.channels, frames: format.blockFrames)
        interleaved = .allocate(capacity: format.channels * format.blockFrames)
        eventStorage = .allocate(capacity: Self.maxEventsPerBlock + 1)
        eventPointers = .allocate(capacity: Self.maxEventsPerBlock + 1)
        for index in 0...Self.maxEventsPerBlock {
            eventPointers[index] = UnsafeRawPointer(eventStorage + index).assumingMemoryBound(to: peach_event_header.self)
        }
        allNotesOff = .allocate(capacity: 1)
        allNotesOff.initialize(to: ScheduledEvent.allNotesOff(at: 0).abiEvent(offset: 0))
        allNotesOffList = .allocate(capacity: 1)
        allNotesOffList.initialize(to: UnsafeRawPointer(allNotesOff).assumingMemoryBound(to: peach_event_header.self))
        warmUpRings()
    }

    /// Runs each ring's generic code once here, on the main thread, so the
    /// Swift runtime's one-time type-metadata setup (which allocates and
    /// locks) never happens on the audio thread.
    private func warmUpRings() {
        events.push(.allNotesOff(at: 0))
        _ = events.peek()
        _ = events.pop()
        notices.push(.underrun(atFrame: 0))
        _ = notices.pop()
        retiredInstances.push(0)
        _ = retiredInstances.pop()
    }

    deinit {
        interleaved.deallocate()
        eventStorage.deallocate()
        eventPointers.deallocate()
        allNotesOff.deallocate()
        allNotesOffList.deallocate()
        signalStack.deallocate()
    }

    /// [audio-thread] Runs until stopped, the end frame, or the output fails.
    func run() {
        PluginLog.shared.registerAudioThread()
        var stack = stack_t(ss_sp: signalStack, ss_flags: 0, ss_size: Self.signalStackBytes)
        sigaltstack(&stack, nil)
        blameSlot.store(EmergencyStop.claimBlameSlot(), ordering: .releasing)
        defer {
            EmergencyStop.releaseBlameSlot(blameSlot.load(ordering: .relaxed))
            var none = stack_t(ss_sp: nil, ss_flags: Int32(SS_DISABLE), ss_size: 0)
            sigaltstack(&none, nil)
            exited.store(true, ordering: .releasing)
        }
        while !stopRequested.load(ordering: .acquiring) {
            // Offline rendering: hold at the end frame until it moves or we stop.
            if clock >= endFrame.load(ordering: .acquiring) {
                usleep(200)
                continue
            }
            takePendingSwap()
            let frames = format.blockFrames
            let eventCount = gatherEvents(before: clock + Int64(frames), first: takeCancel())
            renderActive(frames: frames, eventCount: eventCount)
            renderFading(frames: frames)
            planar.interleave(into: interleaved, frames: frames)
            switch output.write(interleaved, frames: frames) {
            case .written: break
            case .recoveredUnderrun: notices.push(.underrun(atFrame: clock))
            case .deviceLost(let code):
                notices.push(.deviceLost(errno: code))
                return
            case .failed(let code):
                notices.push(.outputFailed(errno: code))
                return
            }
            clock += Int64(frames)
            renderedFrames.store(clock, ordering: .releasing)
        }
    }

    private func takePendingSwap() {
        let bits = pendingInstance.exchange(0, ordering: .acquiringAndReleasing)
        guard bits != 0 else { return }
        if let fading { retire(fading, force: true) }
        // The old source fades its notes out alongside the new one: no click.
        fading = active
        fadingRendersAudio = activeRendersAudio
        fadingMessages = activeMessages
        fadingFrames = 0
        active = UnsafeMutablePointer(bitPattern: bits)
        activeRendersAudio = pendingRendersAudio.load(ordering: .acquiring)
        activeMessages = pendingMessages.load(ordering: .acquiring)
        activeFailed = false
        unheardNoteFrame = -1
        notices.push(.sourceSwapped(atFrame: clock))
    }

    /// On a cancel, empties the queue and puts ALL_NOTES_OFF first in this
    /// block's list, so sounding notes release (fade) rather than stop dead.
    /// Returns how many list entries it used.
    private func takeCancel() -> Int {
        guard cancelRequested.load(ordering: .acquiring) else { return 0 }
        while events.pop() != nil {}
        unheardNoteFrame = -1
        eventStorage[0] = allNotesOff.pointee
        cancelRequested.store(false, ordering: .releasing)
        return 1
    }

    private func gatherEvents(before blockEnd: Int64, first: Int) -> Int {
        var count = first
        var late: Int32 = 0
        while count < Self.maxEventsPerBlock, let event = events.peek(), event.frame < blockEnd {
            events.pop()
            if event.frame < clock { late += 1 }
            if event.kind == .noteOn && unheardNoteFrame < 0 {
                unheardNoteFrame = max(event.frame, clock)
                unheardFrequency = event.frequency
            }
            eventStorage[count] = event.abiEvent(offset: UInt32(max(0, event.frame - clock)))
            count += 1
        }
        if late > 0 { notices.push(.lateEvents(count: late, atFrame: clock)) }
        return count
    }

    private func renderActive(frames: Int, eventCount: Int) {
        guard let active, !activeFailed else {
            planar.clear(frames: frames)
            isSilent.store(fading == nil, ordering: .releasing)
            return
        }
        let status = process(active, rendersAudio: activeRendersAudio, messages: activeMessages, into: planar, frames: frames,
                             eventCount: eventCount, events: eventPointers)
        isSilent.store(status != PEACH_PROCESS_CONTINUE && fading == nil, ordering: .releasing)
        if let failure = check(status: status, frames: frames) {
            activeFailed = true
            notices.push(failure)
            planar.clear(frames: frames)
        }
    }

    /// What went wrong in the block the active source just rendered, if anything.
    private func check(status: peach_process_status, frames: Int) -> EngineNotice? {
        if activeRendersAudio && !planar.guardsIntact() {
            planar.restoreGuards()
            return .sourceOverran(atFrame: clock)
        }
        if status == PEACH_PROCESS_ERROR { return .sourceFailed(atFrame: clock) }
        if !planar.isFinite(frames: frames) { return .sourceProducedInvalidSamples(atFrame: clock) }
        // MIDI sources render silence by design: their sound is the instrument's.
        guard activeRendersAudio, unheardNoteFrame >= 0 else {
            unheardNoteFrame = -1
            return nil
        }
        if planar.hasSound(from: Int(max(0, unheardNoteFrame - clock)), frames: frames) {
            unheardNoteFrame = -1
        } else if clock + Int64(frames) - unheardNoteFrame >= silenceLimitFrames {
            return .sourceSilent(frequency: unheardFrequency, noteFrame: unheardNoteFrame, milliseconds: Self.silenceLimitMilliseconds)
        }
        return nil
    }

    private func renderFading(frames: Int) {
        guard let fading else { return }
        // The first block after the swap releases every note; later blocks only render the tails.
        let status = process(fading, rendersAudio: fadingRendersAudio, messages: fadingMessages, into: fadePlanar, frames: frames,
                             eventCount: fadingFrames == 0 ? 1 : 0, events: allNotesOffList)
        fadingFrames += frames
        let intact = fadePlanar.guardsIntact()
        if !intact { fadePlanar.restoreGuards() }
        let usable = intact && status != PEACH_PROCESS_ERROR && fadePlanar.isFinite(frames: frames)
        if usable { planar.add(fadePlanar, frames: frames) }
        if !usable || status == PEACH_PROCESS_SILENT || fadingFrames >= maxFadeFrames {
            retire(fading, force: false)
        }
    }

    /// Calls the source's process. A source that renders no audio (MIDI) gets
    /// no buffers, and the block stays silent.
    private func process(_ instance: UnsafeMutablePointer<peach_source_instance>, rendersAudio: Bool, messages: UInt, into buffer: PlanarBuffer,
                         frames: Int, eventCount: Int, events: UnsafePointer<UnsafePointer<peach_event_header>?>) -> peach_process_status {
        if !rendersAudio { buffer.clear(frames: frames) }
        let pending = output.pendingFrames() ?? -1
        var block = peach_process(
            struct_size: UInt32(MemoryLayout<peach_process>.size),
            frame_count: UInt32(frames),
            steady_time: clock,
            channel_count: rendersAudio ? UInt32(format.channels) : 0,
            event_count: UInt32(eventCount),
            outputs: rendersAudio ? UnsafePointer(buffer.channelPointers) : nil,
            events: events,
            presentation_time_ns: pending < 0 ? -1 : Int64(Monotonic.nanoseconds()) + Int64(Double(pending) / format.sampleRate * 1e9))
        let slot = blameSlot.load(ordering: .relaxed)
        EmergencyStop.setBlame(slot, messages: messages)
        processCalls.add(1, ordering: .releasing)
        let status = instance.pointee.process(instance, &block)
        processCalls.add(1, ordering: .releasing)
        EmergencyStop.setBlame(slot, messages: 0)
        return status
    }

    /// Hands `instance` to the main thread for deactivation. Never waits: if
    /// the hand-back ring is full, the instance keeps fading, or with `force`
    /// is simply no longer rendered (the engine deactivates it when it stops).
    private func retire(_ instance: UnsafeMutablePointer<peach_source_instance>, force: Bool) {
        if retiredInstances.push(UInt(bitPattern: instance)) || force { fading = nil }
    }
}
