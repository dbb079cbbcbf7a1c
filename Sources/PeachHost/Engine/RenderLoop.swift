import Glibc
import PeachPluginAPI
import Synchronization

/// The audio thread's side of the engine: each turn it takes the events due in
/// the next block, lets the active source render them at their exact frames,
/// checks the result and writes it to the output. Everything it touches is
/// allocated before it starts; it never allocates, locks or waits except in
/// the output's own write.
final class RenderLoop: @unchecked Sendable {
    let format: AudioFormat
    let events = SPSCRing<ScheduledEvent>(capacity: 4096)
    let notices = SPSCRing<EngineNotice>(capacity: 256)
    /// Main → audio: the instance to switch to (pointer bits), 0 if none.
    let pendingInstance = Atomic<UInt>(0)
    /// Whether the pending instance renders audio; written before `pendingInstance`.
    let pendingRendersAudio = Atomic<Bool>(true)
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

    private let output: AudioOutput
    /// Whether the render thread may ask for real-time priority (`AudioOutput.blocksOnDevice`).
    let wantsRealTime: Bool
    private static let maxEventsPerBlock = 128
    /// How long a replaced source may sound on while its notes fade out.
    private let maxFadeFrames: Int

    // Audio-thread state.
    private var active: UnsafeMutablePointer<peach_source_instance>?
    private var activeRendersAudio = true
    private var activeFailed = false
    private var fading: UnsafeMutablePointer<peach_source_instance>?
    private var fadingRendersAudio = true
    private var fadingFrames = 0
    private var clock: Int64 = 0

    // Preallocated buffers.
    private let planar: PlanarBuffer
    private let fadePlanar: PlanarBuffer
    private let interleaved: UnsafeMutablePointer<Float>
    private let eventStorage: UnsafeMutablePointer<peach_event_note>
    private let eventPointers: UnsafeMutablePointer<UnsafePointer<peach_event_header>?>
    /// ALL_NOTES_OFF at offset 0, for a source being faded out after a swap.
    private let allNotesOff: UnsafeMutablePointer<peach_event_note>
    private let allNotesOffList: UnsafeMutablePointer<UnsafePointer<peach_event_header>?>

    init(output: AudioOutput, initial: UnsafeMutablePointer<peach_source_instance>?, rendersAudio: Bool) {
        self.output = output
        wantsRealTime = output.blocksOnDevice
        format = output.format
        active = initial
        activeRendersAudio = rendersAudio
        maxFadeFrames = Int(format.sampleRate / 2)
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
    }

    /// [audio-thread] Runs until stopped, the end frame, or the output fails.
    func run() {
        PluginLog.shared.registerAudioThread()
        defer { exited.store(true, ordering: .releasing) }
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
        fadingFrames = 0
        active = UnsafeMutablePointer(bitPattern: bits)
        activeRendersAudio = pendingRendersAudio.load(ordering: .acquiring)
        activeFailed = false
        notices.push(.sourceSwapped(atFrame: clock))
    }

    /// On a cancel, empties the queue and puts ALL_NOTES_OFF first in this
    /// block's list, so sounding notes release (fade) rather than stop dead.
    /// Returns how many list entries it used.
    private func takeCancel() -> Int {
        guard cancelRequested.load(ordering: .acquiring) else { return 0 }
        while events.pop() != nil {}
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
        let status = process(active, rendersAudio: activeRendersAudio, into: planar, frames: frames, eventCount: eventCount, events: eventPointers)
        isSilent.store(status != PEACH_PROCESS_CONTINUE && fading == nil, ordering: .releasing)
        if status == PEACH_PROCESS_ERROR {
            activeFailed = true
            notices.push(.sourceFailed(atFrame: clock))
            planar.clear(frames: frames)
        } else if !planar.isFinite(frames: frames) {
            activeFailed = true
            notices.push(.sourceProducedInvalidSamples(atFrame: clock))
            planar.clear(frames: frames)
        }
    }

    private func renderFading(frames: Int) {
        guard let fading else { return }
        // The first block after the swap releases every note; later blocks only render the tails.
        let status = process(fading, rendersAudio: fadingRendersAudio, into: fadePlanar, frames: frames,
                             eventCount: fadingFrames == 0 ? 1 : 0, events: allNotesOffList)
        fadingFrames += frames
        let usable = status != PEACH_PROCESS_ERROR && fadePlanar.isFinite(frames: frames)
        if usable { planar.add(fadePlanar, frames: frames) }
        if !usable || status == PEACH_PROCESS_SILENT || fadingFrames >= maxFadeFrames {
            retire(fading, force: false)
        }
    }

    /// Calls the source's process. A source that renders no audio (MIDI) gets
    /// no buffers, and the block stays silent.
    private func process(_ instance: UnsafeMutablePointer<peach_source_instance>, rendersAudio: Bool, into buffer: PlanarBuffer,
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
        return instance.pointee.process(instance, &block)
    }

    /// Hands `instance` to the main thread for deactivation. Never waits: if
    /// the hand-back ring is full, the instance keeps fading, or with `force`
    /// is simply no longer rendered (the engine deactivates it when it stops).
    private func retire(_ instance: UnsafeMutablePointer<peach_source_instance>, force: Bool) {
        if retiredInstances.push(UInt(bitPattern: instance)) || force { fading = nil }
    }
}

/// Non-interleaved float channels, as sources render them.
final class PlanarBuffer: @unchecked Sendable {
    let channelPointers: UnsafeMutablePointer<UnsafeMutablePointer<Float>?>
    private let channels: Int
    private let storage: UnsafeMutablePointer<Float>

    init(channels: Int, frames: Int) {
        self.channels = channels
        storage = .allocate(capacity: max(1, channels * frames))
        storage.initialize(repeating: 0, count: max(1, channels * frames))
        channelPointers = .allocate(capacity: max(1, channels))
        for channel in 0..<channels { channelPointers[channel] = storage + channel * frames }
    }

    deinit {
        storage.deallocate()
        channelPointers.deallocate()
    }

    func clear(frames: Int) {
        for channel in 0..<channels { channelPointers[channel]!.update(repeating: 0, count: frames) }
    }

    func isFinite(frames: Int) -> Bool {
        for channel in 0..<channels {
            let samples = channelPointers[channel]!
            for index in 0..<frames where !samples[index].isFinite { return false }
        }
        return true
    }

    func add(_ other: PlanarBuffer, frames: Int) {
        for channel in 0..<channels {
            let target = channelPointers[channel]!, source = other.channelPointers[channel]!
            for index in 0..<frames { target[index] += source[index] }
        }
    }

    func interleave(into target: UnsafeMutablePointer<Float>, frames: Int) {
        for channel in 0..<channels {
            let source = channelPointers[channel]!
            for index in 0..<frames { target[index * channels + channel] = source[index] }
        }
    }
}
