import ArgumentParser
import Glibc
import PeachHost
import PeachText

/// The recordings of the data folder, for every `peach record` command:
/// opened with the takes a crash cut off recovered and the old trash purged first.
struct RecordingsOptions: ParsableArguments {
    @OptionGroup var data: DataOptions

    /// The library, after recovering interrupted takes (each said on standard error) and purging the trash.
    func open() throws -> TakeLibrary {
        let library = TakeLibrary(dataDirectory: try data.resolveFolder())
        try library.requireUsableFolders()
        for recovered in library.recoverInterrupted() {
            switch recovered.result {
            case .success(let take): StandardError.write(localized(.recordRecovered, take.name, TakeLength.text(recovered.seconds), take.path) + "\n")
            case .failure(let error): StandardError.warning(localized(.recordRecoverFailed, recovered.partial, said(error)))
            }
        }
        library.purgeTrash(now: Int64(time(nil)))
        return library
    }

    /// The take a person named: its exact name, else the one name it begins
    /// (any case), or its file's name (`g.wav`), which tells apart two takes
    /// of one name a synced folder brought (`g.flac`, `g.wav`); those are listed by file name.
    static func take(_ typed: String, in library: TakeLibrary) throws -> Take {
        let takes = library.list().takes
        let shared = Dictionary(grouping: takes, by: \.name).filter { $0.value.count > 1 }
        return takes[try NameLookup.find(typed, what: localized(.recordWhatTake), among: takes.map { take in
            let file = String(take.path[take.path.index(after: take.path.lastIndex(of: "/")!)...])
            return (shared[take.name] == nil ? take.name : file, [take.name], [file])
        })]
    }
}
