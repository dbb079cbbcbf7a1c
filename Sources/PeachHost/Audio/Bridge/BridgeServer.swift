import FoundationEssentials
import Glibc
import PeachPluginAPI

/// The bridge process's side (`peach plugin-bridge LIBRARY SOURCE`): loads one
/// plugin, makes one instance and serves the host's calls until the host
/// lets go. Descriptors, as `BridgeClient` hands them over: 3 the control
/// socket, 4 the shared block, 5 the request pipe, 6 the done pipe.
///
/// The plugin's [main-thread] is this process's main thread, answering the
/// socket; its [audio-thread] is a thread that waits on the request pipe,
/// renders into the shared block and signals the done pipe.
public enum BridgeServer {
    /// Serves until the host closes the socket or asks to destroy; returns the exit status.
    /// The plugin's messages go to `log`.
    public static func run(libraryPath: String, sourceID: String, log: PluginLog) -> Int32 {
        // Standard output belongs to nobody here: whatever the plugin prints goes to standard error.
        dup2(STDERR_FILENO, STDOUT_FILENO)
        // Ctrl-C and Ctrl-\ reach the terminal's whole process group; Peach decides what they mean.
        signal(SIGINT, SIG_IGN)
        signal(SIGQUIT, SIG_IGN)
        let socket = BridgeSocket(descriptor: 3)
        guard let block = SharedBlock(mapping: 4) else { return 70 }
        let instance: SourceInstance
        switch Result(catching: { () throws(SourceLookupError) in try makeInstance(libraryPath: libraryPath, sourceID: sourceID, log: log) }) {
        case .success(let made): instance = made
        case .failure(let error):
            // As data, JSON: the host words it in its own language.
            let json = String(decoding: (try? JSONEncoder().encode(error)) ?? Data(), as: UTF8.self)
            _ = socket.send(BridgeMessage(.ready, [BridgeMessage.encode(PEACH_ERR_RESOURCE), BridgeMessage.encode(json)]))
            return 1
        }
        guard socket.send(BridgeMessage(.ready, [BridgeMessage.encode(PEACH_OK)])) else { return 1 }
        let renderer = BlockRenderer(instance: instance.raw, block: block, requestPipe: 5, donePipe: 6)
        renderer.start()
        return Serving(instance: instance.raw, socket: socket).loop()
    }

    private static func makeInstance(libraryPath: String, sourceID: String, log: PluginLog) throws(SourceLookupError) -> SourceInstance {
        let library: PluginLibrary
        do { library = try PluginLibrary.load(path: libraryPath) } catch { throw .rejected(error) }
        return try library.makeInstance(of: sourceID, log: log)
    }

    /// The main-thread calls, one message each.
    private struct Serving {
        let instance: UnsafeMutablePointer<peach_source_instance>
        let socket: BridgeSocket

        func loop() -> Int32 {
            var active = false
            let table = instance.pointee
            while let message = socket.receive() {
                var reply: [[UInt8]] = []
                switch message.operation {
                case .activate:
                    guard let rate = message.double(0), let frames = message.integer(1, as: UInt32.self),
                          let channels = message.integer(2, as: UInt32.self) else { return 2 }
                    let status = table.activate(instance, rate, frames, channels)
                    active = status == PEACH_OK
                    reply = [BridgeMessage.encode(status)]
                case .deactivate:
                    if active { table.deactivate(instance) }
                    active = false
                case .destroy:
                    if active { table.deactivate(instance) }
                    return 0
                case .optionCount:
                    reply = [BridgeMessage.encode(table.option_count(instance))]
                case .optionInfo:
                    var info = peach_option_info()
                    info.struct_size = UInt32(MemoryLayout<peach_option_info>.size)
                    let status = table.get_option_info(instance, message.integer(0, as: UInt32.self) ?? .max, &info)
                    reply = [BridgeMessage.encode(status), BridgeMessage.encode(raw: info)]
                case .optionChoice:
                    var choice = peach_option_choice()
                    choice.struct_size = UInt32(MemoryLayout<peach_option_choice>.size)
                    let status = table.get_option_choice(instance, message.integer(0, as: UInt32.self) ?? .max,
                                                         message.integer(1, as: UInt32.self) ?? .max, &choice)
                    reply = [BridgeMessage.encode(status), BridgeMessage.encode(raw: choice)]
                case .getOption:
                    let capacity = Int(min(message.integer(1, as: UInt32.self) ?? 0, UInt32(BridgeMessage.capacity / 2)))
                    var status = PEACH_ERR_INVALID_ARGUMENT
                    var text: [UInt8] = []
                    if capacity > 0, let key = message.text(0) {
                        var buffer = [CChar](repeating: 0, count: capacity)
                        status = table.get_option(instance, key, &buffer, UInt32(capacity))
                        buffer[capacity - 1] = 0
                        text = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
                    }
                    reply = [BridgeMessage.encode(status), text]
                case .setOption:
                    guard let key = message.text(0), let value = message.text(1) else { return 2 }
                    reply = [BridgeMessage.encode(table.set_option(instance, key, value))]
                case .lastError:
                    let text = table.last_error(instance).map { Array(UnsafeBufferPointer(start: $0, count: strnlen($0, 4096))) } ?? []
                    reply = [text.map { UInt8(bitPattern: $0) }]
                case .noteRange:
                    var lowest = 0.0, highest = 0.0, status = PEACH_ERR_UNKNOWN_KEY
                    if let found = table.get_extension?(instance, PEACH_EXT_NOTE_RANGE) {
                        let range = found.assumingMemoryBound(to: peach_note_range_ext.self)
                        if range.pointee.struct_size >= MemoryLayout<peach_note_range_ext>.size, let getRange = range.pointee.get_range {
                            status = getRange(instance, &lowest, &highest)
                        }
                    }
                    reply = [BridgeMessage.encode(status), BridgeMessage.encode(lowest), BridgeMessage.encode(highest)]
                case .pairInterval:
                    var worst = 0.0, first = 0.0, asked = 0.0, status = PEACH_ERR_UNKNOWN_KEY
                    if let found = table.get_extension?(instance, PEACH_EXT_PAIR_INTERVAL) {
                        let pairs = found.assumingMemoryBound(to: peach_pair_interval_ext.self)
                        if pairs.pointee.struct_size >= MemoryLayout<peach_pair_interval_ext>.size, let get = pairs.pointee.get_worst_error {
                            status = get(instance, &worst, &first, &asked)
                        }
                    }
                    reply = [BridgeMessage.encode(status), BridgeMessage.encode(worst), BridgeMessage.encode(first), BridgeMessage.encode(asked)]
                case .ready, .reply:
                    return 2
                }
                guard socket.send(BridgeMessage(.reply, reply)) else { return 0 }
            }
            if active { table.deactivate(instance) }
            return 0
        }
    }
}

/// The bridge's render thread: one block per byte on the request pipe.
private final class BlockRenderer: @unchecked Sendable {
    let instance: UnsafeMutablePointer<peach_source_instance>
    let block: SharedBlock
    let requestPipe: Int32
    let donePipe: Int32
    let outputs = UnsafeMutablePointer<UnsafeMutablePointer<Float>?>.allocate(capacity: SharedBlock.maxChannels)
    let events = UnsafeMutablePointer<UnsafePointer<peach_event_header>?>.allocate(capacity: SharedBlock.maxEvents)
    let inputs = UnsafeMutablePointer<UnsafePointer<Float>?>.allocate(capacity: SharedBlock.maxChannels)
    /// The source's events-back queue: refused notes go into the shared block for the host.
    let outEvents = UnsafeMutablePointer<peach_output_events>.allocate(capacity: 1)

    init(instance: UnsafeMutablePointer<peach_source_instance>, block: SharedBlock, requestPipe: Int32, donePipe: Int32) {
        self.instance = instance
        self.block = block
        self.requestPipe = requestPipe
        self.donePipe = donePipe
        for channel in 0..<SharedBlock.maxChannels { outputs[channel] = block.channel(channel) }
        for index in 0..<SharedBlock.maxEvents {
            events[index] = UnsafeRawPointer(block.event(index)).assumingMemoryBound(to: peach_event_header.self)
        }
        for channel in 0..<SharedBlock.maxChannels { inputs[channel] = UnsafePointer(block.inputChannel(channel)) }
        outEvents.initialize(to: peach_output_events(
            struct_size: UInt32(MemoryLayout<peach_output_events>.size), reserved: 0,
            host_data: Unmanaged.passUnretained(block).toOpaque(),
            push: { queue, event in
                guard let queue, let event, let data = queue.pointee.host_data, event.pointee.type == UInt16(PEACH_EVENT_NOTE_REFUSED),
                      Int(event.pointee.size) >= MemoryLayout<peach_event_note_refused>.size else { return 0 }
                let block = Unmanaged<SharedBlock>.fromOpaque(data).takeUnretainedValue()
                let index = Int(block.refusalCount)
                guard index < SharedBlock.maxRefusals else { return 0 }
                block.refusal(index).pointee = UnsafeRawPointer(event).loadUnaligned(as: peach_event_note_refused.self)
                block.refusalCount = UInt32(index + 1)
                return 1
            }))
    }

    func start() {
        var thread = pthread_t()
        pthread_create(&thread, nil, { context in
            Unmanaged<BlockRenderer>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, Unmanaged.passRetained(self).toOpaque())
    }

    private func run() {
        var token: UInt8 = 0
        while true {
            let count = read(requestPipe, &token, 1)
            if count < 0 && errno == EINTR { continue }
            guard count == 1 else { exit(0) }  // the host is gone
            let channels = block.channelCount
            var process = peach_process(
                struct_size: UInt32(MemoryLayout<peach_process>.size), frame_count: block.frameCount,
                steady_time: block.steadyTime, channel_count: channels, event_count: block.eventCount,
                outputs: channels == 0 ? nil : UnsafePointer(OpaquePointer(outputs)), events: UnsafePointer(events),
                presentation_time_ns: block.presentationTime,
                input_channel_count: block.inputChannelCount, reserved: 0,
                inputs: block.inputChannelCount == 0 ? nil : UnsafePointer(inputs),
                transport: block.hasTransport == 0 ? nil : UnsafePointer(block.transport), out_events: UnsafePointer(outEvents))
            block.status = instance.pointee.process(instance, &process)
            guard write(donePipe, &token, 1) == 1 else { exit(0) }
        }
    }
}
