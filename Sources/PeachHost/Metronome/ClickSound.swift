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

    public static func named(_ name: String) -> ClickSound? { all.first { $0.name == name.lowercased() } }

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
