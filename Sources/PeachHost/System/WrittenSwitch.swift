/// The words a person writes a switch with, each in any case: on and off,
/// true and false, yes and no, and the German an and aus, ja and nein. One
/// list for every switch typed, a source's option (`--option reverb=an`) and
/// a setting (`settings set bell an`) alike; `PeachMessages` lists it when a
/// word is none of them.
public enum SwitchWords {
    /// Each word for on with its word for off, on and off first.
    public static let pairs: [(on: String, off: String)] = [("on", "off"), ("true", "false"), ("yes", "no"), ("an", "aus"), ("ja", "nein")]
}

extension String {
    /// The switch this text writes (`on`, `AUS`, `ja`), nil for any other word.
    public var writtenSwitch: Bool? {
        let word = lowercased()
        if SwitchWords.pairs.contains(where: { $0.on == word }) { return true }
        if SwitchWords.pairs.contains(where: { $0.off == word }) { return false }
        return nil
    }
}
