import ArgumentParser
import PeachHost
import PeachText

/// `peach record restore TAKE`: back from the trash under its name, which must be free.
struct RecordRestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore", abstract: localized(.helpRecordRestoreAbstract),
        discussion: localized(.helpExamples) + """

              peach record restore "2026-11-25 14-03-22"
            """)

    @Argument(help: ArgumentHelp(localized(.helpRecordTrashedTake), valueName: "take"))
    var take: String

    @OptionGroup var recordings: RecordingsOptions

    func run() throws {
        let library = try recordings.open()
        // The last deleted of a name comes first, so it is the one restored.
        let trashed = library.trashed()
        var names: [String] = []
        for entry in trashed where !names.contains(entry.name) { names.append(entry.name) }
        let name = names[try NameLookup.find(take, what: localized(.recordWhatTrashed), among: names.map { ($0, [$0], []) })]
        // Restore takes no new name: the way out of a name in use is to rename the take that has it.
        let result = Result { () throws(RecordingError) in try library.restore(trashed.first { $0.name == name }!) }
        if case .failure(.nameTaken(let taken)) = result { throw Failure(localized(.recordRestoreNameTaken, taken, ShellWord.quoted(taken))) }
        print(localized(.recordRestored, try result.get().name))
    }
}
