import ArgumentParser
import PeachText

/// A file the user names for Peach to write (`--wav`, `--svg`, an export, the settings):
/// an empty name is refused before anything is rendered, rather than a
/// temporary file made in the current folder and the render lost at the end.
func checkFileName(_ name: String?, given option: String) throws {
    if name?.isEmpty == true { throw ValidationError(localized(.fileNameEmpty, option)) }
}

/// What Peach writes to a file the user names, and the endings that promise it.
enum WrittenFormat {
    case audio, svg, csv, journal

    /// The endings (without the dot) a name for this format may have, the
    /// ones to suggest first.
    var endings: [String] {
        switch self {
        case .audio: ["wav", "flac", "wave"]
        case .svg: ["svg"]
        case .csv: ["csv", "txt"]
        case .journal: ["md", "txt", "markdown"]
        }
    }

    /// What to suggest instead: `.wav or .flac`.
    var suggested: String {
        switch self {
        case .audio: localized(.eitherEnding, ".wav", ".flac")
        case .svg: ".svg"
        case .csv: localized(.eitherEnding, ".csv", ".txt")
        case .journal: localized(.eitherEnding, ".md", ".txt")
        }
    }

    var said: String {
        switch self {
        case .audio: localized(.writtenAudio)
        case .svg: "SVG"
        case .csv: "CSV"
        case .journal: localized(.writtenJournal)
        }
    }

    /// Endings of files people know, of every kind: a name ending in one
    /// that is not this format's promises what Peach does not write. An
    /// ending outside this list (`lesson.take`) is the user's own business.
    static let knownEndings: Set<String> = [
        "wav", "wave", "flac", "mp3", "ogg", "oga", "opus", "m4a", "aac", "aif", "aiff", "aifc", "wma", "mp4", "ape", "wv", "mka", "caf", "au",
        "mid", "midi", "svg", "png", "jpg", "jpeg", "gif", "webp", "pdf", "bmp", "tif", "tiff", "eps", "ps", "csv", "tsv", "json", "jsonl",
        "xml", "xls", "xlsx", "ods", "md", "markdown", "txt", "html", "htm", "rtf", "doc", "docx", "odt",
    ]
}

/// A file the user names for Peach to write as `format`: besides an empty
/// name, one whose ending promises another kind of file (`take.mp3`,
/// `profile.png`) is refused up front, rather than filled with what players,
/// viewers and editors then misread.
func checkFileName(_ name: String?, given option: String, writing format: WrittenFormat) throws {
    try checkFileName(name, given: option)
    guard let name, let dot = name.lastIndex(of: "."), !name[dot...].contains("/") else { return }
    let ending = name[name.index(after: dot)...].lowercased()
    guard WrittenFormat.knownEndings.contains(ending), !format.endings.contains(ending) else { return }
    throw ValidationError(localized(.fileNameForeignEnding, name, ending, format.said, format.suggested))
}
