import ArgumentParser
import PeachText

/// A file the user names for Peach to write (`--wav`, `--svg`, an export, the settings):
/// an empty name is refused before anything is rendered, rather than a
/// temporary file made in the current folder and the render lost at the end.
func checkFileName(_ name: String?, given option: String) throws {
    if name?.isEmpty == true { throw ValidationError(localized(.fileNameEmpty, option)) }
}

/// Extensions that promise an audio format Peach does not write.
private let foreignAudioExtensions: Set<String> = ["mp3", "ogg", "oga", "opus", "m4a", "aac", "aif", "aiff", "aifc", "wma", "mp4", "ape", "wv", "mka",
                                                   "caf", "au", "mid", "midi"]

/// An audio file the user names for Peach to write, which is WAV or FLAC: a
/// name promising another format (`take.mp3`) is refused up front, rather
/// than filled with WAV that players and editors then misread.
func checkAudioFileName(_ name: String?, given option: String) throws {
    try checkFileName(name, given: option)
    guard let name, let dot = name.lastIndex(of: "."), !name[dot...].contains("/") else { return }
    let fileExtension = name[name.index(after: dot)...].lowercased()
    if foreignAudioExtensions.contains(fileExtension) { throw ValidationError(localized(.audioFileForeignExtension, name, fileExtension)) }
}
