/// Where the user asked audio to go, before it is opened.
public enum OutputChoice: Equatable, Sendable {
    /// An ALSA PCM device by name (`default`, `hw:1`, `null`, ...).
    case device(String)
    /// A WAV file, rendered as fast as possible.
    case wavFile(String)
    /// Nothing, at real-time pace.
    case none

    public func open() throws(AudioOutputError) -> AudioOutput {
        switch self {
        case .device(let name): try AlsaOutput(device: name)
        case .wavFile(let path): try WavFileOutput(path: path)
        case .none: NullOutput()
        }
    }
}
