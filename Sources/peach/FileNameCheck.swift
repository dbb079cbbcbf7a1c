import ArgumentParser
import PeachText

/// A file the user names for Peach to write (`--wav`, `--svg`, an export, the settings):
/// an empty name is refused before anything is rendered, rather than a
/// temporary file made in the current folder and the render lost at the end.
func checkFileName(_ name: String?, given option: String) throws {
    if name?.isEmpty == true { throw ValidationError(localized(.fileNameEmpty, option)) }
}
