/// A registered parameter (RPN), set through controllers: select it (CC 101
/// and CC 100), write its value (CC 6, and CC 38 for a fine part), then
/// select the null parameter (127, 127) so that a stray data-entry message
/// from elsewhere changes nothing.
public enum RegisteredParameter: UInt8, Sendable {
    /// Coarse: semitones; fine: cents.
    case pitchBendRange = 0
    /// Coarse: the MTS tuning program the channel plays with.
    case tuningProgram = 3
    /// Coarse: the bank of that tuning program.
    case tuningBank = 4

    public func messages(channel: UInt8, value: UInt8, fine: UInt8? = nil) -> [MIDIMessage] {
        var messages = [
            MIDIMessage.controlChange(channel: channel, .registeredParameter, value: 0),
            MIDIMessage.controlChange(channel: channel, .registeredParameterFine, value: rawValue),
            MIDIMessage.controlChange(channel: channel, .dataEntry, value: value),
        ]
        if let fine { messages.append(.controlChange(channel: channel, .dataEntryFine, value: fine)) }
        return messages + [
            .controlChange(channel: channel, .registeredParameter, value: 127),
            .controlChange(channel: channel, .registeredParameterFine, value: 127),
        ]
    }
}
