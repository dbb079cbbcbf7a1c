/// A sequencer port that accepts MIDI from other clients: a synthesizer such
/// as FluidSynth, a USB keyboard's input, a MIDI interface's output.
public struct SequencerDestination: Equatable, Sendable {
    public var client: Int32
    public var port: Int32
    public var clientName: String
    public var portName: String

    public init(client: Int32, port: Int32, clientName: String, portName: String) {
        self.client = client
        self.port = port
        self.clientName = clientName
        self.portName = portName
    }

    /// `client:port` in numbers, as `aconnect -l` shows it.
    public var address: String { "\(client):\(port)" }
}

/// The `destination` option: its choices, and what a chosen value means now.
///
/// A destination is named by its `client:port` numbers, or by its client's
/// name (which then means that client's first input port). Names stay the
/// same from one session to the next; the numbers of a USB device may not.
/// Programs that add their process id to their name, as FluidSynth does
/// ("FLUID Synth (4107)"), can also be named without it ("FLUID Synth")
/// while only one of them runs, so the choice survives a restart.
public enum DestinationChoice {
    /// No connection: Peach's port is left for other programs to subscribe to.
    public static let none = "none"

    /// Every value the option accepts, with a label: none, each port by
    /// number, each client by name.
    public static func choices(for destinations: [SequencerDestination]) -> [(value: String, label: String)] {
        var choices = [(value: none, label: "no connection: connect Peach's port yourself, e.g. with aconnect")]
        for destination in destinations {
            choices.append((destination.address, "\(destination.clientName): \(destination.portName)"))
        }
        var named: Set<String> = []
        for destination in destinations where !named.contains(destination.clientName) && !isAddress(destination.clientName) {
            named.insert(destination.clientName)
            choices.append((destination.clientName, "\(destination.address), \(destination.portName)"))
        }
        for destination in destinations {
            guard let stem = stem(of: destination.clientName), !named.contains(stem), !isAddress(stem),
                  let only = onlyClient(withStem: stem, in: destinations), only == destination else { continue }
            named.insert(stem)
            choices.append((stem, "\(destination.clientName), while it is the only one"))
        }
        return choices
    }

    /// The destination `value` names among `destinations`, nil for `none`.
    public static func resolve(_ value: String, in destinations: [SequencerDestination]) throws(DestinationError) -> SequencerDestination? {
        if value == none { return nil }
        let found = isAddress(value)
            ? destinations.first { $0.address == value }
            : destinations.first { $0.clientName == value } ?? onlyClient(withStem: value, in: destinations)
        guard let found else { throw DestinationError(value: value, present: destinations) }
        return found
    }

    /// "FLUID Synth" for "FLUID Synth (4107)"; nil for a name without a parenthesised ending.
    static func stem(of name: String) -> String? {
        guard name.hasSuffix(")"), let open = name.lastIndex(of: "("), open > name.startIndex else { return nil }
        let space = name.index(before: open)
        guard name[space] == " ", space > name.startIndex else { return nil }
        return String(name[..<space])
    }

    /// The first port of the one client whose name has this stem, if exactly one has.
    private static func onlyClient(withStem stem: String, in destinations: [SequencerDestination]) -> SequencerDestination? {
        let matching = destinations.filter { Self.stem(of: $0.clientName) == stem }
        return Set(matching.map(\.client)).count == 1 ? matching.first : nil
    }

    /// Whether `text` is `client:port` in numbers.
    static func isAddress(_ text: String) -> Bool {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
    }
}

/// A destination that is not there (any more): the instrument was switched
/// off or unplugged, or the synthesizer has quit.
public struct DestinationError: Error, Equatable, CustomStringConvertible {
    public var value: String
    public var present: [SequencerDestination]

    public var description: String {
        "no sequencer destination '\(value)' is present" + (present.isEmpty
            ? "; no program or device takes MIDI input right now"
            : "; there are: " + present.map { "\($0.address) (\($0.clientName): \($0.portName))" }.joined(separator: ", "))
    }
}
