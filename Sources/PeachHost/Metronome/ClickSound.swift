/// Which General MIDI percussion keys a click plays: one for accents, one
/// for every other click. The same keys mean the same sounds to the built-in
/// clicks (`org.peach.click`), a SoundFont's drum kit and a drum machine on
/// MIDI channel 10, so one schedule serves every source.
public struct ClickSound: Equatable, Codable, Sendable {
    public var name: String
    public var accentKey: Int
    public var normalKey: Int

    public init(name: String, accentKey: Int, normalKey: Int) {
        self.name = name
        self.accentKey = accentKey
        self.normalKey = normalKey
    }

    public static let woodblock = ClickSound(name: "woodblock", accentKey: 76, normalKey: 77)
    /// GM's Metronome Bell and Metronome Click: a SoundFont kit's own metronome.
    public static let beep = ClickSound(name: "beep", accentKey: 34, normalKey: 33)
    public static let tick = ClickSound(name: "tick", accentKey: 46, normalKey: 42)
    public static let all = [woodblock, beep, tick]

    /// A built-in name, or any kit piece by General MIDI key: `56` (the
    /// cowbell on every click) or `ACCENT/NORMAL` (`34/33`, `37/42`).
    public static func named(_ name: String) -> ClickSound? {
        if let sound = all.first(where: { $0.name == name.lowercased() }) { return sound }
        let keys = name.split(separator: "/", omittingEmptySubsequences: false).map { Int($0) }
        guard (1...2).contains(keys.count), keys.allSatisfy({ $0.map(keyRange.contains) == true }) else { return nil }
        let accent = keys[0]!, normal = keys.last!!
        return ClickSound(name: accent == normal ? "\(accent)" : "\(accent)/\(normal)", accentKey: accent, normalKey: normal)
    }

    /// MIDI's keys; which of them sound depends on the source (GM percussion: 27 to 87).
    public static let keyRange = 0...127

    /// The key and velocity of a sounding click: accents on their own key,
    /// the rest softer by level, subdivisions softest.
    public func voice(_ click: Click) -> (key: Int, velocity: Double) {
        if click.part > 0 { return (normalKey, 0.35) }
        switch click.level {
        case .strong: return (accentKey, 1)
        case .normal: return (normalKey, 0.8)
        case .weak, .silent: return (normalKey, 0.5)
        }
    }
}
