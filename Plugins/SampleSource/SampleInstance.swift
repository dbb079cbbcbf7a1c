import Glibc
import PeachPluginAPI

/// One Sample instance behind the C instance table. Each note plays the
/// sample once, from its first frame, at its own pitch: note-off is not
/// needed (and is ignored); all notes off fades every sample out.
final class SampleInstance {
    static let sourceID = "org.peach.sample"
    /// Notes that may sound at once; a seventeenth takes the oldest voice, which fades out.
    private static let voiceCount = 16
    /// A sample cut short (all notes off, or its voice taken for a new note) fades out over this time instead of clicking.
    private static let fadeSeconds = 0.003
    /// Without an accent file, an accent key plays the sample this much louder: +3 dB, twice the power.
    private static let accentBoost = 2.0.squareRoot()

    private var options = SampleOptions()
    private var voices: UnsafeMutablePointer<SampleVoice>?
    private var sound: SampleSound?
    private var accentSound: SampleSound?
    private var fadeFrames = 1
    private var startCounter: UInt64 = 0
    /// last_error's text lives here so the pointer handed out stays valid.
    private let errorText = UnsafeMutablePointer<CChar>.allocate(capacity: 512)

    private init() { errorText[0] = 0 }

    deinit {
        deactivate()
        errorText.deallocate()
    }

    // MARK: Lifecycle [main-thread]

    private func activate(sampleRate: Double, channelCount: UInt32) -> peach_status {
        guard voices == nil else { return fail(PEACH_ERR_BAD_STATE, "already active") }
        guard sampleRate >= 8000, sampleRate <= 768_000 else { return fail(PEACH_ERR_INVALID_ARGUMENT, "unsupported sample rate \(sampleRate)") }
        guard channelCount >= 1 else { return fail(PEACH_ERR_INVALID_ARGUMENT, "needs at least one output channel") }
        guard !options.file.isEmpty else { return fail(PEACH_ERR_RESOURCE, SampleError.noFile.description) }
        let sound: SampleSound
        do {
            sound = try SampleFile.load(options.file, sampleRate: sampleRate, outputChannels: Int(channelCount))
        } catch {
            return fail(PEACH_ERR_RESOURCE, error.description)
        }
        if !options.accentFile.isEmpty {
            do {
                accentSound = try SampleFile.load(options.accentFile, sampleRate: sampleRate, outputChannels: Int(channelCount))
            } catch {
                sound.free()
                return fail(PEACH_ERR_RESOURCE, error.description)
            }
        }
        self.sound = sound
        fadeFrames = max(1, Int((Self.fadeSeconds * sampleRate).rounded()))
        let voices = UnsafeMutablePointer<SampleVoice>.allocate(capacity: Self.voiceCount)
        voices.initialize(repeating: SampleVoice(), count: Self.voiceCount)
        self.voices = voices
        return PEACH_OK
    }

    private func deactivate() {
        voices?.deallocate()
        voices = nil
        sound?.free()
        sound = nil
        accentSound?.free()
        accentSound = nil
    }

    // MARK: Rendering [audio-thread]: no allocation, no locks

    private func process(_ process: UnsafePointer<peach_process>) -> peach_process_status {
        guard let voices, let sound, let outputs = process.pointee.outputs, process.pointee.channel_count > 0,
              let left = outputs[0] else { return PEACH_PROCESS_ERROR }
        let frames = Int(process.pointee.frame_count)
        // One channel gets the sample mixed to mono at activate, two its left and right; any further channels stay silent.
        let right = process.pointee.channel_count > 1 ? outputs[1] : nil
        for channel in 0..<Int(process.pointee.channel_count) { outputs[channel]?.update(repeating: 0, count: frames) }

        var rendered = 0
        for eventIndex in 0..<Int(process.pointee.event_count) {
            guard let header = process.pointee.events[eventIndex] else { continue }
            let offset = min(Int(header.pointee.offset), frames)
            renderVoices(voices, into: left, right, from: rendered, to: offset)
            rendered = max(rendered, offset)
            apply(header, voices: voices, sound: sound)
        }
        renderVoices(voices, into: left, right, from: rendered, to: frames)

        var sounding = false
        for index in 0..<Self.voiceCount where voices[index].isSounding { sounding = true }
        return sounding ? PEACH_PROCESS_CONTINUE : PEACH_PROCESS_SILENT
    }

    /// Renders every voice for frames `start..<end` of the block. (A method,
    /// not a nested function: a capturing closure would allocate a box.)
    private func renderVoices(_ voices: UnsafeMutablePointer<SampleVoice>, into left: UnsafeMutablePointer<Float>,
                              _ right: UnsafeMutablePointer<Float>?, from start: Int, to end: Int) {
        guard end > start else { return }
        for index in 0..<Self.voiceCount {
            voices[index].render(into: left + start, right.map { $0 + start }, count: end - start)
        }
    }

    private func apply(_ header: UnsafePointer<peach_event_header>, voices: UnsafeMutablePointer<SampleVoice>, sound: SampleSound) {
        if header.pointee.type == PEACH_EVENT_ALL_NOTES_OFF {
            for index in 0..<Self.voiceCount { voices[index].fadeOut(over: fadeFrames) }
            return
        }
        guard header.pointee.type == PEACH_EVENT_NOTE_ON, header.pointee.size >= MemoryLayout<peach_event_note>.size else { return }
        let note = UnsafeRawPointer(header).load(as: peach_event_note.self)
        guard note.frequency_hz > 0, note.frequency_hz.isFinite else { return }
        let accent = SampleNoteRange.isAccent(key: SampleNoteRange.key(of: note.frequency_hz))
        var level = options.gain * min(max(note.velocity, 0), 1)
        if accent && accentSound == nil { level *= Self.accentBoost }
        startCounter += 1
        voices[freeVoice(voices)].start(accent ? accentSound ?? sound : sound, level: Float(level), order: startCounter, fadeFrames: fadeFrames)
    }

    /// A free voice, or else the oldest one.
    private func freeVoice(_ voices: UnsafeMutablePointer<SampleVoice>) -> Int {
        var oldest = 0
        for index in 0..<Self.voiceCount {
            if voices[index].isFree { return index }
            if voices[index].startOrder < voices[oldest].startOrder { oldest = index }
        }
        return oldest
    }

    // MARK: Options [main-thread]

    private func optionInfo(_ index: UInt32, _ info: UnsafeMutablePointer<peach_option_info>) -> peach_status {
        guard Int(index) < SampleOption.allCases.count else { return fail(PEACH_ERR_UNKNOWN_KEY, "no option \(index)") }
        let option = SampleOption.allCases[Int(index)]
        var filled = peach_option_info()
        filled.struct_size = UInt32(MemoryLayout<peach_option_info>.size)
        filled.type = UInt32(option.type)
        filled.min_value = option.range.lowerBound
        filled.max_value = option.range.upperBound
        _ = withUnsafeMutableBytes(of: &filled.key) { peach_copy_text($0.baseAddress, $0.count, option.key) }
        _ = withUnsafeMutableBytes(of: &filled.name) { peach_copy_text($0.baseAddress, $0.count, option.name) }
        _ = withUnsafeMutableBytes(of: &filled.default_value) { peach_copy_text($0.baseAddress, $0.count, SampleOptions().value(of: option)) }
        _ = withUnsafeMutableBytes(of: &filled.description) { peach_copy_text($0.baseAddress, $0.count, option.description) }
        info.pointee = filled
        return PEACH_OK
    }

    private func getOption(_ key: String, _ buffer: UnsafeMutablePointer<CChar>, _ capacity: UInt32) -> peach_status {
        guard let option = SampleOption.named(key) else { return fail(PEACH_ERR_UNKNOWN_KEY, "no option '\(key)'") }
        return peach_copy_text(buffer, Int(capacity), options.value(of: option)) ? PEACH_OK : PEACH_ERR_BUFFER_TOO_SMALL
    }

    private func setOption(_ key: String, _ value: String) -> peach_status {
        guard voices == nil else { return fail(PEACH_ERR_BAD_STATE, "options can only change while inactive") }
        guard let option = SampleOption.named(key) else { return fail(PEACH_ERR_UNKNOWN_KEY, "no option '\(key)'") }
        do {
            try options.set(option, to: value)
        } catch {
            return fail(PEACH_ERR_INVALID_ARGUMENT, error.message)
        }
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
            plugin_data: Unmanaged.passRetained(SampleInstance()).toOpaque(),
            // [main-thread & inactive]
            activate: { table, rate, _, channels in SampleInstance.from(table).activate(sampleRate: rate, channelCount: channels) },
            // [main-thread & active]
            deactivate: { table in SampleInstance.from(table).deactivate() },
            // [audio-thread & active]
            process: { table, process in
                guard let process else { return PEACH_PROCESS_ERROR }
                return SampleInstance.from(table).process(process)
            },
            // [main-thread & inactive]
            destroy: { table in
                guard let table else { return }
                Unmanaged<SampleInstance>.fromOpaque(table.pointee.plugin_data).release()
                UnsafeMutablePointer(mutating: table).deallocate()
            },
            // [main-thread] the options
            option_count: { _ in UInt32(SampleOption.allCases.count) },
            get_option_info: { table, index, info in
                guard let info else { return PEACH_ERR_INVALID_ARGUMENT }
                return SampleInstance.from(table).optionInfo(index, info)
            },
            get_option_choice: { _, _, _, _ in PEACH_ERR_UNKNOWN_KEY },
            get_option: { table, key, buffer, capacity in
                guard let key, let buffer, capacity > 0 else { return PEACH_ERR_INVALID_ARGUMENT }
                return SampleInstance.from(table).getOption(String(cString: key), buffer, capacity)
            },
            set_option: { table, key, value in
                guard let key, let value else { return PEACH_ERR_INVALID_ARGUMENT }
                return SampleInstance.from(table).setOption(String(cString: key), String(cString: value))
            },
            // [main-thread]
            last_error: { table in UnsafePointer(SampleInstance.from(table).errorText) },
            // [thread-safe]
            get_extension: { _, id in SampleNoteRange.lookup(id) }))
        return table
    }

    private static func from(_ table: UnsafePointer<peach_source_instance>?) -> SampleInstance {
        Unmanaged<SampleInstance>.fromOpaque(table!.pointee.plugin_data).takeUnretainedValue()
    }
}
