import Glibc

/// The temperaments a player asks a tuner for by name, each as its Scala
/// scale from its usual root; `--temperament NAME` needs no file for them,
/// and `equal` undoes another.
public enum NamedTemperament: String, CaseIterable, Sendable {
    case werckmeister3, kirnberger3, vallotti, meantone, just, equal

    /// The scale from C, in cents above it, the octave last.
    public var scale: ScalaScale {
        switch self {
        case .equal:
            ScalaScale(description: "Equal temperament", degrees: (1...12).map { Double($0) * 100 })
        // Werckmeister III: C–G–D–A and B–F♯ tempered by a quarter of the Pythagorean comma, the rest pure.
        case .werckmeister3:
            ScalaScale(description: "Werckmeister III", degrees: [90.225, 192.180, 294.135, 390.225, 498.045, 588.270,
                                                                  696.090, 792.180, 888.270, 996.090, 1092.180, 1200])
        // Kirnberger III: C–G–D–A–E tempered by a quarter of the syntonic comma, F♯–C♯ by the schisma.
        case .kirnberger3:
            ScalaScale(description: "Kirnberger III", degrees: [90.225, 193.157, 294.135, 386.314, 498.045, 590.224,
                                                                696.578, 792.180, 889.735, 996.090, 1088.269, 1200])
        // Vallotti: F–C–G–D–A–E–B tempered by a sixth of the Pythagorean comma, the rest pure.
        case .vallotti:
            ScalaScale(description: "Vallotti", degrees: [94.135, 196.090, 298.045, 392.180, 501.955, 592.180,
                                                          698.045, 796.090, 894.135, 1000.000, 1090.225, 1200])
        // Quarter-comma meantone from E♭ to G♯: pure major thirds, fifths of 696.578 cents.
        case .meantone:
            ScalaScale(description: "Quarter-comma meantone", degrees: [76.049, 193.157, 310.265, 386.314, 503.422, 579.471,
                                                                        696.578, 772.627, 889.735, 1006.843, 1082.892, 1200])
        // Five-limit just intonation of the major key: 16/15 9/8 6/5 5/4 4/3 45/32 3/2 8/5 5/3 9/5 15/8.
        case .just:
            ScalaScale(description: "Just intonation", degrees: Self.justRatios.map { 1200 * log2($0.0 / $0.1) })
        }
    }

    private static let justRatios: [(Double, Double)] = [(16, 15), (9, 8), (6, 5), (5, 4), (4, 3), (45, 32), (3, 2), (8, 5), (5, 3), (9, 5), (15, 8), (2, 1)]
}
