import ArgumentParser
import PeachText

/// `peach record`: the practice recorder. Alone it records a take
/// (`RecordTakeCommand`); its subcommands find, play and tidy the takes.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: localized(.helpRecordAbstract),
        discussion: localized(.helpRecordDiscussion) + "\n\n" + localized(.helpExamples) + """

              peach record
              peach record --name "Bach prelude" --plain
              peach record --input-device hw:1 --channel 2 --wav
              peach record --input scales.flac --seconds 30
              peach record list --date 2026-11
              peach record play "Bach"
              peach record rename "2026-11-25 14-03-22" "Scales, slow"
              peach record export "Scales" scales.wav
              peach record delete "Scales"; peach record restore "Scales"
              peach record notes "Bach"
            """,
        subcommands: [RecordTakeCommand.self, RecordListCommand.self, RecordPlayCommand.self, RecordRenameCommand.self,
                      RecordDeleteCommand.self, RecordRestoreCommand.self, RecordExportCommand.self, RecordNotesCommand.self],
        defaultSubcommand: RecordTakeCommand.self)
}
