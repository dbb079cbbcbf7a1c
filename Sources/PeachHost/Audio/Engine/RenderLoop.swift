import Glibc
import MusicalTime
import PeachPluginAPI
import PeachSupport
import Synchronization

/// The audio thread's side of the engine: each turn it renders every track
/// in use (`TrackSlot`: its events due in the next block, at their exact
/// frames, through its source), mixes them with their gains, and writes the
/// mix to the output. Everything it touches is allocated before it starts;
/// it never allocates or locks, and waits only in the output's own write
/// (or, rendering offline, at the frame it was told to stop at).
///
/// Around each plugin call it says which plugin it is in (`EmergencyStop`'s
/// blame, for a crash; `processCalls`, for the watchdog), and afterwards
/// checks the guard values around the buffers, that the samples are finite,
/// and that a note it started is heard.
final class RenderLoop: @unchecked Sendable {
    let format: AudioFormat
    /// The tracks, all made before the loop runs. Sixteen is more than any
    /// practice tool layers (a drone, a metronome, a pair, a few voices) and
    /// keeps the per-block scan of free slots negligible.
    let slots: [TrackSlot]
    static let maxTracks = 16
    /// The same slots for the audio thread: iterating a Swift array there
    /// can allocate (an unspecialised read accessor in debug builds).
    private let slotTable: UnsafeMutablePointer<TrackSlot>
    let notices = SPSCRing<TrackNotice>(capacity: 256)
    /// Audio → main: instances (pointer bits) the audio thread has finished with.
    let retiredInstances = SPSCRing<UInt>(capacity: 64)
    /// The loop holds when the clock reaches this frame, or ends when asked to stop.
    let endFrame = Atomic<Int64>(.max)
    let stopRequested = Atomic<Bool>(false)
    /// Audio → main: the loop has returned (stopped, or the output failed).
    let exited = Atomic<Bool>(false)
    /// Frames handed to the output so far: the engine's clock, as the main thread sees it.
    let renderedFrames = Atomic<Int64>(0)
    /// Whether the last block was silence with nothing left to sound on any track.
    let isSilent = Atomic<Bool>(true)
    /// Plugin `process` calls begun plus calls returned: odd while the render
    /// thread is inside one. The watchdog reads it.
    let processCalls = Atomic<UInt64>(0)
    /// Main → watchdog: the main thread is stopping the engine (as after
    /// SIGTERM) and waits for the render thread to end, so a call that does not
    /// return should end Peach sooner. Not while it merely waits for blocks to
    /// render (a command playing to its end): a block has its full deadline then.
    let stopping = Atomic<Bool>(false)
    /// The render thread's slot in `EmergencyStop`'s blame table, -1 until it runs.
    let blameSlot = Atomic<Int>(-1)
    /// Audio → main: a block was rendered (or the loop ended). Signalled only
    /// while the main thread waits (`waiters`), so a loop nobody waits for makes no system call.
    let progress = WakeSignal()
    let waiters = Atomic<Int>(0)
    /// Main → audio: the end frame moved, or stop was asked, while the loop holds at its end frame.
    let resume = WakeSignal()

    private let output: AudioOutput
    /// Whether the render thread may ask for real-time priority: only when it
    /// blocks on a sound card's clock, the output's or the input's (`blocksOnDevice`).
    private(set) var wantsRealTime: Bool
    /// How long a replaced source may sound on while its notes fade out.
    let maxFadeFrames: Int
    /// How long a note may stay exact silence before the source counts as broken.
    static let silenceLimitMilliseconds: Int32 = 100
    let silenceLimitFrames: Int64
    /// The stack a fatal-signal handler runs on, so a plugin that overflows
    /// the render thread's stack is still named.
    private let signalStack: UnsafeMutableRawPointer
    private static let signalStackBytes = 64 * 1024

    /// The input read each block before the tracks render, with its buffer
    /// and the ring that carries what it captured to the main thread. Set
    /// before the loop runs (`attach`); captured frame n is read in the block
    /// that writes output frame n.
    private(set) var input: AudioInput?
    private var inputBuffer: UnsafeMutablePointer<Float>?
    private var inputOpen = false
    private(set) var captured: CaptureRing?
    /// The input block, channel by channel, as sources read it (`peach_process.inputs`).
    private var inputPlanar: PlanarBuffer?
    /// Main → audio: the transport (an unmanaged `TransportBox`, bits), 0 for none.
    /// The engine keeps every box it publishes alive, so the audio thread never frees one.
    let transportBox = Atomic<UInt>(0)
    /// What `peach_process.transport` points to, filled each block.
    private let transportState: UnsafeMutablePointer<peach_transport>
    /// The queue sources push events to (`peach_process.out_events`), and where they go.
    private let outEvents: UnsafeMutablePointer<peach_output_events>
    let sourceEvents = SPSCRing<SourceEvent>(capacity: 64)
    /// The track whose source is in `process`, for the events it pushes.
    private var processingTrack: Int32 = 0
    /// Main → audio: how loud the input is mixed into the output (`Float` bits); 0: not at all.
    let monitorGainBits = Atomic<UInt32>(0)
    private var appliedMonitorGain: Float = 0
    /// Audio → main: frames the master limiter has turned down so far (the mix would have clipped).
    let limitedFrames = Atomic<Int64>(0)

    // Audio-thread state.
    private var clock: Int64 = 0
    private let mix: PlanarBuffer
    private let limiter: MasterLimiter
    private let interleaved: UnsafeMutablePointer<Float>

    init(output: AudioOutput) {
        self.output = output
        wantsRealTime = output.blocksOnDevice
        format = output.format
        maxFadeFrames = Int(format.sampleRate / 2)
        silenceLimitFrames = Int64(format.sampleRate) * Int64(Self.silenceLimitMilliseconds) / 1000
        signalStack = .allocate(byteCount: Self.signalStackBytes, alignment: 16)
        slots = (0..<Self.maxTracks).map { TrackSlot(index: Int32($0), format: output.format) }
        slotTable = .allocate(capacity: Self.maxTracks)
        slotTable.initialize(from: slots, count: Self.maxTracks)
        mix = PlanarBuffer(channels: format.channels, frames: format.blockFrames)
        limiter = MasterLimiter(channels: format.channels, sampleRate: format.sampleRate)
        transportState = .allocate(capacity: 1)
        transportState.initialize(to: peach_transport())
        outEvents = .allocate(capacity: 1)
        interleaved = .allocate(capacity: format.channels * format.blockFrames)
        // Each ring's generic code runs once here, so the Swift runtime's
        // one-time type-metadata setup (which allocates and locks) never
        // happens on the audio thread.
        report(.underrun(atFrame: 0), track: nil)
        report(.underrun(atFrame: 0), track: 0)
        while notices.pop() != nil {}
        outEvents.initialize(to: peach_output_events(
            struct_size: UInt32(MemoryLayout<peach_output_events>.size), reserved: 0,
            host_data: Unmanaged.passUnretained(self).toOpaque(),
            push: { queue, event in
                guard let queue, let event, let loop = queue.pointee.host_data else { return 0 }
                return Unmanaged<RenderLoop>.fromOpaque(loop).takeUnretainedValue().take(event)
            }))
        // A refusal read as `take` reads it: else the first one a source sends sets up its type's metadata on
        // the audio thread, unless the plugin happened to (the Clicks plugin does; the FluidSynth drums do not).
        var refusal = peach_event_note_refused()
        sourceEvents.push(SourceEvent(track: 0, refusal: withUnsafeBytes(of: &refusal) { $0.loadUnaligned(as: peach_event_note_refused.self) }))
        _ = sourceEvents.pop()
        retiredInstances.push(0)
        _ = retiredInstances.pop()
    }

    /// [main-thread] Before the loop runs: reads `input` each block, keeping up to `ringFrames` frames for the main thread.
    func attach(_ input: AudioInput, ringFrames: Int) {
        self.input = input
        wantsRealTime = wantsRealTime || input.blocksOnDevice
        inputPlanar = PlanarBuffer(channels: input.format.channels, frames: format.blockFrames)
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: input.format.channels * format.blockFrames)
        buffer.initialize(repeating: 0, count: input.format.channels * format.blockFrames)
        inputBuffer = buffer
        captured = CaptureRing(capacity: ringFrames * input.format.channels)
        inputOpen = true
    }

    deinit {
        inputBuffer?.deallocate()
        transportState.deallocate()
        outEvents.deallocate()
        slotTable.deinitialize(count: Self.maxTracks)
        slotTable.deallocate()
        interleaved.deallocate()
        signalStack.deallocate()
    }

    /// [audio-thread] Runs until stopped or the output fails.
    func run() {
        var stack = stack_t(ss_sp: signalStack, ss_flags: 0, ss_size: Self.signalStackBytes)
        sigaltstack(&stack, nil)
        blameSlot.store(EmergencyStop.claimBlameSlot(), ordering: .releasing)
        defer {
            EmergencyStop.releaseBlameSlot(blameSlot.load(ordering: .relaxed))
            var none = stack_t(ss_sp: nil, ss_flags: Int32(SS_DISABLE), ss_size: 0)
            sigaltstack(&none, nil)
            exited.store(true, ordering: .releasing)
            progress.signal()
        }
        while !stopRequested.load(ordering: .acquiring) {
            // Offline rendering: hold at the end frame until it moves or we stop.
            if clock >= endFrame.load(ordering: .acquiring) {
                resume.wait(milliseconds: 100)
                continue
            }
            guard renderBlock() else { return }
        }
    }

    /// [the rendering thread] Renders, mixes and writes one block; false once the output has failed.
    func renderBlock() -> Bool {
        let frames = format.blockFrames
        mix.clear(frames: frames)
        if let input, let inputBuffer {
            if inputOpen {
                readInput(input, into: inputBuffer, frames: frames)
            } else {
                inputBuffer.update(repeating: 0, count: frames * input.format.channels)
            }
            inputPlanar?.deinterleave(from: inputBuffer, frames: frames)
        }
        updateTransport()
        var silent = true
        var index = 0
        while index < Self.maxTracks {
            let slot = slotTable[index]
            index += 1
            switch slot.currentState {
            case .free, .drained: continue
            case .playing, .removing: break
            }
            processingTrack = slot.index
            slot.render(clock: clock, frames: frames, loop: self)
            slot.mix(into: mix, frames: frames)
            silent = silent && slot.isSilent
        }
        isSilent.store(silent, ordering: .releasing)
        if let input, let inputBuffer {
            let gain = Float(bitPattern: monitorGainBits.load(ordering: .relaxed))
            mix.add(interleaved: inputBuffer, channels: input.format.channels, frames: frames, gainFrom: appliedMonitorGain, to: gain)
            appliedMonitorGain = gain
        }
        let limited = limiter.process(mix, frames: frames)
        if limited > 0 { limitedFrames.add(Int64(limited), ordering: .relaxed) }
        mix.interleave(into: interleaved, frames: frames)
        switch output.write(interleaved, frames: frames) {
        case .written: break
        case .recoveredUnderrun: report(.underrun(atFrame: clock), track: nil)
        case .deviceLost(let code):
            report(.deviceLost(errno: code), track: nil)
            return false
        case .failed(let code):
            report(.outputFailed(errno: code), track: nil)
            return false
        }
        clock += Int64(frames)
        renderedFrames.store(clock, ordering: .releasing)
        if waiters.load(ordering: .acquiring) > 0 { progress.signal() }
        return true
    }

    /// Reads one block of the input and passes it on to the main thread. A
    /// block the input could not fill is silence from where it stopped; an
    /// input that ended or failed is read no more.
    private func readInput(_ input: AudioInput, into buffer: UnsafeMutablePointer<Float>, frames: Int) {
        var got = frames
        switch input.read(into: buffer, frames: frames) {
        case .read: break
        case .recoveredOverrun: report(.inputOverrun(atFrame: clock), track: nil)
        case .ended(let read):
            got = read
            inputOpen = false
            report(.inputEnded(atFrame: clock + Int64(read)), track: nil)
        case .deviceLost(let code):
            got = 0
            inputOpen = false
            report(.inputLost(errno: code), track: nil)
        case .failed(let code):
            got = 0
            inputOpen = false
            report(.inputFailed(errno: code), track: nil)
        }
        let channels = input.format.channels
        if got < frames { (buffer + got * channels).update(repeating: 0, count: (frames - got) * channels) }
        if got > 0 { captured?.write(buffer, count: got * channels) }
    }

    /// The transport at this block's first frame, for `peach_process.transport`.
    private func updateTransport() {
        let bits = transportBox.load(ordering: .acquiring)
        guard bits != 0, let pointer = UnsafeRawPointer(bitPattern: bits) else { return }
        let transport = Unmanaged<TransportBox>.fromOpaque(pointer).takeUnretainedValue().transport
        let beats = transport.beats(atFrame: clock)
        let position = BeatPosition(ticks: max(0, Int64((beats * Double(BeatPosition.ticksPerBeat)).rounded(.down))))
        let place = transport.map.barBeat(at: position)
        transportState.pointee = peach_transport(
            struct_size: UInt32(MemoryLayout<peach_transport>.size), flags: PEACH_TRANSPORT_PLAYING,
            tempo_bpm: transport.map.tempo(at: position), beat: beats, bar: place.bar,
            bar_start_beat: position.beats - Double(place.beat - 1) - Double(place.ticks) / Double(BeatPosition.ticksPerBeat),
            beats_per_bar: UInt32(transport.map.beatsPerBar(at: position)), reserved: 0)
    }

    /// [audio-thread] An event a source pushed during `process`: a refused
    /// note goes to the main thread; other types are not taken.
    private func take(_ event: UnsafePointer<peach_event_header>) -> Int32 {
        guard event.pointee.type == UInt16(PEACH_EVENT_NOTE_REFUSED),
              Int(event.pointee.size) >= MemoryLayout<peach_event_note_refused>.size else { return 0 }
        let refusal = UnsafeRawPointer(event).loadUnaligned(as: peach_event_note_refused.self)
        // Refused, not unheard: the silence that follows does not condemn the source.
        slotTable[Int(processingTrack)].forgetUnheardNote()
        return sourceEvents.push(SourceEvent(track: processingTrack, refusal: refusal)) ? 1 : 0
    }

    /// [audio-thread] Queues a notice for the main thread (dropped if 256 are already waiting).
    func report(_ notice: EngineNotice, track: Int32?) {
        var id: TrackID?
        if let track { id = TrackID(index: Int(track)) }
        notices.push(TrackNotice(track: id, notice: notice))
    }

    /// Calls a source's process. A source that renders no audio (MIDI) gets
    /// no buffers, and the block stays silent.
    func process(_ instance: UnsafeMutablePointer<peach_source_instance>, rendersAudio: Bool, messages: UInt, into buffer: PlanarBuffer,
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
            presentation_time_ns: pending < 0 ? -1 : Int64(Monotonic.nanoseconds()) + Int64(Double(pending) / format.sampleRate * 1e9),
            input_channel_count: UInt32(input?.format.channels ?? 0), reserved: 0,
            inputs: inputPlanar.map { UnsafePointer(OpaquePointer($0.channelPointers)) },
            transport: transportBox.load(ordering: .relaxed) == 0 ? nil : UnsafePointer(transportState),
            out_events: UnsafePointer(outEvents))
        let slot = blameSlot.load(ordering: .relaxed)
        EmergencyStop.setBlame(slot, messages: messages)
        processCalls.add(1, ordering: .releasing)
        let status = instance.pointee.process(instance, &block)
        processCalls.add(1, ordering: .releasing)
        EmergencyStop.setBlame(slot, messages: 0)
        return status
    }
}
