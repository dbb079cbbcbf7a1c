import Glibc
@testable import PeachMidiOutCore
import Testing

/// The destination option's values, and the words for a missing sequencer.
@Suite struct DestinationTests {
    static let present = [
        SequencerDestination(client: 14, port: 0, clientName: "Midi Through", portName: "Midi Through Port-0"),
        SequencerDestination(client: 24, port: 0, clientName: "Digital Piano", portName: "Digital Piano MIDI 1"),
        SequencerDestination(client: 24, port: 1, clientName: "Digital Piano", portName: "Digital Piano MIDI 2"),
        SequencerDestination(client: 128, port: 0, clientName: "FLUID Synth (4107)", portName: "Synth input port (4107:0)"),
        SequencerDestination(client: 130, port: 0, clientName: "12:3", portName: "odd"),
    ]

    @Test func choicesAreNoneEveryPortByNumberAndEveryClientByName() {
        let values = DestinationChoice.choices(for: Self.present).map(\.value)
        #expect(values == ["none", "14:0", "24:0", "24:1", "128:0", "130:0", "Midi Through", "Digital Piano", "FLUID Synth (4107)", "FLUID Synth"],
                "a name that reads as numbers (12:3) is reachable by its numbers only")
        let labels = DestinationChoice.choices(for: Self.present).map(\.label)
        #expect(labels[2] == "Digital Piano: Digital Piano MIDI 1")
        #expect(labels[7] == "24:0, Digital Piano MIDI 1")
    }

    /// FluidSynth names its client after its process: "FLUID Synth" means
    /// it whatever its process id, as long as only one runs.
    @Test func aProgramIsNamedWithoutItsProcessIDWhileItIsTheOnlyOne() throws {
        let restarted = [SequencerDestination(client: 129, port: 0, clientName: "FLUID Synth (5120)", portName: "Synth input port (5120:0)")]
        #expect(try DestinationChoice.resolve("FLUID Synth", in: restarted)?.address == "129:0")
        let two = Self.present + restarted
        #expect(!DestinationChoice.choices(for: two).map(\.value).contains("FLUID Synth"))
        #expect(throws: DestinationError.self) { try DestinationChoice.resolve("FLUID Synth", in: two) }
        #expect(try DestinationChoice.resolve("FLUID Synth (5120)", in: two)?.client == 129)
        #expect(DestinationChoice.stem(of: "Synth (a) (b)") == "Synth (a)")
        #expect(DestinationChoice.stem(of: "(solo)") == nil && DestinationChoice.stem(of: "Digital Piano") == nil)
    }

    @Test func noDestinationsLeavesOnlyNone() {
        #expect(DestinationChoice.choices(for: []).map(\.value) == ["none"])
    }

    @Test func valuesResolveByNumberOrByName() throws {
        #expect(try DestinationChoice.resolve("none", in: Self.present) == nil)
        #expect(try DestinationChoice.resolve("24:1", in: Self.present) == Self.present[2])
        #expect(try DestinationChoice.resolve("Digital Piano", in: Self.present) == Self.present[1], "a name means the client's first port")
        #expect(try DestinationChoice.resolve("FLUID Synth (4107)", in: Self.present)?.address == "128:0")
        #expect(try DestinationChoice.resolve("130:0", in: Self.present)?.clientName == "12:3")
    }

    /// The destination chosen is gone (switched off, unplugged, quit): the error lists what there is.
    @Test func aMissingDestinationSaysWhatIsThere() {
        #expect(throws: DestinationError.self) { try DestinationChoice.resolve("Digital Piano", in: [Self.present[0]]) }
        do {
            _ = try DestinationChoice.resolve("20:0", in: Array(Self.present.prefix(2)))
            Issue.record("resolved a port that is not there")
        } catch {
            #expect(error.description == "no sequencer destination '20:0' is present; there are: 14:0 (Midi Through: Midi Through Port-0), 24:0 (Digital Piano: Digital Piano MIDI 1)")
        }
        #expect(throws: DestinationError(value: "x", present: [])) { try DestinationChoice.resolve("x", in: []) }
        #expect(DestinationError(value: "x", present: []).description == "no sequencer destination 'x' is present; no program or device takes MIDI input right now")
    }

    @Test func addressesAreTwoNumbers() {
        for text in ["128:0", "0:0", "14:12"] { #expect(DestinationChoice.isAddress(text), "\(text)") }
        for text in ["128", "128:", ":0", "a:0", "1:2:3", "FLUID Synth", "١٢:٣"] { #expect(!DestinationChoice.isAddress(text), "\(text)") }
    }

    @Test func aMissingSequencerIsExplainedInWords() {
        #expect(SequencerAvailability.reason(openError: -ENOENT) == "no ALSA sequencer: /dev/snd/seq is missing; load the snd-seq module")
        #expect(SequencerAvailability.reason(openError: -EACCES).contains("permission denied; add yourself to the audio group"))
        #expect(SequencerAvailability.reason(openError: -ENODEV).hasPrefix("no ALSA sequencer:"))
        #expect(SequencerAvailability.reason(openError: -EBUSY) == "cannot open the ALSA sequencer: Device or resource busy")
    }
}
