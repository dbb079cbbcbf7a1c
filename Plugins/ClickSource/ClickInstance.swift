import Glibc
import PeachPluginAPI

/// One Clicks instance behind the C instance table. Each note plays the click
/// on its nearest MIDI key, once: a click ends by itself, so note-off is not
/// needed (and is ignored); all notes off fades every click out.
final class ClickInstance {
    static let sourceID = "org.peach.click"
    /// Clicks that may sound at once: 400 BPM in eighths of a beat (53 a second) keeps five or so of 80 ms going.
    private static let voiceCount = 16
    /// A click cut short (all notes off, or its voice taken for a new one) fades out over this time instead of clicking.
    private static let fadeSeconds = 0.003

    private var options = ClickOptions()
    private var voices: UnsafeMutablePointer<ClickVoice>?
    private var bank: ClickBank?
    private var refusals: ClickRefusals?
    private var fadeFrames = 1
    private var startCounter: UInt64 = 0
    /// last_error's text lives here so the pointer handed out stays valid.
    private let errorText = UnsafeMutablePointer<CChar>.allocate(capacity: 512)

    private init() { errorText[0] = 0 }

    deinit {
        voices?.deallocate()
        errorText.deallocate()
    }

    // MARK: Lifecycle [main-thread]

    private func activate(sampleRate: Double, channelCount: UInt32) -> peach_status {
        guard voices == nil else { return fail(PEACH_ERR_BAD_STATE, "already active") }
        // Below 22,050 Hz the ticks' hiss and the woodblocks' upper modes would not fit under half the rate.
        guard sampleRate >= 22_050, sampleRate <= 768_000 else {
            return fail(PEACH_ERR_INVALID_ARGUMENT, "Clicks renders at 22050 to 768000 Hz, not \(sampleRate)")
        }
        guard channelCount >= 1 else { return fail(PEACH_ERR_INVALID_ARGUMENT, "needs at least one output channel") }
        bank = ClickBank(sampleRate: sampleRate)
        refusals = ClickRefusals()
        fadeFrames = max(1, Int((Self.fadeSeconds * sampleRate).rounded()))
        let voices = UnsafeMutablePointer<ClickVoice>.allocate(capacity: Self.voiceCount)
        voices.initialize(repeating: ClickVoice(), count: Self.voiceCount)
        self.voices = voices
        return PEACH_OK
    }

    private func deactivate() {
        voices?.deallocate()
        voices = nil
        bank = nil
        refusals = nil
    }

    // MARK: Rendering [audio-thread]: no allocation, no locks

    private func process(_ process: UnsafePointer<peach_process>) -> peach_process_status {
        guard let voices, let bank, let refusals, let outputs = process.pointee.outputs, process.pointee.channel_count > 0,
              let first = outputs[0] else { return PEACH_PROCESS_ERROR }
        let frames = Int(process.pointee.frame_count)
        first.update(repeating: 0, count: frames)

        var rendered = 0
        for eventIndex in 0..<Int(process.pointee.event_count) {
            guard let header = process.pointee.events[eventIndex] else { continue }
            let offset = min(Int(header.pointee.offset), frames)
            renderVoices(voices, into: first, from: rendered, to: offset)
            rendered = max(rendered, offset)
            apply(header, voices: voices, bank: bank, refusals: refusals, process: process)
        }
        renderVoices(voices, into: first, from: rendered, to: frames)

        for channel in 1..<Int(process.pointee.channel_count) {
            outputs[channel]?.update(from: first, count: frames)
        }
        var sounding = false
        for index in 0..<Self.voiceCount where voices[index].isSounding { sounding = true }
        return sounding ? PEACH_PROCESS_CONTINUE : PEACH_PROCESS_SILENT
    }

    /// Renders every voice for frames `start..<end` of the block. (A method,
    /// not a nested function: a capturing closure would allocate a box.)
    private func renderVoices(_ voices: UnsafeMutablePointer<ClickVoice>, into output: UnsafeMutablePointer<Float>, from start: Int, to end: Int) {
        guard end > start else { return }
        for index in 0..<Self.voiceCount {
            voices[index].render(into: output + start, count: end - start)
        }
    }

    private func apply(_ header: UnsafePointer<peach_event_header>, voices: UnsafeMutablePointer<ClickVoice>, bank: ClickBank,
                       refusals: ClickRefusals, process: UnsafePointer<peach_process>) {
        if header.pointee.type == PEACH_EVENT_ALL_NOTES_OFF {
            for index in 0..<Self.voiceCount { voices[index].fadeOut(over: fadeFrames) }
            return
        }
        guard header.pointee.type == PEACH_EVENT_NOTE_ON, header.pointee.size >= MemoryLayout<peach_event_note>.size else { return }
        let note = UnsafeRawPointer(header).load(as: peach_event_note.self)
        guard note.frequency_hz > 0, note.frequency_hz.isFinite else { return }
        let key = ClickNoteRange.key(of: note.frequency_hz)
        guard let click = bank[key] else {
            refusals.refuse(note, key: key, in: process)
            return
        }
        let velocity = min(max(note.velocity, 0), 1)
        startCounter += 1
        voices[freeVoice(voices)].start(click, level: Float(options.gain * velocity), order: startCounter, fadeFrames: fadeFrames)
    }

    /// A free voice, or else the oldest one.
    private func freeVoice(_ voices: UnsafeMutablePointer<ClickVoice>) -> Int {
        var oldest = 0
        for index in 0..<Self.voiceCount {
            if voices[index].isFree { return index }
            if voices[index].startOrder < voices[oldest].startOrder { oldest = index }
        }
        return oldest
    }

    // MARK: Options [main-thread]

    private func optionInfo(_ index: UInt32, _ info: UnsafeMutablePointer<peach_option_info>) -> peach_status {
        guard Int(index) < ClickOptions.definitions.count else { return fail(PEACH_ERR_UNKNOWN_KEY, "no option \(index)") }
        let definition = ClickOptions.definitions[Int(index)]
        var filled = peach_option_info()
        filled.struct_size = UInt32(MemoryLayout<peach_option_info>.size)
        filled.type = UInt32(PEACH_OPTION_NUMBER)
        filled.min_value = definition.range.lowerBound
        filled.max_value = definition.range.upperBound
        _ = withUnsafeMutableBytes(of: &filled.key) { peach_copy_text($0.baseAddress, $0.count, definition.key) }
        _ = withUnsafeMutableBytes(of: &filled.name) { peach_copy_text($0.baseAddress, $0.count, definition.name) }
        _ = withUnsafeMutableBytes(of: &filled.unit) { peach_copy_text($0.baseAddress, $0.count, definition.unit) }
        _ = withUnsafeMutableBytes(of: &filled.default_value) { peach_copy_text($0.baseAddress, $0.count, ClickOptions.format(ClickOptions()[keyPath: definition.field])) }
        _ = withUnsafeMutableBytes(of: &filled.description) { peach_copy_text($0.baseAddress, $0.count, definition.description) }
        info.pointee = filled
        return PEACH_OK
    }

    private func getOption(_ key: String, _ buffer: UnsafeMutablePointer<CChar>, _ capacity: UInt32) -> peach_status {
        guard let definition = ClickOptions.definition(key) else { return fail(PEACH_ERR_UNKNOWN_KEY, "no option '\(key)'") }
        let fits = peach_copy_text(buffer, Int(capacity), ClickOptions.format(options[keyPath: definition.field]))
        return fits ? PEACH_OK : PEACH_ERR_BUFFER_TOO_SMALL
    }

    private func setOption(_ key: String, _ value: String) -> peach_status {
        guard voices == nil else { return fail(PEACH_ERR_BAD_STATE, "options can only change while inactive") }
        guard let definition = ClickOptions.definition(key) else { return fail(PEACH_ERR_UNKNOWN_KEY, "no option '\(key)'") }
        guard let number = Double(value), definition.range.contains(number) else {
            return fail(PEACH_ERR_INVALID_ARGUMENT, "\(key) must be a number in \(definition.range)")
        }
        options[keyPath: definition.field] = number
        return PEACH_OK
    }

    private func fail(_ status: peach_status, _ message: String) -> peach_status {
        peach_copy_text(errorText, 512, message)
        return status
    }

    // MARK: The C table

    static func makeTable() -> UnsafeMutablePointer<peach_source_instance> {
        let table = UnsafeMutablePointer<peach_source_instance>.allocate(capacity: 1)
        table.initialize(to: peach_source_instance(
            struct_size: UInt32(MemoryLayout<peach_source_instance>.size),
            reserved: 0,
            plugin_data: Unmanaged.passRetained(ClickInstance()).toOpaque(),
            // [main-thread & inactive]
            activate: { table, rate, _, channels in ClickInstance.from(table).activate(sampleRate: rate, channelCount: channels) },
            // [main-thread & active]
            deactivate: { table in ClickInstance.from(table).deactivate() },
            // [audio-thread & active]
            process: { table, process in
                guard let process else { return PEACH_PROCESS_ERROR }
                return ClickInstance.from(table).process(process)
            },
            // [main-thread & inactive]
            destroy: { table in
                guard let table else { return }
                Unmanaged<ClickInstance>.fromOpaque(table.pointee.plugin_data).release()
                UnsafeMutablePointer(mutating: table).deallocate()
            },
            // [main-thread] the options
            option_count: { _ in UInt32(ClickOptions.definitions.count) },
            get_option_info: { table, index, info in
                guard let info else { return PEACH_ERR_INVALID_ARGUMENT }
                return ClickInstance.from(table).optionInfo(index, info)
            },
            get_option_choice: { _, _, _, _ in PEACH_ERR_UNKNOWN_KEY },
            get_option: { table, key, buffer, capacity in
                guard let key, let buffer, capacity > 0 else { return PEACH_ERR_INVALID_ARGUMENT }
                return ClickInstance.from(table).getOption(String(cString: key), buffer, capacity)
            },
            set_option: { table, key, value in
                guard let key, let value else { return PEACH_ERR_INVALID_ARGUMENT }
                return ClickInstance.from(table).setOption(String(cString: key), String(cString: value))
            },
            // [main-thread]
            last_error: { table in UnsafePointer(ClickInstance.from(table).errorText) },
            // [thread-safe]
            get_extension: { _, id in ClickNoteRange.lookup(id) }))
        return table
    }

    private static func from(_ table: UnsafePointer<peach_source_instance>?) -> ClickInstance {
        Unmanaged<ClickInstance>.fromOpaque(table!.pointee.plugin_data).takeUnretainedValue()
    }
}
