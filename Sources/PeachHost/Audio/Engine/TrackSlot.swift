import Glibc
import PeachPluginAPI
import Synchronization

/// One track of the engine: a source instance, its own event queue, gain and
/// mute. The render loop keeps a fixed number of these, all allocated before
/// it starts, so adding, swapping and removing a track while playing never
/// allocates on the audio thread; a slot is simply taken or given back.
///
/// Fields marked main → audio are written by the main thread and read by the
/// audio thread through release/acquire atomics; the rest is the audio
/// thread's alone while the slot is in use.
final class TrackSlot: @unchecked Sendable {
    enum State: Int {
        /// Nobody's: the audio thread skips it; the main thread may prepare it.
        case free
        /// Rendering every block.
        case playing
        /// Main → audio: fade out and give the slot back.
        case removing
        /// Audio → main: faded out, nothing of it sounds; the main thread frees it.
        case drained
    }

    let index: Int32
    let state = Atomic<Int>(State.free.rawValue)
    /// Main → audio: events in frame order.
    let events = SPSCRing<ScheduledEvent>(capacity: 4096)
    /// Main → audio: the gain asked for, as `Float` bits; reached by a ramp over one block.
    let gainBits = Atomic<UInt32>(Float(1).bitPattern)
    let muted = Atomic<Bool>(false)
    /// Main → audio: the instance to switch to (pointer bits), 0 if none.
    let pendingInstance = Atomic<UInt>(0)
    /// Whether the pending instance renders audio; written before `pendingInstance`.
    let pendingRendersAudio = Atomic<Bool>(true)
    /// The pending instance's `PluginFaultMessages` (bits); written before `pendingInstance`.
    let pendingMessages = Atomic<UInt>(0)
    /// Main → audio: drop every queued event and release every note at the next block.
    let cancelRequested = Atomic<Bool>(false)
    /// Main → audio: release every note at the next block (the main thread emptied the queue itself).
    let releaseRequested = Atomic<Bool>(false)

    // Audio-thread state.
    private(set) var active: UnsafeMutablePointer<peach_source_instance>?
    private var activeRendersAudio = true
    private var activeMessages: UInt = 0
    private var activeFailed = false
    private var fading: UnsafeMutablePointer<peach_source_instance>?
    private var fadingRendersAudio = true
    private var fadingMessages: UInt = 0
    private var fadingFrames = 0
    /// The gain the last block ended at: a change ramps from here, so it makes no click.
    private var appliedGain: Float = 1
    /// The first note-on the active source has not yet made audible: its frame (-1: none) and frequency.
    private var unheardNoteFrame: Int64 = -1
    private var unheardFrequency: Double = 0

    // Preallocated buffers.
    let planar: PlanarBuffer
    private let fadePlanar: PlanarBuffer
    private let eventStorage: UnsafeMutablePointer<peach_event_note>
    private let eventPointers: UnsafeMutablePointer<UnsafePointer<peach_event_header>?>
    /// ALL_NOTES_OFF at offset 0, for a source being faded out after a swap.
    private let allNotesOff: UnsafeMutablePointer<peach_event_note>
    private let allNotesOffList: UnsafeMutablePointer<UnsafePointer<peach_event_header>?>

    static let maxEventsPerBlock = 128

    init(index: Int32, format: AudioFormat) {
        self.index = index
        planar = PlanarBuffer(channels: format.channels, frames: format.blockFrames)
        fadePlanar = PlanarBuffer(channels: format.channels, frames: format.blockFrames)
        eventStorage = .allocate(capacity: Self.maxEventsPerBlock + 1)
        eventPointers = .allocate(capacity: Self.maxEventsPerBlock + 1)
        for index in 0...Self.maxEventsPerBlock {
            eventPointers[index] = UnsafeRawPointer(eventStorage + index).assumingMemoryBound(to: peach_event_header.self)
        }
        allNotesOff = .allocate(capacity: 1)
        allNotesOff.initialize(to: ScheduledEvent.allNotesOff(at: 0).abiEvent(offset: 0))
        allNotesOffList = .allocate(capacity: 1)
        allNotesOffList.initialize(to: UnsafeRawPointer(allNotesOff).assumingMemoryBound(to: peach_event_header.self))
        // The ring's generic code runs once here, so its one-time type-metadata
        // setup (which allocates and locks) never happens on the audio thread.
        events.push(.allNotesOff(at: 0))
        _ = events.peek()
        _ = events.pop()
    }

    deinit {
        eventStorage.deallocate()
        eventPointers.deallocate()
        allNotesOff.deallocate()
        allNotesOffList.deallocate()
    }

    var currentState: State { State(rawValue: state.load(ordering: .acquiring))! }

    /// [main-thread] Before the render thread runs: the slot is free again, its queue empty.
    func reset() {
        while events.pop() != nil {}
        active = nil
        fading = nil
        state.store(State.free.rawValue, ordering: .releasing)
    }

    /// [main-thread] Before the render thread runs: the slot starts playing `instance` at once.
    func startPlaying(_ instance: UnsafeMutablePointer<peach_source_instance>, rendersAudio: Bool, messages: UInt) {
        active = instance
        activeRendersAudio = rendersAudio
        activeMessages = messages
        state.store(State.playing.rawValue, ordering: .releasing)
    }

    /// [audio-thread] Renders this track's block into `planar` (before gain):
    /// takes a pending swap or removal, the events due, the active source and
    /// the one fading out. Reports problems to `loop`.
    func render(clock: Int64, frames: Int, loop: RenderLoop) {
        if currentState == .removing { beginRemoval(loop: loop) }
        takePendingSwap(clock: clock, loop: loop)
        let eventCount = gatherEvents(clock: clock, before: clock + Int64(frames), first: takeCancel(), loop: loop)
        renderActive(clock: clock, frames: frames, eventCount: eventCount, loop: loop)
        renderFading(clock: clock, frames: frames, loop: loop)
        if currentState == .removing, active == nil, fading == nil {
            state.store(State.drained.rawValue, ordering: .releasing)
        }
    }

    /// [audio-thread] The source refused the note it was waiting to hear: stop waiting.
    func forgetUnheardNote() { unheardNoteFrame = -1 }

    /// [audio-thread] Whether the last block was silence with nothing left to sound.
    private(set) var isSilent = true

    /// [audio-thread] Adds `planar` times the gain into `mix`, ramping from the
    /// last block's gain to the one asked for (0 when muted).
    func mix(into mix: PlanarBuffer, frames: Int) {
        let target = muted.load(ordering: .relaxed) ? 0 : Float(bitPattern: gainBits.load(ordering: .relaxed))
        mix.add(planar, frames: frames, gainFrom: appliedGain, to: target)
        appliedGain = target
    }

    /// The removal asked for becomes a swap to nothing: the source fades its notes out, its queue is dropped.
    private func beginRemoval(loop: RenderLoop) {
        while events.pop() != nil {}
        guard let active else { return }
        if let fading { retire(fading, force: true, loop: loop) }
        fading = active
        fadingRendersAudio = activeRendersAudio
        fadingMessages = activeMessages
        fadingFrames = 0
        self.active = nil
        unheardNoteFrame = -1
    }

    private func takePendingSwap(clock: Int64, loop: RenderLoop) {
        let bits = pendingInstance.exchange(0, ordering: .acquiringAndReleasing)
        guard bits != 0 else { return }
        if let fading { retire(fading, force: true, loop: loop) }
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
        if fading != nil { loop.report(.sourceSwapped(atFrame: clock), track: index) }
    }

    /// On a cancel, empties the queue and puts ALL_NOTES_OFF first in this
    /// block's list, so sounding notes release (fade) rather than stop dead;
    /// on a release (the queue already emptied by the main thread), only the latter.
    /// Returns how many list entries it used.
    private func takeCancel() -> Int {
        if cancelRequested.load(ordering: .acquiring) {
            while events.pop() != nil {}
            cancelRequested.store(false, ordering: .releasing)
        } else if releaseRequested.load(ordering: .acquiring) {
            releaseRequested.store(false, ordering: .releasing)
        } else {
            return 0
        }
        unheardNoteFrame = -1
        eventStorage[0] = allNotesOff.pointee
        return 1
    }

    private func gatherEvents(clock: Int64, before blockEnd: Int64, first: Int, loop: RenderLoop) -> Int {
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
        if late > 0 { loop.report(.lateEvents(count: late, atFrame: clock), track: index) }
        return count
    }

    private func renderActive(clock: Int64, frames: Int, eventCount: Int, loop: RenderLoop) {
        guard let active, !activeFailed else {
            planar.clear(frames: frames)
            isSilent = fading == nil
            return
        }
        let status = loop.process(active, rendersAudio: activeRendersAudio, messages: activeMessages, into: planar, frames: frames,
                                  eventCount: eventCount, events: eventPointers)
        isSilent = status != PEACH_PROCESS_CONTINUE && fading == nil
        if let failure = check(status: status, clock: clock, frames: frames, silenceLimit: loop.silenceLimitFrames) {
            activeFailed = true
            loop.report(failure, track: index)
            planar.clear(frames: frames)
        }
    }

    /// What went wrong in the block the active source just rendered, if anything.
    private func check(status: peach_process_status, clock: Int64, frames: Int, silenceLimit: Int64) -> EngineNotice? {
        if activeRendersAudio && !planar.guardsIntact() {
            planar.restoreGuards()
            return .sourceOverran(atFrame: clock)
        }
        if status == PEACH_PROCESS_ERROR { return .sourceFailed(atFrame: clock) }
        if !planar.isPlayable(frames: frames) { return .sourceProducedInvalidSamples(atFrame: clock) }
        // MIDI sources render silence by design: their sound is the instrument's.
        guard activeRendersAudio, unheardNoteFrame >= 0 else {
            unheardNoteFrame = -1
            return nil
        }
        if planar.hasSound(from: Int(max(0, unheardNoteFrame - clock)), frames: frames) {
            unheardNoteFrame = -1
        } else if clock + Int64(frames) - unheardNoteFrame >= silenceLimit {
            return .sourceSilent(frequency: unheardFrequency, noteFrame: unheardNoteFrame, milliseconds: RenderLoop.silenceLimitMilliseconds)
        }
        return nil
    }

    private func renderFading(clock: Int64, frames: Int, loop: RenderLoop) {
        guard let fading else { return }
        // The first block after the swap releases every note; later blocks only render the tails.
        let status = loop.process(fading, rendersAudio: fadingRendersAudio, messages: fadingMessages, into: fadePlanar, frames: frames,
                                  eventCount: fadingFrames == 0 ? 1 : 0, events: allNotesOffList)
        fadingFrames += frames
        let intact = fadePlanar.guardsIntact()
        if !intact { fadePlanar.restoreGuards() }
        let usable = intact && status != PEACH_PROCESS_ERROR && fadePlanar.isPlayable(frames: frames)
        if usable { planar.add(fadePlanar, frames: frames) }
        if !usable || status == PEACH_PROCESS_SILENT || fadingFrames >= loop.maxFadeFrames {
            retire(fading, force: false, loop: loop)
        }
    }

    /// Hands `instance` to the main thread for deactivation. Never waits: if
    /// the hand-back ring is full, the instance keeps fading, or with `force`
    /// is simply no longer rendered (the engine deactivates it when it stops).
    private func retire(_ instance: UnsafeMutablePointer<peach_source_instance>, force: Bool, loop: RenderLoop) {
        if loop.retiredInstances.push(UInt(bitPattern: instance)) || force { fading = nil }
    }
}
