import Glibc

/// Why the ALSA sequencer cannot be used, in words, from the error that
/// opening it gave.
public enum SequencerAvailability {
    public static func reason(openError: Int32) -> String {
        switch abs(openError) {
        case ENOENT:
            "no ALSA sequencer: /dev/snd/seq is missing; load the snd-seq module"
        case ENODEV, ENXIO:
            "no ALSA sequencer: the kernel has none; load the snd-seq module"
        case EACCES, EPERM:
            "cannot open the ALSA sequencer /dev/snd/seq: permission denied; add yourself to the audio group"
        default:
            "cannot open the ALSA sequencer: \(String(cString: strerror(abs(openError))))"
        }
    }
}
