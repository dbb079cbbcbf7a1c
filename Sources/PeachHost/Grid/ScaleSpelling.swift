/// How a scale's notes are written from a root. A seven-note scale takes
/// one letter per degree (E natural minor: E F# G A B C D; E harmonic minor
/// ends on D#). A scale of fewer notes is written as the seven-note scale it
/// is taken from: a major-coloured one as the major scale on its root, a
/// minor-coloured one as the natural minor (C# major pentatonic has E#, as
/// C# major does; Ab minor pentatonic Cb), and the blues' flat fifth as the
/// fifth's letter lowered (C blues: Gb; A blues: Eb). What is left (the
/// chromatic scale's other notes) takes sharps or flats as the root's key
/// signature does: the root's own accidental, else the major key of the
/// root (or of its relative major, for a minor-coloured scale).
public enum ScaleSpelling {
    public static func names(of scale: Scale, from root: PitchClass) -> [PitchClass] {
        if scale.steps.count == 7 {
            let lettered = scale.steps.enumerated().map { degree, step in root.letter(upBy: degree, landingOn: root.semitone + step) }
            if lettered.allSatisfy({ abs($0.accidental) <= 2 }) { return lettered }
        }
        let parent = scale.isMinor ? Scale.naturalMinor : Scale.major
        let flats = usesFlats(root: root, minor: scale.isMinor)
        return scale.steps.map { step in
            guard step != 0 else { return root }
            // The degree it is in the parent scale, or for the flat fifth the fifth (degree 4, from 0).
            let degree = parent.steps.firstIndex(of: step) ?? (step == 6 && scale.isMinor ? 4 : nil)
            if let degree {
                let lettered = root.letter(upBy: degree, landingOn: root.semitone + step)
                if abs(lettered.accidental) <= 2 { return lettered }
            }
            return PitchClass(semitone: root.semitone + step, flats: flats)
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
