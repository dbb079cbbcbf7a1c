import PeachMidiOutCore
import PeachPluginAPI

/// What an active instance plays through, whichever translator makes its
/// notes: the instance holds it as `any ActivePlayback`, so that its C table
/// stays free of generics.
protocol ActivePlayback: AnyObject {
    /// [audio-thread] Sends one block's messages, each stamped for its moment. Allocates nothing.
    func process(_ block: UnsafePointer<peach_process>) -> MidiBlockOutcome
    /// [main-thread] Drops what is still queued, then leaves the instrument silent and as it was.
    func stop() throws(SequencerError)
}

/// Peach's sequencer client, connected and set up for one translator, and
/// the block processor that feeds it.
final class SequencerPlayback<Translator: MIDITranslator>: ActivePlayback {
    private let client: SequencerClient
    private var processor: MidiBlockProcessor<Translator>

    /// Sends the translator's set-up (bend range or tuning programs; nothing for drums). [main-thread]
    init(client: SequencerClient, translator: Translator, sampleRate: Double) throws(SequencerError) {
        try client.sendNow(translator.setupMessages())
        self.client = client
        processor = MidiBlockProcessor(translator: translator, sampleRate: sampleRate, queueZero: client.queueZero)
    }

    func process(_ block: UnsafePointer<peach_process>) -> MidiBlockOutcome {
        let client = client
        var outcome = processor.process(block) { message, time in client.send(message, at: time) }
        if !client.flush() { outcome.droppedMessages += 1 }
        return outcome
    }

    func stop() throws(SequencerError) {
        client.dropPending()
        var translator = processor.translator
        try client.sendNow(translator.cleanupMessages())
    }
}
