import PeachAudio
import PeachHost
import PeachSupport

/// Line-by-line text on standard output, for the plain mode.
struct PlainWriter {
    func say(_ text: String, newline: Bool = true) {
        StandardOutput.write(text + (newline ? "\n" : ""))
    }
}
