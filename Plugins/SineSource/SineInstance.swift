import Glibc
import PeachPluginAPI

/// One Sine instance behind the C instance table.
final class SineInstance {
    static let sourceID = "org.peach.sine"
    private static let voiceCount = 32

    private var options = SineOptions()
    private var sampleRate = 48000.0
    private var voices: UnsafeMutablePointer<SineVoice>?
    private var startCounter: UInt64 = 0
    /// last_error's text lives here so the pointer handed out stays valid.
    private let errorText = UnsafeMutablePointer<CChar>.allocate(capacity: 512)

    private init() { errorText[0] = 0 }

    deinit {
        voices?.deallocate()
        errorText.deallocate()
    }

    // MARK: Lifecycle

    private func activate(sampleRate: Double, channelCount: UInt32) -> peach_status {
        guard voices == nil else { return fail(PEACH_ERR_BAD_STATE, "already active") }
        guard sampleRate >= 8000, sampleRate <= 768_000 else { return fail(PEACH_ERR_INVALID_ARGUMENT, "unsupported sample rate \(sampleRate)") }
        guard channelCount >= 1 else { return fail(PEACH_ERR_INVALID_ARGUMENT, "needs at least one output channel") }
        self.sampleRate = sampleRate
        let voices = UnsafeMutablePointer<SineVoice>.allocate(capacity: Self.voiceCount)
        voices.initialize(repeating: SineVoice(), count: Self.voiceCount)
        self.voices = voices
        return PEACH_OK
    }

    private func deactivate() {
        voices?.deallocate()
        voices = nil
    }

    // MARK: Rendering [audio-thread]: no allocation, no locks

    private func process(_ process: UnsafePointer<peach_process>) -> peach_process_status {
        guard let voices, let outputs = process.pointee.outputs, process.pointee.channel_count > 0,
              let first = outputs[0] else { return PEACH_PROCESS_ERROR }
        let frames = Int(process.pointee.frame_count)
        first.update(repeating: 0, count: frames)
        let attackFrames = max(1, Int((options.attackMilliseconds * sampleRate / 1000).rounded()))
        let releaseFrames = max(1, Int((options.releaseMilliseconds * sampleRate / 1000).rounded()))

        var rendered = 0
        for eventIndex in 0..<Int(process.pointee.event_count) {
            guard let header = process.pointee.events[eventIndex] else { continue }
            let offset = min(Int(header.pointee.offset), frames)
            renderVoices(voices, into: first, from: rendered, to: offset, attackFrames: attackFrames, releaseFrames: releaseFrames)
            rendered = max(rendered, offset)
            apply(header, voices: voices)
        }
        renderVoices(voices, into: first, from: rendered, to: frames, attackFrames: attackFrames, releaseFrames: releaseFrames)

        for channel in 1..<Int(process.pointee.channel_count) {
            outputs[channel]?.update(from: first, count: frames)
        }
        var sounding = false
        for index in 0..<Self.voiceCount where voices[index].stage != .idle { sounding = true }
        return sounding ? PEACH_PROCESS_CONTINUE : PEACH_PROCESS_SILENT
    }

    /// Renders every voice for frames `start..<end` of the block. (A method,
    /// not a nested function: a capturing closure would allocate a box.)
    private func renderVoices(_ voices: UnsafeMutablePointer<SineVoice>, into output: UnsafeMutablePointer<Float>,
                              from start: Int, to end: Int, attackFrames: Int, releaseFrames: Int) {
        guard end > start else { return }
        for index in 0..<Self.voiceCount {
            voices[index].render(into: output + start, count: end - start, attackFrames: attackFrames, releaseFrames: releaseFrames)
        }
    }

    private func apply(_ header: UnsafePointer<peach_event_header>, voices: UnsafeMutablePointer<SineVoice>) {
        guard header.pointee.size >= MemoryLayout<peach_event_note>.size else {
            if header.pointee.type == PEACH_EVENT_ALL_NOTES_OFF { releaseAll(voices) }
            return
        }
        let note = UnsafeRawPointer(header).load(as: peach_event_note.self)
        switch Int32(header.pointee.type) {
        case PEACH_EVENT_NOTE_ON:
            guard note.frequency_hz > 0, note.frequency_hz < sampleRate / 2 else { return }
            let velocity = min(max(note.velocity, 0), 1)
            startCounter += 1
            voices[freeVoice(voices)].start(noteID: note.note_id, frequency: note.frequency_hz,
                                            amplitude: options.gain * velocity, sampleRate: sampleRate, order: startCounter,
                                            overtones: options.overtones)
        case PEACH_EVENT_NOTE_OFF:
            for index in 0..<Self.voiceCount where voices[index].noteID == note.note_id { voices[index].release() }
        case PEACH_EVENT_ALL_NOTES_OFF:
            releaseAll(voices)
        default:
            break
        }
    }

    private func releaseAll(_ voices: UnsafeMutablePointer<SineVoice>) {
        for index in 0..<Self.voiceCount { voices[index].release() }
    }

    /// An idle voice, or else the oldest one.
    private func freeVoice(_ voices: UnsafeMutablePointer<SineVoice>) -> Int {
        var oldest = 0
        for index in 0..<Self.voiceCount {
            if voices[index].stage == .idle { return index }
            if voices[index].startOrder < voices[oldest].startOrder { oldest = index }
        }
        return oldest
    }

    // MARK: Options [main-thread]

    private func optionInfo(_ index: UInt32, _ info: UnsafeMutablePointer<peach_option_info>) -> peach_status {
        guard Int(index) < SineOptions.definitions.count else { return fail(PEACH_ERR_UNKNOWN_KEY, "no option \(index)") }
        let definition = SineOptions.definitions[Int(index)]
        var filled = peach_option_info()
        filled.struct_size = UInt32(MemoryLayout<peach_option_info>.size)
        filled.type = UInt32(PEACH_OPTION_NUMBER)
        filled.min_value = definition.range.lowerBound
        filled.max_value = definition.range.upperBound
        _ = withUnsafeMutableBytes(of: &filled.key) { peach_copy_text($0.baseAddress, $0.count, definition.key) }
        _ = withUnsafeMutableBytes(of: &filled.name) { peach_copy_text($0.baseAddress, $0.count, definition.name) }
        _ = withUnsafeMutableBytes(of: &filled.unit) { peach_copy_text($0.baseAddress, $0.count, definition.unit) }
        _ = withUnsafeMutableBytes(of: &filled.default_value) { peach_copy_text($0.baseAddress, $0.count, SineOptions.format(SineOptions()[definition.field])) }
        _ = withUnsafeMutableBytes(of: &filled.description) { peach_copy_text($0.baseAddress, $0.count, definition.description) }
        info.pointee = filled
        return PEACH_OK
    }

    private func getOption(_ key: String, _ buffer: UnsafeMutablePointer<CChar>, _ capacity: UInt32) -> peach_status {
        guard let definition = SineOptions.definition(key) else { return fail(PEACH_ERR_UNKNOWN_KEY, "no option '\(key)'") }
        let fits = peach_copy_text(buffer, Int(capacity), SineOptions.format(options[definition.field]))
        return fits ? PEACH_OK : PEACH_ERR_BUFFER_TOO_SMALL
    }

    private func setOption(_ key: String, _ value: String) -> peach_status {
        guard voices == nil else { return fail(PEACH_ERR_BAD_STATE, "options can only change while inactive") }
        guard let definition = SineOptions.definition(key) else { return fail(PEACH_ERR_UNKNOWN_KEY, "no option '\(key)'") }
        guard let number = Double(value), definition.range.contains(number) else {
            return fail(PEACH_ERR_INVALID_ARGUMENT, "\(key) must be a number in \(definition.range)")
        }
        options[definition.field] = number
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
            plugin_data: Unmanaged.passRetained(SineInstance()).toOpaque(),
            activate: { table, rate, _, channels in SineInstance.from(table).activate(sampleRate: rate, channelCount: channels) },
            deactivate: { table in SineInstance.from(table).deactivate() },
            process: { table, process in
                guard let process else { return PEACH_PROCESS_ERROR }
                return SineInstance.from(table).process(process)
            },
            destroy: { table in
                guard let table else { return }
                Unmanaged<SineInstance>.fromOpaque(table.pointee.plugin_data).release()
                UnsafeMutablePointer(mutating: table).deallocate()
            },
            option_count: { _ in UInt32(SineOptions.definitions.count) },
            get_option_info: { table, index, info in
                guard let info else { return PEACH_ERR_INVALID_ARGUMENT }
                return SineInstance.from(table).optionInfo(index, info)
            },
            get_option_choice: { _, _, _, _ in PEACH_ERR_UNKNOWN_KEY },
            get_option: { table, key, buffer, capacity in
                guard let key, let buffer, capacity > 0 else { return PEACH_ERR_INVALID_ARGUMENT }
                return SineInstance.from(table).getOption(String(cString: key), buffer, capacity)
            },
            set_option: { table, key, value in
                guard let key, let value else { return PEACH_ERR_INVALID_ARGUMENT }
                return SineInstance.from(table).setOption(String(cString: key), String(cString: value))
            },
            last_error: { table in UnsafePointer(SineInstance.from(table).errorText) },
            get_extension: { _, id in SineNoteRange.lookup(id) }))
        return table
    }

    private static func from(_ table: UnsafePointer<peach_source_instance>?) -> SineInstance {
        Unmanaged<SineInstance>.fromOpaque(table!.pointee.plugin_data).takeUnretainedValue()
    }
}
