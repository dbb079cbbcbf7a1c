/// How a scale's notes are written from a root. A seven-note scale takes
/// one letter per degree (E natural minor: E F# G A B C D; E harmonic minor
/// ends on D#). Other scales take sharps or flats as the root's key
/// signature does: the root's own accidental, else the major key of the
/// root (or of its relative major, for a minor-coloured scale).
public enum ScaleSpelling {
    public static func names(of scale: Scale, from root: PitchClass) -> [PitchClass] {
        if scale.steps.count == 7 {
            let lettered = scale.steps.enumerated().map { degree, step in root.letter(upBy: degree, landingOn: root.semitone + step) }
            if lettered.allSatisfy({ abs($0.accidental) <= 2 }) { return lettered }
        }
        let flats = usesFlats(root: root, minor: scale.isMinor)
        return scale.steps.map { step in
            step == 0 ? root : PitchClass(semitone: root.semitone + step, flats: flats)
        }
    }

    private static func usesFlats(root: PitchClass, minor: Bool) -> Bool {
        if root.accidental != 0 { return root.accidental < 0 }
        let major = (root.semitone + (minor ? 3 : 0)) % 12
        // Fifths from C on the circle: F is one flat (-1), G one sharp.
        let fifths = (major * 7) % 12
        return fifths > 6 || major == 5
    }
}
