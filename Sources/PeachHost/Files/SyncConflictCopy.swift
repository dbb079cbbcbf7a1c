import PeachSupport

/// The copies a sync tool leaves beside a file it could not merge:
/// Syncthing's `settings.sync-conflict-20261128-123456-ABCDEF.json`,
/// Dropbox's and Nextcloud's `settings (conflicted copy 2026-11-28).json`.
/// What such a copy holds is another machine's change: Peach does not read
/// it, so it says where it is rather than let the change go unseen.
package enum SyncConflictCopy {
    /// The names in `folder` that are a copy of `fileName`: its stem, then a
    /// dot, a space or an underscore, then words holding "conflict" (as every
    /// sync tool names them), and its extension. A note of the user's beside
    /// it (`2026-11-28 plans.md`, `settings for laptop.json`) is none.
    package static func copies(of fileName: String, in folder: String) -> [String] {
        FolderEntries.names(in: folder).filter { isCopy($0, of: fileName) }.sorted()
    }

    package static func isCopy(_ name: String, of fileName: String) -> Bool {
        guard let dot = fileName.lastIndex(of: ".") else { return false }
        let stem = fileName[..<dot], ending = fileName[dot...]
        guard name != fileName, name.hasSuffix(ending), name.count > fileName.count,
              [".", " ", "_"].contains(where: { name.hasPrefix(stem + $0) }) else { return false }
        return name.dropFirst(stem.count).dropLast(ending.count).lowercased().contains("conflict")
    }
}
